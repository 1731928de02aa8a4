"""The tagger network: multi-hash embeddings of hashed lexical features →
a stack of residual 1-D convolutions → two softmax heads (XPOS, UPOS).

The featurizer (training/common/features.py, src/models/features.ts) hashes
each feature string once into [1, 2^31-1]. Each id is then re-hashed K times
with a universal hash ((a·id + b) mod p) mod rows into a small table and the
K rows are summed, as spaCy's MultiHashEmbed does: two words rarely share
all K rows, so a table with fewer rows than word types still tells them
apart. Re-hashing on our side keeps the shared featurizer unchanged.

Training concatenates one D-wide vector per feature and projects it to the
encoder width; that projection is linear, so the export folds it into the
tables (row · W_f). The folded layer depends on the word form alone: it
ships as a float16 table that the runtime sums once per word type
(ShippedEmbedding is its Python reference), and tagger.onnx starts at the
encoder (ExportedTagger).
"""
import torch
from torch import nn

HASH_PRIME = 2147483647  # 2^31 - 1, also the featurizer's bucket count


class Tagger(nn.Module):
    def __init__(self, features, n_xpos, n_upos, dim=64, width=128, depth=4, kernel=3, dropout=0.2, seed=1234,
                 chars=None, dilations=None, encoder="conv", hidden=128, lexical=None, vectors=None,
                 vectors_unknown_only=False):
        """features: list of (name, rows, hashes). chars: None or dict(n, dim,
        filters, kernels) for the character CNN word encoder. dilations: one
        per conv layer (default all 1). encoder "lstm": the depth conv layers
        (0 or more) are followed by a 1-layer BiLSTM of `hidden` units per
        direction, whose output feeds the heads. lexical: list of (name,
        rows) word-level codes looked up directly (no hashing): WordNet
        classes and distributional clusters (train.py, LEXICAL). vectors:
        None or the shared pretrained word vectors, float32 [rows, dim]
        (models/vectors, row 0 all zeros), kept frozen: a word's row goes
        through its own linear map to the encoder width, added to the
        first layer's pre-activation. vectors_unknown_only: a word gets its
        vector only where its norm embedding is missing (a norm unseen in
        training, or dropped by word dropout): the vectors stand in for the
        norm instead of adding to it."""
        super().__init__()
        self.nfeat = len(features)
        self.dim = dim
        g = torch.Generator().manual_seed(seed)
        feat_of, rows, offs = [], [], []
        off = 0
        for f, (_, r, k) in enumerate(features):
            feat_of += [f] * k
            rows += [r] * k
            offs += [off] * k
            off += r
        npair = len(feat_of)
        self.register_buffer("feat_of", torch.tensor(feat_of, dtype=torch.int64))
        self.register_buffer("hash_a", torch.randint(1, HASH_PRIME - 1, (npair,), generator=g, dtype=torch.int64))
        self.register_buffer("hash_b", torch.randint(0, HASH_PRIME - 1, (npair,), generator=g, dtype=torch.int64))
        self.register_buffer("rows", torch.tensor(rows, dtype=torch.int64))
        self.register_buffer("offsets", torch.tensor(offs, dtype=torch.int64))
        self.table = nn.Parameter(torch.randn(off, dim) * 0.1)
        lexical = lexical or []
        self.nlex = len(lexical)
        lex_offs, loff = [], 0
        for _, r in lexical:
            lex_offs.append(loff)
            loff += r
        self.register_buffer("lex_offsets", torch.tensor(lex_offs, dtype=torch.int64))
        self.lex_table = nn.Parameter(torch.randn(max(loff, 1), dim) * 0.1)
        self.inp = nn.Linear((self.nfeat + self.nlex) * dim, width)
        dil = dilations or [1] * depth
        self.convs = nn.ModuleList(nn.Conv1d(width, width, kernel, padding=(kernel // 2) * d, dilation=d) for d in dil)
        self.chars = chars
        if chars:
            # Character CNN over the word's code points (with begin/end marks):
            # what an unseen word looks like beyond its fixed hashed affixes.
            # It depends on the word alone, so the runtime runs it (chars.onnx)
            # once per new word type and caches the result with the table sum.
            self.char_emb = nn.Embedding(chars["n"], chars["dim"], padding_idx=0)
            self.char_convs = nn.ModuleList(nn.Conv1d(chars["dim"], chars["filters"], k, padding=k // 2)
                                            for k in chars["kernels"])
            self.char_proj = nn.Linear(chars["filters"] * len(chars["kernels"]), width, bias=False)
        if vectors is not None:
            # Frozen: the file is shared by several models, so each model
            # ships only its projection (vectors-proj.f16), not a table.
            self.register_buffer("vec_table", torch.as_tensor(vectors, dtype=torch.float32), persistent=False)
            self.vec_proj = nn.Linear(self.vec_table.shape[1], width, bias=False)
        self.has_vectors = vectors is not None
        self.vectors_unknown_only = vectors_unknown_only
        self.drop = nn.Dropout(dropout)
        self.emb_drop = nn.Dropout(dropout)
        self.encoder = encoder
        head_in = width
        if encoder == "lstm":
            self.lstm = nn.LSTM(width, hidden, batch_first=True, bidirectional=True)
            head_in = 2 * hidden
        self.xpos = nn.Conv1d(head_in, n_xpos, 1)
        self.upos = nn.Conv1d(head_in, n_upos, 1)

    def table_rows(self, ids):
        """ids: int64 [B, T, F] featurizer ids → row indices [B, T, P] (one per feature hash)."""
        x = ids.index_select(2, self.feat_of)
        return torch.remainder(torch.remainder(x * self.hash_a + self.hash_b, HASH_PRIME), self.rows) + self.offsets

    def char_vectors(self, chars):
        """chars: int64 [N, L] char ids (0 = padding) → [N, W], the char CNN's
        share of the first layer's pre-activation. Padding positions are
        masked before the max-pool, so a word's vector does not depend on
        how far its batch is padded."""
        m = (chars > 0).unsqueeze(1).float()
        e = self.char_emb(chars).transpose(1, 2)
        n = chars.shape[1]  # an even kernel gives one extra position: cut it
        pooled = [(torch.relu(conv(e)[:, :, :n]) * m).amax(2) for conv in self.char_convs]
        return self.char_proj(self.emb_drop(torch.cat(pooled, 1)))

    def vector_part(self, vec):
        """vec: int64 [B, T] rows of the shared vectors → [B, T, W]."""
        return self.vec_proj(self.emb_drop(self.vec_table[vec]))

    def embed(self, ids, feat_keep=None, char_vec=None, lex=None, vec=None):
        """→ pre-activation of the first layer, [B, T, W]. lex: int64 [B, T, L] codes;
        vec: int64 [B, T] rows of the shared word vectors (0: none)."""
        bsz, t, _ = ids.shape
        e = self.table[self.table_rows(ids)]  # [B,T,P,D]
        e = e.new_zeros(bsz, t, self.nfeat, self.dim).index_add_(2, self.feat_of, e)
        if feat_keep is not None:
            e = e * feat_keep.unsqueeze(-1)
        if self.nlex:
            e = torch.cat([e, self.lex_table[lex + self.lex_offsets]], 2)
        pre = self.inp(self.emb_drop(e.reshape(bsz, t, (self.nfeat + self.nlex) * self.dim)))
        if self.has_vectors:
            if self.vectors_unknown_only and feat_keep is not None:
                vec = vec * (feat_keep[:, :, 0] == 0).long()
            pre = pre + self.vector_part(vec)
        return pre if char_vec is None else pre + char_vec

    def encode(self, pre, mask):
        """pre: [B, T, W]; mask: float [B, 1, T] → [B, W, T]."""
        h = torch.relu(pre).transpose(1, 2) * mask
        for conv in self.convs:
            h = h + torch.relu(conv(self.drop(h))) * mask
        if self.encoder == "lstm":
            # The recurrence runs through masked positions (zero input), so in
            # a packed row the state crosses the one-position gap into the
            # next sentence: unlike the conv, a BiLSTM leaks context between
            # packed sentences. Outputs at masked positions are still zeroed.
            o, _ = self.lstm(self.drop(h).transpose(1, 2))
            h = self.drop(o.transpose(1, 2)) * mask
        return h

    def forward(self, ids, mask, feat_keep=None, char_vec=None, lex=None, vec=None):
        """Returns XPOS and UPOS logits [B, C, T]."""
        h = self.encode(self.embed(ids, feat_keep, char_vec, lex, vec), mask)
        return self.xpos(h), self.upos(h)

    @torch.no_grad()
    def folded_table(self):
        """Each table row times its feature's slice of the input projection: [rows, W]."""
        w = self.inp.weight  # [W, F*D]
        out = torch.empty(self.table.shape[0], w.shape[0])
        feat_rows = torch.zeros(self.table.shape[0], dtype=torch.int64)
        for p in range(len(self.feat_of)):
            o, r = int(self.offsets[p]), int(self.rows[p])
            feat_rows[o:o + r] = self.feat_of[p]
        for f in range(self.nfeat):
            sel = feat_rows == f
            out[sel] = self.table[sel] @ w[:, f * self.dim:(f + 1) * self.dim].T
        if not self.nlex:
            return out
        # Lexical code rows follow the hashed rows, table by table.
        lex = torch.empty(self.lex_table.shape[0], w.shape[0])
        bounds = self.lex_offsets.tolist() + [self.lex_table.shape[0]]
        for j in range(self.nlex):
            f = self.nfeat + j
            lex[bounds[j]:bounds[j + 1]] = self.lex_table[bounds[j]:bounds[j + 1]] @ w[:, f * self.dim:(f + 1) * self.dim].T
        return torch.cat([out, lex], 0)


class ExportedTagger(nn.Module):
    """What ships as tagger.onnx: the encoder and heads.

    The embedding layer ships beside it (embeddings.f16 + meta.json): its
    output depends on the word form alone, so the runtime computes it once
    per word type and caches it, and the ONNX graph starts at the first
    layer's pre-activation. Inputs: emb float32 [B, T, W] (the summed folded
    rows plus bias) and mask float32 [B, T] (1 for a word, 0 for padding).
    A padding position's hidden state is zeroed after every layer, exactly
    like the convolution's own zero padding at a sentence edge, so one zero
    gap keeps two sentences packed in the same row from seeing each other.
    Outputs: XPOS and UPOS label ids, int32 [B, T].
    """

    def __init__(self, tagger):
        super().__init__()
        self.tagger = tagger

    def forward(self, emb, mask):
        h = self.tagger.encode(emb, mask.unsqueeze(1))
        return self.tagger.xpos(h).argmax(1).int(), self.tagger.upos(h).argmax(1).int()


class ExportedChars(nn.Module):
    """What ships as chars.onnx: char ids int32 [N, L] → float32 [N, W], the
    char CNN's share of each word's first-layer input (added to the table
    sum by the runtime)."""

    def __init__(self, tagger):
        super().__init__()
        self.tagger = tagger

    def forward(self, chars):
        return self.tagger.char_vectors(chars.long())


def known_norm_mask(ids, known):
    """1 where the token's norm id was seen in training, else 0: [B, T, F]
    with only the norm column (feature 0) ever zeroed. An unseen word's norm
    rows belong to other words (hash collisions); zeroing them matches what
    word dropout taught the model about unknown words."""
    keep = torch.ones(ids.shape, dtype=torch.float32)
    keep[:, :, 0] = torch.isin(ids[:, :, 0], known).float()
    return keep


class ShippedEmbedding:
    """The runtime's view of the embedding layer (float16 folded table,
    unseen norms dropped), in Python: the reference the Node side must
    reproduce."""

    def __init__(self, tagger, known):
        self.tagger = tagger
        self.known = known
        self.table16 = tagger.folded_table().half()
        self.bias = tagger.inp.bias.detach().clone()
        # The vectors' projection ships as float16 [dim, W] (vectors-proj.f16).
        self.proj16 = tagger.vec_proj.weight.detach().T.contiguous().half() if tagger.has_vectors else None

    @torch.no_grad()
    def __call__(self, ids, char_vec=None, lex=None, vec=None):
        """ids: int64 [B, T, F] → emb [B, T, W], zero where ids are all 0 (padding)."""
        rows = self.tagger.table_rows(ids)
        keep = known_norm_mask(ids, self.known).index_select(2, self.tagger.feat_of)  # [B,T,P]
        e = (self.table16[rows].float() * keep.unsqueeze(-1)).sum(2) + self.bias
        if self.tagger.nlex:
            hashed = int(self.tagger.table.shape[0])
            e = e + self.table16[hashed + lex + self.tagger.lex_offsets].float().sum(2)
        if self.proj16 is not None:
            if self.tagger.vectors_unknown_only:
                vec = vec * (keep[:, :, 0] == 0).long()  # pair 0 is a norm hash
            e = e + self.tagger.vec_table[vec] @ self.proj16.float()
        if char_vec is not None:
            e = e + char_vec
        return e * (ids[:, :, :1] > 0).float()
