"""Python twin of src/models/features.ts: hashed lexical features.

Both sides must produce identical ids; test/models/features.test.ts compares
against a fixture this module writes (python -m training.common.features).
"""
import json
import re
import sys
import unicodedata

FNV_OFFSET = 0x811C9DC5
FNV_PRIME = 0x01000193


def fnv1a(s: str) -> int:
    h = FNV_OFFSET
    b = s.encode("utf-16-le")
    for i in range(0, len(b), 2):
        h ^= b[i] | (b[i + 1] << 8)
        h = (h * FNV_PRIME) & 0xFFFFFFFF
    return h


def _cls(ch: str) -> str:
    cat = unicodedata.category(ch)
    if cat == "Lu":
        return "X"
    if cat in ("Ll", "Lo", "Lm"):
        return "x"
    if cat == "Nd":
        return "d"
    return ch


def shape(word: str) -> str:
    out = []
    last = ""
    run = 0
    for ch in word:
        c = _cls(ch)
        run = run + 1 if c == last else 1
        last = c
        if run <= 4:
            out.append(c)
    return "".join(out)


def _js_lower(word: str) -> str:
    # JavaScript's toLowerCase and Python's lower agree for the scripts in our
    # corpora; the fixture test guards the difference.
    return word.lower()


def norm(word: str) -> str:
    return "".join("0" if unicodedata.category(c) == "Nd" else c for c in _js_lower(word))


def feature_string(name: str, word: str) -> str:
    if name == "form":
        return word
    if name == "norm":
        return norm(word)
    if name == "lower":
        return _js_lower(word)
    if name.startswith("prefix"):
        return _js_lower(word)[: int(name[6:])]
    if name.startswith("suffix"):
        n = int(name[6:])
        w = _js_lower(word)
        return w[max(0, len(w) - n):]
    if name == "shape":
        return shape(word)
    raise ValueError(name)


def feature_id(name: str, buckets: int, word: str) -> int:
    return fnv1a(f"{name}={feature_string(name, word)}") % buckets


def featurize(words, specs):
    """ids (shifted by one; 0 is padding) for one sentence: list of lists."""
    return [[feature_id(n, b, w) + 1 for (n, b) in specs] for w in words]


if __name__ == "__main__":
    words = ["Washington", "1984", "don't", "naïve", "😀ok", "U.S.", "ABCDEFG", "x"]
    specs = [("form", 20000), ("norm", 50000), ("prefix1", 1000), ("prefix3", 5000), ("suffix3", 5000), ("suffix4", 5000), ("shape", 1000)]
    json.dump({"words": words, "specs": [{"name": n, "buckets": b} for n, b in specs], "ids": featurize(words, specs)}, sys.stdout)
