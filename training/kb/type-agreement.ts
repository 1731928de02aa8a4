/**
 * Type agreement of knowledge bases with an independent reference: the
 * Wikidata P31 classes CoDEx lists for its items
 * (../shared/data/codex-wikidata-types/entity2types.json), mapped to DBpedia
 * classes by src/linking/kb-build/wikidata-classes.ts.
 *
 *   npx tsx training/kb/type-agreement.ts [--sample N] [--data DIR] [--build-holdout DIR] KB.sqlite [KB2.sqlite …]
 *
 * --build-holdout DIR first builds DIR/kb.sqlite the way `textlens kb build`
 * does, but with `holdOutCodexTypes` (~15 s), and scores it after the others.
 *
 * The sample: N KB entities (default 1,000) whose QID the first KB has, that
 * CoDEx types with a mappable class, and that isTypeAgreementHoldout picks —
 * the fifth of CoDEx's items a build with `holdOutCodexTypes` leaves out, so
 * that a KB built that way is measured on items whose types it did not read
 * from the reference. Every KB is scored on the same sample. Per KB:
 *   typed         entities with any class
 *   top agrees    the KB's top classes (Person, Organisation, Place, Work,
 *                 Event, Species, or the root of a class under none) equal the
 *                 reference's, over all the sample (untyped counts as wrong)
 *   contradicts   typed, under another top class than the reference
 *   exact         each of the reference's most specific classes is a KB class or
 *                 an ancestor of one (the KB is at least as specific)
 *   hier. P/R/F1  over the classes with their ancestors (micro-averaged)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { DbpediaOntology, type OntologyFile } from '../../src/linking/ontology.js';
import { dbpediaClassesForWikidataClasses, isTypeAgreementHoldout } from '../../src/linking/kb-build/wikidata-classes.js';
import { defaultModelsDir } from '../../src/resources/file-loader.js';

const args = process.argv.slice(2);
let sampleSize = 1000;
let data = '../shared/data';
const kbs: string[] = [];
let holdoutDir: string | undefined;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--sample') sampleSize = Number(args[++i]);
  else if (args[i] === '--data') data = args[++i];
  else if (args[i] === '--build-holdout') holdoutDir = args[++i];
  else kbs.push(args[i]);
}
if (holdoutDir) {
  const { buildKb } = await import('../../src/linking/kb-build/build.js');
  kbs.push(await buildKb({ out: resolve(holdoutDir), data: resolve(data), dumps: [], holdOutCodexTypes: true, quiet: true, log: () => {} }));
}
if (kbs.length === 0) throw new Error('usage: type-agreement.ts [--sample N] [--data DIR] KB.sqlite [KB2.sqlite …]');

const ontology = new DbpediaOntology(JSON.parse(readFileSync(join(defaultModelsDir, 'ontology', 'dbpedia-classes.json'), 'utf8')) as OntologyFile);
const dir = join(data, 'codex-wikidata-types');
const types = JSON.parse(readFileSync(join(dir, 'entity2types.json'), 'utf8')) as Record<string, string[]>;
const labels = JSON.parse(readFileSync(join(dir, 'types.en.json'), 'utf8')) as Record<string, { label?: string }>;

const expand = (classes: readonly string[]) => new Set(classes.flatMap((c) => ontology.ancestors(c)));
/** Top classes, or the root class of a class under none (Language, Disease). */
const kinds = (classes: readonly string[]) =>
  new Set(classes.map((c) => ontology.topClass(c) ?? ontology.ancestors(c).at(-1) ?? c));
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
/** A stable order for sampling: FNV-1a of the QID. */
const hash = (s: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
};

const readTypes = (file: string) => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const out = new Map<string, { title: string | null; classes: string[] }>();
  for (const r of db.prepare('SELECT qid, title, dbpedia FROM entities WHERE qid IS NOT NULL').iterate() as Iterable<{ qid: string; title: string | null; dbpedia: string | null }>)
    out.set(r.qid, { title: r.title, classes: r.dbpedia ? (JSON.parse(r.dbpedia) as string[]) : [] });
  db.close();
  return out;
};

const first = readTypes(kbs[0]);
const candidates = [...first.keys()].filter((q) => types[q] && isTypeAgreementHoldout(q));
const gold = new Map<string, string[]>();
for (const q of candidates) {
  const g = dbpediaClassesForWikidataClasses(ontology, types[q], (x) => labels[x]?.label);
  if (g.length > 0) gold.set(q, g);
}
const sample = [...gold.keys()].sort((a, b) => hash(a) - hash(b) || (a < b ? -1 : 1)).slice(0, sampleSize);
console.log(`reference: ${candidates.length} held-out CoDEx items in ${kbs[0]}, ${gold.size} with a mapped class; sample ${sample.length}`);
const goldKinds = new Map<string, number>();
for (const q of sample) for (const k of kinds(gold.get(q)!)) goldKinds.set(k, (goldKinds.get(k) ?? 0) + 1);
console.log(`sample by reference top class: ${[...goldKinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);

const pct = (n: number, d: number) => (d === 0 ? '-' : ((100 * n) / d).toFixed(1));
for (const file of kbs) {
  const kb = file === kbs[0] ? first : readTypes(file);
  let typed = 0, topAgree = 0, contradicts = 0, exact = 0, tp = 0, predN = 0, goldN = 0;
  const wrong: string[] = [];
  for (const q of sample) {
    const g = gold.get(q)!;
    const e = kb.get(q);
    const p = e?.classes ?? [];
    const G = expand(g);
    const P = expand(p);
    goldN += G.size;
    predN += P.size;
    for (const c of P) if (G.has(c)) tp++;
    if (p.length === 0) continue;
    typed++;
    if (sameSet(kinds(p), kinds(g))) topAgree++;
    else {
      contradicts++;
      if (wrong.length < 12) wrong.push(`${e?.title ?? q} (${q}): KB ${p.join('+')} vs ${g.join('+')}`);
    }
    if (g.every((c) => P.has(c))) exact++;
  }
  const P = tp / predN, R = tp / goldN;
  console.log(`\n${file}`);
  console.log(`  typed ${pct(typed, sample.length)} %, top agrees ${pct(topAgree, sample.length)} % (of typed ${pct(topAgree, typed)} %), contradicts ${pct(contradicts, sample.length)} %, exact ${pct(exact, sample.length)} %`);
  console.log(`  hierarchical P ${(100 * P).toFixed(1)} R ${(100 * R).toFixed(1)} F1 ${((200 * P * R) / (P + R)).toFixed(1)}`);
  for (const w of wrong) console.log(`    ${w}`);
}
