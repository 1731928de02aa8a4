/**
 * Options that `textlens batch` and `textlens queue enqueue` / `worker` share:
 * the run-wide analysis fields (--extractors, --param, --rules), checked once
 * before any document is read, and whole-number flags.
 */
import { readFile } from 'node:fs/promises';
import { badRequest } from '../errors.js';
import { parseRequest } from '../request.js';
import type { FlatOptions } from '../types.js';
import { paramArgs } from './param-args.js';

export interface RunFieldArgs {
  extractors?: string;
  param?: string[];
  rules?: string;
}

/**
 * The fields every document of a run gets (a document's own params override
 * them). Bad run-wide parameters fail the run now, not each document later.
 */
export async function runFields(values: RunFieldArgs): Promise<FlatOptions> {
  const params: FlatOptions = paramArgs(values.param);
  if (values.extractors !== undefined) params.extractors = values.extractors;
  if (values.rules !== undefined) params.rules = await readFile(values.rules, 'utf8');
  parseRequest({ ...params, text: ' ' });
  return params;
}

/** A `--name N` flag that must be a whole number in [min, max]; undefined when not given. */
export function wholeArg(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw badRequest(`--${name} must be a whole number from ${min} to ${max}, got '${value}'`, name);
  return n;
}

/** A `--timeout S` flag: a positive number of seconds, returned in ms; undefined when not given. */
export function secondsArg(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const s = Number(value);
  if (!(s > 0) || !Number.isFinite(s)) throw badRequest(`--${name} must be a positive number of seconds, got '${value}'`, name);
  return Math.round(s * 1000);
}
