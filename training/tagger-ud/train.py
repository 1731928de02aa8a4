"""UPOS tagger for a language other than English: the English tagger's
trainer (training/tagger/train.py) run on training/out/ud/<lang>-*.conllu
(built by prepare.py), without the English-only lexical inputs (WordNet
classes, word clusters, GloVe vectors), exported to models/<lang>/.

    python3 training/tagger-ud/prepare.py
    npm run train -- tagger-ud --lang fra --threads 1 [train.py options]

--lexicon PATH adds the lexicon classes of lexicon.py (models/<lang>/
lexicon-pos.bin) as one more word-level code: the file is copied beside
the model and meta.json records it (embedding.lexical.lexicon).

The data's XPOS column holds UPOS (prepare.py), so the model's two heads
predict the same tagset; the runtime reads the UPOS head. The English
trainer reads its test portion as well: here that is the dev file again
(these languages' test portions are held out), so only dev figures count."""
import json
import os
import shutil
import sys

import numpy as np

from training.common.lexical import LexicalCodes, cluster_key
from training.tagger import train as english

DATA = os.path.join("training", "out", "ud")
# lang: (model name, version, training data); 1.1: trained with the lexicon classes (--lexicon); spa 1.2: GSD's
# sentences three times (prepare.py REPEAT)
LANGS = {
    "fra": ("textlens-tagger-fr", "1.1.0", ["UD_French-Sequoia train", "UD_French-Rhapsodie train+dev+test", "UD_French-FQB"]),
    "por": ("textlens-tagger-pt", "1.1.0", ["UD_Portuguese-Bosque train", "UD_Portuguese-GSD train"]),
    "spa": ("textlens-tagger-es", "1.2.0", ["UD_Spanish-AnCora dev (4/5)", "UD_Spanish-GSD dev (4/5), three times"]),
    "deu": ("textlens-tagger-de", "1.0.0", ["UD_German-GSD dev (4/5)", "UD_German-PUD (4/5)"]),
}


LEXICON_FILE = "lexicon-pos.bin"
LEXICON_ROWS = 256  # lexicon.py MAX_CODES + 1


class PackLexicalCodes(LexicalCodes):
    """The English codes plus the group "lexicon": a form's lexicon class code
    (lexicon.py), looked up by its norm's key as the cluster file is. The
    lexicon code comes last, in the model's tables as in codes()."""

    lexicon_path = None

    def __init__(self, groups, words, cluster_path):
        self.with_lexicon = "lexicon" in groups
        super().__init__([g for g in groups if g != "lexicon"], words, cluster_path)
        self.lexicon = {}
        if self.with_lexicon:
            raw = np.fromfile(self.lexicon_path, dtype=np.uint8)
            n = len(raw) // 6
            self.lexicon = dict(zip(raw[:4 * n].view("<u4").tolist(), raw[4 * n:6 * n].view("<u2").tolist()))
            self.specs = self.specs + [("lexiconPos", LEXICON_ROWS)]

    def codes(self, word):
        out = super().codes(word)
        if self.with_lexicon:
            out.append(self.lexicon.get(cluster_key(word), 0))
        return out


class SplitPath:
    """Stands in for the trainer's EWT path template: test → dev."""

    def __init__(self, lang):
        self.lang = lang

    def format(self, split):
        return os.path.join(DATA, f"{self.lang}-{'dev' if split == 'test' else split}.conllu")


def main():
    argv = sys.argv[1:]
    if "--lang" not in argv:
        sys.exit("usage: train.py --lang fra|por|spa|deu [training/tagger/train.py options]")
    i = argv.index("--lang")
    lang = argv[i + 1]
    del argv[i:i + 2]
    name, version, data = LANGS[lang]
    lexicon = None
    if "--lexicon" in argv:
        i = argv.index("--lexicon")
        lexicon = argv[i + 1]
        del argv[i:i + 2]
        PackLexicalCodes.lexicon_path = lexicon
        english.LexicalCodes = PackLexicalCodes
    # --out/--fixture given after --lang win (argparse keeps the last): a trial run writes elsewhere.
    out = argv[argv.index("--out") + 1] if "--out" in argv else os.path.join("models", lang)
    english.EWT = SplitPath(lang)
    sys.argv = [sys.argv[0], "--lexical", "lexicon" if lexicon else "", "--vectors", "", "--out", out,
                "--fixture", os.path.join("test", "fixtures", "tagger-ud", f"{lang}-parity.json"), *argv]
    english.main()
    path = os.path.join(out, "meta.json")
    with open(path) as f:
        meta = json.load(f)
    meta["name"] = name
    meta["version"] = version
    meta["language"] = lang
    meta["outputs"]["xpos"] = "int32 [batch, length] index into xposLabels (UPOS again: the training data's XPOS column holds UPOS)"
    if lexicon:
        # The code → class list lexicon.py wrote beside the file documents the codes.
        with open(lexicon + ".json") as f:
            classes = json.load(f)
        meta["embedding"]["lexical"]["lexicon"] = {"file": LEXICON_FILE, "classes": classes}
        if os.path.abspath(lexicon) != os.path.abspath(os.path.join(out, LEXICON_FILE)):
            shutil.copyfile(lexicon, os.path.join(out, LEXICON_FILE))
    training = meta["training"]
    training.pop("test", None)
    training["data"] = data
    with open(path, "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
