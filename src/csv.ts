/**
 * RFC 4180 rows, shared by the dictionary files (src/dictionaries/parse.ts) and the category
 * definitions of query classifiers (src/classify/query/definitions.ts):
 * quoted fields may hold commas, quotes ("") and newlines; blank lines are
 * skipped; each row keeps the line it starts on, for error messages. The
 * callers raise their own errors (a DictionaryError, a 400) from
 * `unclosedAt`.
 */

export interface CsvRow {
  line: number;
  cells: string[];
}

export interface CsvRows {
  rows: CsvRow[];
  /** The line of a quoted field that never closes; undefined when every quote closed. */
  unclosedAt?: number;
}

/** `quoteAfterBlanks`: a quote after leading blanks still opens a quoted field (the blanks dropped). */
export function csvRows(text: string, { quoteAfterBlanks = false } = {}): CsvRows {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0]!.trim() === '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && (cell === '' || (quoteAfterBlanks && cell.trim() === ''))) {
      quoted = true;
      cell = '';
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (quoted) return { rows, unclosedAt: rowLine };
  if (cell !== '' || cells.length > 0) endRow();
  return { rows };
}
