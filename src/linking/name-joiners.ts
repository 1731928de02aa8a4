/**
 * The words a name may hold in lower case: English function words and the particles of European and
 * Arabic names ("Bank of England", "École … de Physique et de Chimie", "Gazzetta dello Sport",
 * "Politecnico di Torino", "Osama bin Laden", "Ludwig van Beethoven"). The alias matcher lets a KB name
 * run through them (alias-matcher.ts); a tagged span is cut at any other lower-case word
 * (splitAtLowerCaseWord, src/annotators/linker.ts).
 */
export const NAME_JOINERS: ReadonlySet<string> = new Set(
  'of the and for on in at upon to a an by with & de la le les du des et à au aux sur en el los las del y e di da il lo dello della delle dei degli do dos das von vom van der den het ter ten op und zu zum zur am im bei bin ibn bint al ben'.split(' '),
);
