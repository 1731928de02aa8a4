/**
 * Category definitions as clients send them, checked: a JSON list of
 * {categoryId, label?, query?}, or CSV rows categoryId,label,query (an
 * optional header row naming those columns, in any order; where the query is
 * the last column, an unquoted query may hold commas). Every query is
 * parsed here, so a bad one is a 400 when the classifier is created, naming
 * the category and the character, not a failure at analysis time.
 */
import { badRequest } from '../../errors.js';
import { effectiveQuery, type CategoryDefinition } from './classifier.js';
import { parseQuery } from './parse.js';
import { csvRows, type CsvRow } from '../../csv.js';

/** Categories in one classifier. */
export const MAX_CATEGORIES = 1000;
/** A category id: what a path segment can carry and a client can type. */
export const MAX_CATEGORY_ID_CHARS = 200;
export const MAX_LABEL_CHARS = 500;
/** Reserved for GET /categories/{id}/_all. */
const RESERVED_CATEGORY_IDS = new Set(['_all']);
const FIELDS = ['categoryId', 'label', 'query'] as const;

/** Checks a JSON body (already parsed) and returns the definitions. */
export function definitionsFromJson(body: unknown, where: string): CategoryDefinition[] {
  if (!Array.isArray(body)) {
    throw badRequest(`${where}: the body must be a JSON list of categories: [{"categoryId": "1", "label": "Banking", "query": "concept('bank')"}]`, 'body');
  }
  const rows = body.map((item: unknown, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw badRequest(`${where}: category ${i + 1} is not a JSON object`, 'body');
    const o = item as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      if (!(FIELDS as readonly string[]).includes(k)) throw badRequest(`${where}: category ${i + 1} has an unknown field '${k}': a category has categoryId, label and query`, k);
    }
    const text = (k: (typeof FIELDS)[number]): string => {
      const v = o[k];
      if (v === undefined || v === null) return '';
      // Numbers are accepted as ids: clients may type them so.
      if (typeof v === 'number' && k === 'categoryId' && Number.isFinite(v)) return String(v);
      if (typeof v !== 'string') throw badRequest(`${where}: category ${i + 1}: ${k} must be a string`, k);
      return v;
    };
    return { categoryId: text('categoryId').trim(), label: text('label'), query: text('query') };
  });
  return checked(rows, where);
}

/** Checks a CSV body: rows categoryId,label,query, or a header row naming the columns. */
export function definitionsFromCsv(text: string, where: string): CategoryDefinition[] {
  const rows = csvRowsOf(text, where);
  let columns: Record<(typeof FIELDS)[number], number> = { categoryId: 0, label: 1, query: 2 };
  const first = rows[0]?.cells.map((c) => c.trim().toLowerCase());
  if (first && first.includes('categoryid')) {
    columns = { categoryId: first.indexOf('categoryid'), label: first.indexOf('label'), query: first.indexOf('query') };
    rows.shift();
  }
  const defs = rows.map(({ line, cells: row }) => {
    let cells = row;
    // The query is the last column and commas are its syntax: unquoted, the rest of the line is the query.
    if (cells.length > 3 && columns.query === 2) cells = [...cells.slice(0, 2), cells.slice(2).join(',')];
    if (cells.length > 3) throw badRequest(`${where}: CSV line ${line} has ${cells.length} columns; write categoryId,label,query (quote a query that holds commas)`, 'body');
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '') : '');
    return { categoryId: cell(columns.categoryId).trim(), label: cell(columns.label), query: cell(columns.query) };
  });
  return checked(defs, where);
}

function checked(defs: CategoryDefinition[], where: string): CategoryDefinition[] {
  if (defs.length === 0) throw badRequest(`${where}: no categories given`, 'body');
  if (defs.length > MAX_CATEGORIES) throw badRequest(`${where}: ${defs.length} categories; a classifier holds at most ${MAX_CATEGORIES}`, 'body');
  const seen = new Set<string>();
  defs.forEach((d, i) => {
    const which = `category ${i + 1}`;
    if (d.categoryId === '') throw badRequest(`${where}: ${which} has no categoryId`, 'categoryId');
    if (d.categoryId.length > MAX_CATEGORY_ID_CHARS) throw badRequest(`${where}: ${which}'s categoryId is over ${MAX_CATEGORY_ID_CHARS} characters`, 'categoryId');
    if (RESERVED_CATEGORY_IDS.has(d.categoryId)) throw badRequest(`${where}: categoryId '${d.categoryId}' is reserved (GET /categories/{id}/_all lists categories)`, 'categoryId');
    if (seen.has(d.categoryId)) throw badRequest(`${where}: categoryId '${d.categoryId}' is given twice`, 'categoryId');
    seen.add(d.categoryId);
    if (d.label.length > MAX_LABEL_CHARS) throw badRequest(`${where}: category '${d.categoryId}': the label is over ${MAX_LABEL_CHARS} characters`, 'label');
    if (effectiveQuery(d).trim() === '') throw badRequest(`${where}: category '${d.categoryId}' has neither a query nor a label to score by`, 'query');
    parseQuery(effectiveQuery(d), `${where}, category '${d.categoryId}'`);
  });
  return defs;
}

function csvRowsOf(text: string, where: string): CsvRow[] {
  const { rows, unclosedAt } = csvRows(text, { quoteAfterBlanks: true });
  if (unclosedAt !== undefined) throw badRequest(`${where}: CSV line ${unclosedAt}: a quoted field is not closed`, 'body');
  return rows;
}
