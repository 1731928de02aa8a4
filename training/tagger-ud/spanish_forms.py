"""Inflected forms of Spanish lemmas by the regular paradigms, for the lexicon
classes (lexicon.py spa): Open Multilingual Wordnet lists lemmas only
(singular nouns, masculine singular adjectives, infinitives), while the
tagger looks up the forms a text has. Written here from the grammar's
regular patterns, not taken from a resource, so the lexicon file carries
OMW's licence alone.

Irregular verbs and stem changes (puedo, tuvo) are not produced: they are
frequent, so the treebanks' own words cover them. Forms a lemma does not
have (an -s plural of a mass noun, a regular form of an irregular verb) are
harmless: text never shows them, or shows them with the class they claim."""

ACCENT_OFF = str.maketrans("áéíóú", "aeiou")
VOWELS = "aeiouáéíóú"

# Regular endings after the stem (infinitive less -ar/-er/-ir): present,
# preterite, imperfect, present subjunctive, both imperfect subjunctives,
# imperative, gerund, participle (four forms). Future and conditional are the
# infinitive plus FUTURE_COND.
VERB_ENDINGS = {
    "ar": ("o as a amos áis an é aste ó asteis aron aba abas ábamos abais aban "
           "e es emos éis en ara aras áramos arais aran ase ases ásemos aseis asen "
           "ad ando ado ada ados adas"),
    "er": ("o es e emos éis en í iste ió imos isteis ieron ía ías íamos íais ían "
           "a as amos áis an iera ieras iéramos ierais ieran iese ieses iésemos ieseis iesen "
           "ed iendo ido ida idos idas"),
    "ir": ("o es e imos ís en í iste ió isteis ieron ía ías íamos íais ían "
           "a as amos áis an iera ieras iéramos ierais ieran iese ieses iésemos ieseis iesen "
           "id iendo ido ida idos idas"),
}
FUTURE_COND = "é ás á emos éis án ía ías íamos íais ían".split()

# A stem's last consonant keeps its sound before e/é: busc-ar → busqu-e,
# pag-ar → pagu-e, cruz-ar → cruc-e.
BEFORE_E = {"c": "qu", "g": "gu", "z": "c"}


def verb_forms(lemma):
    ending = lemma[-2:]
    if len(lemma) < 3 or ending not in VERB_ENDINGS:
        return {lemma}
    stem = lemma[:-2]
    out = {lemma}
    for e in VERB_ENDINGS[ending].split():
        s = stem
        if ending == "ar" and e[0] in "eé" and stem[-1] in BEFORE_E:
            s = stem[:-1] + BEFORE_E[stem[-1]]
        out.add(s + e)
    for e in FUTURE_COND:
        out.add(lemma + e)
    return out


def plural(word):
    last = word[-1]
    if last in "aeoáéó" or (last in "iu" and len(word) > 1):
        return [word + "s"]
    if last in "íú":
        return [word + "s", word + "es"]
    if last == "z":
        return [word[:-1] + "ces"]
    if last in "sx" and len(word) > 2 and word[-2] not in "áéíóú":
        return [word, word + "es"]  # la crisis, las crisis; el mes, los meses
    # canción → canciones: the accent of a stressed last syllable goes.
    if len(word) > 2 and word[-2] in "áéíóú" and last in "ns":
        return [word[:-2] + word[-2].translate(ACCENT_OFF) + last + "es"]
    return [word + "es"]


def noun_forms(lemma):
    return {lemma, *plural(lemma)}


def adjective_forms(lemma):
    out = {lemma, *plural(lemma)}
    if lemma.endswith("o"):
        out |= {lemma[:-1] + "a", lemma[:-1] + "as"}
    elif lemma.endswith(("or", "ón", "án", "ín")):
        # trabajador → trabajadora, alemán → alemana
        fem = lemma[:-2] + lemma[-2].translate(ACCENT_OFF) + lemma[-1] + "a"
        out |= {fem, fem + "s"}
    elif lemma.endswith("és"):
        fem = lemma[:-2] + "esa"
        out |= {fem, fem + "s"}
    return out


def forms(lemma, upos):
    """The forms of `lemma` (lower case, one word) as `upos` (NOUN, VERB, ADJ, ADV)."""
    if upos == "VERB":
        return verb_forms(lemma)
    if upos == "NOUN":
        return noun_forms(lemma)
    if upos == "ADJ":
        return adjective_forms(lemma)
    return {lemma}
