"""Train the POS tagger (XPOS + UPOS) on UD English-EWT and export it to ONNX.

    npm run train -- tagger --threads 1 [--epochs 15] [--gum]

Writes models/tagger/ (tagger.onnx, embeddings.f16, known-norms.u32,
meta.json) and a parity fixture (test/fixtures/tagger/parity.json) that the
Node test compares with onnxruntime's output. Deterministic for a given seed
and thread count.
"""
import argparse
import copy
import json
import math
import os
import random
import time

import torch
from torch import nn


from training.common.features import feature_id
from training.common.lexical import LexicalCodes
from training.common.progress import Progress
from training.common.conllu import read_tagged as read_conllu
from training.vectors.lookup import WordVectors
from training.tagger.model import HASH_PRIME, ExportedChars, ExportedTagger, ShippedEmbedding, Tagger, known_norm_mask

DATA = os.path.join("..", "shared", "data")
EWT = os.path.join(DATA, "ud-english-ewt", "en_ewt-ud-{}.conllu")
GUM = os.path.join(DATA, "ud-english-gum", "en_gum-ud-{}.conllu")

# (feature name, rows of its re-hashed table, hashes per id). The
# featurizer's own bucket count is HASH_PRIME for every feature: the real
# bucketing is the re-hash (model.py). Every hash is one more row to sum
# per new word type, so only the open-vocabulary features get several.
FEATURES = [
    ("norm", 12000, 3),
    ("prefix1", 256, 1),
    ("prefix2", 1024, 1),
    ("prefix3", 2048, 2),
    ("suffix1", 256, 1),
    ("suffix2", 1024, 1),
    ("suffix3", 2048, 2),
    ("suffix4", 4096, 2),
    ("shape", 512, 1),
]


CLUSTER_FILE = "word-clusters.bin"
VECTOR_PROJ_FILE = "vectors-proj.f16"


# Char ids: 0 padding, 1 unknown character, 2 begin, 3 end, 4… the
# characters seen in training (meta.json → chars.vocab, in id order).
CHAR_PAD, CHAR_UNK, CHAR_BEGIN, CHAR_END, CHAR_FIRST = 0, 1, 2, 3, 4
MAX_CHARS = 20  # longer words keep their first and last MAX_CHARS / 2 code points


def char_ids(word, char_ix):
    cps = list(word)  # code points, as Array.from in JS
    if len(cps) > MAX_CHARS:
        cps = cps[:MAX_CHARS // 2] + cps[-(MAX_CHARS // 2):]
    return [CHAR_BEGIN] + [char_ix.get(c, CHAR_UNK) for c in cps] + [CHAR_END]


class WordTypes:
    """Word type ids (1-based; 0 = padding) and their char id rows, so the
    char CNN runs once per distinct word of a batch."""

    def __init__(self, char_ix):
        self.char_ix = char_ix
        self.ix = {}
        self.rows = [[]]

    def id(self, w):
        i = self.ix.get(w)
        if i is None:
            i = self.ix[w] = len(self.rows)
            self.rows.append(char_ids(w, self.char_ix))
        return i

    def char_tensor(self):
        out = torch.zeros(len(self.rows), MAX_CHARS + 2, dtype=torch.int64)
        for i, r in enumerate(self.rows):
            out[i, :len(r)] = torch.tensor(r, dtype=torch.int64)
        return out


def char_vec_for(model, types, chars):
    """types: int64 [B, T] word type ids → the char CNN's vectors [B, T, W]
    (None without a char CNN), computed once per distinct type."""
    if not model.chars:
        return None
    uniq, inv = torch.unique(types, return_inverse=True)
    c = chars[uniq]
    c = c[:, :int((c > 0).sum(1).max())]
    return model.char_vectors(c)[inv]


class Featurizer:
    def __init__(self, lexical=None, vectors=None):
        self.cache = {}
        self.lexical = lexical
        self.lex_cache = {}
        self.vectors = vectors

    def vec(self, words):
        """Rows of the shared word vectors (0: none, or no vectors in this model)."""
        return [self.vectors.row(w) if self.vectors else 0 for w in words]

    def word(self, w):
        row = self.cache.get(w)
        if row is None:
            row = [feature_id(name, HASH_PRIME, w) + 1 for name, _, _ in FEATURES]
            self.cache[w] = row
        return row

    def sentence(self, words):
        return [self.word(w) for w in words]

    def lex(self, words):
        """Lexical codes [T, L] (L may be 0)."""
        out = []
        for w in words:
            row = self.lex_cache.get(w)
            if row is None:
                row = self.lex_cache[w] = self.lexical.codes(w) if self.lexical else []
            out.append(row)
        return out


def encode(sentences, feats, xpos_ix, upos_ix, types):
    out = []
    for s in sentences:
        words = [w for w, _, _ in s]
        out.append((
            torch.tensor(feats.sentence(words), dtype=torch.int64),
            torch.tensor([xpos_ix.get(x, 0) for _, _, x in s], dtype=torch.int64),
            torch.tensor([upos_ix.get(u, 0) for _, u, _ in s], dtype=torch.int64),
            words,
            torch.tensor([types.id(w) for w in words], dtype=torch.int64),
            torch.tensor(feats.lex(words), dtype=torch.int64).reshape(len(words), -1),
            torch.tensor(feats.vec(words), dtype=torch.int64),
        ))
    return out


def pad_batch(items):
    n = len(items)
    t = max(len(i[1]) for i in items)
    f = items[0][0].shape[1]
    ids = torch.zeros(n, t, f, dtype=torch.int64)
    xp = torch.full((n, t), -100, dtype=torch.int64)
    up = torch.full((n, t), -100, dtype=torch.int64)
    mask = torch.zeros(n, 1, t)
    types = torch.zeros(n, t, dtype=torch.int64)
    lex = torch.zeros(n, t, items[0][5].shape[1], dtype=torch.int64)
    vec = torch.zeros(n, t, dtype=torch.int64)
    for b, (fi, x, u, _, ty, lx, vr) in enumerate(items):
        l = len(x)
        ids[b, :l] = fi
        lex[b, :l] = lx
        xp[b, :l] = x
        up[b, :l] = u
        mask[b, 0, :l] = 1
        types[b, :l] = ty
        vec[b, :l] = vr
    return ids, mask, xp, up, types, lex, vec


def batches(data, size, rng):
    """Length-bucketed batches in random order (less padding, still shuffled)."""
    order = list(range(len(data)))
    rng.shuffle(order)
    chunk = size * 50
    out = []
    for i in range(0, len(order), chunk):
        part = sorted(order[i:i + chunk], key=lambda j: len(data[j][1]))
        out.extend(part[k:k + size] for k in range(0, len(part), size))
    rng.shuffle(out)
    return out


@torch.no_grad()
def evaluate(model, data, known, chars, bsz=256, unknown_only=False):
    """XPOS and UPOS accuracy (%); unknown_only: on words whose norm training never saw."""
    model.eval()
    cx = cu = n = 0
    for i in range(0, len(data), bsz):
        ids, mask, xp, up, types, lex, vec = pad_batch(data[i:i + bsz])
        xl, ul = model(ids, mask, known_norm_mask(ids, known), char_vec_for(model, types, chars), lex, vec)
        m = xp != -100
        if unknown_only:
            m = m & ~torch.isin(ids[:, :, 0], known)
        cx += (xl.argmax(1) == xp)[m].sum().item()
        cu += (ul.argmax(1) == up)[m].sum().item()
        n += m.sum().item()
    return 100 * cx / max(n, 1), 100 * cu / max(n, 1)


@torch.no_grad()
def predict(model, data, known, chars, xpos_labels, upos_labels, bsz=256):
    """Predicted tags per sentence: [{"upos": [...], "xpos": [...]}, ...]."""
    model.eval()
    out = []
    for i in range(0, len(data), bsz):
        items = data[i:i + bsz]
        ids, mask, _, _, types, lex, vec = pad_batch(items)
        xl, ul = model(ids, mask, known_norm_mask(ids, known), char_vec_for(model, types, chars), lex, vec)
        xa, ua = xl.argmax(1), ul.argmax(1)
        for b, item in enumerate(items):
            n = len(item[1])
            out.append({"upos": [upos_labels[j] for j in ua[b, :n].tolist()],
                        "xpos": [xpos_labels[j] for j in xa[b, :n].tolist()]})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=15)
    ap.add_argument("--patience", type=int, default=15)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--dim", type=int, default=64)
    ap.add_argument("--width", type=int, default=64)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--encoder", choices=["conv", "lstm"], default="conv",
                    help="lstm: --depth conv layers, then a BiLSTM (--hidden per direction)")
    ap.add_argument("--hidden", type=int, default=128, help="BiLSTM units per direction (--encoder lstm)")
    ap.add_argument("--dropout", type=float, default=0.2)
    ap.add_argument("--word-dropout", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--char-dim", type=int, default=32, help="char CNN embedding size (0: no char CNN)")
    ap.add_argument("--char-filters", type=int, default=50, help="char CNN filters per kernel width")
    ap.add_argument("--char-kernels", default="3,4,5")
    ap.add_argument("--label-smoothing", type=float, default=0.1)
    ap.add_argument("--ema", type=float, default=0.0, help="evaluate/keep an exponential moving average of the weights (decay per step)")
    ap.add_argument("--norm-rows", type=int, default=0, help="override the norm table's rows")
    ap.add_argument("--save", help="also save the best PyTorch weights here")
    ap.add_argument("--load", help="skip training: export these saved weights")
    ap.add_argument("--limit", type=int, default=0, help="train on the first N sentences only (smoke tests)")
    ap.add_argument("--gum", action="store_true", help="add GUM train (CC BY-NC-SA 4.0: non-commercial!)")
    ap.add_argument("--lexical", default="wordnet,clusters",
                    help="comma-separated word-level code groups: wordnet, clusters (needs word-clusters.bin in --out or --clusters); '' for none")
    ap.add_argument("--clusters", help="word-clusters.bin to read (default: the one in --out)")
    ap.add_argument("--vectors", default=os.path.join("models", "vectors"),
                    help="the shared pretrained word vectors (npm run train -- vectors), frozen; '' for none")
    ap.add_argument("--vectors-for", choices=["all", "unknown"], default="unknown",
                    help="unknown: only words without a norm embedding (unseen, or dropped in training) get their vector")
    ap.add_argument("--vector-dropout", type=float, default=0.0,
                    help="share of training words whose vector is dropped (the runtime has none for ~30%% of unseen words; "
                         "with --vectors-for unknown, word dropout already decides who gets one)")
    ap.add_argument("--folds", type=int, default=0,
                    help="jackknifing: train on the EWT train sentences i with i %% folds != --fold, no export")
    ap.add_argument("--fold", type=int, default=0)
    ap.add_argument("--predict-out",
                    help="write predicted tags (held-out fold of train with --folds; dev; test) as JSON")
    ap.add_argument("--out", default=os.path.join("models", "tagger"))
    ap.add_argument("--fixture", default=os.path.join("test", "fixtures", "tagger", "parity.json"))
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    if args.norm_rows:
        FEATURES[0] = ("norm", args.norm_rows, FEATURES[0][2])
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    t0 = time.time()

    train = read_conllu(EWT.format("train"))
    held_out, held_sents = [], []
    if args.folds:
        held_out = [i for i in range(len(train)) if i % args.folds == args.fold]
        held = set(held_out)
        held_sents = [train[i] for i in held_out]
        train = [s for i, s in enumerate(train) if i not in held]
    if args.gum:
        train += read_conllu(GUM.format("train"))
    if args.limit:
        train = train[:args.limit]
    dev = read_conllu(EWT.format("dev"))
    test = read_conllu(EWT.format("test"))
    xpos_labels = sorted({x for s in train for _, _, x in s})
    upos_labels = sorted({u for s in train for _, u, _ in s})
    xpos_ix = {l: i for i, l in enumerate(xpos_labels)}
    upos_ix = {l: i for i, l in enumerate(upos_labels)}
    char_counts = {}
    for s in train:
        for w, _, _ in s:
            for c in w:
                char_counts[c] = char_counts.get(c, 0) + 1
    char_vocab = sorted(c for c, k in char_counts.items() if k >= 2)
    char_ix = {c: CHAR_FIRST + i for i, c in enumerate(char_vocab)}
    types = WordTypes(char_ix)
    groups = [g for g in args.lexical.split(",") if g]
    cluster_path = args.clusters or os.path.join(args.out, CLUSTER_FILE)
    lexical = LexicalCodes(groups, [w for d in (train, dev, test, held_sents) for s in d for w, _, _ in s],
                           cluster_path) if groups else None
    vectors = WordVectors(args.vectors) if args.vectors else None
    feats = Featurizer(lexical, vectors)
    tr = encode(train, feats, xpos_ix, upos_ix, types)
    # Norm ids seen in training: the runtime drops the norm rows of other words.
    known = torch.tensor(sorted({row[0] for row in feats.cache.values()}), dtype=torch.int64)
    dv, te = (encode(d, feats, xpos_ix, upos_ix, types) for d in (dev, test))
    ho = encode(held_sents, feats, xpos_ix, upos_ix, types) if args.folds else []
    chars = types.char_tensor()
    counts = {}
    for s in train:
        for w, _, _ in s:
            counts[w.lower()] = counts.get(w.lower(), 0) + 1
    print(f"data: {len(tr)} train / {len(dv)} dev / {len(te)} test sentences; "
          f"{len(xpos_labels)} XPOS, {len(upos_labels)} UPOS; featurized in {time.time() - t0:.1f}s", flush=True)

    model = Tagger(FEATURES, len(xpos_labels), len(upos_labels), dim=args.dim,
                   width=args.width, depth=args.depth, dropout=args.dropout,
                   encoder=args.encoder, hidden=args.hidden, lexical=lexical.specs if lexical else None,
                   vectors=vectors.table if vectors else None, vectors_unknown_only=args.vectors_for == "unknown",
                   chars={"n": CHAR_FIRST + len(char_vocab), "dim": args.char_dim, "filters": args.char_filters,
                          "kernels": [int(k) for k in args.char_kernels.split(",")]} if args.char_dim else None)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    steps_per_epoch = math.ceil(len(tr) / args.batch)
    total = steps_per_epoch * args.epochs
    warm = steps_per_epoch
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / warm) * 0.5 * (1 + math.cos(math.pi * min(1.0, s / total))))
    loss_fn = nn.CrossEntropyLoss(ignore_index=-100, label_smoothing=args.label_smoothing)
    # Rare words lose their norm embedding more often, so the affix and shape
    # features learn to carry unknown words (word dropout, Kiperwasser-style).
    drop_p = [[args.word_dropout + 0.25 / (0.25 + counts.get(w.lower(), 0)) for w in item[3]] for item in tr]

    # With --ema, dev scores, early stopping and the kept weights all use the
    # moving average of the weights (smoother than the last step's weights).
    ema = copy.deepcopy(model) if args.ema else None
    scored = ema or model
    best, best_state, bad = -1.0, None, 0
    history = []
    saved = torch.load(args.load) if args.load else None
    if saved:
        best_state, history = saved["state"], saved["history"]
    # Progress over the most batches the run may take (early stopping ends it sooner).
    progress = None if args.load else Progress(args.epochs * steps_per_epoch, unit="batch")
    for epoch in range(1, 0 if args.load else args.epochs + 1):
        model.train()
        te0 = time.time()
        tot = 0.0
        for nb, bi in enumerate(batches(tr, args.batch, rng), 1):
            items = [tr[i] for i in bi]
            ids, mask, xp, up, types_b, lex_b, vec_b = pad_batch(items)
            if args.vector_dropout:
                vec_b = vec_b * (torch.rand(vec_b.shape) >= args.vector_dropout).long()
            keep = torch.ones(ids.shape, dtype=torch.float32)
            p = torch.zeros(ids.shape[:2])
            for b, i in enumerate(bi):
                p[b, :len(drop_p[i])] = torch.tensor(drop_p[i])
            keep[:, :, 0] = (torch.rand(p.shape) >= p).float()
            xl, ul = model(ids, mask, keep, char_vec_for(model, types_b, chars), lex_b, vec_b)
            loss = loss_fn(xl, xp) + loss_fn(ul, up)
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            sched.step()
            if ema:
                with torch.no_grad():
                    for pe, pm in zip(ema.parameters(), model.parameters()):
                        pe.mul_(args.ema).add_(pm, alpha=1 - args.ema)
            tot += loss.item()
            progress.update((epoch - 1) * steps_per_epoch + min(nb, steps_per_epoch), epoch=f"{epoch}/{args.epochs}", loss=tot / nb)
        dx, du = evaluate(scored, dv, known, chars)
        history.append({"epoch": epoch, "loss": round(tot / steps_per_epoch, 4), "dev_xpos": round(dx, 2), "dev_upos": round(du, 2)})
        print(f"epoch {epoch:2d} loss {tot / steps_per_epoch:.4f} dev XPOS {dx:.2f} UPOS {du:.2f} "
              f"({time.time() - te0:.1f}s)", flush=True)
        if dx + du > best:
            best, bad = dx + du, 0
            best_state = {k: v.clone() for k, v in scored.state_dict().items()}
        else:
            bad += 1
            if bad >= args.patience:
                break
    model.load_state_dict(best_state)
    train_s = saved.get("seconds", 0) if saved else time.time() - t0
    train_args = saved.get("args", vars(args)) if saved else vars(args)
    if args.save:
        torch.save({"state": best_state, "history": history, "seconds": train_s, "args": train_args}, args.save)
    dx, du = evaluate(model, dv, known, chars)
    tx, tu = evaluate(model, te, known, chars)
    ux, uu = evaluate(model, dv, known, chars, unknown_only=True)
    print(f"best: dev XPOS {dx:.2f} UPOS {du:.2f} (words unknown to train: XPOS {ux:.2f} UPOS {uu:.2f}); "
          f"test XPOS {tx:.2f} UPOS {tu:.2f} (gold tokens); {train_s:.0f}s", flush=True)

    if args.predict_out:
        preds = {"fold": args.fold, "folds": args.folds,
                 "train": dict(zip(held_out, predict(model, ho, known, chars, xpos_labels, upos_labels))),
                 "dev": predict(model, dv, known, chars, xpos_labels, upos_labels),
                 "test": predict(model, te, known, chars, xpos_labels, upos_labels)}
        with open(args.predict_out, "w") as f:
            json.dump(preds, f)
        print(f"wrote {args.predict_out}", flush=True)
    if args.folds:
        return
    export(model, args, xpos_labels, upos_labels, feats, known, dev, char_vocab, char_ix, {
        "dev": {"xpos": round(dx, 2), "upos": round(du, 2)},
        "test": {"xpos": round(tx, 2), "upos": round(tu, 2)},
        "seconds": round(train_s),
        "threads": train_args["threads"],
        "data": ["UD_English-EWT train"] + (["UD_English-GUM train"] if args.gum else []),
        # Where files went is not part of the recipe.
        "args": {k: v for k, v in train_args.items() if k not in ("out", "fixture", "save", "load", "clusters", "predict_out")},
        "history": history,
    })


def lexical_meta(model, feats):
    """meta.json → embedding.lexical: the code tables (absolute first row, rows) in model order."""
    lexical = feats.lexical
    if not lexical:
        return None
    hashed = int(model.table.shape[0])
    tables = [{"name": name, "rows": rows, "offset": hashed + int(off)}
              for (name, rows), off in zip(lexical.specs, model.lex_offsets.tolist())]
    return {
        "tables": tables,
        "wordnet": "wordnet" in lexical.groups,
        "clusters": {"file": CLUSTER_FILE, "finePer": lexical.fine_per} if "clusters" in lexical.groups else None,
    }


def export(model, args, xpos_labels, upos_labels, feats, known, dev, char_vocab, char_ix, training):
    os.makedirs(args.out, exist_ok=True)
    model.eval()
    wrapped = ExportedTagger(model).eval()
    embedding = ShippedEmbedding(model, known)
    width = model.inp.out_features
    emb = torch.randn(2, 5, width)
    mask = torch.tensor([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]], dtype=torch.float32)
    path = os.path.join(args.out, "tagger.onnx")
    torch.onnx.export(
        wrapped, (emb, mask), path, opset_version=15,
        input_names=["emb", "mask"], output_names=["xpos", "upos"],
        dynamic_axes={"emb": {0: "batch", 1: "length"}, "mask": {0: "batch", 1: "length"},
                      "xpos": {0: "batch", 1: "length"}, "upos": {0: "batch", 1: "length"}},
    )
    chars_path = os.path.join(args.out, "chars.onnx")
    if model.chars:
        torch.onnx.export(
            ExportedChars(model).eval(), (torch.tensor([[2, 5, 6, 3], [2, 7, 3, 0]], dtype=torch.int32),),
            chars_path, opset_version=15, input_names=["chars"], output_names=["vec"],
            dynamic_axes={"chars": {0: "words", 1: "length"}, "vec": {0: "words"}},
        )
    elif os.path.exists(chars_path):
        os.remove(chars_path)
    table_path = os.path.join(args.out, "embeddings.f16")
    embedding.table16.numpy().astype("<f2").tofile(table_path)
    known_path = os.path.join(args.out, "known-norms.u32")
    known.numpy().astype("<u4").tofile(known_path)
    proj_path = os.path.join(args.out, VECTOR_PROJ_FILE)
    if embedding.proj16 is not None:
        embedding.proj16.numpy().astype("<f2").tofile(proj_path)
    elif os.path.exists(proj_path):
        os.remove(proj_path)
    pairs = [{"feature": int(model.feat_of[p]), "a": int(model.hash_a[p]), "b": int(model.hash_b[p]),
              "rows": int(model.rows[p]), "offset": int(model.offsets[p])} for p in range(len(model.feat_of))]
    meta = {
        "name": "textlens-tagger-en",
        "version": "1.1.0",
        "language": "eng",
        "inputs": {"emb": "float32 [batch, length, width]: per word, the sum of its embedding rows plus bias",
                   "mask": "float32 [batch, length]: 1 for a word, 0 for padding (also between packed sentences)"},
        "outputs": {"xpos": "int32 [batch, length] index into xposLabels",
                    "upos": "int32 [batch, length] index into uposLabels"},
        "features": [{"name": n, "buckets": HASH_PRIME} for n, _, _ in FEATURES],
        "embedding": {
            "file": "embeddings.f16",
            "dtype": "float16 little-endian, row-major [rows, width]",
            "rows": int(embedding.table16.shape[0]),
            "width": width,
            "prime": HASH_PRIME,
            "pairs": pairs,
            "bias": [float(x) for x in embedding.bias],
            "knownNorms": "known-norms.u32",
            # Word-level codes whose rows follow the hashed rows: row = offset + code.
            "lexical": lexical_meta(model, feats),
            # The shared pretrained vectors: a word's row (models/vectors) times this [dim, width] matrix is added.
            "vectors": {
                "dir": os.path.basename(os.path.normpath(args.vectors)),  # in the models root
                "name": feats.vectors.meta["name"],
                "rows": feats.vectors.rows,
                "dim": feats.vectors.dim,
                "projection": VECTOR_PROJ_FILE,
                # true: only a word whose norm training never saw gets its vector
                "unknownNormsOnly": model.vectors_unknown_only,
                "dtype": "float16 little-endian, row-major [dim, width]",
            } if model.has_vectors else None,
        },
        "chars": {
            "file": "chars.onnx",
            "input": "chars int32 [words, length]: 0 padding, 1 unknown, 2 begin, 3 end, 4 + index in vocab",
            "output": "vec float32 [words, width], added to the word's embedding",
            "maxChars": MAX_CHARS,
            "vocab": char_vocab,
        } if model.chars else None,
        "hashTables": [{"name": n, "rows": r, "hashes": k} for n, r, k in FEATURES],
        "xposLabels": xpos_labels,
        "uposLabels": upos_labels,
        "training": training,
    }
    with open(os.path.join(args.out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")

    # Parity fixture: the shipped path's labels (float16 table, padded batch)
    # for a few dev sentences plus odd characters, and the first word's
    # embedding of each, for the Node test to reproduce.
    sample = [s for s in dev if 3 <= len(s) <= 40][:12]
    sample.append([("Hi", "", ""), ("😀", "", ""), ("naïve", "", ""), ("café", "", "")])
    # Vector keys: case, the curly apostrophe, the hyphen back-off, no vector at all.
    sample.append([("Ultra-Marathoners", "", ""), ("DON’T", "", ""), ("re-tweet", "", ""), ("qzxv", "", "")])
    words = [[w for w, _, _ in s] for s in sample]
    t = max(len(w) for w in words)
    x = torch.zeros(len(words), t, len(FEATURES), dtype=torch.int64)
    lex = torch.zeros(len(words), t, model.nlex, dtype=torch.int64)
    vec = torch.zeros(len(words), t, dtype=torch.int64)
    char_vec = torch.zeros(len(words), t, width)
    for b, ws in enumerate(words):
        x[b, :len(ws)] = torch.tensor(feats.sentence(ws), dtype=torch.int64)
        if model.nlex:
            lex[b, :len(ws)] = torch.tensor(feats.lex(ws), dtype=torch.int64)
        vec[b, :len(ws)] = torch.tensor(feats.vec(ws), dtype=torch.int64)
        if model.chars:
            rows = [char_ids(w, char_ix) for w in ws]
            c = torch.zeros(len(ws), max(len(r) for r in rows), dtype=torch.int64)
            for i, r in enumerate(rows):
                c[i, :len(r)] = torch.tensor(r)
            with torch.no_grad():
                char_vec[b, :len(ws)] = model.char_vectors(c)
    with torch.no_grad():
        e = embedding(x, char_vec, lex, vec)
        xp, up = wrapped(e, (x[:, :, 0] > 0).float())
    fixture = {
        "sentences": [
            {"words": ws, "xpos": [xpos_labels[i] for i in xp[b, :len(ws)].tolist()],
             "upos": [upos_labels[i] for i in up[b, :len(ws)].tolist()],
             "firstWordEmb": [round(v, 5) for v in e[b, 0].tolist()]}
            for b, ws in enumerate(words)
        ]
    }
    os.makedirs(os.path.dirname(args.fixture), exist_ok=True)
    with open(args.fixture, "w") as f:
        json.dump(fixture, f, ensure_ascii=False, indent=1)
        f.write("\n")
    size = os.path.getsize(path) + os.path.getsize(table_path) + os.path.getsize(known_path)
    size += os.path.getsize(chars_path) if model.chars else 0
    size += os.path.getsize(proj_path) if model.has_vectors else 0
    print(f"wrote {path} + embeddings.f16 + known-norms.u32 ({size / 1e6:.2f} MB), meta.json, {args.fixture}", flush=True)


if __name__ == "__main__":
    main()
