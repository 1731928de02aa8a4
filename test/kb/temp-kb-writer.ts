/**
 * A KbWriter on a fresh temporary file for the KB build tests, with the
 * shipped DBpedia ontology; each test's writer is aborted and its directory
 * removed after the test.
 */
import { afterEach } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { KbWriter } from '../../src/linking/kb-build/kb-writer.js';
import { DbpediaOntology, type OntologyFile } from '../../src/linking/ontology.js';
import { defaultModelsDir } from '../../src/resources/file-loader.js';

export const ontology = new DbpediaOntology(JSON.parse(readFileSync(`${defaultModelsDir}ontology/dbpedia-classes.json`, 'utf8')) as OntologyFile);

/** Returns a factory of writers named `prefix…`; registers the cleanup with the calling test file. */
export function tempKbWriters(prefix: string): () => KbWriter {
  let writer: KbWriter | undefined;
  let dir = '';
  afterEach(() => {
    writer?.abort();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    return (writer = new KbWriter(join(dir, 'kb.sqlite'), ontology));
  };
}
