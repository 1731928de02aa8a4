import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { tempKbWriters, ontology } from './temp-kb-writer.js';
import { addGivenNames } from '../../src/linking/kb-build/npm-sources.js';
import { KnowledgeBase } from '../../src/linking/knowledge-base.js';

const newWriter = tempKbWriters('given-names-');

describe("the KB's list of given names (KB build and reader)", () => {
  it('keeps the one-word names of a stdlib list and answers for them as written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'names-pkg-'));
    try {
      mkdirSync(join(dir, 'data'));
      writeFileSync(join(dir, 'data', 'names.json'), JSON.stringify(['Ian', 'Mary-Ann', 'Diana', 'Ian', 'de']));
      const kb = newWriter();
      kb.upsert({ qid: 'Q1', label: 'Ian Botham' });
      addGivenNames(kb, dir, () => {});
      kb.finish({ sources: 'test' });
      const read = await KnowledgeBase.open(kb.outFile, { ontology });
      try {
        expect(read.isGivenName('Ian')).toBe(true);
        expect(read.isGivenName('Diana')).toBe(true);
        // Hyphenated, lower-case or in another case: not a one-token given name as written.
        expect(read.isGivenName('Mary-Ann')).toBe(false);
        expect(read.isGivenName('de')).toBe(false);
        expect(read.isGivenName('ian')).toBe(false);
        expect(read.isGivenName('Botham')).toBe(false);
      } finally {
        read.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers no for every name in a KB built without the list', async () => {
    const kb = newWriter();
    kb.upsert({ qid: 'Q1', label: 'Ian Botham' });
    kb.finish({ sources: 'test' });
    const read = await KnowledgeBase.open(kb.outFile, { ontology });
    try {
      expect(read.isGivenName('Ian')).toBe(false);
    } finally {
      read.close();
    }
  });
});
