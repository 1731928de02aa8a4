#!/usr/bin/env node
// Builds models/ontology/dbpedia-classes.json from
// ../shared/data/dbpedia-ontology/dbpedia_classes.json (derived from DBpedia's
// ontology.owl, CC BY-SA 3.0): every dbo: class with its dbo: parents, English
// label and Wikidata equivalents, prefixes stripped ("dbo:Person" → "Person").
//
//   node training/ontology/build.mjs [sourceDir] [outFile]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const src = process.argv[2] ?? join(root, '..', 'shared', 'data', 'dbpedia-ontology');
const out = process.argv[3] ?? join(root, 'models', 'ontology', 'dbpedia-classes.json');

// Deliberate corrections, documented in models/ontology/README.md.
// In this ontology snapshot dbo:Person is a subclass of dbo:Animal (→
// Eukaryote → Species); DBpedia releases up to 2016 and the hosted API this
// library re-implements put Person under Agent, which is what type filters
// such as "Agent" expect. Person keeps Agent as its only parent.
const PARENT_OVERRIDES = { Person: ['Agent'] };

const plain = (c) => c.replace(/^dbo:/, '');
const rows = JSON.parse(readFileSync(join(src, 'dbpedia_classes.json'), 'utf8'));
const classes = {};
for (const r of rows) {
  if (!r.class.startsWith('dbo:')) continue;
  const name = plain(r.class);
  const parents = PARENT_OVERRIDES[name] ?? r.subClassOf.filter((p) => p.startsWith('dbo:')).map(plain);
  const wikidata = r.equivalentClass.filter((e) => e.startsWith('wikidata:')).map((e) => e.slice('wikidata:'.length));
  const entry = { parents };
  if (r.label_en) entry.label = r.label_en;
  if (wikidata.length) entry.wikidata = wikidata;
  classes[name] = entry;
}
// The source has a few parents spelled in the wrong case ("dbo:work"):
// resolve them case-insensitively; drop (and report) any that stay unknown.
const byLower = new Map(Object.keys(classes).map((k) => [k.toLowerCase(), k]));
for (const [name, c] of Object.entries(classes)) {
  c.parents = c.parents.flatMap((p) => {
    const hit = classes[p] ? p : byLower.get(p.toLowerCase());
    if (hit && hit !== p) console.warn(`${name}: parent ${p} read as ${hit}`);
    if (!hit) console.warn(`${name}: unknown parent ${p} dropped`);
    return hit ? [hit] : [];
  });
}
const doc = {
  source: 'DBpedia ontology (dbpedia/extraction-framework ontology.owl, 4.2-SNAPSHOT, 2024-06-06)',
  license: 'CC BY-SA 3.0',
  overrides: PARENT_OVERRIDES,
  classes,
};
writeFileSync(out, JSON.stringify(doc) + '\n');
console.log(`${Object.keys(classes).length} classes → ${out}`);
