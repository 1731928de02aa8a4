"""NER network: hashed embeddings + dense context/gazetteer features → a
dilated residual CNN → per-token emission scores for BIOES labels. A linear-
chain CRF (training only; decoding runs in TypeScript from meta.json's
transitions) sits on top."""
import torch
from torch import nn

from .conll import LABELS, allowed

NEG = -1e4


class NerNet(nn.Module):
    def __init__(self, specs, dense_dim, hidden=128, dilations=(1, 2, 4, 1), dropout=0.3, mask_col=0, vec_dim=0):
        """vec_dim: width of the pretrained word vectors given to forward (0: none)."""
        super().__init__()
        self.vec_dim = vec_dim
        self.embs = nn.ModuleList([nn.Embedding(b + 1, d, padding_idx=0) for (_, b, d) in specs])
        in_dim = sum(d for (_, _, d) in specs) + dense_dim + vec_dim
        self.proj = nn.Linear(in_dim, hidden)
        self.convs = nn.ModuleList([nn.Conv1d(hidden, hidden, 3, padding=d, dilation=d) for d in dilations])
        self.norms = nn.ModuleList([nn.LayerNorm(hidden) for _ in dilations])
        self.drop = nn.Dropout(dropout)
        self.out = nn.Linear(hidden, len(LABELS))
        self.mask_col = mask_col  # a feature column that is never 0 for a real token

    def forward(self, ids, dense, vec=None):
        """vec: float [B, T, vec_dim], each word's row of the shared word vectors (zeros: none)."""
        ids = ids.long()
        mask = (ids[:, :, self.mask_col] > 0).unsqueeze(-1).float()
        x = torch.cat([e(ids[:, :, k]) for k, e in enumerate(self.embs)] + [dense] + ([vec] if self.vec_dim else []), dim=-1)
        h = torch.relu(self.proj(self.drop(x))) * mask
        for conv, norm in zip(self.convs, self.norms):
            c = conv(self.drop(h).transpose(1, 2)).transpose(1, 2)
            h = norm(h + torch.relu(c)) * mask
        return self.out(self.drop(h))


class VectorProjectedNet(nn.Module):
    """What ships when the network reads word vectors: the part of the first
    linear layer that multiplies the vector (vec · W_v, [B, T, hidden]) comes
    in as the input `vproj`, computed by the runtime once per word type and
    cached, instead of 100 floats per token going through the graph. The same
    function as NerNet.forward in eval mode."""

    def __init__(self, net):
        super().__init__()
        self.net = net
        split = net.proj.in_features - net.vec_dim
        self.register_buffer("w_x", net.proj.weight.detach()[:, :split].clone())
        self.register_buffer("b", net.proj.bias.detach().clone())

    def vector_projection(self):
        """W_v as [vec_dim, hidden] (row-major: a vector's row times it gives vproj)."""
        return self.net.proj.weight.detach()[:, self.w_x.shape[1]:].T.contiguous()

    def forward(self, ids, dense, vproj):
        net = self.net
        ids = ids.long()
        mask = (ids[:, :, net.mask_col] > 0).unsqueeze(-1).float()
        x = torch.cat([e(ids[:, :, k]) for k, e in enumerate(net.embs)] + [dense], dim=-1)
        h = torch.relu(torch.nn.functional.linear(x, self.w_x, self.b) + vproj) * mask
        for conv, norm in zip(net.convs, net.norms):
            c = conv(h.transpose(1, 2)).transpose(1, 2)
            h = norm(h + torch.relu(c)) * mask
        return net.out(h)


def constraint_tensors():
    L = len(LABELS)
    trans = torch.zeros(L, L)
    start = torch.zeros(L)
    end = torch.zeros(L)
    for i, a in enumerate(LABELS):
        start[i] = 0 if allowed(None, a) else NEG
        end[i] = 0 if allowed(a, None) else NEG
        for j, b in enumerate(LABELS):
            trans[i, j] = 0 if allowed(a, b) else NEG
    return trans, start, end


class CRF(nn.Module):
    def __init__(self):
        super().__init__()
        L = len(LABELS)
        self.trans = nn.Parameter(torch.zeros(L, L))
        self.start = nn.Parameter(torch.zeros(L))
        self.end = nn.Parameter(torch.zeros(L))
        ct, cs, ce = constraint_tensors()
        self.register_buffer("ct", ct)
        self.register_buffer("cs", cs)
        self.register_buffer("ce", ce)

    def effective(self):
        return self.trans + self.ct, self.start + self.cs, self.end + self.ce

    def nll(self, em, tags, mask):
        """Mean negative log-likelihood; em [B,T,L], tags [B,T], mask [B,T] bool (prefix masks)."""
        trans, start, end = self.effective()
        B, T, L = em.shape
        lengths = mask.sum(1)
        # gold path score
        s = start[tags[:, 0]] + em[:, 0].gather(1, tags[:, :1]).squeeze(1)
        for t in range(1, T):
            m = mask[:, t]
            step = trans[tags[:, t - 1], tags[:, t]] + em[:, t].gather(1, tags[:, t:t + 1]).squeeze(1)
            s = s + step * m
        last = tags.gather(1, (lengths - 1).unsqueeze(1)).squeeze(1)
        s = s + end[last]
        # partition function
        alpha = start + em[:, 0]
        for t in range(1, T):
            nxt = torch.logsumexp(alpha.unsqueeze(2) + trans.unsqueeze(0), dim=1) + em[:, t]
            alpha = torch.where(mask[:, t].unsqueeze(1), nxt, alpha)
        logz = torch.logsumexp(alpha + end, dim=1)
        return (logz - s).mean()

    @torch.no_grad()
    def viterbi(self, em, mask):
        trans, start, end = self.effective()
        B, T, L = em.shape
        score = start + em[:, 0]
        back = []
        for t in range(1, T):
            cand = score.unsqueeze(2) + trans.unsqueeze(0)  # [B, prev, next]
            best, arg = cand.max(1)
            nxt = best + em[:, t]
            m = mask[:, t].unsqueeze(1)
            score = torch.where(m, nxt, score)
            back.append(torch.where(m, arg, torch.arange(L).expand(B, L)))
        score = score + end
        cur = score.argmax(1)
        path = [cur]
        for bp in reversed(back):
            cur = bp.gather(1, cur.unsqueeze(1)).squeeze(1)
            path.append(cur)
        path.reverse()
        return torch.stack(path, 1)
