/**
 * The noun-phrase annotator: doc.nounPhrases. With the trained chunker
 * (models/chunker/) the phrases are its tags over the rule walk's
 * (src/structure/np-chunker.ts); without it, the rule walk over the
 * dependency tree alone (src/structure/noun-phrases.ts).
 */
import type { Doc } from '../doc/doc.js';
import type { ResourceLoader } from '../resources/loader.js';
import { loadChunker, type LoadedChunker } from '../structure/chunker-model.js';
import { nounPhrasesOfDoc } from '../structure/noun-phrases.js';
import { trustedLayersOf } from '../structure/trusted-layers.js';
import type { Annotator } from './annotator.js';
import type { PhraseSpan } from '../doc/layers.js';

export function createPhraseAnnotator(chunker?: LoadedChunker): Annotator {
  return {
    run(doc: Doc) {
      doc.nounPhrases = chunker ? chunkedPhrasesOfDoc(doc, chunker) : nounPhrasesOfDoc(doc);
    },
  };
}

/** The annotator with the trained chunker read from models/chunker/. */
export async function createPhraseChunker(loader: ResourceLoader): Promise<Annotator> {
  return createPhraseAnnotator(await loadChunker(loader));
}

/** Every sentence's noun phrases as the chunker tags them, in document order; empty when the doc has no parse. */
export function chunkedPhrasesOfDoc(doc: Doc, chunker: LoadedChunker): PhraseSpan[] {
  const layers = trustedLayersOf(doc);
  if (layers === undefined) return [];
  const out: PhraseSpan[] = [];
  for (let s = 0; s < doc.sentStart.length; s++) for (const p of chunker.scorer.sentence(layers, doc.sentStart[s], doc.sentEnd[s], doc.wordTypes)) out.push(p);
  return out;
}
