"""Train the biaffine dependency parser on UD English-EWT and export it.

    npm run train -- parser [--threads 2] [--epochs 40] [--max-minutes 55]
    npm run train -- parser --encoder conv --threads 1 --epochs 40 --decay-epochs 4   # fast variant, models/parser-fast

Both parsers read the shared pretrained word vectors (models/vectors,
frozen; `--vectors ''` for none). Writes models/parser/{parser.onnx,meta.json} and the parity fixture
test/fixtures/parser/parity.json; checkpoints and logs go to
training/out/parser/. Deterministic for a given thread count (fixed seeds).
"""
import argparse
import base64
import json
import math
import os
import random
import subprocess
import time

import numpy as np
import torch
import torch.nn.functional as F

from training.common.features import featurize
from training.common.lexical import LexicalCodes
from training.common.progress import Progress
from training.common.conllu import read_conllu
from training.parser.model import Parser
from training.common.half import half_stored
from training.parser.mst import decode
from training.vectors.lookup import WordVectors

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "..", "shared", "data", "ud-english-ewt")
OUT = os.path.join(ROOT, "training", "out", "parser")
MODEL_DIR = os.path.join(ROOT, "models", "parser")
FIXTURE_DIR = os.path.join(ROOT, "test", "fixtures", "parser")
# Model versions per encoder: 1.4.0 adds the pretrained word vectors to the
# inputs and is exported with int8 LSTM and MLP weights
# (training/common/quantize_onnx.py); the fast parser's 1.1.0 adds the same
# vectors (float export).
VERSION = {"lstm": "1.4.0", "conv": "1.1.0"}

# (feature, buckets, embedding width)
FEATURES = [
    ("norm", 20000, 80),
    ("prefix2", 2000, 24),
    ("prefix3", 5000, 32),
    ("suffix2", 2000, 24),
    ("suffix3", 5000, 32),
    ("suffix4", 5000, 32),
    ("shape", 1000, 24),
]
SPECS = [(n, b) for n, b, _ in FEATURES]
HASHED_SPECS = list(SPECS)  # SPECS grows by the lexical codes with --lexical
LEXICAL_SOURCES = {}  # meta.json → lexical, with --lexical (the cluster file's path is under models/)
PAD, UNK = "<pad>", "<unk>"


def vocab(items):
    out = [PAD, UNK]
    for x in sorted(set(items)):
        out.append(x)
    return out


# Word-level codes of the tagger (WordNet classes, distributional clusters:
# training/tagger/train.py LEXICAL), appended to the hashed feature columns
# as code + 1 (0 stays padding), with these embedding widths (--lexical).
LEXICAL_DIMS = {"wordnetParts": 16, "wordnetDominant": 8, "clusterCoarse": 16, "clusterFine": 32}


class VectorInput:
    """The word vectors as the network sees them: rows of the shared table
    (models/vectors) kept only for the words of the treebank, so that a
    batch's input is a small gather. Frozen by default; `tuned` makes the
    rows trainable parameters (a measurement: the shipped graph takes the
    frozen rows as its `vec` input, so tuned rows could not ship)."""

    def __init__(self, vectors, words, tuned=False):
        self.vectors = vectors
        self.local = {0: 0}
        for w in words:
            r = vectors.row(w)
            if r not in self.local:
                self.local[r] = len(self.local)
        rows = sorted(self.local, key=self.local.get)
        table = torch.from_numpy(vectors.table[rows])
        self.emb = torch.nn.Embedding.from_pretrained(table, freeze=not tuned, padding_idx=0)
        self.dim = vectors.dim
        self.tuned = tuned

    def rows(self, words):
        return np.array([self.local[self.vectors.row(w)] for w in words], dtype=np.int64)

    def __call__(self, rows):
        return self.emb(rows)


class Encoded:
    def __init__(self, sents, upos_ix, xpos_ix, lab_ix, lexical=None, vectors=None):
        self.sents = sents
        self.vec = [vectors.rows(s["forms"]) if vectors else np.zeros(len(s["forms"]), dtype=np.int64) for s in sents]
        self.ids = [np.array(featurize(s["forms"], HASHED_SPECS), dtype=np.int32) for s in sents]
        if lexical is not None:
            self.ids = [np.concatenate([ids, np.array([lexical.codes(w) for w in s["forms"]],
                                                      dtype=np.int32).reshape(len(s["forms"]), -1) + 1], 1)
                        for ids, s in zip(self.ids, sents)]
        self.upos = [np.array([upos_ix.get(t, 1) for t in s["upos"]], dtype=np.int32) for s in sents]
        self.xpos = [np.array([xpos_ix.get(t, 1) for t in s["xpos"]], dtype=np.int32) for s in sents]
        self.heads = [np.array(s["heads"], dtype=np.int64) for s in sents]
        self.labels = [np.array([lab_ix[d] for d in s["deprels"]], dtype=np.int64) for s in sents]


def make_batch(enc, idx, noise=None):
    n = max(len(enc.heads[i]) for i in idx)
    b = len(idx)
    ids = np.zeros((b, n, len(SPECS)), dtype=np.int32)
    up = np.zeros((b, n), dtype=np.int32)
    xp = np.zeros((b, n), dtype=np.int32)
    heads = np.zeros((b, n), dtype=np.int64)
    labels = np.zeros((b, n), dtype=np.int64)
    lens = np.zeros(b, dtype=np.int32)
    vec = np.zeros((b, n), dtype=np.int64)
    for k, i in enumerate(idx):
        m = len(enc.heads[i])
        ids[k, :m] = enc.ids[i]
        vec[k, :m] = enc.vec[i]
        up[k, :m] = enc.upos[i]
        xp[k, :m] = enc.xpos[i]
        heads[k, :m] = enc.heads[i]
        labels[k, :m] = enc.labels[i]
        lens[k] = m
        if noise is not None:
            noise(enc, i, ids[k, :m], up[k, :m], xp[k, :m])
    return (torch.from_numpy(ids), torch.from_numpy(up), torch.from_numpy(xp), torch.from_numpy(lens),
            torch.from_numpy(heads), torch.from_numpy(labels), torch.from_numpy(vec))


def batches(enc, max_tokens, rng, shuffle=True):
    order = sorted(range(len(enc.heads)), key=lambda i: (len(enc.heads[i]), rng.random() if shuffle else i))
    out, cur, cur_max = [], [], 0
    for i in order:
        m = len(enc.heads[i])
        if cur and max(cur_max, m) * (len(cur) + 1) > max_tokens:
            out.append(cur)
            cur, cur_max = [], 0
        cur.append(i)
        cur_max = max(cur_max, m)
    if cur:
        out.append(cur)
    if shuffle:
        rng.shuffle(out)
    return out


def make_noise(train_sents, upos_ix, xpos_ix, rng, p_swap, p_unk, p_word):
    """Training-time corruption so the parser tolerates a real tagger's errors:
    a word's tags are swapped for another pair the same word carries in the
    training data (the confusions a tagger makes), sometimes set unknown; the
    norm feature is sometimes dropped (unknown-word practice)."""
    pairs = {}
    for s in train_sents:
        for w, u, x in zip(s["forms"], s["upos"], s["xpos"]):
            pairs.setdefault(w.lower(), []).append((upos_ix.get(u, 1), xpos_ix.get(x, 1)))
    amb = {w: v for w, v in pairs.items() if len(set(v)) > 1}

    def noise(enc, i, ids, up, xp):
        forms = enc.sents[i]["forms"]
        for t in range(len(forms)):
            r = rng.random()
            if r < p_unk:
                up[t] = 1
                xp[t] = 1
            elif r < p_unk + p_swap:
                alts = amb.get(forms[t].lower())
                if alts:
                    up[t], xp[t] = alts[rng.randrange(len(alts))]
            if rng.random() < p_word:
                ids[t, 0] = 0
    return noise


def mix_predicted(noise, predicted, upos_ix, xpos_ix, rng, share):
    """A sentence gets its jackknifed predicted tags with probability `share`,
    else its gold tags with the usual corruption (`noise`)."""
    pred = [(np.array([upos_ix.get(t, 1) for t in p["upos"]], dtype=np.int32),
             np.array([xpos_ix.get(t, 1) for t in p["xpos"]], dtype=np.int32)) for p in predicted]

    def mixed(enc, i, ids, up, xp):
        noise(enc, i, ids, up, xp)  # gold tags corrupted, norm dropped now and then
        if rng.random() < share:
            up[:] = pred[i][0]
            xp[:] = pred[i][1]
    return mixed


def evaluate(model, enc, labels, use_mst=False, max_tokens=4000, vectors=None):
    model.eval()
    tot = uas = las = las_u = 0
    punct = labels.index("punct") if "punct" in labels else -1
    with torch.no_grad():
        for idx in batches(enc, max_tokens, random.Random(0), shuffle=False):
            ids, up, xp, lens, gh, gl, vr = make_batch(enc, idx)
            h, ok = model.encode(ids, up, xp, lens, vectors(vr) if vectors else None)
            arcs = model.arc_scores(h, ok)
            pdep, phead = model.label_parts(h)
            if use_mst:
                heads = torch.zeros_like(gh)
                for k in range(len(idx)):
                    m = int(lens[k])
                    s = np.full((m + 1, m + 1), -np.inf, dtype=np.float64)
                    s[1:, :] = arcs[k, :m, :m + 1].numpy()
                    heads[k, :m] = torch.from_numpy(decode(s)[1:].astype(np.int64))
            else:
                heads = arcs.argmax(dim=2)
            lab = model.label_logits(pdep, phead, heads).argmax(dim=2)
            for k in range(len(idx)):
                m = int(lens[k])
                hk, lk, ghk, glk = heads[k, :m], lab[k, :m], gh[k, :m], gl[k, :m]
                ok_h = hk == ghk
                tot += m
                uas += int(ok_h.sum())
                las += int((ok_h & (lk == glk)).sum())
                las_u += sum(1 for t in range(m) if ok_h[t] and labels[lk[t]].split(":")[0] == labels[glk[t]].split(":")[0])
    model.train()
    return {"uas": 100 * uas / tot, "las": 100 * las / tot, "las_universal": 100 * las_u / tot, "words": tot}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--max-minutes", type=float, default=55)
    ap.add_argument("--batch-tokens", type=int, default=3000)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--encoder", choices=["lstm", "conv"], default="lstm",
                    help="lstm: the accurate BiLSTM (models/parser); conv: the fast residual CNN (models/parser-fast)")
    ap.add_argument("--width", type=int, default=128, help="conv encoder width")
    ap.add_argument("--dilations", default="1,2,4", help="conv encoder: one residual block per dilation")
    ap.add_argument("--kernel", type=int, default=3, help="conv encoder kernel width")
    ap.add_argument("--arc-dim", type=int, default=None, help="biaffine arc MLP size (default 256 lstm, 128 conv)")
    ap.add_argument("--lab-dim", type=int, default=None, help="label MLP size (default 128 lstm, 64 conv)")
    ap.add_argument("--dropout", type=float, default=None, help="default 0.33 lstm, 0.1 conv")
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--patience", type=int, default=8)
    ap.add_argument("--decay-epochs", type=int, default=6, help="epochs from the best checkpoint at a lower rate")
    ap.add_argument("--decay-factor", type=float, default=0.25)
    ap.add_argument("--export-only", action="store_true", help="export the saved best checkpoint")
    ap.add_argument("--resume", action="store_true", help="continue from <out>/last.pt")
    ap.add_argument("--out", default=None, help="checkpoints, log and metrics (default training/out/parser[-fast])")
    ap.add_argument("--no-export", action="store_true", help="train and evaluate only (experiments)")
    ap.add_argument("--model-dir", default=None, help="where parser.onnx and meta.json go (default models/parser[-fast])")
    ap.add_argument("--fixture-dir", default=None, help="where parity.json goes (default test/fixtures/parser[/fast])")
    ap.add_argument("--tags", choices=["jackknife", "gold"], default="jackknife",
                    help="jackknife (the shipped v1.1 recipe): train on jackknifed predicted tags and select on the "
                         "shipped tagger's dev tags, from training/out/parser/jackknife-tags.json (made by "
                         "training/parser/jackknife-tags.mjs when missing, ~20 min); gold: v1.0's gold tags with noise")
    ap.add_argument("--train-tags", help="predicted tags for train (default with --tags jackknife: the jackknife file)")
    ap.add_argument("--tag-mix", type=float, default=1.0,
                    help="with --train-tags: share of sentences per epoch that get the predicted tags (the rest keep gold tags plus noise)")
    ap.add_argument("--dev-tags", help="predicted tags for dev, for model selection (a file with a \"dev\" list, e.g. the jackknife file or a tagger --predict-out file)")
    ap.add_argument("--tag-swap", type=float, default=None,
                    help="share of words given another pair of tags of the same word (default 0.08 with gold tags, 0 with predicted ones)")
    ap.add_argument("--lexical", default="wordnet,clusters",
                    help="the tagger's word codes as extra inputs (WordNet classes, clusters from "
                         "models/tagger/word-clusters.bin); '' for none (v1.1 and the fast variant)")
    ap.add_argument("--weights", choices=["int8", "float"], default=None,
                    help="int8 (default for the BiLSTM): the exported graph runs its LSTMs and constant-weight "
                         "MatMuls with onnxruntime's dynamically quantized kernels, ~2x faster, dev UAS/LAS "
                         "within 0.01; float: fp16-stored float32 (default for the conv encoder, where the "
                         "quantizable MatMuls are a small share of the time)")
    ap.add_argument("--tag-unk", type=float, default=0.02, help="share of words given the unknown tag")
    ap.add_argument("--vectors", default=None,
                    help="the shared pretrained word vectors as an input, frozen (default models/vectors); "
                         "'' for none (the BiLSTM v1.3's and the conv encoder v1.0's inputs)")
    ap.add_argument("--vectors-tune", action="store_true",
                    help="train the vector rows too (an experiment: implies --no-export, the graph takes frozen rows)")
    ap.add_argument("--limit", type=int, default=0, help="train on the first N sentences only (smoke tests)")
    ap.add_argument("--vector-dropout", type=float, default=0.0, help="share of training words whose vector is dropped")
    args = ap.parse_args()
    if args.tags == "jackknife" and not (args.train_tags and args.dev_tags):
        jackknife = os.path.join(OUT, "jackknife-tags.json")
        if not os.path.exists(jackknife):
            print(f"{jackknife} missing: running training/parser/jackknife-tags.mjs", flush=True)
            subprocess.run(["node", os.path.join(ROOT, "training", "parser", "jackknife-tags.mjs")], cwd=ROOT, check=True)
        args.train_tags = args.train_tags or jackknife
        args.dev_tags = args.dev_tags or jackknife
    if args.tag_swap is None:
        args.tag_swap = 0.0 if args.train_tags and args.tag_mix >= 1.0 else 0.08
    fast = args.encoder == "conv"
    if args.vectors is None:
        args.vectors = os.path.join("models", "vectors")
    if args.vectors_tune:
        args.no_export = True
    args.weights = args.weights or ("float" if fast else "int8")
    args.out = args.out or (OUT + "-fast" if fast else OUT)
    args.model_dir = args.model_dir or (MODEL_DIR + "-fast" if fast else MODEL_DIR)
    args.fixture_dir = args.fixture_dir or (os.path.join(FIXTURE_DIR, "fast") if fast else FIXTURE_DIR)
    arc_dim = args.arc_dim or (128 if fast else 256)
    lab_dim = args.lab_dim or (64 if fast else 128)
    # the small conv encoder underfits at the LSTM's dropout (dev UAS at epoch 13:
    # 0.33 → 81.7, 0.2 → 85.2, 0.1 → 86.4)
    args.dropout = args.dropout if args.dropout is not None else (0.1 if fast else 0.33)

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    np.random.seed(args.seed)
    out_dir = args.out
    os.makedirs(out_dir, exist_ok=True)

    train_s = read_conllu(os.path.join(DATA, "en_ewt-ud-train.conllu"))
    dev_s = read_conllu(os.path.join(DATA, "en_ewt-ud-dev.conllu"))
    test_s = read_conllu(os.path.join(DATA, "en_ewt-ud-test.conllu"))
    upos = vocab(t for s in train_s for t in s["upos"])
    xpos = vocab(t for s in train_s for t in s["xpos"])
    labels = sorted({d for s in train_s for d in s["deprels"]} | {d for s in dev_s + test_s for d in s["deprels"]})
    lab_ix = {d: i for i, d in enumerate(labels)}
    # Predicted tags replace the gold ones after the tag vocabularies are
    # built: the parser then trains and is selected on what the tagger gives it.
    train_predicted = None
    if args.train_tags:
        with open(args.train_tags) as f:
            train_predicted = json.load(f)["train"]
        if len(train_predicted) != len(train_s):
            raise SystemExit(f"{args.train_tags}: {len(train_predicted)} sentences, train has {len(train_s)}")
        if args.tag_mix >= 1.0:
            for sent, tags in zip(train_s, train_predicted):
                sent["upos"], sent["xpos"] = tags["upos"], tags["xpos"]
            train_predicted = None
        elif args.limit:
            train_predicted = train_predicted[:args.limit]
    if args.limit:
        train_s = train_s[:args.limit]
    if args.dev_tags:
        with open(args.dev_tags) as f:
            predicted = json.load(f)["dev"]
        for sent, tags in zip(dev_s, predicted, strict=True):
            sent["upos"], sent["xpos"] = tags["upos"], tags["xpos"]
    upos_ix = {t: i for i, t in enumerate(upos)}
    xpos_ix = {t: i for i, t in enumerate(xpos)}
    t0 = time.time()
    lexical = None
    feature_dims = [d for _, _, d in FEATURES]
    if args.lexical:
        groups = [g for g in args.lexical.split(",") if g]
        lexical = LexicalCodes(groups, [w for d in (train_s, dev_s, test_s) for s in d for w in s["forms"]],
                               os.path.join(ROOT, "models", "tagger", "word-clusters.bin"))
        for name, rows in lexical.specs:
            SPECS.append((name, rows))
            feature_dims.append(LEXICAL_DIMS[name])
        LEXICAL_SOURCES["wordnet"] = "wordnet" in groups
        LEXICAL_SOURCES["clusters"] = ({"file": "tagger/word-clusters.bin", "finePer": lexical.fine_per}
                                       if "clusters" in groups else None)
    vectors = None
    if args.vectors:
        vectors = VectorInput(WordVectors(os.path.join(ROOT, args.vectors)),
                              [w for d in (train_s, dev_s, test_s) for s in d for w in s["forms"]], args.vectors_tune)
        VECTOR_SOURCE.update(dir=os.path.relpath(os.path.join(ROOT, args.vectors), os.path.join(ROOT, "models")),
                             rows=vectors.vectors.rows, dim=vectors.dim)
    train, dev, test = (Encoded(s, upos_ix, xpos_ix, lab_ix, lexical, vectors) for s in (train_s, dev_s, test_s))
    print(f"data: {len(train_s)} train / {len(dev_s)} dev / {len(test_s)} test sentences, "
          f"{len(labels)} labels, featurized in {time.time() - t0:.1f}s", flush=True)

    model = Parser(SPECS, len(upos), len(xpos), len(labels), feature_dims,
                   hidden=args.hidden, layers=args.layers, arc_dim=arc_dim, lab_dim=lab_dim, encoder=args.encoder,
                   width=args.width, dilations=tuple(int(d) for d in args.dilations.split(",")), kernel=args.kernel, dropout=args.dropout,
                   vec_dim=vectors.dim if vectors else 0)
    ckpt = os.path.join(out_dir, "best.pt")
    if not args.export_only:
        params = list(model.parameters()) + (list(vectors.emb.parameters()) if vectors and vectors.tuned else [])
        opt = torch.optim.Adam(params, lr=args.lr, betas=(0.9, 0.9))
        vec_rng = torch.Generator().manual_seed(args.seed)
        noise = make_noise(train_s, upos_ix, xpos_ix, rng, p_swap=args.tag_swap, p_unk=args.tag_unk, p_word=0.1)
        if train_predicted is not None:
            noise = mix_predicted(noise, train_predicted, upos_ix, xpos_ix, rng, args.tag_mix)
        # Two phases: training at the base rate with early stopping on dev LAS,
        # then a few epochs from the best checkpoint at a lower rate.
        best, bad, start, epoch = -1.0, 0, time.time(), 1
        phase, decay_start = "main", None
        last = os.path.join(out_dir, "last.pt")
        if args.resume and os.path.exists(last):
            st = torch.load(last)
            model.load_state_dict(st["model"])
            if vectors and vectors.tuned:
                vectors.emb.load_state_dict(st["vectors"])
            opt.load_state_dict(st["opt"])
            best, bad, epoch = st["best"], st["bad"], st["epoch"] + 1
            phase, decay_start = st.get("phase", "main"), st.get("decay_start")
            rng.setstate(st["rng"])
            torch.set_rng_state(st["torch_rng"])
            start -= st["minutes"] * 60
        log = open(os.path.join(out_dir, "train.log"), "a" if args.resume else "w")
        while True:
            minutes = (time.time() - start) / 60
            if phase == "main" and (epoch > args.epochs or bad >= args.patience or minutes > args.max_minutes):
                phase, decay_start, bad = "decay", epoch, 0
                load_best(model, vectors, ckpt)
                for g in opt.param_groups:
                    g["lr"] *= args.decay_factor
            if phase == "decay" and epoch >= decay_start + args.decay_epochs:
                break
            te = time.time()
            total = 0.0
            bl = batches(train, args.batch_tokens, rng)
            # How many epochs remain depends on early stopping and the time budget: progress is per epoch.
            progress = Progress(len(bl), unit="batch")
            for nb, idx in enumerate(bl, 1):
                ids, up, xp, lens, gh, gl, vr = make_batch(train, idx, noise)
                if vectors and args.vector_dropout:
                    vr = vr * (torch.rand(vr.shape, generator=vec_rng) >= args.vector_dropout).long()
                h, ok = model.encode(ids, up, xp, lens, vectors(vr) if vectors else None)
                arcs = model.arc_scores(h, ok)
                pdep, phead = model.label_parts(h)
                mask = torch.arange(gh.shape[1]).view(1, -1) < lens.view(-1, 1).long()
                arc_loss = F.cross_entropy(arcs[mask], gh[mask])
                lab_loss = F.cross_entropy(model.label_logits(pdep, phead, gh)[mask], gl[mask])
                loss = arc_loss + lab_loss
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(params, 5.0)
                opt.step()
                total += float(loss)
                progress.update(nb, epoch=epoch, phase=phase, loss=total / nb)
            d = evaluate(model, dev, labels, vectors=vectors)
            msg = (f"epoch {epoch} ({phase}) loss {total / len(bl):.4f} dev UAS {d['uas']:.2f} LAS {d['las']:.2f} "
                   f"({time.time() - te:.0f}s, total {(time.time() - start) / 60:.1f} min)")
            print(msg, flush=True)
            log.write(msg + "\n")
            log.flush()
            if d["las"] > best:
                best, bad = d["las"], 0
                save_best(model, vectors, ckpt)
            else:
                bad += 1
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "best": best, "bad": bad, "epoch": epoch,
                        "vectors": vectors.emb.state_dict() if vectors and vectors.tuned else None,
                        "phase": phase, "decay_start": decay_start,
                        "rng": rng.getstate(), "torch_rng": torch.get_rng_state(),
                        "minutes": (time.time() - start) / 60}, last)
            epoch += 1
        train_minutes = (time.time() - start) / 60
    else:
        train_minutes = None
    load_best(model, vectors, ckpt)
    model.eval()
    metrics = {"dev": evaluate(model, dev, labels, use_mst=True, vectors=vectors),
               "test": evaluate(model, test, labels, use_mst=True, vectors=vectors)}
    dev_tags = "predicted" if args.dev_tags else "gold"
    print(f"gold tokens, dev {dev_tags} tags, test gold tags, tree decoding:", json.dumps(metrics), flush=True)
    if train_minutes is not None:
        metrics["train_minutes"] = round(train_minutes, 1)
        metrics["threads"] = args.threads
    metrics["config"] = {k: v for k, v in vars(args).items() if k not in ("export_only", "resume", "no_export")}
    with open(os.path.join(out_dir, "metrics.json"), "w") as f:
        json.dump(metrics, f, indent=1)
    if not args.no_export:
        export(model, upos, xpos, labels, dev, args.model_dir, args.fixture_dir, args.weights, args.layers, vectors)


def save_best(model, vectors, path):
    torch.save(model.state_dict(), path)
    if vectors and vectors.tuned:
        torch.save(vectors.emb.state_dict(), path + ".vectors")


def load_best(model, vectors, path):
    model.load_state_dict(torch.load(path))
    if vectors and vectors.tuned:
        vectors.emb.load_state_dict(torch.load(path + ".vectors"))


# meta.json → vectors, with --vectors: the directory under models/ and its shape
VECTOR_SOURCE = {}


def export(model, upos, xpos, labels, dev, model_dir=MODEL_DIR, fixture_dir=FIXTURE_DIR, weights="float", layers=2,
           vectors=None):
    model.eval()
    os.makedirs(model_dir, exist_ok=True)
    os.makedirs(fixture_dir, exist_ok=True)
    idx = list(range(6))
    ids, up, xp, lens, _, _, vr = make_batch(dev, idx)
    inputs = (ids, up, xp, lens) + ((vectors(vr).detach(),) if vectors else ())
    names = ["ids", "upos", "xpos", "lengths"] + (["vec"] if vectors else [])
    path = os.path.join(model_dir, "parser.onnx")
    # fp16-stored embeddings and LSTM weights (int8 after quantize_file); no export-time constant folding,
    # which would turn the Casts back into float32 tables (onnxruntime folds
    # them when the session is created).
    shipped = half_stored(model)
    torch.onnx.export(
        shipped, inputs, path, opset_version=15, do_constant_folding=False,
        input_names=names,
        output_names=["arcs", "labels", "label_dep", "label_head"],
        dynamic_axes={"ids": {0: "batch", 1: "len"}, "upos": {0: "batch", 1: "len"}, "xpos": {0: "batch", 1: "len"},
                      "lengths": {0: "batch"}, "arcs": {0: "batch", 1: "len", 2: "len1"},
                      "labels": {0: "batch", 1: "len"}, "label_dep": {0: "batch", 1: "len"},
                      "label_head": {0: "batch", 1: "len1"}} | ({"vec": {0: "batch", 1: "len"}} if vectors else {}),
    )
    if weights == "int8":
        # Imported here: only exports need the onnx package (Debian: python3-onnx).
        from training.common.quantize_onnx import quantize_file
        bilstm = dict(prefix="enc", layers=layers, lengths_input="lengths") if model.encoder == "lstm" else None
        quantize_file(path, bilstm=bilstm)
    w = model.lab_out.weight.detach().numpy().astype("<f4")
    b = model.lab_out.bias.detach().numpy().astype("<f4")
    meta = {
        "name": os.path.basename(os.path.normpath(model_dir)),
        "version": VERSION[model.encoder],
        "weights": weights,
        "scheme": "ud",
        "features": [{"name": n, "buckets": bk} for n, bk in SPECS],
        "lexical": dict(LEXICAL_SOURCES) if LEXICAL_SOURCES else None,
        "vectors": dict(VECTOR_SOURCE) if vectors else None,
        "upos": upos,
        "xpos": xpos,
        "labels": labels,
        "inputs": names,
        "outputs": ["arcs", "labels", "label_dep", "label_head"],
        "labelOut": {"rows": int(w.shape[0]), "cols": int(w.shape[1]),
                     "weight": base64.b64encode(w.tobytes()).decode(), "bias": base64.b64encode(b.tobytes()).decode()},
    }
    with open(os.path.join(model_dir, "meta.json"), "w") as f:
        json.dump(meta, f)
    with torch.no_grad():
        arcs, lab, pdep, phead = shipped(*inputs)
    sents = [dev.sents[i] for i in idx]
    fixture = {
        "sentences": [{"forms": s["forms"], "upos": s["upos"], "xpos": s["xpos"]} for s in sents],
        "arcs": [arcs[k, :len(s["forms"]), :len(s["forms"]) + 1].numpy().round(4).tolist() for k, s in enumerate(sents)],
        "labels": [[labels[int(l)] for l in lab[k, :len(s["forms"])]] for k, s in enumerate(sents)],
    }
    with open(os.path.join(fixture_dir, "parity.json"), "w") as f:
        json.dump(fixture, f)
    print(f"exported {path} ({os.path.getsize(path) / 1e6:.1f} MB)", flush=True)


if __name__ == "__main__":
    main()
