/**
 * Streams a Wikidata JSON dump (latest-all.json.gz: a JSON array with one
 * entity per line, each line ending in a comma) into a KbWriter, without
 * holding more than one entity in memory. Progress goes to stderr as a bar
 * over the compressed bytes read.
 *
 * Kept per item: English label, description and aliases, enwiki sitelink
 * (the title), Freebase id (P646), instance-of (P31, mapped to DBpedia
 * classes by wikidata-classes.ts), and the enrichment
 * properties P625, P17, P1082, P27, P106. Popularity is the number of
 * sitelinks (how many Wikipedias have an article): the dump has no
 * in-link counts.
 */
import { createReadStream, statSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import type { KbWriter } from './kb-writer.js';
import type { DbpediaOntology } from '../ontology.js';
import type { PropertyValue } from '../kb-schema.js';
import { dbpediaClassesForWikidataClasses } from './wikidata-classes.js';

interface Snak {
  datavalue?: { type: string; value: unknown };
}
interface Claim {
  mainsnak?: Snak;
  rank?: string;
}
interface WikidataEntity {
  id: string;
  type?: string;
  labels?: Record<string, { value: string }>;
  descriptions?: Record<string, { value: string }>;
  aliases?: Record<string, { value: string }[]>;
  sitelinks?: Record<string, { title: string }>;
  claims?: Record<string, Claim[]>;
}

export interface DumpOptions {
  /** Keep only items with an English Wikipedia article (default true): they are what entityId can name. */
  requireEnwiki?: boolean;
  progress?: (line: string) => void;
  /** The same moments as numbers, for a caller that draws its own display (kb build's progress bar). */
  onProgress?: (p: DumpProgress) => void;
  /** Stop after this many items (for tests and trial runs). */
  limit?: number;
}

export interface DumpProgress {
  /** Compressed bytes read so far, of `bytes`. */
  bytesRead: number;
  bytes: number;
  /** Items read, and items kept in the KB. */
  seen: number;
  kept: number;
}

const PROPS = ['P625', 'P17', 'P1082', 'P27', 'P106', 'P31'];

export async function ingestWikidataDump(kb: KbWriter, file: string, ontology: DbpediaOntology, opts: DumpOptions = {}): Promise<number> {
  const size = statSync(file).size;
  const raw = createReadStream(file);
  const lines = createInterface({ input: raw.pipe(createGunzip()), crlfDelay: Infinity });
  const requireEnwiki = opts.requireEnwiki ?? true;
  let seen = 0;
  let kept = 0;
  let pending: WikidataEntity[] = [];
  const flush = () => {
    kb.batch(() => {
      for (const e of pending) if (addEntity(kb, e, ontology, requireEnwiki)) kept++;
    });
    pending = [];
  };
  for await (const line of lines) {
    const t = line.trim().replace(/,$/, '');
    if (t === '[' || t === ']' || t === '') continue;
    pending.push(JSON.parse(t) as WikidataEntity);
    seen++;
    if (pending.length >= 5000) {
      flush();
      opts.progress?.(bar(raw.bytesRead / size, seen, kept));
      opts.onProgress?.({ bytesRead: raw.bytesRead, bytes: size, seen, kept });
    }
    if (opts.limit && seen >= opts.limit) break;
  }
  flush();
  opts.progress?.(bar(1, seen, kept));
  opts.onProgress?.({ bytesRead: size, bytes: size, seen, kept });
  raw.destroy();
  return kept;
}

function bar(frac: number, seen: number, kept: number): string {
  const width = 30;
  const done = Math.round(Math.min(1, frac) * width);
  return `[${'#'.repeat(done)}${'.'.repeat(width - done)}] ${(frac * 100).toFixed(1)}% ${seen} items, ${kept} kept`;
}

function addEntity(kb: KbWriter, e: WikidataEntity, ontology: DbpediaOntology, requireEnwiki: boolean): boolean {
  if (!/^Q\d+$/.test(e.id)) return false;
  const title = e.sitelinks?.enwiki?.title;
  if (requireEnwiki && !title) return false;
  const claims = e.claims ?? {};
  const props: Record<string, PropertyValue> = {};
  const classes: string[] = [];
  for (const p of PROPS) {
    const best = (claims[p] ?? []).find((c) => c.rank === 'preferred') ?? (claims[p] ?? []).find((c) => c.rank !== 'deprecated');
    const v = best?.mainsnak?.datavalue;
    if (!v) continue;
    const value = propertyValue(v);
    if (value !== undefined && p !== 'P31') props[p] = value;
  }
  const p31: string[] = [];
  for (const c of claims.P31 ?? []) {
    const v = c.mainsnak?.datavalue?.value as { id?: string } | undefined;
    if (v?.id) p31.push(v.id);
  }
  // Mapped as CoDEx's classes are (wikidata-classes.ts); a dump gives no class labels, so the table and the ontology's equivalents only.
  classes.push(...dbpediaClassesForWikidataClasses(ontology, p31));
  const mid = (claims.P646?.[0]?.mainsnak?.datavalue?.value as string | undefined) ?? undefined;
  kb.upsert({
    qid: e.id,
    title,
    mid,
    label: e.labels?.en?.value,
    description: e.descriptions?.en?.value,
    aliases: (e.aliases?.en ?? []).map((a) => a.value),
    dbpedia: classes,
    typeEvidence: 'curated',
    popularity: Object.keys(e.sitelinks ?? {}).length,
    props,
  });
  return true;
}

function propertyValue(v: { type: string; value: unknown }): PropertyValue | undefined {
  switch (v.type) {
    case 'wikibase-entityid':
      return (v.value as { id?: string }).id;
    case 'globecoordinate': {
      const g = v.value as { latitude: number; longitude: number };
      return { lat: g.latitude, lon: g.longitude };
    }
    case 'quantity':
      return Number((v.value as { amount: string }).amount);
    case 'string':
      return v.value as string;
    default:
      return undefined;
  }
}
