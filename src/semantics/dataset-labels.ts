/**
 * The committed table from the labels of the topic-labelled news sets to IPTC
 * Media Topics top-level concepts. A dataset label maps to the concepts that
 * count as correct for it: one for a news section, several for AG News
 * "World", which has no single IPTC equivalent (the eight its items spread over).
 * An IPTC qcode maps to itself, so any file labelled with qcodes evaluates too.
 */
export const TOP = {
  arts: 'medtop:01000000',
  crime: 'medtop:02000000',
  disaster: 'medtop:03000000',
  economy: 'medtop:04000000',
  education: 'medtop:05000000',
  environment: 'medtop:06000000',
  health: 'medtop:07000000',
  humanInterest: 'medtop:08000000',
  labour: 'medtop:09000000',
  lifestyle: 'medtop:10000000',
  politics: 'medtop:11000000',
  religion: 'medtop:12000000',
  science: 'medtop:13000000',
  society: 'medtop:14000000',
  sport: 'medtop:15000000',
  conflict: 'medtop:16000000',
  weather: 'medtop:17000000',
} as const;

/** AG News World: any of these top-level concepts is a correct answer. */
export const WORLD_TOPICS: readonly string[] = [
  TOP.politics,
  TOP.conflict,
  TOP.crime,
  TOP.disaster,
  TOP.society,
  TOP.religion,
  TOP.environment,
  TOP.health,
];

export const DATASET_LABELS: Readonly<Record<string, readonly string[]>> = {
  // BBC News (Greene & Cunningham 2006)
  business: [TOP.economy],
  entertainment: [TOP.arts],
  politics: [TOP.politics],
  sport: [TOP.sport],
  tech: [TOP.science],
  // AG News (Zhang et al. 2015)
  Business: [TOP.economy],
  Sports: [TOP.sport],
  'Sci/Tech': [TOP.science],
  World: WORLD_TOPICS,
};

/** The IPTC concepts that count as correct for a dataset label (or a qcode), or undefined when unknown. */
export function acceptedTopics(label: string): readonly string[] | undefined {
  if (/^medtop:\d{8}$/.test(label)) return [label];
  return DATASET_LABELS[label];
}
