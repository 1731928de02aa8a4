"""Train the CoNLL-2003 NER model and export it to models/ner/.

  npm run train -- ner [--threads 2] [--epochs 40] [--seed 1]
  (= /usr/bin/python3 -m training.ner.train …, from the repository root)

Data: ../shared/data/conll2003 eng.train (train) and eng.testa (tuning/early
stopping). Research-only data: see models/ner/MODEL_CARD.md.
"""
import argparse
import json
import os
import random
import time
from collections import Counter

import torch

from ..common.features import feature_id
from ..common.half import half_embeddings
from ..common.progress import Progress
from ..vectors.lookup import WordVectors
from .conll import LABELS, TYPES, bioes_from_spans, read_conll, spans_bioes, spans_iob
from .dense import DENSE_DIM, build_gazetteer, doc_features
from .model import CRF, NerNet

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "..", "shared", "data", "conll2003")
OUT = os.path.join(ROOT, "models", "ner")
CACHE = os.path.join(ROOT, "training", ".cache")

# (feature, buckets, embedding width). form and norm only for words seen in
# training (the vocabulary ships in lexicon.json); the rest are hashed freely.
SPECS = [
    ("shape", 2048, 16),
    ("form", 16384, 48),
    ("norm", 16384, 48),
    ("prefix2", 2048, 12),
    ("prefix3", 8192, 16),
    ("suffix2", 2048, 12),
    ("suffix3", 8192, 16),
    ("suffix4", 8192, 16),
]
VOCAB_FEATURES = {"form": 1, "norm": 2}  # feature -> column
FOLDS = 5


def load(path):
    docs = []
    for doc in read_conll(path):
        docs.append([(w, spans_iob(t)) for w, t in doc])
    return docs


class Featurizer:
    def __init__(self, form_vocab, norm_vocab, vectors=None):
        self.form_vocab, self.norm_vocab = form_vocab, norm_vocab
        self.cache = {}
        self.vectors = vectors

    def vec_rows(self, words):
        """Rows of the shared word vectors (0: none, or a model without them)."""
        return [self.vectors.row(w) if self.vectors else 0 for w in words]

    def word(self, w):
        r = self.cache.get(w)
        if r is None:
            r = [feature_id(n, b, w) + 1 for (n, b, _) in SPECS]
            if w not in self.form_vocab:
                r[VOCAB_FEATURES["form"]] = 0
            if feature_norm(w) not in self.norm_vocab:
                r[VOCAB_FEATURES["norm"]] = 0
            self.cache[w] = r
        return r


def feature_norm(w):
    from ..common.features import norm
    return norm(w)


def make_examples(docs, gaz_for_doc, fz):
    """One example per sentence: (ids [T][F], dense [T][D], tags [T], words, spans, vector rows [T])."""
    ex = []
    for di, doc in enumerate(docs):
        dense = doc_features([w for w, _ in doc], gaz_for_doc(di))
        for (words, spans), dn in zip(doc, dense):
            tags = [LABELS.index(t) for t in bioes_from_spans(len(words), spans)]
            ex.append((torch.tensor([fz.word(w) for w in words], dtype=torch.int32),
                       torch.tensor(dn, dtype=torch.float32),
                       torch.tensor(tags), words, spans,
                       torch.tensor(fz.vec_rows(words), dtype=torch.int64)))
    return ex


def batches(ex, size, shuffle, rng):
    order = sorted(range(len(ex)), key=lambda i: len(ex[i][3]))
    groups = [order[i:i + size] for i in range(0, len(order), size)]
    if shuffle:
        rng.shuffle(groups)
    for g in groups:
        T = max(len(ex[i][3]) for i in g)
        B = len(g)
        ids = torch.zeros(B, T, len(SPECS), dtype=torch.int32)
        # The examples' own width: a language pack's model may add model-declared columns after DENSE_DIM.
        dense = torch.zeros(B, T, next((ex[i][1].shape[1] for i in g if ex[i][1].dim() == 2), DENSE_DIM))
        tags = torch.zeros(B, T, dtype=torch.long)
        mask = torch.zeros(B, T, dtype=torch.bool)
        vec = torch.zeros(B, T, dtype=torch.int64)
        for b, i in enumerate(g):
            n = len(ex[i][3])
            ids[b, :n], dense[b, :n], tags[b, :n], mask[b, :n] = ex[i][0], ex[i][1], ex[i][2], True
            vec[b, :n] = ex[i][5]
        yield g, ids, dense, tags, mask, vec


def vec_input(table, rows):
    """Vector rows [B, T] → the network's vec input [B, T, dim] (None without vectors)."""
    return None if table is None else table[rows]


def evaluate(net, crf, ex, table=None):
    net.eval()
    tp = Counter(); npred = Counter(); ngold = Counter()
    with torch.no_grad():
        for g, ids, dense, tags, mask, vec in batches(ex, 256, False, None):
            paths = crf.viterbi(net(ids, dense, vec_input(table, vec)), mask)
            for b, i in enumerate(g):
                n = len(ex[i][3])
                pred = set(spans_bioes([LABELS[k] for k in paths[b, :n].tolist()]))
                gold = set(ex[i][4])
                for s in pred:
                    npred[s[2]] += 1
                    npred["all"] += 1
                for s in gold:
                    ngold[s[2]] += 1
                    ngold["all"] += 1
                for s in pred & gold:
                    tp[s[2]] += 1
                    tp["all"] += 1
    res = {}
    for k in ["all"] + TYPES:
        p = tp[k] / npred[k] if npred[k] else 0.0
        r = tp[k] / ngold[k] if ngold[k] else 0.0
        res[k] = {"p": p, "r": r, "f1": 2 * p * r / (p + r) if p + r else 0.0, "support": ngold[k]}
    return res


def word_dropout(ids, singleton, rng_t, p_single=0.5, p_all=0.05):
    """Replace vocabulary features by 0 (unknown): half of the singletons, a few of the rest."""
    p = torch.where(singleton, torch.tensor(p_single), torch.tensor(p_all))
    drop = torch.rand(p.shape, generator=rng_t) < p
    ids = ids.clone()
    for col in VOCAB_FEATURES.values():
        ids[:, :, col] = torch.where(drop, torch.zeros_like(ids[:, :, col]), ids[:, :, col])
    return ids


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--patience", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    # 64 keeps NER at ≥150k tokens/s on one core in onnxruntime-node
    # (128 measured ~56k tokens per CPU-second end to end).
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--max-minutes", type=float, default=55.0)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--export-only", action="store_true")
    ap.add_argument("--vectors", default=os.path.join(ROOT, "models", "vectors"),
                    help="the shared pretrained word vectors (npm run train -- vectors), frozen; '' for none")
    ap.add_argument("--vector-dropout", type=float, default=0.1, help="share of training words whose vector is dropped")
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--fixture", default=os.path.join(ROOT, "test", "fixtures", "ner", "parity.json"))
    ap.add_argument("--limit", type=int, default=0, help="train on the first N documents only (smoke tests)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.use_deterministic_algorithms(True)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    rng_t = torch.Generator().manual_seed(args.seed)
    t0 = time.time()

    train = load(os.path.join(DATA, "eng.train"))
    if args.limit:
        train = train[:args.limit]
    dev = load(os.path.join(DATA, "eng.testa"))
    form_count = Counter(w for doc in train for words, _ in doc for w in words)
    form_vocab = set(form_count)
    norm_vocab = {feature_norm(w) for w in form_vocab}
    vectors = WordVectors(args.vectors) if args.vectors else None
    table = torch.from_numpy(vectors.table) if vectors else None
    fz = Featurizer(form_vocab, norm_vocab, vectors)

    # Jackknifed gazetteer: a training doc sees only entities from the other
    # folds, so the model learns how far to trust a match on unseen text.
    fold_of = [i % FOLDS for i in range(len(train))]
    fold_gaz = [build_gazetteer([d for d, f in zip(train, fold_of) if f != k]) for k in range(FOLDS)]
    full_gaz = build_gazetteer(train)
    train_ex = make_examples(train, lambda di: fold_gaz[fold_of[di]], fz)
    dev_ex = make_examples(dev, lambda di: full_gaz, fz)
    singleton = [torch.tensor([form_count[w] == 1 for w in e[3]]) for e in train_ex]
    print(f"data: {len(train_ex)} train / {len(dev_ex)} dev sentences, {time.time() - t0:.1f}s", flush=True)

    net = NerNet(SPECS, DENSE_DIM, hidden=args.hidden, vec_dim=vectors.dim if vectors else 0)
    crf = CRF()
    os.makedirs(CACHE, exist_ok=True)
    ckpt = os.path.join(CACHE, ("ner-vectors" if vectors else "ner") + (f"-limit{args.limit}" if args.limit else "") + ".pt")
    if not args.export_only:
        params = list(net.parameters()) + list(crf.parameters())
        opt = torch.optim.Adam(params, lr=args.lr)
        sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="max", factor=0.5, patience=2)
        best, best_ep, history = -1.0, 0, []
        # Progress over the most batches the run may take (early stopping ends it sooner).
        per_epoch = (len(train_ex) + args.batch - 1) // args.batch
        progress = Progress(args.epochs * per_epoch, unit="batch")
        for ep in range(1, args.epochs + 1):
            net.train()
            te = time.time()
            tot, nb = 0.0, 0
            for g, ids, dense, tags, mask, vec in batches(train_ex, args.batch, True, rng):
                T = ids.shape[1]
                single = torch.zeros(len(g), T, dtype=torch.bool)
                for b, i in enumerate(g):
                    single[b, :len(singleton[i])] = singleton[i]
                ids = word_dropout(ids, single, rng_t)
                if vectors and args.vector_dropout:
                    vec = vec * (torch.rand(vec.shape, generator=rng_t) >= args.vector_dropout).long()
                loss = crf.nll(net(ids, dense, vec_input(table, vec)), tags, mask)
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(params, 5.0)
                opt.step()
                tot += loss.item(); nb += 1
                progress.update((ep - 1) * per_epoch + nb, epoch=f"{ep}/{args.epochs}", loss=tot / nb)
            res = evaluate(net, crf, dev_ex, table)
            f1 = res["all"]["f1"]
            sched.step(f1)
            history.append(f1)
            print(f"epoch {ep} loss {tot / nb:.3f} testa F1 {100 * f1:.2f} ({time.time() - te:.0f}s, lr {opt.param_groups[0]['lr']:.1e})", flush=True)
            if f1 > best:
                best, best_ep = f1, ep
                torch.save({"net": net.state_dict(), "crf": crf.state_dict(), "epoch": ep}, ckpt)
            elif ep - best_ep >= args.patience:
                break
            if time.time() - t0 > 60 * args.max_minutes:
                print("time budget reached", flush=True)
                break
        print(f"best testa F1 {100 * best:.2f} at epoch {best_ep}; training {time.time() - t0:.0f}s", flush=True)
    state = torch.load(ckpt)
    net.load_state_dict(state["net"])
    crf.load_state_dict(state["crf"])
    net.eval()
    # What ships: the embedding tables (~95% of the weights) stored as
    # float16 and cast to float32 inside the graph (half the file). The
    # reported metrics and the parity fixture come from this network.
    net = half_embeddings(net)
    res_dev = evaluate(net, crf, dev_ex, table)
    res_train = evaluate(net, crf, make_examples(train, lambda di: full_gaz, fz), table)
    from .export import export
    export(net, crf, SPECS, form_vocab, norm_vocab, full_gaz, dev, fz, args.out,
           {"testa": res_dev, "train": res_train, "epoch": state["epoch"], "seed": args.seed,
            "trainSeconds": round(time.time() - t0)}, vectors, args.fixture)
    for name, r in (("testa", res_dev), ("train", res_train)):
        print(name, " ".join(f"{k}: P {100 * v['p']:.2f} R {100 * v['r']:.2f} F1 {100 * v['f1']:.2f}" for k, v in r.items()))


if __name__ == "__main__":
    main()
