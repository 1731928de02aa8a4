/**
 * Weak supervision from WordNet Domains 3.2 (CC BY 3.0, FBK; lifted to
 * WordNet 3.0): pseudo-documents of words whose most frequent sense (sense
 * #1) carries a domain that maps to an IPTC top concept (the committed
 * table below), e.g. gastronomy → lifestyle and leisure, meteorology →
 * weather. They give the top concepts that no news set covers a vocabulary.
 * A word whose sense-1 domains map to two top concepts is left out.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOP } from '../../src/semantics/dataset-labels.js';
import { seededRandom, type TrainingDoc } from '../../src/classify/train.js';

export const DOMAIN_TOPICS: Readonly<Record<string, string>> = {
  art: TOP.arts, music: TOP.arts, literature: TOP.arts, theatre: TOP.arts, painting: TOP.arts, cinema: TOP.arts,
  dance: TOP.arts, drawing: TOP.arts, sculpture: TOP.arts, photography: TOP.arts, plastic_arts: TOP.arts,
  graphic_arts: TOP.arts, publishing: TOP.arts, 'radio+tv': TOP.arts,
  law: TOP.crime,
  economy: TOP.economy, commerce: TOP.economy, money: TOP.economy, banking: TOP.economy, finance: TOP.economy,
  enterprise: TOP.economy, exchange: TOP.economy, insurance: TOP.economy, tax: TOP.economy, industry: TOP.economy,
  book_keeping: TOP.economy,
  school: TOP.education, pedagogy: TOP.education, university: TOP.education,
  environment: TOP.environment,
  medicine: TOP.health, pharmacy: TOP.health, surgery: TOP.health, dentistry: TOP.health, psychiatry: TOP.health,
  health: TOP.health,
  gastronomy: TOP.lifestyle, food: TOP.lifestyle, fashion: TOP.lifestyle, tourism: TOP.lifestyle, free_time: TOP.lifestyle,
  play: TOP.lifestyle, card: TOP.lifestyle, chess: TOP.lifestyle, jewellery: TOP.lifestyle, body_care: TOP.lifestyle,
  home: TOP.lifestyle, betting: TOP.lifestyle,
  politics: TOP.politics, administration: TOP.politics, diplomacy: TOP.politics,
  religion: TOP.religion, theology: TOP.religion, roman_catholic: TOP.religion,
  chemistry: TOP.science, physics: TOP.science, mathematics: TOP.science, computer_science: TOP.science,
  astronomy: TOP.science, electronics: TOP.science, genetics: TOP.science, engineering: TOP.science,
  telecommunication: TOP.science, astronautics: TOP.science, biochemistry: TOP.science, atomic_physic: TOP.science,
  statistics: TOP.science, optics: TOP.science,
  sociology: TOP.society, anthropology: TOP.society, ethnology: TOP.society,
  sport: TOP.sport, golf: TOP.sport, tennis: TOP.sport, football: TOP.sport, soccer: TOP.sport, basketball: TOP.sport,
  baseball: TOP.sport, boxing: TOP.sport, cricket: TOP.sport, hockey: TOP.sport, racing: TOP.sport, swimming: TOP.sport,
  skiing: TOP.sport, athletics: TOP.sport, cycling: TOP.sport, wrestling: TOP.sport, skating: TOP.sport,
  rugby: TOP.sport, fencing: TOP.sport, rowing: TOP.sport, volleyball: TOP.sport, badminton: TOP.sport,
  military: TOP.conflict,
  meteorology: TOP.weather,
};

/** Pseudo-documents of `size` words each, at most `maxPerTopic` per top concept, shuffled by a fixed seed. */
export function domainPseudoDocuments(dataDir: string, size = 12, maxPerTopic = 300): { docs: TrainingDoc[]; words: Map<string, number> } {
  const file = join(dataDir, 'wordnet-domains', 'wordnet-domains-3.2-wordnet-3.0.txt');
  const topsOf = new Map<string, Set<string>>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 3) continue;
    const [lemma, , sense] = f[1].split('#');
    if (sense !== '1') continue;
    const word = lemma.replace(/_/g, ' ').toLowerCase();
    for (const d of f.slice(2)) {
      const top = DOMAIN_TOPICS[d];
      if (!top) continue;
      let set = topsOf.get(word);
      if (!set) topsOf.set(word, (set = new Set()));
      set.add(top);
    }
  }
  const byTop = new Map<string, string[]>();
  for (const [word, tops] of topsOf) {
    if (tops.size !== 1) continue;
    const top = [...tops][0];
    const list = byTop.get(top) ?? [];
    list.push(word);
    byTop.set(top, list);
  }
  const random = seededRandom(7);
  const docs: TrainingDoc[] = [];
  const words = new Map<string, number>();
  for (const [top, list] of [...byTop].sort()) {
    list.sort();
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    words.set(top, list.length);
    for (let k = 0; k * size < list.length && k < maxPerTopic; k++) docs.push({ text: list.slice(k * size, (k + 1) * size).join(', '), labels: [top] });
  }
  return { docs, words };
}
