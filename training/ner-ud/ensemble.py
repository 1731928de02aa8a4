"""Several trained NER networks shipped as one: their emissions averaged inside
the ONNX graph and their CRF scores averaged in meta.json.

A path's CRF score is linear in the emissions and the transition, start and
end scores, so decoding the averaged emissions with the averaged transitions
finds the path with the best mean score over the members: a plain ensemble of
the members' sequence scores, which the runtime decodes like any one model
(same inputs, same `emissions` output, same meta.json layout).

The members must read the same features (the same training data gives the
same vocabularies and gazetteer); one trained without the common-noun columns
reads the first columns of the dense input only, so members with and without
them can be averaged."""
import torch
from torch import nn

from ..ner.model import CRF, NerNet


class AveragedNet(nn.Module):
    def __init__(self, nets, dense_widths):
        super().__init__()
        self.nets = nn.ModuleList(nets)
        self.dense_widths = list(dense_widths)

    @property
    def convs(self):
        """Every member's convolutions: the export reads their dilations for the packing gap."""
        return [c for net in self.nets for c in net.convs]

    def forward(self, ids, dense, vec=None):
        out = self.nets[0](ids, dense[:, :, :self.dense_widths[0]])
        for net, width in zip(self.nets[1:], self.dense_widths[1:]):
            out = out + net(ids, dense[:, :, :width])
        return out / len(self.nets)


def averaged_crf(crfs):
    """A CRF whose transition, start and end scores are the members' means (the constraints are shared)."""
    crf = CRF()
    with torch.no_grad():
        for name in ("trans", "start", "end"):
            getattr(crf, name).copy_(torch.stack([getattr(c, name) for c in crfs]).mean(0))
    return crf


def load_member(path, specs, dense_base):
    """(net, crf, dense width) of a checkpoint written by train.py; its dense width and hidden size are read
    from the weights' shapes, so checkpoints of any of the trainer's variants load alike."""
    state = torch.load(path)
    weight = state["net"]["proj.weight"]
    hidden, width = weight.shape[0], weight.shape[1] - sum(d for (_, _, d) in specs)
    if width < dense_base:
        raise ValueError(f"{path}: dense input of {width} columns, fewer than the shared {dense_base}")
    net = NerNet(specs, width, hidden=hidden, vec_dim=0)
    net.load_state_dict(state["net"])
    crf = CRF()
    crf.load_state_dict(state["crf"])
    return net.eval(), crf, width, state.get("epoch")
