"""UPOS tagger for a language other than English: the English tagger's
trainer (training/tagger/train.py) run on training/out/ud/<lang>-*.conllu
(built by prepare.py), without the English-only lexical inputs (WordNet
classes, word clusters, GloVe vectors), exported to models/<lang>/.

    python3 training/tagger-ud/prepare.py
    npm run train -- tagger-ud --lang fra --threads 1 [train.py options]

The data's XPOS column holds UPOS (prepare.py), so the model's two heads
predict the same tagset; the runtime reads the UPOS head. The English
trainer reads its test portion as well: here that is the dev file again
(these languages' test portions are held out), so only dev figures count."""
import json
import os
import sys

from training.tagger import train as english

DATA = os.path.join("training", "out", "ud")
LANGS = {
    "fra": ("textlens-tagger-fr", ["UD_French-Sequoia train", "UD_French-Rhapsodie train+dev+test", "UD_French-FQB"]),
    "por": ("textlens-tagger-pt", ["UD_Portuguese-Bosque train", "UD_Portuguese-GSD train"]),
    "spa": ("textlens-tagger-es", ["UD_Spanish-AnCora dev (4/5)", "UD_Spanish-GSD dev (4/5)"]),
    "deu": ("textlens-tagger-de", ["UD_German-GSD dev (4/5)", "UD_German-PUD (4/5)"]),
}


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
    name, data = LANGS[lang]
    # --out/--fixture given after --lang win (argparse keeps the last): a trial run writes elsewhere.
    out = argv[argv.index("--out") + 1] if "--out" in argv else os.path.join("models", lang)
    english.EWT = SplitPath(lang)
    sys.argv = [sys.argv[0], "--lexical", "", "--vectors", "", "--out", out,
                "--fixture", os.path.join("test", "fixtures", "tagger-ud", f"{lang}-parity.json"), *argv]
    english.main()
    path = os.path.join(out, "meta.json")
    with open(path) as f:
        meta = json.load(f)
    meta["name"] = name
    meta["version"] = "1.0.0"
    meta["language"] = lang
    meta["outputs"]["xpos"] = "int32 [batch, length] index into xposLabels (UPOS again: the training data's XPOS column holds UPOS)"
    training = meta["training"]
    training.pop("test", None)
    training["data"] = data
    with open(path, "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
