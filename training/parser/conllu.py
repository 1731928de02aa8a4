"""Reading CoNLL-U: syntactic words only (multiword-token ranges and empty
nodes are skipped), which is what UD's HEAD/DEPREL columns refer to."""


def read_conllu(path):
    sents = []
    cur = {"forms": [], "upos": [], "xpos": [], "heads": [], "deprels": []}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                if cur["forms"]:
                    sents.append(cur)
                cur = {"forms": [], "upos": [], "xpos": [], "heads": [], "deprels": []}
                continue
            if line.startswith("#"):
                continue
            cols = line.split("\t")
            if "-" in cols[0] or "." in cols[0]:
                continue
            cur["forms"].append(cols[1])
            cur["upos"].append(cols[3])
            cur["xpos"].append(cols[4])
            cur["heads"].append(int(cols[6]))
            cur["deprels"].append(cols[7])
    if cur["forms"]:
        sents.append(cur)
    return sents
