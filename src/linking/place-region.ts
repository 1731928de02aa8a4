/**
 * Towns named with their state or province: "Boston, Massachusetts",
 * "Springfield, Illinois", "Auburn, New York". The region says which
 * Springfield, and the pair names one place, the town — as OKE, News-Fair
 * and GUM annotate it. After disambiguation, such a pair becomes one
 * mention of the town over both names, and the town is the candidate the
 * KB places in that region, whatever the town's name alone ranked first
 * (the ranker reads "Springfield" as Springfield, Massachusetts, the
 * likelier one). A town the KB titles after another region ("Parkersburg,
 * West Virginia" for "Parkersburg, Iowa") is the wrong namesake: it stays
 * unlinked. A town and its country ("Paris, France") stay two mentions:
 * the same benchmarks annotate those as two names as often as one; the
 * country still says which town (placesInCountries).
 */
import type { KbEntity } from './knowledge-base.js';
import type { Disambiguation, ScoredCandidate } from './disambiguate.js';
import type { MentionSpan } from './features.js';

/** Classes of a state or province that qualifies a town's name. */
const REGION_CLASSES = ['AdministrativeRegion', 'State', 'Province'];

const isRegion = (e: KbEntity) => !e.dbpediaTypes.includes('Country') && REGION_CLASSES.some((k) => e.dbpediaTypes.includes(k));

/**
 * A place that can lie in a state or province: no country, and no region unless it is a settlement too
 * ("Athens, Georgia" is a city and its county: DBpedia's City and AdministrativeRegion). The entity's classes
 * include their ancestors, so City, Town and Village are all Settlement.
 */
const isTown = (e: KbEntity) =>
  e.dbpediaTypes.includes('Place') && !e.dbpediaTypes.includes('Country') && (!isRegion(e) || e.dbpediaTypes.includes('Settlement') || isCounty(e));

/** A county or parish named with its state ("McHenry County, Illinois"): a region, but one that lies in another. */
const isCounty = (e: KbEntity) => /_(County|Parish)(,_|$)/.test(e.title ?? '');

/** How many of a name's ranked candidates are searched for the town in the region. */
const TOWN_CANDIDATES = 10;

/** How many of the region name's ranked candidates may be the region ("New York": the city first, the state second). */
const REGION_CANDIDATES = 3;

/** A title that names the town's region after a comma ("Parkersburg,_West_Virginia" → "West_Virginia"). */
const titleRegion = (e: KbEntity) => /,_([^,(]+)$/.exec(e.title ?? '')?.[1];

/** "New_York_(state)" → "New_York": how a town's title names its region. */
const withoutDisambiguator = (title: string) => title.replace(/_\([^)]*\)$/, '');

/**
 * Whether the KB places town `place` inside the state or province `region`:
 * its administrative parent (P131), a title "Place,_Region"
 * ("Long_Beach,_California", "Auburn,_New_York" for New_York_(state)), or the region's country and a link between
 * the two. Neighbours in a list ("Ohio, Michigan") are both regions, and
 * no region lies in another here.
 */
export function liesIn(place: KbEntity, region: KbEntity): boolean {
  if (!isTown(place) || !isRegion(region)) return false;
  const p = place.properties;
  if (region.qid !== undefined && p.P131 === region.qid) return true;
  const named = titleRegion(place);
  if (named !== undefined && region.title !== undefined && (named === region.title || named === withoutDisambiguator(region.title))) return true;
  return p.P17 !== undefined && p.P17 === region.properties.P17 && place.related.includes(region.id);
}


export interface PlaceRegionPairs {
  /** Per town mention (index into the spans): the joined mention's end and its link. */
  towns: Map<number, { end: number; best: ScoredCandidate }>;
  /** Region mentions folded into a town mention. */
  regions: Set<number>;
  /** Town mentions whose link is a namesake titled after another region: no link. */
  unlinked: Set<number>;
}

/**
 * The "Town , Region" pairs among a document's mentions (sorted by start)
 * and their disambiguations. A pair is joined when the town's name has a
 * candidate the KB places in one of the region name's likely regions, and
 * the town or the region was linked on its own (the link keeps the better
 * confidence of the two).
 */
export function placeRegionPairs(
  tokens: readonly string[],
  spans: readonly MentionSpan[],
  links: readonly Disambiguation[],
  kbName?: (name: string) => KbEntity | undefined,
): PlaceRegionPairs {
  const out: PlaceRegionPairs = { towns: new Map(), regions: new Set(), unlinked: new Set() };
  const startsAt = new Map<number, number>();
  spans.forEach((s, i) => {
    const k = startsAt.get(s.start);
    // Of two mentions starting at one token, the linked one (else the first, the longer) names the region.
    if (k === undefined || (!links[k].best && links[i].best)) startsAt.set(s.start, i);
  });
  spans.forEach((s, i) => {
    if (out.regions.has(i) || tokens[s.end] !== ',') return;
    const j = startsAt.get(s.end + 1);
    if (j === undefined || j === i) return;
    const regions = regionCandidates(links[j]);
    if (regions.length === 0) return;
    const town = links[i];
    const name = s.text.toLowerCase();
    for (const region of regions) {
      // Another candidate than the link only when titled with the name and the region ("Springfield,_Illinois"):
      // a county or district of the region ("Milwaukee_County,_Wisconsin") is not the town.
      const pick =
        town.best && liesIn(town.best.entity, region)
          ? town.best
          : town.ranked.slice(0, TOWN_CANDIDATES).find((c) => liesIn(c.entity, region) && (c.entity.title ?? '').replace(/_/g, ' ').toLowerCase().startsWith(`${name}, `));
      if (!pick) continue;
      const confidence = Math.max(town.best?.probability ?? 0, links[j].best?.probability ?? 0);
      if (confidence === 0) return;
      // A region name linked on its own, or written out in full ("Cedar Rapids, Iowa", where "Iowa" alone
      // fell under the thresholds), joins the town's mention; an abbreviation left unlinked ("Portland, OR")
      // only says which town, and the mention stays the town's name (tweets annotate it so).
      const named = links[j].best?.entity === region || namesRegion(spans[j].text, region);
      const joined = named && !isDateline(tokens, s.start, spans[j].end);
      out.towns.set(i, { end: joined ? spans[j].end : s.end, best: { ...pick, probability: confidence } });
      if (joined) out.regions.add(j);
      return;
    }
    // No candidate of the town lies in the region: a link titled after another region is the wrong namesake.
    const named = town.best && isTown(town.best.entity) ? titleRegion(town.best.entity) : undefined;
    if (named !== undefined && !regions.some((r) => r.title !== undefined && withoutDisambiguator(r.title) === named)) out.unlinked.add(i);
  });
  if (kbName) namedWithTheirPlace(tokens, spans, links, out, kbName);
  placesInCountries(tokens, spans, links, out);
  sameTownElsewhere(spans, links, out);
  return out;
}

/**
 * "Trinity College, Cambridge", "Hollywood, California": a name and the place after its comma are one name
 * when the KB knows the two together as a name of the entity the name was linked to, or of one of its
 * candidates where it was left silent (a page title or a redirect): one mention of it over both. This reaches what the town-in-region rule cannot: an institution named with its
 * town, and a district whose administrative parent is a city of the region. Not before a country (a town and
 * its country stay two mentions, see above), and not in a dateline.
 */
function namedWithTheirPlace(
  tokens: readonly string[],
  spans: readonly MentionSpan[],
  links: readonly Disambiguation[],
  out: PlaceRegionPairs,
  kbName: (name: string) => KbEntity | undefined,
): void {
  const startsAt = firstSpanAt(spans);
  spans.forEach((s, i) => {
    if (out.towns.has(i) || out.regions.has(i) || out.unlinked.has(i) || tokens[s.end] !== ',') return;
    const j = startsAt.get(s.end + 1);
    if (j === undefined || out.towns.has(j) || out.regions.has(j) || isDateline(tokens, s.start, spans[j].end)) return;
    if (links[j].best?.entity.dbpediaTypes.includes('Country')) return;
    const named = kbName(`${s.text}, ${spans[j].text}`);
    if (!named) return;
    // The name's link, or, where the name alone was left silent ("Jesus College": Oxford's ranked first), its
    // candidate that the two names together name.
    const own = links[i].best ?? links[i].ranked.slice(0, TOWN_CANDIDATES).find((c) => c.entity === named);
    if (own?.entity !== named) return;
    const confidence = Math.max(own.probability, links[i].choice?.confidence ?? 0, links[j].best?.probability ?? 0);
    out.towns.set(i, { end: spans[j].end, best: { ...own, probability: confidence } });
    out.regions.add(j);
  });
}

/**
 * "Olympia, Greece", "Alexandria, Egypt": a place named with its country is a place of that country. When the
 * place's link lies in another country (P17), the candidate of its name that lies in the named one takes the link;
 * with none, the link is the wrong namesake and goes. The two names stay two mentions (see above).
 */
function placesInCountries(tokens: readonly string[], spans: readonly MentionSpan[], links: readonly Disambiguation[], out: PlaceRegionPairs): void {
  const startsAt = firstSpanAt(spans);
  spans.forEach((s, i) => {
    const own = links[i].best;
    if (out.towns.has(i) || out.regions.has(i) || !own || tokens[s.end] !== ',') return;
    const j = startsAt.get(s.end + 1);
    const country = j === undefined ? undefined : links[j].best?.entity;
    // A historical state ("Vienna, Austrian Empire") is no P17 of today's towns.
    if (!country?.qid || !country.dbpediaTypes.includes('Country') || country.dbpediaTypes.includes('HistoricalCountry')) return;
    const inCountry = (e: KbEntity) => e.dbpediaTypes.includes('Place') && !e.dbpediaTypes.includes('Country') && e.properties.P17 !== undefined;
    // England, Scotland, Wales: a country inside a sovereign one (its own P17), which its towns give as theirs.
    const sameCountry = (e: KbEntity) => e.properties.P17 === country.qid || (country.properties.P17 !== undefined && e.properties.P17 === country.properties.P17);
    if (!inCountry(own.entity) || sameCountry(own.entity)) return;
    const pick = links[i].ranked.slice(0, TOWN_CANDIDATES).find((c) => inCountry(c.entity) && sameCountry(c.entity));
    if (pick) out.towns.set(i, { end: s.end, best: { ...pick, probability: own.probability } });
    else out.unlinked.add(i);
  });
}

/**
 * A town named once with its region is that town wherever the document names it alone: after "operated
 * out of Norfolk, Virginia", a later "Norfolk" is Norfolk, Virginia, not the English county the name
 * alone ranks first. Each other linked mention of the town's name whose candidates include that town takes
 * it, with the better confidence of its own link and the pair's. A name qualified by two regions in one
 * document keeps its own readings.
 */
function sameTownElsewhere(spans: readonly MentionSpan[], links: readonly Disambiguation[], out: PlaceRegionPairs): void {
  const byName = new Map<string, { best: ScoredCandidate } | null>();
  for (const [i, t] of out.towns) {
    const name = spans[i].text.toLowerCase();
    const seen = byName.get(name);
    byName.set(name, seen === undefined || seen?.best.entity === t.best.entity ? { best: t.best } : null);
  }
  spans.forEach((s, k) => {
    if (out.towns.has(k) || out.regions.has(k)) return;
    const town = byName.get(s.text.toLowerCase());
    // Only a mention linked on its own switches: one the NIL decision left silent ("Houston's Top Dentists", a
    // magazine) stays silent.
    if (!town || !links[k].best) return;
    const candidate = links[k].ranked.slice(0, TOWN_CANDIDATES).find((c) => c.entity === town.best.entity);
    if (!candidate) return;
    out.towns.set(k, { end: s.end, best: { ...candidate, probability: Math.max(links[k].best.probability, town.best.probability) } });
    out.unlinked.delete(k);
  });
}

/** Per token, the index of the first mention starting there. */
function firstSpanAt(spans: readonly MentionSpan[]): Map<number, number> {
  const startsAt = new Map<number, number>();
  spans.forEach((s, i) => {
    if (!startsAt.has(s.start)) startsAt.set(s.start, i);
  });
  return startsAt;
}

/** Whether `text` is the region's full name ("Iowa", "New York" for New_York_(state)), not an abbreviation. */
export function namesRegion(text: string, region: KbEntity): boolean {
  const name = text.toLowerCase();
  const title = region.title ? withoutDisambiguator(region.title).replace(/_/g, ' ').toLowerCase() : undefined;
  return name === region.label.toLowerCase() || name === title;
}

/**
 * A news dateline ("IRVINE , Calif 1996-08-22", "MILWAUKEE , Wisconsin"):
 * the town in capitals, or a date right after the region. Wire copy
 * annotates a dateline's town and region as two names.
 */
function isDateline(tokens: readonly string[], start: number, end: number): boolean {
  const town = tokens[start];
  return (town.length > 1 && town === town.toUpperCase() && /\p{Lu}/u.test(town)) || /^\d{4}-\d\d-\d\d$/.test(tokens[end] ?? '');
}

/** The states or provinces a name may be: its link, then its best-ranked candidates. */
function regionCandidates(d: Disambiguation): KbEntity[] {
  const out: KbEntity[] = [];
  for (const e of [d.best?.entity, ...d.ranked.slice(0, REGION_CANDIDATES).map((c) => c.entity)]) {
    if (e && isRegion(e) && !out.includes(e)) out.push(e);
  }
  return out;
}
