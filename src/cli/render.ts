/**
 * `textlens render`: a response JSON (what `textlens analyze` or POST /
 * answers) in, a self-contained HTML page out, drawn by the library's
 * render() (src/render/). Also the --style flag that `analyze --format html`
 * shares, and the response check both apply.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { RENDER_STYLES, parseStyles, render, renderPage, type RenderStyle } from '../render/index.js';
import type { AnalyzeResponse } from '../types.js';
import { defineCommand, parseCommand, usageError, type StringFlag } from './args.js';

export const STYLE_FLAG = {
  type: 'string',
  value: 'a,b',
  help: `what to draw, comma-separated: ${RENDER_STYLES.join(', ')}`,
  defaultText: 'every style the response has something for',
} as const satisfies StringFlag;

export const RENDER = defineCommand({
  name: 'render',
  summary: 'Draws a response JSON (from textlens analyze or the HTTP API) as a self-contained HTML page: entities in the text, dependency trees, relations, properties, topics.',
  flags: {
    in: { type: 'string', value: 'FILE|-', default: '-', help: 'the response JSON; - is stdin' },
    out: { type: 'string', value: 'FILE|-', default: '-', help: 'where to write the HTML; - is stdout' },
    style: STYLE_FLAG,
    text: {
      type: 'string',
      value: 'FILE',
      help: "the analysed text, when the response has no cleanedText (else the text is rebuilt from the words' tokens and offsets)",
    },
    fragment: { type: 'boolean', help: 'write the HTML fragment (one <div class="textlens"> with its <style>) instead of a whole page' },
    title: { type: 'string', value: 'T', default: 'textlens analysis', help: "the page's title" },
  },
  notes:
    'The page loads nothing and runs no script (its Content-Security-Policy forbids both). docs/visualizer.md describes the styles and the data-textlens attributes.\n\n' +
    'Exit status: 0 drawn; 1 the response is an error envelope (the page shows its error); 2 a bad flag or an input that is not a response.',
});

/** The styles of a --style value; a bad name is a usage error of `command`. */
export function styleArg(command: { name: string }, value: string | undefined): RenderStyle[] | undefined {
  try {
    return parseStyles(value);
  } catch (e) {
    throw usageError(command, `--style: ${(e as Error).message}`, 'style');
  }
}

const isResponse = (v: unknown): v is AnalyzeResponse => typeof v === 'object' && v !== null && typeof (v as { ok?: unknown }).ok === 'boolean';

/**
 * The response in `json`: a response itself (an object with a boolean `ok`)
 * or a `textlens batch` result line, `{"id", "response": …}`; else a usage
 * error saying what it is not.
 */
export function asResponse(command: { name: string }, json: string, source: string): AnalyzeResponse {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    throw usageError(command, `${source} is not JSON (${(e as Error).message}); give the response that textlens analyze or POST / answered`);
  }
  if (isResponse(value)) return value;
  const line = value as { response?: unknown; error?: { status?: unknown; message?: unknown } } | null;
  if (typeof line === 'object' && line !== null) {
    if (isResponse(line.response)) return line.response;
    // A batch line's failure: {"id", "error": {"status", "message"}}.
    if (typeof line.error?.message === 'string') return { time: 0, ok: false, error: `${line.error.message} (status ${String(line.error.status)})`, message: '' };
  }
  throw usageError(command, `${source} is not a textlens response (expected an object with "ok" and "response", or a textlens batch result line)`);
}

async function readAll(path: string): Promise<string> {
  if (path !== '-') return readFile(path, 'utf8');
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function renderCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, RENDER);
  const style = styleArg(RENDER, values.style);
  if (values.in === '-' && process.stdin.isTTY) throw usageError(RENDER, 'no input: give --in FILE, or the response JSON on stdin');
  const response = asResponse(RENDER, await readAll(values.in), values.in === '-' ? 'stdin' : values.in);
  const text = values.text !== undefined ? await readFile(values.text, 'utf8') : undefined;
  const options = { style, text, idPrefix: 'textlens' };
  const html = values.fragment ? `${render(response, options)}\n` : renderPage(response, { ...options, title: values.title });
  if (values.out === '-') process.stdout.write(html);
  else await writeFile(values.out, html);
  return response.ok ? 0 : 1;
}
