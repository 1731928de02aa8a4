/**
 * Weak labels for AG News "World" items, which may belong to any of eight
 * IPTC top concepts (dataset-labels.ts). Each of those concepts gets a
 * vocabulary: the words of the labels of every concept below it, keeping
 * only words that occur under exactly one of the eight (so "government",
 * shared by several, decides nothing). An item goes to the concept whose
 * vocabulary it uses most, at least twice; otherwise (one stray word, a
 * tie) to politics and government, the largest share of world news. Checked
 * by hand on a sample: single hits were wrong about half the time ("Oil
 * prices … record" → crime through "record"), double hits mostly right.
 */
import { featureTokens } from '../../src/models/text-features.js';
import { TOP, WORLD_TOPICS } from '../../src/semantics/dataset-labels.js';
import type { MediaTopics } from '../../src/semantics/mediatopics.js';

const STOP = new Set(['and', 'or', 'of', 'the', 'in', 'on', 'for', 'to', 'a', 'an', 'by', 'with', 'other', 'general', 'issue', 'issues']);

/** Crude singular: enough to match "wars"/"war", "floods"/"flood". */
export function singular(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

export function worldLabeler(taxonomy: MediaTopics): (text: string) => string {
  const owners = new Map<string, Set<string>>();
  for (const c of taxonomy.concepts) {
    const top = taxonomy.top(c.qcode)!;
    if (!WORLD_TOPICS.includes(top)) continue;
    for (const w of featureTokens(c.label)) {
      if (STOP.has(w) || w.length < 3) continue;
      const s = singular(w);
      let set = owners.get(s);
      if (!set) owners.set(s, (set = new Set()));
      set.add(top);
    }
  }
  const vocabulary = new Map<string, string>();
  for (const [w, set] of owners) if (set.size === 1) vocabulary.set(w, [...set][0]);

  return (text: string) => {
    const hits = new Map<string, number>();
    for (const t of featureTokens(text)) {
      const top = vocabulary.get(singular(t));
      if (top) hits.set(top, (hits.get(top) ?? 0) + 1);
    }
    let best: string = TOP.politics;
    let bestN = 1;
    for (const [top, n] of hits) {
      if (n > bestN) {
        best = top;
        bestN = n;
      } else if (n === bestN) best = TOP.politics;
    }
    return best;
  };
}
