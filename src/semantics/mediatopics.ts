/**
 * The IPTC Media Topics taxonomy as topics need it: concepts by qcode,
 * parents, top-level ancestors, links. Read from models/topics/mediatopics.json
 * (built by training/topics/build-taxonomy.ts; CC BY 4.0, IPTC).
 */
import type { ResourceLoader } from '../resources/loader.js';
import { wikipediaLink } from '../linking/normalize.js';

export interface MediaTopicRecord {
  qcode: string;
  /** en-GB preferred label. */
  label: string;
  /** Parent qcode; absent on the 17 top-level concepts. */
  parent?: string;
  level: number;
  wikidata?: string;
  /** English Wikipedia title, where the knowledge base knows the Wikidata id. */
  wikipedia?: string;
  definition: string;
}

export const TAXONOMY_FILE = 'topics/mediatopics.json';

export class MediaTopics {
  readonly concepts: readonly MediaTopicRecord[];
  private readonly byQcode = new Map<string, MediaTopicRecord>();
  private readonly topOf = new Map<string, string>();

  constructor(concepts: readonly MediaTopicRecord[]) {
    this.concepts = concepts;
    for (const c of concepts) this.byQcode.set(c.qcode, c);
    for (const c of concepts) {
      let t = c;
      while (t.parent && this.byQcode.has(t.parent)) t = this.byQcode.get(t.parent)!;
      this.topOf.set(c.qcode, t.qcode);
    }
  }

  static async load(loader: ResourceLoader): Promise<MediaTopics> {
    const json = JSON.parse(await loader.text(TAXONOMY_FILE)) as { concepts: MediaTopicRecord[] };
    return new MediaTopics(json.concepts);
  }

  get(qcode: string): MediaTopicRecord | undefined {
    return this.byQcode.get(qcode);
  }

  /** The 17 top-level concepts, in qcode order. */
  get topLevel(): MediaTopicRecord[] {
    return this.concepts.filter((c) => c.level === 1);
  }

  /** Top-level ancestor of a concept (itself at the top). */
  top(qcode: string): string | undefined {
    return this.topOf.get(qcode);
  }

  /** Ancestors from the parent up to the top. */
  ancestors(qcode: string): string[] {
    const out: string[] = [];
    let c = this.byQcode.get(qcode);
    while (c?.parent) {
      out.push(c.parent);
      c = this.byQcode.get(c.parent);
    }
    return out;
  }

  /** Link to the concept's page: English Wikipedia where known, else Wikidata. */
  link(qcode: string): string | undefined {
    const c = this.byQcode.get(qcode);
    if (c?.wikipedia) return wikipediaLink(c.wikipedia);
    if (c?.wikidata) return `https://www.wikidata.org/wiki/${c.wikidata}`;
    return undefined;
  }
}
