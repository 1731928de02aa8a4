import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KbWriter } from '../../src/linking/kb-build/kb-writer.js';
import { ingestWikidataDump } from '../../src/linking/kb-build/wikidata-dump.js';
import { DbpediaOntology } from '../../src/linking/ontology.js';
import { KnowledgeBase } from '../../src/linking/knowledge-base.js';
import { fileLoader } from '../../src/resources/file-loader.js';

const sample = new URL('../fixtures/kb/wikidata-sample.json.gz', import.meta.url).pathname;

describe('Wikidata dump ingester', () => {
  it('streams the sample into a KB with titles, types, properties and aliases', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kb-'));
    try {
      const ontology = await DbpediaOntology.load(fileLoader());
      const file = join(dir, 'kb.sqlite');
      const w = new KbWriter(file, ontology);
      const progress: string[] = [];
      const kept = await ingestWikidataDump(w, sample, ontology, { progress: (l) => progress.push(l) });
      w.finish({ sources: 'sample' });
      expect(kept).toBe(3); // the item without an enwiki article is skipped
      expect(progress.at(-1)).toContain('100.0%');
      const kb = await KnowledgeBase.open(file, { ontology });
      const munich = kb.entity('Q1726');
      expect(munich?.title).toBe('Munich');
      expect(munich?.mid).toBe('/m/02h6_6p');
      expect(munich?.dbpediaTypes).toEqual(expect.arrayContaining(['City', 'Settlement', 'PopulatedPlace', 'Place']));
      expect(munich?.freebaseTypes).toContain('/location/citytown');
      expect(munich?.properties.P625).toEqual({ lat: 48.1375, lon: 11.575 });
      expect(munich?.properties.P1082).toBe(1512491);
      expect(kb.candidates('MÜNCHEN').map((c) => c.entity)).toEqual([munich?.id]);
      expect(kb.entity('Albert_Einstein')?.dbpediaTypes).toContain('Person');
      expect(kb.candidates('Einstein')[0].prior).toBeCloseTo(1);
      expect(kb.entity('Q99999990')).toBeUndefined();
      kb.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
