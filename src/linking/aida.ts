/**
 * Reader for the AIDA CoNLL-YAGO token file (AIDA-YAGO2-dataset.*.tsv):
 * documents of tokens with gold mentions linked to 2010 English Wikipedia
 * titles and Freebase mids (or --NME-- when the entity is not in Wikipedia).
 * Optionally aligned line by line with the CoNLL-2003 file of the same split
 * (same tokens, same order) to give each mention its NER label.
 */
import { titleFromUrl } from './normalize.js';

export interface AidaMention {
  /** Token range [start, end) in the document. */
  start: number;
  end: number;
  text: string;
  /** Gold Wikipedia title (canonical, underscores), absent for --NME--. */
  title?: string;
  mid?: string;
  /** CoNLL-2003 label (PER/ORG/LOC/MISC) when the CoNLL file was given. */
  label?: string;
}

export interface AidaDocument {
  id: string;
  tokens: string[];
  /** Exclusive token index where each sentence ends. */
  sentenceEnds: number[];
  mentions: AidaMention[];
}

export function parseAida(tsv: string, conll?: string): AidaDocument[] {
  const nerTags = conll ? conllTags(conll) : undefined;
  let tagAt = 0;
  const docs: AidaDocument[] = [];
  let doc: AidaDocument | undefined;
  let open: AidaMention | undefined;
  const close = () => {
    if (open && doc) doc.mentions.push(open);
    open = undefined;
  };
  for (const line of tsv.split('\n')) {
    if (line.startsWith('-DOCSTART-')) {
      close();
      if (nerTags) tagAt++;
      const m = /^-DOCSTART- \((.*)\)/.exec(line);
      doc = { id: m ? m[1] : String(docs.length), tokens: [], sentenceEnds: [], mentions: [] };
      docs.push(doc);
      continue;
    }
    if (!doc) continue;
    if (line.trim() === '') {
      // A mention can continue over a blank line (the merged file's blank
      // lines do not always match the annotation's spans): close it lazily.
      const n = doc.tokens.length;
      if (n > 0 && doc.sentenceEnds[doc.sentenceEnds.length - 1] !== n) doc.sentenceEnds.push(n);
      continue;
    }
    const cols = line.split('\t');
    const i = doc.tokens.length;
    doc.tokens.push(cols[0]);
    const tag = nerTags ? nerTags[tagAt++] : undefined;
    if (cols.length >= 4) {
      if (cols[1] === 'B' || !open) {
        close();
        open = { start: i, end: i + 1, text: cols[2] };
        if (cols[3] !== '--NME--') {
          const title = cols.length >= 5 ? titleFromUrl(cols[4]) : undefined;
          open.title = title ?? cols[3];
          if (cols[6]) open.mid = cols[6];
        }
        if (tag && tag !== 'O') open.label = tag.slice(2);
      } else open.end = i + 1;
    } else close();
  }
  close();
  for (const d of docs) if (d.tokens.length > 0 && d.sentenceEnds[d.sentenceEnds.length - 1] !== d.tokens.length) d.sentenceEnds.push(d.tokens.length);
  return docs;
}

/** NER tags of the non-empty lines of a CoNLL-2003 file, DOCSTART lines included as 'O'. */
function conllTags(conll: string): string[] {
  const out: string[] = [];
  for (const line of conll.split('\n')) {
    if (line.trim() === '') continue;
    const cols = line.split(' ');
    out.push(line.startsWith('-DOCSTART-') ? 'O' : cols[cols.length - 1]);
  }
  return out;
}
