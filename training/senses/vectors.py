"""Word vectors by PPMI + truncated SVD (Levy, Goldberg & Dagan 2015's recipe).

    python3 training/senses/vectors.py CORPUS OUT [--dim 100] [--min-count 5] [--window 5] [--eig 0.5]

CORPUS: one line per sentence (or WordNet synset), space-separated lemmas
(training/senses/vectors.ts writes it). Co-occurrences within +-WINDOW
lemmas of a line, weighted (WINDOW + 1 - d) / WINDOW as word2vec's dynamic
window does on average; positive PMI with the context distribution raised to
0.75; torch.svd_lowrank (seeded) on the sparse matrix; each word's vector is
U * S^0.5 (--eig), scaled to unit length, stored as int8 with one float scale per
row. OUT's format is src/semantics/wsd-vectors.ts's (decodeVectors).
Deterministic: fixed seed, one thread, ties in the vocabulary broken by
the lemma's spelling.
"""
import argparse
import os
import struct
import sys
import time

# One thread, set before numpy and torch load: with more, the sparse products' sums (and so the vectors)
# change from run to run.
os.environ['OMP_NUM_THREADS'] = '1'
os.environ['OPENBLAS_NUM_THREADS'] = '1'

import numpy as np  # noqa: E402
import torch  # noqa: E402

WINDOW = 5
CDS = 0.75  # context distribution smoothing exponent
MAGIC = 0x31565357  # 'WSV1' little-endian


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument('corpus')
    ap.add_argument('out')
    # 100: the WSD term's dev F1 is the same at 48, 64, 100 and 200 (within 0.1; 32 loses 2 of SE07's nouns),
    # but lexical substitution, which ranks words by their cosines, loses 2.7 P@1 on LS07 trial at 48.
    ap.add_argument('--dim', type=int, default=100)
    ap.add_argument('--min-count', type=int, default=5)
    ap.add_argument('--niter', type=int, default=6)
    ap.add_argument('--window', type=int, default=WINDOW)
    ap.add_argument('--eig', type=float, default=0.5, help='vectors are U * S^eig')
    args = ap.parse_args()
    torch.manual_seed(0)
    torch.set_num_threads(1)
    t0 = time.time()

    lines = [l.split() for l in open(args.corpus, encoding='utf8')]
    counts: dict[str, int] = {}
    for toks in lines:
        for t in toks:
            counts[t] = counts.get(t, 0) + 1
    vocab = sorted((w for w, c in counts.items() if c >= args.min_count), key=lambda w: (-counts[w], w))
    index = {w: i for i, w in enumerate(vocab)}
    V = len(vocab)
    # Token ids (-1 = out of vocabulary; kept so that distances stay as written) and each token's line.
    ids_list: list[int] = []
    line_list: list[int] = []
    for n, toks in enumerate(lines):
        for t in toks:
            ids_list.append(index.get(t, -1))
            line_list.append(n)
    ids = np.array(ids_list, dtype=np.int64)
    line = np.array(line_list, dtype=np.int64)
    print(f'vectors: {len(lines)} lines, {len(ids)} tokens, vocabulary {V} (count >= {args.min_count})', flush=True)

    keys = []
    weights = []
    window = args.window
    for d in range(1, window + 1):
        a, b = ids[:-d], ids[d:]
        ok = (line[:-d] == line[d:]) & (a >= 0) & (b >= 0)
        a, b = a[ok], b[ok]
        w = (window + 1 - d) / window
        keys.append(a * V + b)
        keys.append(b * V + a)
        weights.append(np.full(2 * len(a), w, dtype=np.float64))
    key = np.concatenate(keys)
    weight = np.concatenate(weights)
    uniq, inverse = np.unique(key, return_inverse=True)
    cooc = np.bincount(inverse, weights=weight)
    rows = uniq // V
    cols = uniq % V
    del key, weight, inverse, keys, weights
    print(f'vectors: {len(uniq)} co-occurring pairs ({time.time() - t0:.1f} s)', flush=True)

    total = cooc.sum()
    row_sum = np.bincount(rows, weights=cooc, minlength=V)
    col_sum = np.bincount(cols, weights=cooc, minlength=V) ** CDS
    p_row = row_sum / total
    p_col = col_sum / col_sum.sum()
    pmi = np.log(cooc / total) - np.log(p_row[rows]) - np.log(p_col[cols])
    keep = pmi > 0
    matrix = torch.sparse_coo_tensor(
        torch.from_numpy(np.stack([rows[keep], cols[keep]])),
        torch.from_numpy(pmi[keep].astype(np.float32)),
        (V, V),
    ).coalesce()
    print(f'vectors: PPMI {int(keep.sum())} positive cells ({time.time() - t0:.1f} s)', flush=True)

    u, s, _ = torch.svd_lowrank(matrix, q=args.dim, niter=args.niter)
    vec = (u * s.pow(args.eig)).numpy().astype(np.float64)
    norms = np.linalg.norm(vec, axis=1, keepdims=True)
    vec = vec / np.maximum(norms, 1e-12)
    scale = np.abs(vec).max(axis=1) / 127.0
    scale = np.maximum(scale, 1e-12)
    q = np.clip(np.rint(vec / scale[:, None]), -127, 127).astype(np.int8)
    print(f'vectors: SVD {args.dim} dims, top singular values {", ".join(f"{x:.1f}" for x in s[:5].tolist())} ({time.time() - t0:.1f} s)', flush=True)

    words = '\n'.join(vocab).encode('utf8')
    pad = (-len(words)) % 4
    with open(args.out, 'wb') as f:
        f.write(struct.pack('<IIII', MAGIC, V, args.dim, len(words)))
        f.write(words + b'\0' * pad)
        f.write(scale.astype('<f4').tobytes())
        f.write(q.tobytes())
    print(f'vectors: wrote {args.out} ({16 + len(words) + pad + 4 * V + V * args.dim} bytes)', flush=True)


if __name__ == '__main__':
    sys.exit(main())
