/**
 * Labelled documents from JSON lines (optionally gzip'd):
 *   {"text": "…", "categories": ["a", "b"]}
 * with configurable field names. Every error names the file and line, so a
 * user can fix the one bad record in a file of thousands. Node only (CLI and
 * training).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface LabelledDoc {
  id: string;
  text: string;
  labels: string[];
}

export interface ReadOptions {
  textField?: string;
  labelField?: string;
  /** Accept records without the label field (eval --out on unlabelled data). */
  labelsOptional?: boolean;
}

export class DataError extends Error {
  override readonly name = 'DataError';
}

/** Reads a file; throws DataError naming the file (missing, empty) or the line (malformed). */
export function readLabelledJsonl(path: string, options: ReadOptions = {}): LabelledDoc[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new DataError(code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot read (${(e as Error).message})`);
  }
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes);
    } catch (e) {
      throw new DataError(`${path}: looks gzip'd but does not decompress (${(e as Error).message})`);
    }
  }
  return parseLabelledJsonl(bytes.toString('utf8'), path, options);
}

export function parseLabelledJsonl(content: string, source: string, options: ReadOptions = {}): LabelledDoc[] {
  const textField = options.textField ?? 'text';
  const labelField = options.labelField ?? 'categories';
  const docs: LabelledDoc[] = [];
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const where = `${source}:${i + 1}`;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (e) {
      throw new DataError(`${where}: not a JSON object (${(e as Error).message}); expected one {"${textField}": …, "${labelField}": [...]} per line`);
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      throw new DataError(`${where}: not a JSON object; expected {"${textField}": …, "${labelField}": [...]}`);
    }
    const r = record as Record<string, unknown>;
    const text = r[textField];
    if (typeof text !== 'string') {
      throw new DataError(`${where}: field "${textField}" is ${text === undefined ? 'missing' : `a ${typeof text}, not a string`} (choose the field with --text-field)`);
    }
    const raw = r[labelField];
    let labels: string[];
    if (raw === undefined && options.labelsOptional) labels = [];
    else if (typeof raw === 'string') labels = [raw];
    else if (Array.isArray(raw) && raw.every((l) => typeof l === 'string')) labels = [...new Set(raw as string[])];
    else {
      throw new DataError(
        `${where}: field "${labelField}" is ${raw === undefined ? 'missing' : 'not a string or a list of strings'} (choose the field with --label-field)`,
      );
    }
    const id = typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : String(docs.length + 1);
    docs.push({ id, text, labels });
  }
  if (docs.length === 0) throw new DataError(`${source}: no records (the file is empty); expected JSON lines {"${textField}": …, "${labelField}": [...]}`);
  return docs;
}
