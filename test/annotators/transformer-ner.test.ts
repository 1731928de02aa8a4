/**
 * The bring-your-own transformer NER with the tiny model the repository
 * trains (test/fixtures/tiny-transformer-ner, `npm run train --
 * tiny-transformer-ner`): transformers.js loads the export and computes what
 * PyTorch computed, and the pipeline around it works unchanged.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AutoModelForTokenClassification, AutoTokenizer, env, pipeline, Tensor } from '@huggingface/transformers';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { AnalysisError } from '../../src/errors.js';
import { loadTransformerRecognizer, type TransformerRecognizer } from '../../src/annotators/transformer-ner.js';
import { importTransformers } from '../../src/platform/node/transformer-ner.js';
import { labelSpans } from '../../src/annotators/transformer-labels.js';

const MODEL = fileURLToPath(new URL('../fixtures/tiny-transformer-ner/', import.meta.url));
const parity = JSON.parse(readFileSync(join(MODEL, 'parity.json'), 'utf8')) as {
  words: Record<string, number[]>;
  sentences: { text: string; input_ids: number[]; logits: number[][] }[];
};

let ner: TransformerRecognizer;
let analyzer: Analyzer;
const scratch: string[] = [];

beforeAll(async () => {
  ner = await loadTransformerRecognizer(MODEL);
  analyzer = await createAnalyzer({ ner: { transformers: MODEL } });
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const d of scratch.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of the fixture model to break. */
function copyModel(): string {
  const dir = mkdtempSync(join(tmpdir(), 'textlens-tnr-'));
  scratch.push(dir);
  cpSync(MODEL, dir, { recursive: true });
  return dir;
}

async function failure(p: Promise<unknown>): Promise<AnalysisError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AnalysisError);
  return e as AnalysisError;
}

describe('the tiny transformer export in transformers.js', () => {
  it('tokenizes like the Python trainer and computes the same logits', async () => {
    const tokenizer = await AutoTokenizer.from_pretrained(MODEL, { local_files_only: true });
    for (const [word, ids] of Object.entries(parity.words)) expect(tokenizer.encode(word, { add_special_tokens: false })).toEqual(ids);
    const model = await AutoModelForTokenClassification.from_pretrained(MODEL, { local_files_only: true, dtype: 'fp32' });
    for (const s of parity.sentences) {
      expect(tokenizer.encode(s.text)).toEqual(s.input_ids);
      const ids = BigInt64Array.from(s.input_ids, (i) => BigInt(i));
      const out = (await model({
        input_ids: new Tensor('int64', ids, [1, ids.length]),
        attention_mask: new Tensor('int64', new BigInt64Array(ids.length).fill(1n), [1, ids.length]),
      })) as { logits: { data: Float32Array } };
      const flat = s.logits.flat();
      expect(out.logits.data.length).toBe(flat.length);
      flat.forEach((v, i) => expect(out.logits.data[i]).toBeCloseTo(v, 2));
    }
  });

  it("loads in transformers.js' own token-classification pipeline too", async () => {
    const classify = await pipeline('token-classification', MODEL, { local_files_only: true, dtype: 'fp32' });
    const out = (await classify('Angela Merkel visited Paris .')) as { entity: string }[];
    const labels = Object.values(JSON.parse(readFileSync(join(MODEL, 'config.json'), 'utf8')).id2label as Record<string, string>);
    expect(out.length).toBeGreaterThan(0);
    for (const t of out) expect(labels).toContain(t.entity);
  });

  it('gives nothing for no sentences or an empty one', async () => {
    expect(await ner.recognize([])).toEqual([]);
    expect(await ner.recognize([[], ['Paris']])).toHaveLength(2);
    expect((await ner.recognize([[]]))[0]).toEqual([]);
  });

  it('labels each textlens token by its first piece (a name split into several pieces stays one token)', async () => {
    const tokenizer = await AutoTokenizer.from_pretrained(MODEL, { local_files_only: true });
    const model = await AutoModelForTokenClassification.from_pretrained(MODEL, { local_files_only: true, dtype: 'fp32' });
    const words = 'Zorblatronics chief Wolfgangowicz Schmidtberger flew to Kraków .'.split(' ');
    const pieces = words.map((w) => tokenizer.encode(w, { add_special_tokens: false }));
    expect(pieces[0].length).toBeGreaterThan(1);
    expect(pieces[2].length).toBeGreaterThan(1);
    // By hand: [CLS] pieces [SEP], the argmax at each word's first piece.
    const [cls, sep] = [parity.sentences[0].input_ids[0], parity.sentences[0].input_ids.at(-1)!];
    const ids = [cls, ...pieces.flat(), sep];
    const firsts = pieces.map((_, w) => 1 + pieces.slice(0, w).reduce((n, p) => n + p.length, 0));
    const out = (await model({
      input_ids: new Tensor('int64', BigInt64Array.from(ids, (i) => BigInt(i)), [1, ids.length]),
      attention_mask: new Tensor('int64', new BigInt64Array(ids.length).fill(1n), [1, ids.length]),
    })) as { logits: { data: Float32Array } };
    const L = ner.model.labels.length;
    const labels = firsts.map((at) => {
      const row = Array.from(out.logits.data.subarray(at * L, (at + 1) * L));
      return ner.model.labels[row.indexOf(Math.max(...row))];
    });
    const expected = labelSpans(labels).map(({ start, end, type }) => ({ start, end, label: type }));
    const [got] = await ner.recognize([words]);
    expect(got.map(({ start, end, label }) => ({ start, end, label }))).toEqual(expected);
    for (const m of got) {
      expect(m.score).toBeGreaterThan(0);
      expect(m.score).toBeLessThanOrEqual(1);
    }
  });
});

describe('analyze with a transformer NER model', () => {
  const text = 'German Chancellor Angela Merkel met French President Emmanuel Macron in Paris on Tuesday. The European Union welcomed the talks.';

  it('finds entities with the model and links them with the knowledge base', async () => {
    const r = await analyzer.analyze(text, { extractors: 'entities' });
    expect(r.ok).toBe(true);
    const entities = r.response!.entities!;
    expect(entities.length).toBeGreaterThan(2);
    expect(entities.some((e) => e.matchedText.includes('Merkel'))).toBe(true);
    expect(entities.some((e) => e.matchedText === 'Paris')).toBe(true);
    // The linker ran over the model's mentions: some carry a knowledge-base link.
    expect(entities.some((e) => e.wikidataId !== undefined)).toBe(true);
    expect(analyzer.loadedAnnotators()).toEqual(expect.arrayContaining(['ner', 'linker']));
  });

  it('keeps positions right around emoji and other astral characters', async () => {
    const astral = '😀 Angela Merkel 🇩🇪 met 𝒳 Emmanuel Macron in Paris 🎉. Then she flew to Berlin.';
    const r = await analyzer.analyze(astral, { extractors: 'words,entities' });
    expect(r.ok).toBe(true);
    const entities = r.response!.entities!;
    expect(entities.length).toBeGreaterThan(0);
    const points = [...astral];
    for (const e of entities) expect(points.slice(e.startingPos, e.endingPos).join('')).toBe(e.matchedText);
  });

  it('windows a sentence longer than the model positions instead of cutting it', async () => {
    const clause = 'Angela Merkel met Emmanuel Macron in Paris and'.split(' ');
    const long = Array.from({ length: 40 }, () => clause).flat();
    expect(long.length).toBeGreaterThan(2 * ner.model.maxLength);
    const [alone] = await ner.recognize([clause]);
    expect(alone.length).toBeGreaterThan(0);
    const [mentions] = await ner.recognize([long]);
    // Mentions all along, the last clause included.
    const lastClause = long.length - clause.length;
    expect(mentions.some((m) => m.start >= lastClause)).toBe(true);
    expect(mentions.some((m) => m.start >= ner.model.maxLength && m.start < lastClause)).toBe(true);
    expect(mentions.every((m) => m.end <= long.length)).toBe(true);
  });

  it('never reaches the network', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in tests'));
    const fresh = await loadTransformerRecognizer(MODEL);
    await fresh.recognize([['Angela', 'Merkel', 'visited', 'Paris', '.']]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(env.allowRemoteModels).toBe(false);
  });
});

describe('a bad model directory', () => {
  it('is refused when the analyzer is created, naming the missing directory', async () => {
    const e = await failure(createAnalyzer({ ner: { transformers: join(tmpdir(), 'no-such-textlens-model') } }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/directory not found: .*no-such-textlens-model/);
  });

  it('names a missing tokenizer.json', async () => {
    const dir = copyModel();
    rmSync(join(dir, 'tokenizer.json'));
    const e = await failure(createAnalyzer({ ner: { transformers: dir } }));
    expect(e.message).toContain(join(dir, 'tokenizer.json'));
    expect(e.message).toMatch(/missing/);
  });

  it('names a malformed config.json', async () => {
    const dir = copyModel();
    writeFileSync(join(dir, 'config.json'), '{"model_type": "bert", ');
    const e = await failure(createAnalyzer({ ner: { transformers: dir } }));
    expect(e.message).toContain(join(dir, 'config.json'));
    expect(e.message).toMatch(/not valid JSON/);
  });

  it('names a config.json without id2label, and a missing onnx/model.onnx', async () => {
    const dir = copyModel();
    const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as Record<string, unknown>;
    delete config.id2label;
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    expect((await failure(createAnalyzer({ ner: { transformers: dir } }))).message).toMatch(/config\.json has no id2label/);
    const dir2 = copyModel();
    rmSync(join(dir2, 'onnx', 'model.onnx'));
    expect((await failure(loadTransformerRecognizer(dir2))).message).toContain(join(dir2, 'onnx', 'model.onnx'));
  });

  it('says how to install @huggingface/transformers when it is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package '@huggingface/transformers'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const e = await failure(importTransformers(() => Promise.reject(missing)));
    expect(e.message).toContain('npm install @huggingface/transformers');
    // Other import failures are not disguised as a missing package.
    await expect(importTransformers(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
