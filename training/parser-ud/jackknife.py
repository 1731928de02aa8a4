"""Jackknifed UPOS tags of a language's parser training file: each of k folds
of training/out/ud/<lang>-train.conllu tagged by a tagger trained (the pack's
recipe, training/tagger-ud) on the other folds, one fold after another.

    python3 -m training.parser-ud.jackknife --lang deu [--folds 5] [tagger options, e.g. --epochs 8]
    python3 -m training.parser-ud.jackknife --lang por --lexicon models/por/lexicon-pos.bin --epochs 6

--lexicon gives the fold taggers the pack tagger's lexicon classes input
(training/tagger-ud/train.py --lexicon), so the tags come from the recipe of a
pack whose tagger was trained with it.

Writes training/out/parser-ud/<lang>-jackknife.json = {"train": [{upos, xpos}]
per train sentence} for `npm run train -- parser-ud --lang deu --train-tags FILE`."""
import importlib
import json
import os
import sys

from training.tagger import train as tagger

OUT = os.path.join("training", "out", "parser-ud")


def main():
    argv = sys.argv[1:]
    lang = argv[argv.index("--lang") + 1]
    del argv[argv.index("--lang"):argv.index("--lang") + 2]
    folds = 5
    if "--folds" in argv:
        folds = int(argv[argv.index("--folds") + 1])
        del argv[argv.index("--folds"):argv.index("--folds") + 2]
    pack = importlib.import_module("training.tagger-ud.train")
    lexical = ""
    if "--lexicon" in argv:
        pack.PackLexicalCodes.lexicon_path = argv[argv.index("--lexicon") + 1]
        del argv[argv.index("--lexicon"):argv.index("--lexicon") + 2]
        tagger.LexicalCodes = pack.PackLexicalCodes
        lexical = "lexicon"
    # the pack tagger's data paths (test → dev)
    tagger.EWT = pack.SplitPath(lang)
    os.makedirs(OUT, exist_ok=True)
    train = []
    for k in range(folds):
        part = os.path.join(OUT, f"{lang}-jackknife-fold{k}.json")
        sys.argv = [sys.argv[0], "--lexical", lexical, "--vectors", "", "--folds", str(folds), "--fold", str(k),
                    "--predict-out", part, *argv]
        tagger.main()
        with open(part) as f:
            for i, tags in json.load(f)["train"].items():
                train.append((int(i), {"upos": tags["upos"], "xpos": tags["upos"]}))
    train.sort(key=lambda x: x[0])
    if [i for i, _ in train] != list(range(len(train))):
        raise SystemExit("a train sentence got no fold prediction")
    path = os.path.join(OUT, f"{lang}-jackknife.json")
    with open(path, "w") as f:
        json.dump({"folds": folds, "train": [t for _, t in train]}, f)
    print(f"wrote {path}: {len(train)} sentences", flush=True)


if __name__ == "__main__":
    main()
