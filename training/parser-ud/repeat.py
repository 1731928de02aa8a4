"""A parser training file with one treebank's sentences repeated, and its
jackknifed tags to match: where two treebanks of a language annotate the same
thing differently, the parser follows the larger one, and reading the other's
sentences more than once balances the two (Portuguese: Bosque twice,
models/por/parser/MODEL_CARD.md).

    python3 -m training.parser-ud.repeat --lang por --treebank pt/pt_bosque-ud-train --times 2

Reads training/out/ud/<lang>-train.conllu (prepare.py) and
training/out/parser-ud/<lang>-jackknife.json (jackknife.py, one entry per
sentence of that file), and writes <lang>-train-<name>x<times>.conllu beside
the first and <lang>-jackknife-<name>x<times>.json beside the second: each
run of consecutive sentences of the treebank (known by the sent_ids of its
file in ../shared/data/ud-multilingual) written `times` times in a row, the
other sentences once, in the original order; a copy carries the same tags as
the sentence, which a tagger that never saw it predicted (the jackknife ran on
the file without copies, so no copy leaks into another fold's tagger). Then:

    npm run train -- parser-ud --lang por --train-conllu training/out/ud/por-train-pt_bosquex2.conllu \\
        --train-tags training/out/parser-ud/por-jackknife-pt_bosquex2.json …"""
import argparse
import gzip
import json
import os

UD = os.path.join("training", "out", "ud")
OUT = os.path.join("training", "out", "parser-ud")
DATA = os.path.join("..", "shared", "data", "ud-multilingual")


def blocks(path):
    with open(path, encoding="utf-8") as f:
        return [b for b in f.read().split("\n\n") if b.strip()]


def sent_id(block):
    for line in block.split("\n"):
        if line.startswith("# sent_id"):
            return line.split("=", 1)[1].strip()
    raise SystemExit("repeat: a sentence without # sent_id")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", required=True)
    ap.add_argument("--treebank", required=True, help="its file under ../shared/data/ud-multilingual, without .conllu.gz")
    ap.add_argument("--times", type=int, default=2)
    args = ap.parse_args()
    with gzip.open(os.path.join(DATA, args.treebank + ".conllu.gz"), "rt", encoding="utf-8") as f:
        ids = {line.split("=", 1)[1].strip() for line in f if line.startswith("# sent_id")}
    train = blocks(os.path.join(UD, f"{args.lang}-train.conllu"))
    with open(os.path.join(OUT, f"{args.lang}-jackknife.json")) as f:
        jk = json.load(f)
    if len(jk["train"]) != len(train):
        raise SystemExit(f"repeat: {len(jk['train'])} tagged sentences for {len(train)} in the train file")
    out, tags, run = [], [], []

    def flush():
        for _ in range(args.times):
            out.extend(b for b, _ in run)
            tags.extend(t for _, t in run)
        run.clear()

    found = 0
    for block, t in zip(train, jk["train"]):
        if sent_id(block) in ids:
            run.append((block, t))
            found += 1
            continue
        flush()
        out.append(block)
        tags.append(t)
    flush()
    if found == 0:
        raise SystemExit(f"repeat: no sentence of {args.treebank} in the train file")
    name = f"{os.path.basename(args.treebank).split('-')[0]}x{args.times}"
    conllu = os.path.join(UD, f"{args.lang}-train-{name}.conllu")
    with open(conllu, "w", encoding="utf-8") as f:
        f.write("\n\n".join(out) + "\n\n")
    jk_out = os.path.join(OUT, f"{args.lang}-jackknife-{name}.json")
    with open(jk_out, "w") as f:
        json.dump({"folds": jk["folds"], "train": tags}, f)
    print(f"wrote {conllu} ({len(out)} sentences, {found} of {args.treebank} × {args.times}) and {jk_out}", flush=True)


if __name__ == "__main__":
    main()
