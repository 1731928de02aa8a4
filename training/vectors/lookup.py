"""The shared word vectors (models/vectors/) as the trainers read them.

Python twin of src/models/word-vectors.ts: the same key for a word and the
same back-off, so a model sees at training time exactly the rows the
runtime will give it. Row 0 is the all-zero "no vector" row.
"""
import json
import os

import numpy as np

DIR = os.path.join("models", "vectors")


def vector_key(word):
    """GloVe's vocabulary is lower-cased and uses the ASCII apostrophe."""
    return word.lower().replace("\u2019", "'")


class WordVectors:
    def __init__(self, directory=DIR):
        with open(os.path.join(directory, "meta.json")) as f:
            self.meta = json.load(f)
        m = self.meta
        raw = np.fromfile(os.path.join(directory, m["file"]), dtype=np.uint8)
        rows, dim = m["rows"], m["dim"]
        scales = raw[:4 * rows].view("<f4")
        q = raw[4 * rows:4 * rows + rows * dim].view(np.int8).reshape(rows, dim)
        self.table = q.astype(np.float32) * scales[:, None]
        words = raw[4 * rows + rows * dim:].tobytes().decode("utf-8").split("\n")
        assert len(words) == rows - 1, (len(words), rows)
        self.ix = {w: i + 1 for i, w in enumerate(words)}
        self.dim = dim
        self.rows = rows

    def row(self, word):
        """Row of a word: its key, else (hyphenated words) the key of the last
        part, the head of most English compounds; else 0."""
        key = vector_key(word)
        r = self.ix.get(key)
        if r is not None:
            return r
        if "-" in key:
            last = key.rsplit("-", 1)[1]
            if last:
                return self.ix.get(last, 0)
        return 0
