/**
 * kb build's progress for a Wikidata dump: the ingester reports bytes and
 * items as numbers, which the shared progress display draws.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildKb } from '../../src/linking/kb-build/build.js';
import { KbWriter } from '../../src/linking/kb-build/kb-writer.js';
import { ingestWikidataDump, type DumpProgress } from '../../src/linking/kb-build/wikidata-dump.js';
import { DbpediaOntology } from '../../src/linking/ontology.js';
import { fileLoader } from '../../src/resources/file-loader.js';

const sample = new URL('../fixtures/kb/wikidata-sample.json.gz', import.meta.url).pathname;

describe('Wikidata dump progress', () => {
  it('ends with every byte read and the items seen and kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kb-progress-'));
    try {
      const ontology = await DbpediaOntology.load(fileLoader());
      const w = new KbWriter(join(dir, 'kb.sqlite'), ontology);
      const reports: DumpProgress[] = [];
      const kept = await ingestWikidataDump(w, sample, ontology, { onProgress: (p) => reports.push(p) });
      w.finish({ sources: 'sample' });
      const size = statSync(sample).size;
      expect(reports.at(-1)).toEqual({ bytesRead: size, bytes: size, seen: 4, kept });
      expect(kept).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('kb build --dump-only writes the KB with the display quiet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kb-build-'));
    try {
      const logs: string[] = [];
      const file = await buildKb({ out: dir, dumps: [sample], quiet: true, log: (m) => logs.push(m) });
      expect(statSync(file).size).toBeGreaterThan(0);
      expect(logs).toContain('wikidata dump: 3 entities kept');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
