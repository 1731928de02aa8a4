"""Biaffine graph parser (Dozat & Manning 2017) over hashed lexical features.

Inputs (what the ONNX graph takes): ids int32 [b, n, F] (hashed feature ids,
0 = padding), upos/xpos int32 [b, n] (tag ids, 0 = padding/unknown),
lengths int32 [b], and with vec_dim > 0 vec float [b, n, vec_dim]: each
word's row of the shared pretrained word vectors (models/vectors, zeros for
a word without one), appended to the word's embedding row. The rows are
frozen: a linear projection of them would add nothing, since the first
layer that reads the row (LSTM gates, or the conv encoder's projection) is
linear in it. Position 0 of the encoded sequence is an artificial root
prepended inside the graph, so arc scores are [b, n, n + 1]: dependent i
(word i, 0-based) over heads 0..n (0 = root, j = word j - 1).

Labels are an MLP over the pair (Kiperwasser & Goldberg): logits =
W2 · relu(Pdep_i + Phead_j) + b2. The graph returns labels for the argmax
head and the two projections, so the runtime can relabel the few words whose
head tree decoding changes (W2 and b2 ship in meta.json).

Backward LSTMs run on sequences reversed within their own length (a gather),
so padding never leaks into real positions and the export stays a plain
unidirectional ONNX LSTM.

The fast variant (encoder="conv") swaps the BiLSTM for a linear projection
and a stack of residual (dilated) 1-D convolutions: ~5x fewer multiply-adds
per word and no sequential recurrence, at a few points of accuracy."""
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, in_dim, hidden, layers, dropout):
        super().__init__()
        self.fw = nn.ModuleList()
        self.bw = nn.ModuleList()
        d = in_dim
        for _ in range(layers):
            self.fw.append(nn.LSTM(d, hidden, batch_first=True))
            self.bw.append(nn.LSTM(d, hidden, batch_first=True))
            d = 2 * hidden
        self.drop = nn.Dropout(dropout)

    def forward(self, x, rev_idx):
        # rev_idx [b, n, d]-expanded gather index reversing each sequence in place
        for fw, bw in zip(self.fw, self.bw):
            idx = rev_idx.expand(-1, -1, x.shape[2])
            f, _ = fw(x)
            r, _ = bw(torch.gather(x, 1, idx))
            r = torch.gather(r, 1, rev_idx.expand(-1, -1, r.shape[2]))
            x = self.drop(torch.cat([f, r], dim=2))
        return x


class ConvEncoder(nn.Module):
    """Projection to `width`, then residual blocks x + relu(conv(x)) with the
    given kernel and dilations. Padded positions are zeroed after every block
    so that a batch gives the same result as each sentence alone (the conv's
    own zero padding then equals the sentence boundary)."""

    def __init__(self, in_dim, width, dilations, kernel, dropout):
        super().__init__()
        self.proj = nn.Linear(in_dim, width)
        self.convs = nn.ModuleList([nn.Conv1d(width, width, kernel, dilation=d, padding=d * (kernel // 2))
                                    for d in dilations])
        self.drop = nn.Dropout(dropout)
        self.out_dim = width

    def forward(self, x, root, mask):
        # x [b, n, in] words only; root [in]; mask [b, n+1, 1] float: 1 at real
        # positions (root included). The root joins after the projection:
        # the same function as projecting [root; x], but the concatenation
        # runs on `width` columns instead of the wide embedding row.
        b = x.shape[0]
        r = self.proj(root).view(1, 1, -1).expand(b, 1, -1)
        h = torch.relu(torch.cat([r, self.proj(x)], dim=1)) * mask
        h = h.transpose(1, 2)
        m = mask.transpose(1, 2)
        for conv in self.convs:
            h = (h + torch.relu(conv(self.drop(h)))) * m
        return self.drop(h.transpose(1, 2))


class Parser(nn.Module):
    def __init__(self, specs, n_upos, n_xpos, n_labels, emb_dims, tag_dim=32, hidden=200, layers=3,
                 arc_dim=256, lab_dim=128, dropout=0.33, encoder="lstm", width=128, dilations=(1, 2, 4), kernel=3,
                 vec_dim=0):
        super().__init__()
        self.vec_dim = vec_dim
        self.specs = specs
        self.embs = nn.ModuleList([nn.Embedding(b + 1, d, padding_idx=0) for (_, b), d in zip(specs, emb_dims)])
        self.upos = nn.Embedding(n_upos, tag_dim, padding_idx=0)
        self.xpos = nn.Embedding(n_xpos, tag_dim, padding_idx=0)
        in_dim = sum(emb_dims) + 2 * tag_dim + vec_dim
        self.root = nn.Parameter(torch.randn(in_dim) * 0.1)
        self.emb_drop = nn.Dropout(dropout)
        self.encoder = encoder
        if encoder == "conv":
            self.enc = ConvEncoder(in_dim, width, dilations, kernel, dropout)
            h2 = width
        else:
            self.enc = Encoder(in_dim, hidden, layers, dropout)
            h2 = 2 * hidden
        self.arc_dep = nn.Sequential(nn.Linear(h2, arc_dim), nn.LeakyReLU(0.1), nn.Dropout(dropout))
        self.arc_head = nn.Sequential(nn.Linear(h2, arc_dim), nn.LeakyReLU(0.1), nn.Dropout(dropout))
        self.arc_U = nn.Parameter(torch.zeros(arc_dim, arc_dim))
        self.arc_u = nn.Parameter(torch.zeros(arc_dim))
        self.lab_dep = nn.Linear(h2, lab_dim)
        self.lab_head = nn.Linear(h2, lab_dim, bias=False)
        self.lab_drop = nn.Dropout(dropout)
        self.lab_out = nn.Linear(lab_dim, n_labels)

    def encode(self, ids, upos, xpos, lengths, vec=None):
        ids = ids.long()
        b, n, _ = ids.shape
        x = torch.cat([e(ids[:, :, k]) for k, e in enumerate(self.embs)]
                      + [self.upos(upos.long()), self.xpos(xpos.long())]
                      + ([vec] if self.vec_dim else []), dim=2)
        x = self.emb_drop(x)
        lens = lengths.long() + 1
        pos = torch.arange(n + 1, device=ids.device).view(1, -1)
        head_ok = pos < lens.view(-1, 1)  # [b, n+1]
        if self.encoder == "conv":
            h = self.enc(x, self.root, head_ok.unsqueeze(2).to(x.dtype))
        else:
            x = torch.cat([self.root.view(1, 1, -1).expand(b, 1, -1), x], dim=1)
            rev = torch.where(pos < lens.view(-1, 1), lens.view(-1, 1) - 1 - pos, pos)
            h = self.enc(x, rev.unsqueeze(2))
        return h, head_ok

    def arc_scores(self, h, head_ok):
        d = self.arc_dep(h[:, 1:])
        hd = self.arc_head(h)
        s = torch.matmul(torch.matmul(d, self.arc_U), hd.transpose(1, 2)) + torch.matmul(hd, self.arc_u).unsqueeze(1)
        n = d.shape[1]
        self_loop = torch.arange(n + 1, device=h.device).view(1, -1) == torch.arange(1, n + 1, device=h.device).view(-1, 1)
        return s.masked_fill(~head_ok.unsqueeze(1) | self_loop.unsqueeze(0), -1e4)

    def label_parts(self, h):
        return self.lab_dep(h[:, 1:]), self.lab_head(h)

    def label_logits(self, pdep, phead, heads):
        # heads [b, n] in 0..n
        g = torch.gather(phead, 1, heads.unsqueeze(2).expand(-1, -1, phead.shape[2]))
        return self.lab_out(self.lab_drop(torch.relu(pdep + g)))

    def forward(self, ids, upos, xpos, lengths, vec=None):
        """The exported graph: arc scores, labels for argmax heads, label projections."""
        h, head_ok = self.encode(ids, upos, xpos, lengths, vec)
        arcs = self.arc_scores(h, head_ok)
        pdep, phead = self.label_parts(h)
        heads = arcs.argmax(dim=2)
        labels = self.label_logits(pdep, phead, heads).argmax(dim=2).to(torch.int32)
        return arcs, labels, pdep, phead
