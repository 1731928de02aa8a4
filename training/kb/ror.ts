/**
 * Extracts the KB's organisation source from the Research Organization
 * Registry (ROR, https://ror.org; its data is CC0, the ror-records
 * repository's code MIT): every active record with a Wikidata QID, its
 * names, ROR types and place, as the committed file
 * training/kb/sources/ror-organisations.tsv.gz that `textlens kb build`
 * reads (src/linking/kb-build/ror.ts).
 *
 *   npx tsx training/kb/ror.ts --records DIR [--out FILE]
 *
 * DIR is a checkout of github.com/ror-community/ror-records: one folder per
 * release (v1.0 … v2.9), each holding the records that release added or
 * changed as <ror id>.json. A record's latest release wins. Both record
 * schemas are read (v1: name/aliases/acronyms/labels/external_ids.Wikidata;
 * v2: names[] with types and lang, external_ids[] with type "wikidata").
 *
 * Kept names: the display name, then every label, alias and acronym in
 * Latin script, in any language: English text writes many institutions by
 * their own names ("Koninklijke Bibliotheek", "Politecnico di Torino"), and
 * French, Spanish, Portuguese and German documents link to this KB too.
 * With English and untagged names only, GUM dev had one right link fewer.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Row {
  qid: string;
  ror: string;
  types: string[];
  city: string;
  country: string;
  names: string[];
}

const args = process.argv.slice(2);
let records = '';
let out = join('training', 'kb', 'sources', 'ror-organisations.tsv.gz');
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--records') records = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else throw new Error(`unknown argument ${args[i]}; usage: ror.ts --records DIR [--out FILE]`);
}
if (!records) throw new Error('usage: ror.ts --records DIR [--out FILE] (DIR: a checkout of ror-community/ror-records)');

/** Release folder names in release order ("v1.9" before "v1.10"). */
const releaseOrder = (a: string, b: string) => {
  const na = a.match(/\d+/g)?.map(Number) ?? [];
  const nb = b.match(/\d+/g)?.map(Number) ?? [];
  for (let i = 0; i < Math.max(na.length, nb.length); i++) if ((na[i] ?? -1) !== (nb[i] ?? -1)) return (na[i] ?? -1) - (nb[i] ?? -1);
  return 0;
};

const latest = new Map<string, string>();
const releases = readdirSync(records).filter((d) => /^v\d/.test(d)).sort(releaseOrder);
for (const rel of releases) {
  for (const f of readdirSync(join(records, rel))) if (f.endsWith('.json')) latest.set(f, join(records, rel, f));
}

type Json = Record<string, unknown>;

function rowOf(r: Json): Row | undefined {
  if (r.status !== 'active') return undefined;
  const ror = String(r.id ?? '').replace('https://ror.org/', '');
  let qid: string | undefined;
  const names: string[] = [];
  const ids = r.external_ids;
  if (Array.isArray(ids)) {
    // Schema v2.
    for (const e of ids as Json[]) if (e.type === 'wikidata') qid = String(e.preferred ?? (e.all as string[] | undefined)?.[0] ?? '');
    const all = (r.names as Json[] | undefined) ?? [];
    const display = all.find((n) => (n.types as string[]).includes('ror_display'));
    if (display) names.push(String(display.value));
    for (const n of all) names.push(String(n.value));
  } else if (ids && typeof ids === 'object') {
    // Schema v1.
    const w = (ids as Record<string, Json>).Wikidata;
    qid = w ? String(w.preferred ?? (w.all as string[] | undefined)?.[0] ?? '') : undefined;
    names.push(String(r.name ?? ''));
    for (const a of (r.aliases as string[] | undefined) ?? []) names.push(a);
    for (const a of (r.acronyms as string[] | undefined) ?? []) names.push(a);
    for (const l of (r.labels as Json[] | undefined) ?? []) names.push(String(l.label));
  }
  if (!qid || !/^Q\d+$/.test(qid)) return undefined;
  const types = ((r.types as string[] | undefined) ?? []).map((t) => t.toLowerCase());
  let city = '';
  let country = '';
  const loc = (r.locations as Json[] | undefined)?.[0]?.geonames_details as Json | undefined;
  if (loc) {
    city = String(loc.name ?? '');
    country = String(loc.country_name ?? '');
  } else {
    const addr = (r.addresses as Json[] | undefined)?.[0];
    city = String(addr?.city ?? '');
    country = String((r.country as Json | undefined)?.country_name ?? '');
  }
  // Latin script only: a kana or Cyrillic name without a language tag is no English name either.
  const latin = (n: string) => /\p{Script=Latin}/u.test(n) && !/[^\p{Script=Latin}\p{Script=Common}\p{M}]/u.test(n);
  const clean = [...new Set(names.map((n) => n.replace(/[\t\n|]+/g, ' ').trim()).filter((n) => n.length > 1 && latin(n)))];
  if (clean.length === 0) return undefined;
  return { qid, ror, types, city: city.replace(/[\t\n]/g, ' '), country: country.replace(/[\t\n]/g, ' '), names: clean };
}

const rows: Row[] = [];
for (const file of latest.values()) {
  let r: Json;
  try {
    r = JSON.parse(readFileSync(file, 'utf8')) as Json;
  } catch {
    continue; // a record file that is not JSON (none in v2.9): skipped
  }
  const row = rowOf(r);
  if (row) rows.push(row);
}
// One row per QID (two ROR records can share one: a record and its successor); the first in ROR id order.
rows.sort((a, b) => a.ror.localeCompare(b.ror));
const seen = new Set<string>();
const lines = ['qid\tror\ttypes\tcity\tcountry\tnames'];
for (const r of rows) {
  if (seen.has(r.qid)) continue;
  seen.add(r.qid);
  lines.push([r.qid, r.ror, r.types.join(','), r.city, r.country, r.names.join('|')].join('\t'));
}
mkdirSync(dirname(out), { recursive: true });
// mtime 0 in the gzip header: the same records give the same bytes.
writeFileSync(out, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
process.stdout.write(`ror: ${latest.size} records in ${releases.length} releases, ${lines.length - 1} active with a QID → ${out}\n`);
