"""UD dependency parser for French, Portuguese, Spanish, German: the English
parser's trainer (training/parser/train.py: the biaffine BiLSTM of
training/parser/model.py, Chu-Liu-Edmonds decoding of training/parser/mst.py)
run on training/out/ud/<lang>-*.conllu (training/tagger-ud/prepare.py),
exported to models/<lang>/parser/.

    npm run train -- parser-ud --lang por --threads 1 [training/parser/train.py options]

Inputs are those every language has: hashed norm/prefix/suffix/shape
features and the pack's predicted UPOS (the data's XPOS column holds UPOS
again, as at run time, where the pack sets xpos = upos). No lexical codes
(`--lexical '' --vectors ''`: WordNet classes, word clusters and the shared
word vectors are English). Tags at
training time: gold tags with the trainer's noise (8% swapped for another
tag of the same word, 2% unknown) by default, or predicted ones with
`--train-tags FILE` (jackknife.py); the model is selected on dev tagged by
the pack's tagger (dev-tags.mts, run here when its file is missing).

The English trainer reads a test portion too: here that is the dev file
again (these languages' test portions are held out), so only dev figures
count."""
import json
import os
import subprocess
import sys

from training.parser import train as english

UD = os.path.join("training", "out", "ud")
OUT = os.path.join("training", "out", "parser-ud")
# lang: (model name, version, training data); por 1.2, fra 1.1: trained on jackknifed tags of the pack tagger 1.1;
# por 1.3: Bosque's sentences twice (repeat.py), 30 + 2 epochs; deu 1.1: jackknifed tags, up to 80 epochs
LANGS = {
    "fra": ("textlens-parser-fr", "1.1.0", ["UD_French-Sequoia train", "UD_French-Rhapsodie train+dev+test", "UD_French-FQB"]),
    "por": ("textlens-parser-pt", "1.3.0", ["UD_Portuguese-Bosque train, twice", "UD_Portuguese-GSD train"]),
    "spa": ("textlens-parser-es", "1.0.0", ["UD_Spanish-AnCora dev (4/5)", "UD_Spanish-GSD dev (4/5)"]),
    "deu": ("textlens-parser-de", "1.1.0", ["UD_German-GSD dev (4/5)", "UD_German-PUD (4/5)"]),
}


def lang_reader(lang, read, train_file=None):
    """The English trainer's reader with EWT's file names mapped to the language's files (test → dev);
    `train_file` in place of <lang>-train.conllu (repeat.py's, with a treebank's sentences repeated)."""
    files = {"en_ewt-ud-train.conllu": os.path.join(UD, f"{lang}-train.conllu"),
             "en_ewt-ud-dev.conllu": os.path.join(UD, f"{lang}-dev.conllu"),
             "en_ewt-ud-test.conllu": os.path.join(UD, f"{lang}-dev.conllu")}
    if train_file:
        files["en_ewt-ud-train.conllu"] = train_file

    def reader(path):
        name = os.path.basename(path)
        if name not in files:
            raise SystemExit(f"parser-ud: unexpected data file {path}")
        return read(files[name])
    return reader


def option(argv, name):
    return argv[argv.index(name) + 1] if name in argv else None


def take_option(argv, name):
    """option(), removed from argv (an option of this script, not of the English trainer's)."""
    value = option(argv, name)
    if value is not None:
        i = argv.index(name)
        del argv[i:i + 2]
    return value


def main():
    argv = sys.argv[1:]
    lang = take_option(argv, "--lang")
    if lang not in LANGS:
        sys.exit("usage: train.py --lang fra|por|spa|deu [training/parser/train.py options]")
    name, version, data = LANGS[lang]
    train_file = take_option(argv, "--train-conllu")
    dev_tags = option(argv, "--dev-tags") or os.path.join(OUT, f"{lang}-dev-tags.json")
    if not os.path.exists(dev_tags):
        os.makedirs(os.path.dirname(dev_tags), exist_ok=True)
        with open(dev_tags, "w") as f:
            subprocess.run(["node", "--import", "tsx", os.path.join("training", "parser-ud", "dev-tags.mts"), lang,
                            os.path.join(UD, f"{lang}-dev.conllu")], stdout=f, check=True)
    model_dir = option(argv, "--model-dir") or os.path.join("models", lang, "parser")
    english.read_conllu = lang_reader(lang, english.read_conllu, train_file)
    # Options given after --lang win (argparse keeps the last): a trial run writes elsewhere.
    sys.argv = [sys.argv[0], "--lexical", "", "--vectors", "", "--tags", "gold", "--dev-tags", dev_tags,
                "--out", os.path.join(OUT, lang), "--model-dir", model_dir,
                "--fixture-dir", os.path.join("test", "fixtures", "parser-ud", lang), *argv]
    english.main()
    if "--no-export" in argv:
        return
    path = os.path.join(model_dir, "meta.json")
    with open(path) as f:
        meta = json.load(f)
    meta["name"] = name
    meta["version"] = version
    meta["language"] = lang
    train_tags = option(sys.argv, "--train-tags")
    meta["training"] = {"data": data, "tags": "jackknifed predicted UPOS" if train_tags else "gold UPOS with noise",
                        "devTags": "the pack's tagger"}
    with open(path, "w") as f:
        json.dump(meta, f)


if __name__ == "__main__":
    main()
