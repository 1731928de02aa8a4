/**
 * Popularity for entities the in-link counts miss. The KB's popularity is
 * PPRforNED's in-link count, known only for AIDA train's candidates: Google,
 * Amazon and Netflix have 0, so the ranker took them for obscure. Other
 * sources say an entity is well known — a brand list, Pantheon's count of
 * language editions, a list of popular Wikipedia titles, a list of brand
 * icons — but not on the in-link scale. Each signal is calibrated on the
 * entities that have both it and an in-link count:
 * - a list membership maps to a quantile of the in-link counts of the
 *   listed entities that have one: the median for the popular-title and
 *   icon lists, the lower quartile for the brand list (27k brands, most of
 *   them regional chains; the ones with in-links are its famous few);
 * - language editions and page views (Wikitrivia's decks) map through a
 *   least-squares line on log(1 + in-links) against log(1 + the figure).
 * An entity with no in-link count takes the largest estimate of its signals;
 * counts that exist are kept (they are the finer measure).
 */
import type { KbWriter } from './kb-writer.js';
import type { Log } from './sources.js';

export type ListSignal = 'brandList' | 'popularTitle' | 'iconBrand';
export type NumericSignal = 'languageEditions' | 'pageViews' | 'population';

/** Which quantile of the calibration entities' in-link counts a list membership is worth. */
const LIST_QUANTILE: Record<ListSignal, number> = { brandList: 0.25, popularTitle: 0.5, iconBrand: 0.5 };

export class PopularitySignals {
  private readonly lists = new Map<ListSignal, Set<number>>();
  private readonly numbers = new Map<NumericSignal, Map<number, number>>();
  /** The lower-cased names a list signal holds, for sources read after it (markByName). */
  private readonly names = new Map<ListSignal, ReadonlySet<string>>();

  /** Keeps a list's lower-cased names, so that entities a later source adds can be marked by their name. */
  rememberNames(signal: ListSignal, names: ReadonlySet<string>): void {
    this.names.set(signal, names);
  }

  /** Marks `id` with every remembered list that holds `name` (any case); returns whether one did. */
  markByName(id: number, name: string): boolean {
    const key = name.toLowerCase();
    let marked = false;
    for (const [signal, names] of this.names) {
      if (!names.has(key)) continue;
      this.mark(id, signal);
      marked = true;
    }
    return marked;
  }

  mark(id: number, signal: ListSignal): void {
    let s = this.lists.get(signal);
    if (!s) this.lists.set(signal, (s = new Set()));
    s.add(id);
  }

  set(id: number, signal: NumericSignal, value: number): void {
    let m = this.numbers.get(signal);
    if (!m) this.numbers.set(signal, (m = new Map()));
    m.set(id, Math.max(value, m.get(id) ?? 0));
  }

  /**
   * The population (P1082) of every place with a Wikipedia page as a signal: the gazetteers' cities have no
   * in-links, so "Oakland" (Oakland, California) weighed as little as a village of Virginia the same name titles.
   */
  readPopulations(kb: KbWriter): void {
    const rows = kb.db.prepare("SELECT id, props FROM entities WHERE title IS NOT NULL AND props LIKE '%\"P1082\"%'").iterate() as Iterable<{ id: number; props: string }>;
    for (const r of rows) {
      const population = (JSON.parse(r.props) as Record<string, unknown>).P1082;
      if (typeof population === 'number' && population > 0) this.set(r.id, 'population', population);
    }
  }

  /** Writes the calibrated estimates into entities whose popularity is 0; logs the calibration. */
  apply(kb: KbWriter, log: Log): void {
    const popularity = new Map<number, number>();
    for (const r of kb.db.prepare('SELECT id, popularity FROM entities').iterate() as Iterable<{ id: number; popularity: number }>) {
      popularity.set(r.id, r.popularity);
    }
    const estimates = new Map<number, number>();
    const raise = (id: number, v: number) => estimates.set(id, Math.max(v, estimates.get(id) ?? 0));
    for (const [signal, ids] of this.lists) {
      const known = [...ids].map((id) => popularity.get(id) ?? 0).filter((p) => p > 0).sort((a, b) => a - b);
      if (known.length < 20) {
        log(`popularity: ${signal}: only ${known.length} calibration entities, not used`);
        continue;
      }
      const q = LIST_QUANTILE[signal];
      const value = known[Math.floor(known.length * q)];
      log(`popularity: ${signal}: ${ids.size} entities; quantile ${q} of the in-links of the ${known.length} with a count: ${value}`);
      for (const id of ids) raise(id, value);
    }
    for (const [signal, values] of this.numbers) {
      const pairs = [...values].filter(([id, v]) => v > 0 && (popularity.get(id) ?? 0) > 0).map(([id, v]) => [Math.log1p(v), Math.log1p(popularity.get(id) ?? 0)]);
      if (pairs.length < 20) {
        log(`popularity: ${signal}: only ${pairs.length} calibration entities, not used`);
        continue;
      }
      const mx = pairs.reduce((a, p) => a + p[0], 0) / pairs.length;
      const my = pairs.reduce((a, p) => a + p[1], 0) / pairs.length;
      const sxy = pairs.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0);
      const sxx = pairs.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
      const slope = sxx > 0 ? sxy / sxx : 0;
      const intercept = my - slope * mx;
      log(`popularity: ${signal}: log(1+in-links) = ${intercept.toFixed(2)} + ${slope.toFixed(2)}·log(1+${signal}) over ${pairs.length} entities`);
      for (const [id, v] of values) if (v > 0) raise(id, Math.expm1(intercept + slope * Math.log1p(v)));
    }
    const update = kb.db.prepare('UPDATE entities SET popularity = ? WHERE id = ?');
    let n = 0;
    kb.batch(() => {
      for (const [id, est] of estimates) {
        if ((popularity.get(id) ?? 0) > 0 || est < 1) continue;
        update.run(Math.round(est), id);
        n++;
      }
    });
    log(`popularity: ${n} entities without in-links got an estimate`);
  }
}
