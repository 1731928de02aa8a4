"""Per-lemma logistic regressions over senses: the sense model's discriminative correction.

    python3 training/senses/local.py INSTANCES OUT [--min-instances 5] [--min-feature 1] [--l2 1e-4] [--threshold 0.15]

INSTANCES: one SemCor-train instance per line (training/senses/local.ts writes it):
`pos:lemma TAB senses TAB gold sense indexes (comma-separated) TAB feature hashes (space-separated
int32)`. For each lemma with at least --min-instances instances: a multinomial logistic regression over
its senses (soft targets where SemCor gives several), on the features seen at least --min-feature times
in its instances, L2-penalised, fitted by L-BFGS. The weights are quantized to int8 with one scale per
lemma; each feature's row of weights is first shifted by the constant that leaves the most of them
under --threshold (row_shifts: the softmax does not see it), then the weights under --threshold in
magnitude are dropped (on dev, 0.15 kept the accuracy and cut the file to a third; the shift then
dropped 43 % of the rest), and so are the features left with none. OUT's format is
src/semantics/wsd-local.ts's.
Singleton features are kept (--min-feature 1): dropping them cost SemCor-dev verbs a point.
Deterministic: one thread, lemmas and features in sorted order (each instance's too), a fixed iteration count.
"""
import argparse
import os
import struct
import sys
import time

# One thread, set before torch loads: sums in another order would change the weights from run to run.
os.environ['OMP_NUM_THREADS'] = '1'
os.environ['OPENBLAS_NUM_THREADS'] = '1'

import numpy as np  # noqa: E402
import torch  # noqa: E402

MAGIC = 0x314C5357  # 'WSL1' little-endian


def read(path):
    by_key = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            key, senses, gold, features = line.rstrip('\n').split('\t')
            by_key.setdefault(key, []).append((int(senses), [int(g) for g in gold.split(',')], [int(x) for x in features.split()] if features else []))
    return by_key


def fit(rows, senses, min_feature, l2, iterations):
    counts = {}
    for _, _, features in rows:
        for x in features:
            counts[x] = counts.get(x, 0) + 1
    vocab = sorted(x for x, c in counts.items() if c >= min_feature)
    index = {x: i for i, x in enumerate(vocab)}
    flat, offsets = [], []
    for _, _, features in rows:
        offsets.append(len(flat))
        # Sorted, so that the sums (and so the weights, to the last bit) do not depend on the features' order in the file.
        flat.extend(sorted(index[x] for x in features if x in index))
    target = torch.zeros(len(rows), senses, dtype=torch.float64)
    for i, (_, gold, _) in enumerate(rows):
        for g in gold:
            target[i, g] = 1 / len(gold)
    flat_t = torch.tensor(flat, dtype=torch.long)
    offsets_t = torch.tensor(offsets, dtype=torch.long)
    weight = torch.zeros(max(len(vocab), 1), senses, dtype=torch.float64, requires_grad=True)
    bias = torch.zeros(senses, dtype=torch.float64, requires_grad=True)
    opt = torch.optim.LBFGS([weight, bias], lr=1, max_iter=iterations, history_size=10, line_search_fn='strong_wolfe')

    def closure():
        opt.zero_grad()
        logits = torch.nn.functional.embedding_bag(flat_t, weight, offsets_t, mode='sum') + bias
        loss = -(target * torch.log_softmax(logits, 1)).sum(1).mean() + l2 * (weight ** 2).sum() + l2 * (bias ** 2).sum()
        loss.backward()
        return loss

    opt.step(closure)
    return vocab, weight.detach().numpy()[: len(vocab)], bias.detach().numpy()


def row_shifts(weight, threshold):
    """Per feature row, the constant to subtract from its weights so that the most of them fall under
    the threshold (and are dropped). A row's constant adds the same to every sense's logit, which the
    softmax ignores: the probabilities are unchanged. Fitted from zeros with an L2 penalty, a row sums to
    zero over the senses, so a feature seen with one sense has one large weight and K − 1 small negative
    ones that all pass the threshold; shifted, it keeps the one."""
    if weight.size == 0:
        return np.zeros(weight.shape[0])
    s = np.sort(weight, 1)
    # covered[r, i]: how many sorted weights of row r lie in [s[r, i], s[r, i] + 2·threshold).
    upper = s + 2 * threshold
    inside = (s[:, None, :] >= s[:, :, None]) & (s[:, None, :] < upper[:, :, None])
    covered = inside.sum(2)
    start = covered.argmax(1)
    rows = np.arange(s.shape[0])
    end = start + covered[rows, start] - 1
    shift = (s[rows, start] + s[rows, end]) / 2
    # Shift only where it drops more weights than no shift does (ties keep the row as it is).
    unshifted = (np.abs(weight) < threshold).sum(1)
    return np.where(covered[rows, start] > unshifted, shift, 0.0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument('instances')
    ap.add_argument('out')
    ap.add_argument('--min-instances', type=int, default=5)
    ap.add_argument('--min-feature', type=int, default=1)
    ap.add_argument('--threshold', type=float, default=0.15)
    ap.add_argument('--l2', type=float, default=1e-4)
    ap.add_argument('--iterations', type=int, default=60)
    args = ap.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    t0 = time.time()
    by_key = read(args.instances)
    out = bytearray(struct.pack('<II', MAGIC, 0))
    count = rows_total = entries_total = 0
    for key in sorted(by_key):
        rows = by_key[key]
        if len(rows) < args.min_instances:
            continue
        senses = rows[0][0]
        vocab, weight, bias = fit(rows, senses, args.min_feature, args.l2, args.iterations)
        weight = weight - row_shifts(weight, args.threshold)[:, None]
        scale = float(np.abs(weight).max()) / 127 if weight.size else 0.0
        q = np.round(weight / scale).astype(np.int8) if scale > 0 else np.zeros(weight.shape, dtype=np.int8)
        q[np.abs(q.astype(np.float64) * scale) < args.threshold] = 0
        keep = (q != 0).any(1) if q.size else np.zeros(0, dtype=bool)
        keys = np.array(vocab, dtype=np.int32)[keep]
        q = q[keep]
        rows_at, senses_at = np.nonzero(q)  # row-major: each row's senses ascending
        per_row = np.bincount(rows_at, minlength=len(keys)).astype(np.uint8)
        name = key.encode('utf-8')
        out += struct.pack('<H', len(name)) + name
        out += struct.pack('<BIIf', senses, len(keys), len(rows_at), scale)
        out += np.asarray(bias, dtype='<f4').tobytes() + keys.astype('<i4').tobytes() + per_row.tobytes()
        out += senses_at.astype(np.uint8).tobytes() + q[rows_at, senses_at].astype(np.int8).tobytes()
        count += 1
        rows_total += len(keys)
        entries_total += len(rows_at)
    struct.pack_into('<I', out, 4, count)
    with open(args.out, 'wb') as f:
        f.write(out)
    print(f'local classifiers: {count} lemmas, {rows_total} feature rows, {entries_total} weights, {len(out)} bytes ({time.time() - t0:.1f} s)', file=sys.stderr)


if __name__ == '__main__':
    main()
