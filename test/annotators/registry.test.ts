/**
 * The registry is the one place annotators are declared: it must be
 * consistent on its own (every needed layer has a producer, no cycles, the
 * spec's extractors all served) and nothing else may declare them again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANNOTATORS } from '../../src/annotators/registry.js';
import { BASE_LAYERS, LAYER_ON_DOC, type Layer } from '../../src/annotators/annotator.js';
import { EXTRACTORS } from '../../src/types.js';

const ALL_LAYERS = Object.keys(LAYER_ON_DOC) as Layer[];
const assigned = new Set(ANNOTATORS.flatMap((a) => a.assigns));

describe('the annotator registry', () => {
  it('names each annotator once', () => {
    const names = ANNOTATORS.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has a producer for every layer an annotator requires: a base layer or an annotator', () => {
    for (const a of ANNOTATORS) {
      for (const r of a.requires) expect(BASE_LAYERS.includes(r) || assigned.has(r), `${a.name} requires ${r}`).toBe(true);
    }
  });

  it('assigns every layer a Doc can carry, and no base layer', () => {
    for (const l of ALL_LAYERS) expect(BASE_LAYERS.includes(l) || assigned.has(l), `layer ${l}`).toBe(true);
    for (const a of ANNOTATORS) for (const l of a.assigns) expect(BASE_LAYERS.includes(l), `${a.name} assigns ${l}`).toBe(false);
  });

  it('lists annotators in dependency order: each requirement is assigned before (so there is no cycle)', () => {
    const before = new Set<Layer>(BASE_LAYERS);
    for (const a of ANNOTATORS) {
      for (const r of a.requires) expect(before.has(r), `${a.name} requires ${r}, assigned only later`).toBe(true);
      for (const l of a.assigns) before.add(l);
    }
  });

  it('has no cycle between layers through requires/assigns', () => {
    // layer -> layers its producers require
    const needs = new Map<Layer, Set<Layer>>();
    for (const a of ANNOTATORS) for (const l of a.assigns) needs.set(l, new Set([...(needs.get(l) ?? []), ...a.requires]));
    const state = new Map<Layer, 'open' | 'done'>();
    const cycleFrom = (l: Layer, path: Layer[]): Layer[] | undefined => {
      if (state.get(l) === 'done') return undefined;
      if (state.get(l) === 'open') return [...path, l];
      state.set(l, 'open');
      for (const r of needs.get(l) ?? []) {
        const found = cycleFrom(r, [...path, l]);
        if (found) return found;
      }
      state.set(l, 'done');
      return undefined;
    };
    for (const l of ALL_LAYERS) expect(cycleFrom(l, [])).toBeUndefined();
  });

  it("serves every extractor the spec lists, and names no other", () => {
    const served = new Set(ANNOTATORS.flatMap((a) => Object.keys(a.extractors ?? {})));
    expect([...served].sort()).toEqual([...EXTRACTORS].sort());
    for (const e of EXTRACTORS) {
      const uses = ANNOTATORS.map((a) => a.extractors?.[e]).filter((u) => u !== undefined);
      expect(uses.every((u) => u === 'required' || u === 'optional'), e).toBe(true);
    }
  });

  it('gives annotators of the same layer the same extractors, so the one installed does not change what an extractor needs', () => {
    for (const a of ANNOTATORS) {
      for (const b of ANNOTATORS) {
        if (a !== b && a.assigns.some((l) => b.assigns.includes(l))) {
          expect(b.extractors, `${a.name} and ${b.name}`).toEqual(a.extractors);
          expect(b.readByRules, `${a.name} and ${b.name}`).toEqual(a.readByRules);
        }
      }
    }
  });

  it('spells languages as ISO 639-2 codes', () => {
    for (const a of ANNOTATORS) for (const l of a.languages ?? []) expect(l, a.name).toMatch(/^[a-z]{3}$/);
  });
});

describe('one declaration per annotator', () => {
  it('no annotator module outside the registry declares requires or assigns again', () => {
    const dir = new URL('../../src/annotators/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'registry.ts' && f !== 'annotator.ts')) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      expect(source, file).not.toMatch(/\b(requires|assigns|languages):\s*\[/);
    }
  });
});

describe('the annotators room and the platform seam', () => {
  const source = (dir: URL) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => [f, readFileSync(new URL(f, dir), 'utf8')] as const);

  it('annotators run on any platform: no Node built-in is imported (platform primitives come through #platform)', () => {
    for (const [file, text] of source(new URL('../../src/annotators/', import.meta.url))) expect(text, file).not.toMatch(/from '(node:|fs'|path')/);
  });

  it('the platform hands primitives up and never imports an annotator', () => {
    for (const [file, text] of source(new URL('../../src/platform/', import.meta.url))) expect(text, file).not.toMatch(/from '(\.\.\/)+annotators\//);
  });
});
