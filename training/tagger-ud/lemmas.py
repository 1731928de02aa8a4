"""Lemma tables for the UD languages: models/<lang>/lemmas.json.gz.

Three sources, in the order the runtime (src/language-packs/lemmatizer.ts)
tries them:
  1. forms: (lower-cased form, UPOS) → lemma, the most frequent pairing in
     the language's UD train file (prepare.py);
  2. lookup: lower-cased form → lemma from the lemmatization lists
     (../shared/data/lexicon-multilingual, michmech/lemmatization-lists via
     spacy-lookups-data, ODbL 1.0), for the open-class UPOS only;
  3. suffixes: per UPOS, the most frequent (strip, add) rewrite of each form
     ending (1–5 characters) in UD train, longest matching ending first.
The lower-cased form is the lemma when nothing matches; PROPN keeps its case.

    python3 -m training.tagger-ud.lemmas [--no-lookup] fra por spa deu
prints dev lemma accuracy (gold UPOS) for each source combination."""
import collections
import gzip
import json
import os
import sys

DATA = os.path.join("training", "out", "ud")
LOOKUP = os.path.join("..", "shared", "data", "lexicon-multilingual", "spacy_lookups_lemmatization_lists", "{}_lemma_lookup.json.gz")
ISO1 = {"fra": "fr", "por": "pt", "spa": "es", "deu": "de"}
OPEN = {"NOUN", "VERB", "ADJ", "AUX", "ADV"}
MAX_SUFFIX = 5


def read(path):
    """(form, UPOS, lemma) of every word, each sentence once: prepare.py repeats a treebank's sentences for
    the tagger (REPEAT), and the lemma table counts what the treebanks say, not how often the tagger saw it."""
    out = []
    seen = set()
    skip = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# sent_id"):
                skip = line in seen
                seen.add(line)
                continue
            if line.strip() == "":
                skip = False
                continue
            cols = line.rstrip("\n").split("\t")
            if not skip and len(cols) == 10 and cols[0].isdigit():
                out.append((cols[1], cols[3], cols[2]))
    return out


def rewrite(form, lemma):
    """(strip, add): lemma = form[:len(form)-strip] + add."""
    k = 0
    while k < min(len(form), len(lemma)) and form[k] == lemma[k]:
        k += 1
    return len(form) - k, lemma[k:]


def build(words, lookup):
    counts = collections.defaultdict(collections.Counter)
    suffix = collections.defaultdict(collections.Counter)
    for form, upos, lemma in words:
        if upos == "PROPN" or lemma == "_":
            continue
        low = form.lower()
        counts[(low, upos)][lemma] += 1
        strip, add = rewrite(low, lemma.lower() if upos != "PROPN" else lemma)
        for n in range(1, MAX_SUFFIX + 1):
            if len(low) > n:
                suffix[(upos, low[-n:])][(strip, add)] += 1
    forms = {}
    for (low, upos), c in counts.items():
        lemma = c.most_common(1)[0][0]
        if lemma != low:
            forms.setdefault(upos, {})[low] = lemma
        else:
            # A seen identity pairing: recorded so the later sources do not rewrite it.
            forms.setdefault(upos, {})[low] = ""
    rules = {}
    for (upos, suf), c in suffix.items():
        (strip, add), n = c.most_common(1)[0]
        total = sum(c.values())
        if n >= 3 and n / total >= 0.5 and (strip, add) != (0, ""):
            rules.setdefault(upos, {})[suf] = [strip, add]
    return {"forms": forms, "lookup": lookup, "suffixes": rules, "maxSuffix": MAX_SUFFIX}


def lemmatize(table, form, upos, use_lookup=True, use_rules=True):
    if upos == "PROPN":
        return form
    low = form.lower()
    hit = table["forms"].get(upos, {}).get(low)
    if hit is not None:
        return hit or low
    if upos in OPEN:
        if use_lookup and low in table["lookup"]:
            return table["lookup"][low]
        if use_rules:
            r = table["suffixes"].get(upos, {})
            for n in range(min(MAX_SUFFIX, len(low) - 1), 0, -1):
                rule = r.get(low[-n:])
                if rule:
                    return low[:len(low) - rule[0]] + rule[1]
    return low


def load_lookup(lang):
    with gzip.open(LOOKUP.format(ISO1[lang]), "rt", encoding="utf-8") as f:
        raw = json.load(f)
    return {k.lower(): v for k, v in raw.items() if v != k and k == k.lower()}


def main(argv):
    use_lookup = "--no-lookup" not in argv
    langs = [a for a in argv if not a.startswith("--")] or list(ISO1)
    for lang in langs:
        train = read(os.path.join(DATA, f"{lang}-train.conllu"))
        dev = read(os.path.join(DATA, f"{lang}-dev.conllu"))
        lookup = load_lookup(lang) if use_lookup else {}
        table = build(train, {})
        trained_forms = {w for w, _, _ in train}
        # Ship only the lookup entries the UD table cannot answer.
        table["lookup"] = lookup
        for name, lk, rl in [("UD forms only", False, False), ("+ rules", False, True),
                             ("+ lookup", True, False), ("+ lookup + rules", True, True)]:
            if lk and not use_lookup:
                continue
            ok = sum(lemmatize(table, f, u, lk, rl) == l for f, u, l in dev if l != "_")
            unk = [(f, u, l) for f, u, l in dev if f not in trained_forms and l != "_"]
            ok_u = sum(lemmatize(table, f, u, lk, rl) == l for f, u, l in unk)
            n = sum(1 for _, _, l in dev if l != "_")
            print(f"{lang} {name}: dev lemma {100 * ok / n:.2f} (unseen forms {100 * ok_u / max(1, len(unk)):.2f}, {len(unk)})")
        if use_lookup:
            table["lookup"] = {k: v for k, v in lookup.items() if len(k) > 1}
        os.makedirs(os.path.join("models", lang), exist_ok=True)
        with gzip.open(os.path.join("models", lang, "lemmas.json.gz"), "wt", encoding="utf-8", compresslevel=9) as f:
            json.dump(table, f, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        print(lang, "wrote", os.path.getsize(os.path.join("models", lang, "lemmas.json.gz")), "bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
