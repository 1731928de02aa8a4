"""Write the trained encoder in the Hugging Face layout transformers.js
reads: config.json (model_type "bert", id2label/label2id), tokenizer.json
(the `tokenizers` library's JSON: BertNormalizer, BertPreTokenizer, a
WordPiece model, [CLS] … [SEP] template), tokenizer_config.json and
onnx/model.onnx (inputs input_ids, attention_mask, token_type_ids: int64
[batch, sequence]; output logits: float32 [batch, sequence, labels]).
Only the ONNX graph is written, no PyTorch/safetensors weights: the fused
attention projection is not Hugging Face BERT's parameter layout.

parity.json holds what PyTorch computed for a few written sentences (piece
ids and logits), so the Node test checks that transformers.js tokenizes and
runs the export identically."""
import json
import os

import torch

from .wordpiece import MAX_CHARS_PER_WORD, PREFIX, SPECIALS

# Written for the parity check (not corpus text): subwords, unknown names, a headline, an accent.
PARITY = [
    "Angela Merkel met Emmanuel Macron in Paris on Tuesday .",
    "Zorblatronics Ltd hired 1,200 workers in Kraków .",
    "GERMAN CHANCELLOR MEETS FRENCH PRESIDENT",
]


def tokenizer_json(vocab):
    ids = {t: i for i, t in enumerate(vocab)}
    special = lambda t: {"id": ids[t], "content": t, "single_word": False, "lstrip": False,
                         "rstrip": False, "normalized": False, "special": True}
    template = lambda seq: [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}] + seq + [{"SpecialToken": {"id": "[SEP]", "type_id": 0}}]
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [special(t) for t in SPECIALS],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": False, "lowercase": False},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": template([{"Sequence": {"id": "A", "type_id": 0}}]),
            "pair": template([{"Sequence": {"id": "A", "type_id": 0}}])
            + [{"Sequence": {"id": "B", "type_id": 1}}, {"SpecialToken": {"id": "[SEP]", "type_id": 1}}],
            "special_tokens": {t: {"id": t, "ids": [ids[t]], "tokens": [t]} for t in ("[CLS]", "[SEP]")},
        },
        "decoder": {"type": "WordPiece", "prefix": PREFIX, "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": PREFIX,
                  "max_input_chars_per_word": MAX_CHARS_PER_WORD, "vocab": ids},
    }


def export(net, wp, labels, positions, out_dir, metrics):
    net.eval()
    os.makedirs(os.path.join(out_dir, "onnx"), exist_ok=True)
    layer = net.layers[0]
    config = {
        "architectures": ["BertForTokenClassification"],
        "model_type": "bert",
        "vocab_size": len(wp.vocab),
        "hidden_size": net.word.embedding_dim,
        "num_hidden_layers": len(net.layers),
        "num_attention_heads": layer.heads,
        "intermediate_size": layer.ff1.out_features,
        "hidden_act": "gelu",
        "max_position_embeddings": positions,
        "type_vocab_size": 2,
        "layer_norm_eps": 1e-12,
        "pad_token_id": 0,
        "id2label": {str(i): l for i, l in enumerate(labels)},
        "label2id": {l: i for i, l in enumerate(labels)},
        "textlens": {"trainedOn": "CoNLL-2003 eng.train (research use only)", **metrics},
    }
    with open(os.path.join(out_dir, "config.json"), "w") as f:
        json.dump(config, f, indent=1)
    with open(os.path.join(out_dir, "tokenizer.json"), "w") as f:
        json.dump(tokenizer_json(wp.vocab), f, ensure_ascii=False, separators=(",", ":"))
    with open(os.path.join(out_dir, "tokenizer_config.json"), "w") as f:
        json.dump({
            "tokenizer_class": "BertTokenizer", "do_lower_case": False, "strip_accents": False,
            "tokenize_chinese_chars": True, "model_max_length": positions,
            "cls_token": "[CLS]", "sep_token": "[SEP]", "pad_token": "[PAD]", "unk_token": "[UNK]",
            "mask_token": "[MASK]", "clean_up_tokenization_spaces": True,
        }, f, indent=1)

    ids = torch.tensor([[2, 10, 11, 3], [2, 12, 3, 0]], dtype=torch.long)
    mask = (ids != 0).long()
    torch.onnx.export(
        net, (ids, mask, torch.zeros_like(ids)), os.path.join(out_dir, "onnx", "model.onnx"), opset_version=14,
        input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["logits"],
        dynamic_axes={n: {0: "batch_size", 1: "sequence_length"} for n in ("input_ids", "attention_mask", "token_type_ids", "logits")},
    )

    cls_id, sep_id = wp.ids["[CLS]"], wp.ids["[SEP]"]
    parity = {"words": {}, "sentences": []}
    with torch.no_grad():
        for s in PARITY:
            x = [cls_id] + wp.encode_word(s) + [sep_id]
            t = torch.tensor([x])
            logits = net(t, torch.ones_like(t), torch.zeros_like(t))[0]
            parity["sentences"].append({"text": s, "input_ids": x,
                                        "logits": [[round(v, 4) for v in row] for row in logits.tolist()]})
            for w in s.split():
                parity["words"][w] = wp.encode_word(w)
    with open(os.path.join(out_dir, "parity.json"), "w") as f:
        json.dump(parity, f, ensure_ascii=False, separators=(",", ":"))
