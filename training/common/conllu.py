"""Reading CoNLL-U for training: syntactic words only. Multiword-token ranges
("don't" → do + n't) and empty nodes are skipped; the words are what UD's
tags and HEAD/DEPREL columns refer to."""


def read_conllu(path):
    """Sentences as dicts of parallel lists: forms, upos, xpos, heads, deprels."""
    sents = []
    cur = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                if cur:
                    sents.append(cur)
                cur = None
                continue
            if line.startswith("#"):
                continue
            cols = line.split("\t")
            if "-" in cols[0] or "." in cols[0]:
                continue
            if cur is None:
                cur = {"forms": [], "upos": [], "xpos": [], "heads": [], "deprels": []}
            cur["forms"].append(cols[1])
            cur["upos"].append(cols[3])
            cur["xpos"].append(cols[4])
            cur["heads"].append(int(cols[6]) if cols[6].isdigit() else 0)
            cur["deprels"].append(cols[7])
    if cur:
        sents.append(cur)
    return sents


def read_tagged(path):
    """Sentences as lists of (form, upos, xpos), the shape the tagger trains on."""
    return [list(zip(s["forms"], s["upos"], s["xpos"])) for s in read_conllu(path)]
