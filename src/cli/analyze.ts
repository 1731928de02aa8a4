/**
 * `textlens analyze`: one document in, the response JSON out. Exit code 0
 * when the response is ok, 1 otherwise (the error envelope is still printed).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createAnalyzer } from '../analyzer.js';
import { errorEnvelope } from '../response.js';
import { badRequest } from '../errors.js';
import { decodeText } from '../source/index.js';
import type { FlatOptions } from '../types.js';
import { dictionaryArgs } from './dictionary-args.js';
import { parseClassifierFlags } from './classifier-flags.js';

export const ANALYZE_USAGE = `usage: textlens analyze [--text T | --url U | --file F | < stdin]
                        [--extractors a,b] [--rules FILE] [--param name=value]... [--pretty]
                        [--models DIR] [--backend node|wasm] [--parser accurate|fast] [--allow-host H]...
                        [--dictionary id=FILE]...   (then --param entities.dictionaries=id)
                        [--classifier name=DIR]...   (then --param classifiers=name)
                        [--ner-model DIR]   (a Hugging Face token-classification ONNX export instead of the shipped NER)`;

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

export async function analyzeCommand(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s)): Promise<number> {
  const t0 = performance.now();
  let pretty = false;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        text: { type: 'string' },
        url: { type: 'string' },
        file: { type: 'string' },
        extractors: { type: 'string' },
        rules: { type: 'string' },
        param: { type: 'string', multiple: true },
        pretty: { type: 'boolean' },
        models: { type: 'string' },
        backend: { type: 'string' },
        parser: { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        dictionary: { type: 'string', multiple: true },
        classifier: { type: 'string', multiple: true },
        'ner-model': { type: 'string' },
      },
      strict: true,
    });
    pretty = values.pretty ?? false;
    const fields: FlatOptions = {};
    for (const p of values.param ?? []) {
      const eq = p.indexOf('=');
      if (eq <= 0) throw badRequest(`--param takes name=value, got '${p}'`, 'param');
      const name = p.slice(0, eq);
      const prev = fields[name];
      const value = p.slice(eq + 1);
      fields[name] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [String(prev)]), value];
    }
    const sources = [values.text, values.url, values.file].filter((v) => v !== undefined).length;
    if (sources > 1) throw badRequest('give one of --text, --url or --file');
    if (values.text !== undefined) fields.text = values.text;
    else if (values.url !== undefined) fields.url = values.url;
    else if (values.file !== undefined) fields.text = decodeText(new Uint8Array(await readFile(values.file)));
    else if (fields.text === undefined && fields.url === undefined) {
      if (process.stdin.isTTY) throw badRequest(`no input: ${ANALYZE_USAGE}`);
      fields.text = decodeText(await readStdin());
    }
    if (values.extractors !== undefined) fields.extractors = values.extractors;
    if (values.rules !== undefined) fields.rules = await readFile(values.rules, 'utf8');
    if (values.backend !== undefined && values.backend !== 'node' && values.backend !== 'wasm') {
      throw badRequest(`--backend must be node or wasm, got '${values.backend}'`);
    }
    if (values.parser !== undefined && values.parser !== 'fast' && values.parser !== 'accurate') {
      throw badRequest(`--parser must be fast or accurate, got '${values.parser}'`);
    }
    const analyzer = await createAnalyzer({
      parser: values.parser as 'fast' | 'accurate' | undefined,
      modelsDir: values.models,
      backend: values.backend as 'node' | 'wasm' | undefined,
      allowHosts: values['allow-host'],
      dictionaries: dictionaryArgs(values.dictionary),
      classifiers: parseClassifierFlags(values.classifier),
      ...(values['ner-model'] !== undefined ? { ner: { transformers: values['ner-model'] } } : {}),
    });
    const response = await analyzer.analyze(fields);
    out(JSON.stringify(response, null, pretty ? 2 : undefined) + '\n');
    return response.ok ? 0 : 1;
  } catch (e) {
    const err =
      e instanceof Error && 'code' in e && typeof e.code === 'string' && e.code.startsWith('ERR_PARSE_ARGS')
        ? badRequest(`${e.message}\n${ANALYZE_USAGE}`)
        : e instanceof Error && 'code' in e && e.code === 'ENOENT'
          ? badRequest(e.message)
          : e;
    const { body } = errorEnvelope(err, (performance.now() - t0) / 1000);
    out(JSON.stringify(body, null, pretty ? 2 : undefined) + '\n');
    return 1;
  }
}
