/**
 * The WordNet 3.0 relations the entailments extractor follows, per synset
 * (indexes as in the synset store). Shipped as models/senses/relations.tsv.gz,
 * one line per synset: hypernyms (incl. instance hypernyms) TAB similar-to
 * TAB verb entailments TAB causes TAB also-see TAB verb group, each a
 * space-separated list of indexes (a file from before the last two columns
 * reads them as empty).
 * Read only when entailments are requested.
 */
import { loadOnce, type LoadRegistry, type ResourceLoader } from '../resources/loader.js';
import { gunzipText } from './gzip.js';
import { SENSES_DIR } from './synsets.js';

export const RELATIONS_FILE = 'relations.tsv.gz';

export interface SynsetLinks {
  hypernyms: readonly number[];
  similar: readonly number[];
  entails: readonly number[];
  causes: readonly number[];
  alsoSee: readonly number[];
  verbGroup: readonly number[];
}

const NONE: readonly number[] = Object.freeze([]);
const LOADED: LoadRegistry<SynsetRelations> = new WeakMap();

export class SynsetRelations {
  private readonly lines: string[];
  private readonly cache = new Map<number, SynsetLinks>();
  /** Per synset, the synsets whose hypernym it is (built on first use, by inverting every line). */
  private hyponymLists: (number[] | undefined)[] | undefined;

  private constructor(text: string) {
    this.lines = text.split('\n');
  }

  static load(loader: ResourceLoader, dir: string = SENSES_DIR): Promise<SynsetRelations> {
    return loadOnce(LOADED, loader, dir, async () => new SynsetRelations(await gunzipText(await loader.bytes(`${dir}/${RELATIONS_FILE}`))));
  }

  static fromText(text: string): SynsetRelations {
    return new SynsetRelations(text);
  }

  links(synset: number): SynsetLinks {
    let links = this.cache.get(synset);
    if (links === undefined) {
      const [hypernyms, similar, entails, causes, alsoSee, verbGroup] = (this.lines[synset] ?? '').split('\t').map(indexList);
      links = {
        hypernyms: hypernyms ?? NONE,
        similar: similar ?? NONE,
        entails: entails ?? NONE,
        causes: causes ?? NONE,
        alsoSee: alsoSee ?? NONE,
        verbGroup: verbGroup ?? NONE,
      };
      this.cache.set(synset, links);
    }
    return links;
  }

  /** The synsets that have this one as a hypernym (incl. instance hypernyms). */
  hyponyms(synset: number): readonly number[] {
    if (this.hyponymLists === undefined) {
      const lists: (number[] | undefined)[] = new Array<number[] | undefined>(this.lines.length).fill(undefined);
      this.lines.forEach((line, s) => {
        const tab = line.indexOf('\t');
        const head = tab < 0 ? line : line.slice(0, tab);
        if (head === '') return;
        for (const h of head.split(' ')) (lists[Number(h)] ??= []).push(s);
      });
      this.hyponymLists = lists;
    }
    return this.hyponymLists[synset] ?? NONE;
  }
}

function indexList(text: string): readonly number[] {
  return text === '' ? NONE : text.split(' ').map(Number);
}
