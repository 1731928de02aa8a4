"""Sentence-boundary classifier for EWT-style web text.

npm run train -- sentences [--paragraphs none|spaces|wrapped|both] [--edited] [--seed N] [--out DIR]
npm run train -- sentences --lang fra|por|spa|deu   (a language pack's model, models/<lang>/sentences/)
(runs: /usr/bin/python3 -m training.sentences.train)

With --lang the same recipe reads training/out/ud/<lang>-{train,dev}.conllu
(training/tagger-ud/prepare.py) instead of EWT; the English model is untouched.

1. Dumps candidate-boundary features for EWT train/dev with the same
   TypeScript code inference uses (training/sentences/dump.ts): the raw text,
   and with --paragraphs the same sentences again as running paragraphs
   (joined by spaces, hard-wrapped as layout.ts reads it, or both), for train
   and dev alike. The shipped model is trained on the raw text alone (the
   default, none): on dev, paragraph text did not help (MODEL_CARD.md).
2. Trains a hashed-feature model: a logistic-regression term plus a 1-hidden-layer
   MLP over summed feature embeddings (PyTorch, one thread, fixed seed).
3. Picks the epoch and decision threshold on dev (boundary F1), never on test.
4. Exports models/sentences/model.onnx and meta.json.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch
from torch import nn
from training.common.progress import Progress

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "models", "sentences")
BUCKETS = 1 << 15
DIM = 16
HIDDEN = 32
EPOCHS = 3  # dev F1 peaks at epoch 1 and the model memorizes train after; see MODEL_CARD.md
SEED = 13
# What a language pack's model learns from: the treebanks of training/tagger-ud/prepare.py's train split.
LANG_DATA = {
    "fra": "UD French Sequoia train, Rhapsodie (all portions), FQB (LGPL-LR, CC BY-SA 4.0)",
    "por": "UD Portuguese Bosque train, GSD train (CC BY-SA 4.0)",
    "spa": "UD Spanish AnCora dev (4/5; GPL-3.0 at r2.8, CC BY 4.0 since), GSD dev (4/5; CC BY-SA 4.0)",
    "deu": "UD German GSD dev (4/5; CC BY-SA 4.0), PUD (4/5; CC BY-SA 3.0)",
}
FEATURES = 24  # FEATURES_PER_CANDIDATE in src/doc/sentence-features.ts


class BoundaryModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Embedding(BUCKETS, 1)
        self.emb = nn.Embedding(BUCKETS, DIM)
        self.hidden = nn.Linear(DIM, HIDDEN)
        self.out = nn.Linear(HIDDEN, 1)
        nn.init.zeros_(self.linear.weight)
        nn.init.normal_(self.emb.weight, std=0.05)

    def forward(self, features):
        ids = features.long()
        lin = self.linear(ids).sum(dim=1)
        h = torch.relu(self.hidden(self.emb(ids).sum(dim=1)))
        # Probability that a sentence ends before this token.
        return torch.sigmoid(lin + self.out(h)).squeeze(-1)


def dump(split, tmp, paragraphs, edited, lang=None):
    extra = ["--paragraphs", paragraphs] + (["--edited"] if edited else []) + (["--lang", lang] if lang else [])
    subprocess.run(
        ["npx", "tsx", "training/sentences/dump.ts", split, tmp, str(BUCKETS)] + extra,
        cwd=ROOT, check=True,
    )
    feats = np.fromfile(os.path.join(tmp, f"{split}.feats"), dtype=np.int32).reshape(-1, FEATURES)
    labels = np.fromfile(os.path.join(tmp, f"{split}.labels"), dtype=np.uint8).astype(np.float32)
    return torch.from_numpy(feats.copy()), torch.from_numpy(labels)


def best_threshold(probs, labels):
    best = (0.0, 0.5)
    for t in np.arange(0.2, 0.81, 0.02):
        pred = probs >= t
        tp = float((pred & (labels > 0.5)).sum())
        p = tp / max(1.0, float(pred.sum()))
        r = tp / max(1.0, float((labels > 0.5).sum()))
        f = 2 * p * r / max(1e-9, p + r)
        if f > best[0]:
            best = (f, float(t))
    return best


def main():
    ap = argparse.ArgumentParser(description="Train the sentence-boundary classifier.")
    ap.add_argument("--paragraphs", choices=["none", "spaces", "wrapped", "both"], default="none",
                    help="add the sentences again as running paragraphs (see training/sentences/dump.ts)")
    ap.add_argument("--edited", action="store_true", help="only sentences that read like edited prose in those paragraphs")
    ap.add_argument("--choose-on", choices=["raw", "same"], default="raw",
                    help="dev text the epoch and threshold are chosen on: EWT dev raw text alone, or the same mix as train")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--out", default=None, help="where model.onnx and meta.json go (default models/sentences, or models/<lang>/sentences)")
    ap.add_argument("--lang", choices=sorted(LANG_DATA), help="a language pack's model, from its treebanks (training/tagger-ud/prepare.py)")
    args = ap.parse_args()
    if args.out is None:
        args.out = os.path.join(ROOT, "models", args.lang, "sentences") if args.lang else OUT
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        xtr, ytr = dump("train", tmp, args.paragraphs, args.edited, args.lang)
        xdev, ydev = dump("dev", tmp, args.paragraphs if args.choose_on == "same" else "none", args.edited, args.lang)
    model = BoundaryModel()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    lossf = nn.BCELoss()
    n = xtr.shape[0]
    best = (-1.0, 0.5, None, 0)
    per_epoch = (n + 255) // 256
    progress = Progress(EPOCHS * per_epoch, unit="batch")
    for epoch in range(EPOCHS):
        t0 = time.time()
        model.train()
        perm = torch.randperm(n)
        total = 0.0
        for b in range(0, n, 256):
            idx = perm[b:b + 256]
            opt.zero_grad()
            loss = lossf(model(xtr[idx]), ytr[idx])
            loss.backward()
            opt.step()
            total += float(loss) * len(idx)
            progress.update(epoch * per_epoch + b // 256 + 1, epoch=f"{epoch + 1}/{EPOCHS}", loss=total / min(n, b + 256))
        model.eval()
        with torch.no_grad():
            probs = model(xdev).numpy()
        f, t = best_threshold(probs, ydev.numpy())
        print(f"epoch {epoch + 1}: loss {total / n:.4f}, dev boundary F1 {100 * f:.2f} at {t:.2f} ({time.time() - t0:.0f}s)", flush=True)
        if f > best[0]:
            best = (f, t, {k: v.clone() for k, v in model.state_dict().items()}, epoch + 1)
    f, threshold, state, epoch = best
    model.load_state_dict(state)
    model.eval()
    out = args.out
    os.makedirs(out, exist_ok=True)
    torch.onnx.export(
        model, (xdev[:4],), os.path.join(out, "model.onnx"),
        input_names=["features"], output_names=["prob"],
        dynamic_axes={"features": {0: "candidates"}, "prob": {0: "candidates"}},
        opset_version=13,
    )
    meta = {
        "name": "textlens-sentences",
        "version": "1.0.0",
        "task": "sentence boundary after a token (EWT conventions)",
        "buckets": BUCKETS,
        "featuresPerCandidate": FEATURES,
        "dim": DIM,
        "hidden": HIDDEN,
        "threshold": round(threshold, 2),
        "epoch": epoch,
        "devBoundaryF1": round(100 * f, 2),
        "trainedOn": "UD English EWT train (en_ewt-ud-train.conllu), CC BY-SA 4.0",
    }
    # Recorded only off the shipped recipe, so that the default reproduces the shipped meta.json.
    if args.paragraphs != "none":
        meta["paragraphs"] = args.paragraphs + (" (edited prose)" if args.edited else "")
        meta["chosenOn"] = "EWT dev raw text" if args.choose_on == "raw" else f"EWT dev raw text + {args.paragraphs} paragraphs"
    if args.seed != SEED:
        meta["seed"] = args.seed
    if args.lang:
        meta["name"] = f"textlens-sentences-{args.lang}"
        meta["language"] = args.lang
        meta["task"] = "sentence boundary after a token (UD conventions of the language's treebanks)"
        meta["trainedOn"] = LANG_DATA[args.lang]
    with open(os.path.join(out, "meta.json"), "w") as fh:
        json.dump(meta, fh, indent=2)
        fh.write("\n")
    print(json.dumps(meta, indent=2))


if __name__ == "__main__":
    sys.exit(main())
