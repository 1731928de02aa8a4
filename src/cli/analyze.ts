/**
 * `textlens analyze`: one document in, the response JSON out. Exit code 0
 * when the response is ok, 1 otherwise: the error envelope is printed, as
 * the HTTP API would send it, for a bad flag too.
 */
import { readFile } from 'node:fs/promises';
import { createAnalyzer } from '../analyzer.js';
import { errorEnvelope } from '../response.js';
import { badRequest } from '../errors.js';
import { decodeText } from '../source/index.js';
import type { FlatOptions } from '../types.js';
import { renderPage } from '../render/index.js';
import { defineCommand, HelpRequest, parseCommand } from './args.js';
import {
  ALLOW_HOST_FLAG,
  ANALYSIS_FLAGS,
  BACKEND_FLAG,
  CLASSIFIER_FLAG,
  dictionaryArgs,
  DICTIONARY_FLAG,
  MODELS_FLAG,
  NER_MODEL_FLAG,
  paramArgs,
  parseClassifierFlags,
  PARSER_FLAG,
} from './flags.js';
import { STYLE_FLAG, styleArg } from './render.js';

export const ANALYZE = defineCommand({
  name: 'analyze',
  summary:
    'Analyzes one document (--text, --url, --file or stdin) and prints the response JSON, as the HTTP API answers it, or (--format html) a page that draws it.',
  flags: {
    text: { type: 'string', value: 'T', help: 'the text to analyze' },
    url: { type: 'string', value: 'U', help: 'a page to download and analyze' },
    file: { type: 'string', value: 'F', help: 'a UTF-8 file to analyze (without --text, --url or --file: stdin)' },
    ...ANALYSIS_FLAGS,
    pretty: { type: 'boolean', help: 'indent the JSON' },
    format: {
      type: 'string',
      choices: ['json', 'html'],
      default: 'json',
      help: 'json: the response; html: a self-contained page drawing it (textlens render; docs/visualizer.md)',
    },
    style: { ...STYLE_FLAG, help: `with --format html: ${STYLE_FLAG.help}` },
    models: MODELS_FLAG,
    backend: BACKEND_FLAG,
    parser: PARSER_FLAG,
    'allow-host': ALLOW_HOST_FLAG,
    dictionary: DICTIONARY_FLAG,
    classifier: CLASSIFIER_FLAG,
    'ner-model': NER_MODEL_FLAG,
  },
  notes:
    'Exit status: 0 the response is ok; 1 it is not (the error envelope {"ok": false, "error": …} is printed, for a bad flag too).',
});

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

export async function analyzeCommand(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s)): Promise<number> {
  const t0 = performance.now();
  let pretty = false;
  try {
    const { values } = parseCommand(argv, ANALYZE);
    pretty = values.pretty;
    const fields: FlatOptions = paramArgs(values.param);
    const sources = [values.text, values.url, values.file].filter((v) => v !== undefined).length;
    if (sources > 1) throw badRequest('give one of --text, --url or --file');
    if (values.text !== undefined) fields.text = values.text;
    else if (values.url !== undefined) fields.url = values.url;
    else if (values.file !== undefined) fields.text = decodeText(new Uint8Array(await readFile(values.file)));
    else if (fields.text === undefined && fields.url === undefined) {
      if (process.stdin.isTTY) throw badRequest('no input: give --text, --url or --file, or text on stdin (textlens analyze --help lists the flags)');
      fields.text = decodeText(await readStdin());
    }
    if (values.extractors !== undefined) fields.extractors = values.extractors;
    if (values.rules !== undefined) fields.rules = await readFile(values.rules, 'utf8');
    const html = values.format === 'html';
    const style = html ? styleArg(ANALYZE, values.style) : undefined;
    // The page draws entities on the analysed text, which the response carries only when asked.
    if (html && fields['cleanup.returnCleaned'] === undefined) fields['cleanup.returnCleaned'] = 'true';
    const analyzer = await createAnalyzer({
      parser: values.parser,
      modelsDir: values.models,
      backend: values.backend,
      allowHosts: values['allow-host'],
      dictionaries: dictionaryArgs(values.dictionary),
      classifiers: parseClassifierFlags(values.classifier),
      ...(values['ner-model'] !== undefined ? { ner: { transformers: values['ner-model'] } } : {}),
    });
    const response = await analyzer.analyze(fields);
    out(html ? renderPage(response, { style, idPrefix: 'textlens' }) : JSON.stringify(response, null, pretty ? 2 : undefined) + '\n');
    return response.ok ? 0 : 1;
  } catch (e) {
    if (e instanceof HelpRequest) throw e;
    const err = e instanceof Error && 'code' in e && e.code === 'ENOENT' ? badRequest(e.message) : e;
    const { body } = errorEnvelope(err, (performance.now() - t0) / 1000);
    out(JSON.stringify(body, null, pretty ? 2 : undefined) + '\n');
    return 1;
  }
}
