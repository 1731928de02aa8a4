"""CoNLL-2003 reader: documents of sentences of (word, IOB1 tag), and tag
conversions. Documents are separated by -DOCSTART- lines, sentences by blank
lines; the NER tag is the last column."""

TYPES = ["PER", "LOC", "ORG", "MISC"]


def read_conll(path):
    """list of documents; a document is a list of sentences; a sentence is (words, iob1_tags)."""
    docs, doc, words, tags = [], [], [], []

    def end_sentence():
        nonlocal words, tags
        if words:
            doc.append((words, tags))
        words, tags = [], []

    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                end_sentence()
                continue
            cols = line.split()
            if cols[0] == "-DOCSTART-":
                end_sentence()
                if doc:
                    docs.append(doc)
                doc = []
                continue
            words.append(cols[0])
            tags.append(cols[-1])
    end_sentence()
    if doc:
        docs.append(doc)
    return docs


def spans_iob(tags):
    """Entity spans (start, end, type) from IOB1 or IOB2 tags (conlleval rules)."""
    spans, start, typ = [], None, None
    for i, t in enumerate(list(tags) + ["O"]):
        p, _, ty = t.partition("-")
        begins = p == "B" or (p == "I" and (typ != ty or start is None))
        if start is not None and (p == "O" or begins or ty != typ):
            spans.append((start, i, typ))
            start, typ = None, None
        if p in ("B", "I") and start is None:
            start, typ = i, ty
    return spans


def bioes_from_spans(n, spans):
    tags = ["O"] * n
    for s, e, ty in spans:
        if e - s == 1:
            tags[s] = "S-" + ty
        else:
            tags[s] = "B-" + ty
            for k in range(s + 1, e - 1):
                tags[k] = "I-" + ty
            tags[e - 1] = "E-" + ty
    return tags


def spans_bioes(tags):
    """Spans from well-formed BIOES tags (what constrained Viterbi produces)."""
    spans, start = [], None
    for i, t in enumerate(tags):
        p, _, ty = t.partition("-")
        if p == "S":
            spans.append((i, i + 1, ty))
            start = None
        elif p == "B":
            start = i
        elif p == "E" and start is not None:
            spans.append((start, i + 1, ty))
            start = None
        elif p == "O":
            start = None
    return spans


LABELS = ["O"] + [f"{p}-{t}" for t in TYPES for p in "BIES"]


def allowed(prev, nxt):
    """BIOES transition constraint; prev/nxt are label strings, None = sentence boundary."""
    pp, _, pt = (prev or "O").partition("-")
    np_, _, nt = (nxt or "O").partition("-")
    if prev is None:
        return np_ in ("O", "B", "S")
    if nxt is None:
        return pp in ("O", "E", "S")
    if pp in ("B", "I"):
        return np_ in ("I", "E") and nt == pt
    return np_ in ("O", "B", "S")
