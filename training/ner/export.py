"""Export the trained NER network to ONNX plus the files the TypeScript
annotator needs: meta.json (features, labels, CRF transitions) and
lexicon.json (vocabularies and gazetteer), and write the Node parity fixture."""
import json
import os

import torch

from .conll import LABELS, spans_bioes
from .dense import DENSE_DIM, MAX_PHRASE, MIN_ENTITY_SHARE, doc_features
from .model import VectorProjectedNet

VECTOR_PROJ_FILE = "vectors-proj.f32"

VERSION = "1.2.0"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Written for the parity fixture (not corpus text): mixed case, a headline,
# unknown names, digits and punctuation.
PARITY_DOC = [
    "GERMAN CHANCELLOR MEETS FRENCH PRESIDENT IN PARIS".split(),
    "Angela Merkel met Emmanuel Macron in Paris on Tuesday , officials at the European Union said .".split(),
    "Zorblat Industries Ltd. hired 1,200 workers in Ljubljana and Kraków for its Qwixel 3000 phones .".split(),
    "Merkel later flew to Washington to meet the World Bank and the New York Yankees .".split(),
    "the cat sat on the mat .".split(),
]


def _r(x):
    return [round(v, 5) for v in x]


def export(net, crf, specs, form_vocab, norm_vocab, gaz, dev, fz, out_dir, metrics, vectors=None, fixture=None,
           extra_dense=None):
    """vectors: the shared word vectors (training/vectors/lookup.py) the network reads, or None.
    extra_dense: (width, words -> per word a list of width floats) for model-declared dense columns after
    DENSE_DIM (a language pack's lexicon feature, declared in meta.json by its trainer), or None."""
    extra_width = extra_dense[0] if extra_dense else 0
    os.makedirs(out_dir, exist_ok=True)
    net.eval()
    B, T = 2, 7
    ids = torch.ones(B, T, len(specs), dtype=torch.int32)
    dense = torch.zeros(B, T, DENSE_DIM + extra_width)
    onnx_path = os.path.join(out_dir, "ner.onnx")
    inputs, names = (ids, dense), ["ids", "dense"]
    axes = {"ids": {0: "batch", 1: "length"}, "dense": {0: "batch", 1: "length"}, "emissions": {0: "batch", 1: "length"}}
    shipped = net
    proj_path = os.path.join(out_dir, VECTOR_PROJ_FILE)
    if vectors:
        shipped = VectorProjectedNet(net).eval()
        hidden = net.proj.out_features
        inputs, names = (ids, dense, torch.zeros(B, T, hidden)), names + ["vproj"]
        axes["vproj"] = {0: "batch", 1: "length"}
        shipped.vector_projection().numpy().astype("<f4").tofile(proj_path)
    elif os.path.exists(proj_path):
        os.remove(proj_path)
    torch.onnx.export(
        # No export-time constant folding: it would turn the fp16 tables'
        # Casts back into float32 initializers (onnxruntime folds them at load).
        shipped, inputs, onnx_path, opset_version=15, do_constant_folding=False,
        input_names=names, output_names=["emissions"], dynamic_axes=axes,
    )
    trans, start, end = crf.effective()
    meta = {
        "name": "ner",
        "version": VERSION,
        "labels": LABELS,
        "scheme": "BIOES",
        "features": [{"name": n, "buckets": b} for (n, b, _) in specs],
        "vocabularyFeatures": ["form", "norm"],
        "denseDim": DENSE_DIM + extra_width,
        # Sentences may be packed into one row with this many padding slots
        # between them: no convolution reads across a gap that wide, and the
        # network zeroes padding after every layer, so outputs equal one row
        # per sentence.
        "packGap": max(c.dilation[0] for c in net.convs),
        "gazetteer": {"maxPhrase": MAX_PHRASE, "minEntityShare": MIN_ENTITY_SHARE},
        "inputs": {"ids": "int32 [batch, length, features], 0 = padding or unknown",
                   "dense": "float32 [batch, length, denseDim]",
                   **({"vproj": "float32 [batch, length, hidden]: the word's row of the shared vectors times the projection"}
                      if vectors else {})},
        # The shared pretrained word vectors (models/vectors): their directory in the models root, and the
        # projection (float32 little-endian [dim, hidden], row-major) that turns a row into the vproj input.
        "vectors": {"dir": "vectors", "name": vectors.meta["name"], "rows": vectors.rows, "dim": vectors.dim,
                    "projection": VECTOR_PROJ_FILE, "hidden": net.proj.out_features}
        if vectors else None,
        "outputs": {"emissions": "float32 [batch, length, labels]"},
        "transitions": [_r(row) for row in trans.tolist()],
        "start": _r(start.tolist()),
        "end": _r(end.tolist()),
        "metrics": metrics,
    }
    with open(os.path.join(out_dir, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
    lexicon = {
        "form": sorted(form_vocab),
        "norm": sorted(norm_vocab),
        "tokens": gaz["tokens"],
        "exact": gaz["exact"],
        "lower": gaz["lower"],
    }
    with open(os.path.join(out_dir, "lexicon.json"), "w") as f:
        json.dump(lexicon, f, ensure_ascii=False, separators=(",", ":"))

    # Parity fixture: PyTorch emissions and decoded labels for a written doc.
    dense_doc = doc_features(PARITY_DOC, gaz)
    if extra_dense:
        dense_doc = [[row + extra for row, extra in zip(rows, extra_dense[1](words))] for rows, words in zip(dense_doc, PARITY_DOC)]
    sents = []
    with torch.no_grad():
        for words, dn in zip(PARITY_DOC, dense_doc):
            i = torch.tensor([[fz.word(w) for w in words]], dtype=torch.int32)
            d = torch.tensor([dn], dtype=torch.float32)
            rows = fz.vec_rows(words)
            if vectors:
                vproj = torch.from_numpy(vectors.table[rows]).unsqueeze(0) @ shipped.vector_projection()
                em = shipped(i, d, vproj)
            else:
                em = net(i, d)
            path = crf.viterbi(em, torch.ones(1, len(words), dtype=torch.bool))[0].tolist()
            labels = [LABELS[k] for k in path]
            sents.append({"words": words, "ids": i[0].tolist(), "dense": dn, "vectorRows": rows,
                          "emissions": [_r(r) for r in em[0].tolist()], "labels": labels,
                          "spans": [list(s) for s in spans_bioes(labels)]})
    fixture = fixture or os.path.join(ROOT, "test", "fixtures", "ner", "parity.json")
    os.makedirs(os.path.dirname(fixture), exist_ok=True)
    with open(fixture, "w") as f:
        json.dump({"version": VERSION, "sentences": sents}, f)
    print("exported", onnx_path, os.path.getsize(onnx_path), "bytes", flush=True)
