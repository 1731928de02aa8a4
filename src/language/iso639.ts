/**
 * ISO 639 language codes: the table that turns 639-1, 639-2/B, 639-2/T and
 * the 639-3 codes franc reports into one ISO 639-2 code.
 *
 * We answer with ISO 639-2/T (terminology) codes: they are the spec's
 * "ISO-639-2", agree with ISO 639-3 for individual languages (fra, deu, nld,
 * ces, zho…) and so with what franc reports, and the spec's example `eng` is
 * the same in both 639-2 variants. The bibliographic spellings (fre, ger,
 * dut, cze, chi…) are accepted as input.
 */

/**
 * `639-1 639-2/T [639-2/B]` for every ISO 639-1 language. One line per
 * language so that a wrong row is easy to spot against the standard.
 */
const ISO639_1_TABLE = `
aa aar|ab abk|ae ave|af afr|ak aka|am amh|an arg|ar ara|as asm|av ava|ay aym|az aze
ba bak|be bel|bg bul|bi bis|bm bam|bn ben|bo bod tib|br bre|bs bos
ca cat|ce che|ch cha|co cos|cr cre|cs ces cze|cu chu|cv chv|cy cym wel
da dan|de deu ger|dv div|dz dzo|ee ewe|el ell gre|en eng|eo epo|es spa|et est|eu eus baq
fa fas per|ff ful|fi fin|fj fij|fo fao|fr fra fre|fy fry|ga gle|gd gla|gl glg|gn grn|gu guj|gv glv
ha hau|he heb|hi hin|ho hmo|hr hrv|ht hat|hu hun|hy hye arm|hz her
ia ina|id ind|ie ile|ig ibo|ii iii|ik ipk|io ido|is isl ice|it ita|iu iku|ja jpn|jv jav
ka kat geo|kg kon|ki kik|kj kua|kk kaz|kl kal|km khm|kn kan|ko kor|kr kau|ks kas|ku kur|kv kom|kw cor|ky kir
la lat|lb ltz|lg lug|li lim|ln lin|lo lao|lt lit|lu lub|lv lav
mg mlg|mh mah|mi mri mao|mk mkd mac|ml mal|mn mon|mr mar|ms msa may|mt mlt|my mya bur
na nau|nb nob|nd nde|ne nep|ng ndo|nl nld dut|nn nno|no nor|nr nbl|nv nav|ny nya
oc oci|oj oji|om orm|or ori|os oss|pa pan|pi pli|pl pol|ps pus|pt por|qu que
rm roh|rn run|ro ron rum|ru rus|rw kin
sa san|sc srd|sd snd|se sme|sg sag|si sin|sk slk slo|sl slv|sm smo|sn sna|so som|sq sqi alb|sr srp
ss ssw|st sot|su sun|sv swe|sw swa
ta tam|te tel|tg tgk|th tha|ti tir|tk tuk|tl tgl|tn tsn|to ton|tr tur|ts tso|tt tat|tw twi|ty tah
ug uig|uk ukr|ur urd|uz uzb|ve ven|vi vie|vo vol|wa wln|wo wol|xh xho|yi yid|yo yor|za zha|zh zho chi|zu zul
`;

/**
 * ISO 639-2 codes without a 639-1 code that franc can report (as the same
 * 639-3 code), plus the 639-2 special codes.
 */
const ISO639_2_ONLY = `
ace ada ban bcl bho bin bug ceb dyu fon gaa hil ilo kbd kmb lua lun mad mag mai men min mos
nds nso pam rup sco shn snk suk tem tiv tpi umb war
und mul zxx
`;

/**
 * franc's individual-language 639-3 codes whose ISO 639-2 code is the
 * macrolanguage (or collective) code.
 */
const ISO639_3_TO_2: Readonly<Record<string, string>> = {
  cmn: 'zho', arb: 'ara', pes: 'fas', prs: 'fas', zlm: 'msa', swh: 'swa', lvs: 'lav', ekk: 'est',
  uzn: 'uzb', azj: 'aze', khk: 'mon', als: 'sqi', plt: 'mlg', ydd: 'yid', npi: 'nep',
  quy: 'que', quz: 'que', qug: 'que', ayr: 'aym', ckb: 'kur', knc: 'kau', fuv: 'ful', fuf: 'ful',
  kng: 'kon', koi: 'kom', pbu: 'pus', src: 'srd', rmn: 'rom', emk: 'man', dip: 'din',
  hms: 'hmn', hnj: 'hmn', zyb: 'zha', nhn: 'nah', tzm: 'ber', skr: 'lah',
};

interface CodeIndex {
  /** Any accepted spelling → ISO 639-2/T. */
  readonly toIso6392: ReadonlyMap<string, string>;
}

function buildIndex(): CodeIndex {
  const m = new Map<string, string>();
  for (const row of ISO639_1_TABLE.split(/[|\n]/)) {
    const [one, t, b] = row.trim().split(/\s+/);
    if (!one || !t) continue;
    m.set(one, t);
    m.set(t, t);
    if (b) m.set(b, t);
  }
  for (const code of ISO639_2_ONLY.trim().split(/\s+/)) m.set(code, code);
  for (const [three, two] of Object.entries(ISO639_3_TO_2)) {
    m.set(three, two);
    if (!m.has(two)) m.set(two, two);
  }
  return { toIso6392: m };
}

const INDEX = buildIndex();

/**
 * The ISO 639-2/T code for an ISO 639-1, 639-2 (B or T) or known 639-3
 * code, case-insensitive; a region or script subtag (`en-US`, `zh_Hant`) is
 * ignored. Undefined when the code is unknown.
 */
export function toIso6392(code: string): string | undefined {
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  return INDEX.toIso6392.get(primary);
}

/**
 * The ISO 639-2 code to report for a code franc produced. Individual 639-3
 * languages that have no ISO 639-2 code at all are reported as their 639-3
 * code, which is still a valid, more specific ISO 639 identifier.
 */
export function francCodeToIso6392(code: string): string {
  return toIso6392(code) ?? code;
}
