"""Minimal CoNLL-U reader for tagging: syntactic words (multiword token
ranges such as "don't" → do + n't are skipped in favour of their parts,
which is what Penn Treebank tags are assigned to) and empty nodes dropped."""


def read_conllu(path):
    """List of sentences, each a list of (form, upos, xpos)."""
    sentences = []
    words = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                if words:
                    sentences.append(words)
                    words = []
                continue
            if line.startswith("#"):
                continue
            cols = line.split("\t")
            if "-" in cols[0] or "." in cols[0]:
                continue
            words.append((cols[1], cols[3], cols[4]))
    if words:
        sentences.append(words)
    return sentences
