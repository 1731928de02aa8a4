"""Word-level codes looked up directly, without hashing, by the tagger
(model.py, `lexical`) and the parser (`--lexical`): WordNet's classes of the
form (src/lexicon/word-classes.ts, computed by training/common/word_classes.mts
with the runtime's own code) and the distributional cluster of its norm
(training/wordclusters → models/tagger/word-clusters.bin). The Node side is
src/models/lexical-codes.ts.
"""
import subprocess

import numpy as np

from training.common.features import feature_id

# Code group → its tables (name, rows), in the order models embed them.
LEXICAL = {
    "wordnet": [("wordnetParts", 81), ("wordnetDominant", 5)],
    "clusters": [("clusterCoarse", 65), ("clusterFine", 1025)],
}
FINE_PER = 16  # fine clusters per coarse one (training/wordclusters)
CLUSTER_KEY_BUCKETS = 2147483647  # a word's key in the cluster file: its norm id + 1 over 2^31 - 1 buckets


def cluster_key(word):
    return feature_id("norm", CLUSTER_KEY_BUCKETS, word) + 1


class LexicalCodes:
    """The codes of word forms for the chosen groups. `words`: every form the
    caller will ask about (the WordNet codes are computed for them in one Node
    call); `cluster_path`: the cluster file."""

    def __init__(self, groups, words, cluster_path):
        self.groups = groups
        self.specs = [spec for g in groups for spec in LEXICAL[g]]
        self.fine_per = FINE_PER
        self.wordnet = {}
        if "wordnet" in groups:
            words = sorted(set(words))
            res = subprocess.run(["node", "--import", "tsx", "training/common/word_classes.mts"],
                                 input="\n".join(words) + "\n", capture_output=True, text=True, check=True)
            for w, line in zip(words, res.stdout.split("\n")):
                a, b = line.split()
                self.wordnet[w] = (int(a), int(b))
        self.clusters = {}
        if "clusters" in groups:
            raw = np.fromfile(cluster_path, dtype=np.uint8)
            n = len(raw) // 6
            self.clusters = dict(zip(raw[:4 * n].view("<u4").tolist(), raw[4 * n:6 * n].view("<u2").tolist()))

    def codes(self, word):
        out = []
        for g in self.groups:
            if g == "wordnet":
                out.extend(self.wordnet.get(word, (0, 0)))
            else:
                fine = self.clusters.get(cluster_key(word), 0)
                out.extend([0 if fine == 0 else (fine - 1) // self.fine_per + 1, fine])
        return out
