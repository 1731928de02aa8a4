"""A small BERT-style encoder for token classification: word + position +
token-type embeddings, LayerNorm, post-LN transformer layers (multi-head
self-attention and a GELU feed-forward), a linear classifier over every
piece. Written out by hand (not nn.TransformerEncoderLayer) so the ONNX
export is plain MatMul/Softmax graph the way BERT exports look; the graph
takes input_ids, attention_mask and token_type_ids and returns logits, which
is what transformers.js' BertForTokenClassification feeds and reads."""
import math

import torch
from torch import nn


class Layer(nn.Module):
    def __init__(self, hidden, heads, inter, dropout):
        super().__init__()
        self.heads, self.dh = heads, hidden // heads
        self.qkv = nn.Linear(hidden, 3 * hidden)
        self.out = nn.Linear(hidden, hidden)
        self.ln1 = nn.LayerNorm(hidden, eps=1e-12)
        self.ff1 = nn.Linear(hidden, inter)
        self.ff2 = nn.Linear(inter, hidden)
        self.ln2 = nn.LayerNorm(hidden, eps=1e-12)
        self.drop = nn.Dropout(dropout)

    def forward(self, x, bias):
        b, t, h = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, self.dh).permute(2, 0, 3, 1, 4)
        att = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.dh) + bias
        att = self.drop(torch.softmax(att, dim=-1))
        ctx = torch.matmul(att, v).transpose(1, 2).reshape(b, t, h)
        x = self.ln1(x + self.drop(self.out(ctx)))
        return self.ln2(x + self.drop(self.ff2(nn.functional.gelu(self.ff1(x)))))


class TinyBert(nn.Module):
    def __init__(self, vocab, labels, hidden=128, layers=2, heads=4, inter=512, positions=128, dropout=0.1):
        super().__init__()
        self.word = nn.Embedding(vocab, hidden, padding_idx=0)
        self.pos = nn.Embedding(positions, hidden)
        self.token_type = nn.Embedding(2, hidden)
        self.ln = nn.LayerNorm(hidden, eps=1e-12)
        self.layers = nn.ModuleList([Layer(hidden, heads, inter, dropout) for _ in range(layers)])
        self.drop = nn.Dropout(dropout)
        self.cls = nn.Linear(hidden, labels)

    def forward(self, input_ids, attention_mask, token_type_ids):
        t = input_ids.shape[1]
        pos = torch.arange(t, device=input_ids.device).unsqueeze(0)
        x = self.drop(self.ln(self.word(input_ids) + self.pos(pos) + self.token_type(token_type_ids)))
        # Padding keys get a large negative score (BERT's extended attention mask).
        bias = (1.0 - attention_mask.to(x.dtype))[:, None, None, :] * -10000.0
        for layer in self.layers:
            x = layer(x, bias)
        return self.cls(self.drop(x))
