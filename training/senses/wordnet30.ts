/**
 * Reads Princeton WordNet 3.0's database files (data.* and index.*, as
 * Debian's wordnet-base installs them under /usr/share/wordnet) into memory:
 * synsets with members, pointers and glosses, the lemma index in sense
 * order, and the sense key of every (lemma, synset) pair.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type DbPos = 'n' | 'v' | 'a' | 'r';
const FILE_OF: Record<DbPos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export interface WnSynset {
  /** offset-pos, pos one of n v a s r. */
  id: string;
  posLetter: string;
  lexfile: number;
  members: Array<{ lemma: string; lexId: number }>;
  pointers: Array<{ symbol: string; target: string }>;
  /**
   * Lexical pointers (one member word to another's synset: derivation, pertainym, most verb also-see),
   * kept apart so that what reads `pointers` (the WSD pseudo-counts) is unchanged by them.
   */
  lexicalPointers: Array<{ symbol: string; target: string }>;
  gloss: string;
}

export interface WordNet30 {
  synsets: WnSynset[];
  indexOfId: Map<string, number>;
  /** `${pos}:${lemma}` → synset indexes in sense order. */
  lemmaIndex: Map<string, number[]>;
  /** sense key → synset index. */
  synsetOfKey: Map<string, number>;
}

const SS_TYPE: Record<string, number> = { n: 1, v: 2, a: 3, r: 4, s: 5 };

export function readWordNet30(dir: string): WordNet30 {
  const synsets: WnSynset[] = [];
  const indexOfId = new Map<string, number>();
  for (const pos of ['n', 'v', 'a', 'r'] as DbPos[]) {
    const text = readFileSync(join(dir, `data.${FILE_OF[pos]}`), 'latin1');
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('  ')) continue; // licence header lines start with two spaces
      const bar = line.indexOf(' | ');
      const fields = (bar >= 0 ? line.slice(0, bar) : line).trim().split(' ');
      const gloss = bar >= 0 ? line.slice(bar + 3).trim() : '';
      const offset = fields[0];
      const lexfile = Number(fields[1]);
      const posLetter = fields[2];
      const wordCount = parseInt(fields[3], 16);
      let k = 4;
      const members: WnSynset['members'] = [];
      for (let w = 0; w < wordCount; w++) {
        const lemma = fields[k].replace(/\((a|p|ip)\)$/, '');
        members.push({ lemma, lexId: parseInt(fields[k + 1], 16) });
        k += 2;
      }
      const pointerCount = Number(fields[k++]);
      const pointers: WnSynset['pointers'] = [];
      const lexicalPointers: WnSynset['lexicalPointers'] = [];
      for (let p = 0; p < pointerCount; p++) {
        const symbol = fields[k];
        const targetOffset = fields[k + 1];
        const targetPos = fields[k + 2];
        const sourceTarget = fields[k + 3];
        // Only semantic pointers (source/target 0000) relate synsets; lexical ones relate single words.
        if (sourceTarget === '0000') pointers.push({ symbol, target: `${targetOffset}-${targetPos}` });
        else lexicalPointers.push({ symbol, target: `${targetOffset}-${targetPos}` });
        k += 4;
      }
      const id = `${offset}-${posLetter}`;
      indexOfId.set(id, synsets.length);
      synsets.push({ id, posLetter, lexfile, members, pointers, lexicalPointers, gloss });
    }
  }
  // Pointers name satellites with pos 's' or 'a' inconsistently across files; resolve by offset.
  const byOffset = new Map<string, number>();
  for (const [id, i] of indexOfId) byOffset.set(`${id.slice(0, 8)}-${id[9] === 's' ? 'a' : id[9]}`, i);
  for (const s of synsets) {
    for (const p of [...s.pointers, ...s.lexicalPointers]) {
      if (!indexOfId.has(p.target)) {
        const alt = byOffset.get(`${p.target.slice(0, 8)}-${p.target[9] === 's' ? 'a' : p.target[9]}`);
        if (alt !== undefined) p.target = synsets[alt].id;
      }
    }
  }

  const lemmaIndex = new Map<string, number[]>();
  for (const pos of ['n', 'v', 'a', 'r'] as DbPos[]) {
    const text = readFileSync(join(dir, `index.${FILE_OF[pos]}`), 'latin1');
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('  ')) continue;
      const f = line.trim().split(' ');
      const lemma = f[0];
      const synsetCount = Number(f[2]);
      const pointerCount = Number(f[3]);
      const offsets = f.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + synsetCount);
      const list: number[] = [];
      for (const off of offsets) {
        const i = byOffset.get(`${off}-${pos}`);
        if (i !== undefined) list.push(i);
      }
      lemmaIndex.set(`${pos}:${lemma}`, list);
    }
  }

  const synsetOfKey = new Map<string, number>();
  synsets.forEach((s, i) => {
    for (const m of s.members) synsetOfKey.set(senseKeyOf(synsets, indexOfId, s, m.lemma, m.lexId), i);
  });
  return { synsets, indexOfId, lemmaIndex, synsetOfKey };
}

/** The sense key lemma%ss_type:lex_filenum:lex_id:head_word:head_id of a member. */
export function senseKeyOf(
  synsets: WnSynset[],
  indexOfId: Map<string, number>,
  s: WnSynset,
  lemma: string,
  lexId: number,
): string {
  const ssType = SS_TYPE[s.posLetter];
  let head = ':';
  if (ssType === 5) {
    const h = satelliteHead(synsets, indexOfId, s);
    if (h) head = `${h.lemma.toLowerCase()}:${String(h.lexId).padStart(2, '0')}`;
  }
  return `${lemma.toLowerCase()}%${ssType}:${String(s.lexfile).padStart(2, '0')}:${String(lexId).padStart(2, '0')}:${head}`;
}

/** The head adjective of a satellite's cluster: the first member of the synset its similar-to pointer names. */
export function satelliteHead(
  synsets: WnSynset[],
  indexOfId: Map<string, number>,
  s: WnSynset,
): { lemma: string; lexId: number } | undefined {
  const p = s.pointers.find((q) => q.symbol === '&');
  if (!p) return undefined;
  const h = indexOfId.get(p.target);
  return h === undefined ? undefined : synsets[h].members[0];
}
