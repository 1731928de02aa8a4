"""Export-time storage of weights in float16: the ONNX file holds fp16
tables and a Cast to float32 in front of each use, which onnxruntime folds
once when the session is created. Halves the file; the arithmetic stays
float32. Applied to the embedding tables and the LSTM weights (the bulk of
the parameters): the parser (half_stored) and the NER network (half_embeddings)."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class HalfEmbedding(nn.Module):
    def __init__(self, emb: nn.Embedding):
        super().__init__()
        self.register_buffer("w", emb.weight.detach().half())

    def forward(self, ids):
        return F.embedding(ids, self.w.float())


class HalfLSTM(nn.Module):
    """One unidirectional batch-first LSTM layer with fp16-stored weights."""

    def __init__(self, lstm: nn.LSTM):
        super().__init__()
        assert lstm.num_layers == 1 and not lstm.bidirectional and lstm.batch_first
        self.hidden = lstm.hidden_size
        for name in ("weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0"):
            self.register_buffer(name.replace("_l0", ""), getattr(lstm, name).detach().half())

    def forward(self, x):
        z = torch.zeros(1, x.shape[0], self.hidden, dtype=x.dtype)
        weights = [self.weight_ih.float(), self.weight_hh.float(), self.bias_ih.float(), self.bias_hh.float()]
        out = torch._VF.lstm(x, (z, z), weights, True, 1, 0.0, False, False, True)
        return out[0], None


def half_embeddings(model):
    """A copy whose `embs` (a ModuleList of nn.Embedding) store fp16 tables."""
    m = copy.deepcopy(model).eval()
    m.embs = nn.ModuleList([HalfEmbedding(e) for e in m.embs])
    return m


def half_stored(model):
    m = copy.deepcopy(model).eval()
    m.embs = nn.ModuleList([HalfEmbedding(e) for e in m.embs])
    if hasattr(m.enc, "fw"):  # the LSTM encoder; the conv encoder's weights are small
        m.enc.fw = nn.ModuleList([HalfLSTM(l) for l in m.enc.fw])
        m.enc.bw = nn.ModuleList([HalfLSTM(l) for l in m.enc.bw])
    return m
