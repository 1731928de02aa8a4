"""Dense per-token features for NER that need more than the token itself:
document context and a gazetteer of entity strings seen in training.

Twin of src/annotators/ner-features.ts; the parity fixture in
test/fixtures/ner/ checks that both give the same model outputs.

Feature vector per token (DENSE_DIM floats, 0/1):
  0  the sentence has an upper-case letter and no lower-case letter (headline, dateline)
  1  the token starts upper case and its lower-cased form occurs in the doc as an all-lower-case token
  2  the lower-cased token occurs in the doc title-cased (upper first, some lower) at a position > 0 of a sentence
  3..6    the exact token was part of a training entity of type PER, LOC, ORG, MISC
  7..14   exact-case longest phrase match: (inside, begins) × type
  15..22  lower-cased longest phrase match: (inside, begins) × type
"""
from collections import Counter, defaultdict

TYPES = ["PER", "LOC", "ORG", "MISC"]
DENSE_DIM = 23
MAX_PHRASE = 8
# A phrase enters the gazetteer when at least this share of its occurrences in
# the training text are annotated as an entity (of any type): keeps "May"
# the month out of lower-cased matching while keeping "Clinton".
MIN_ENTITY_SHARE = 0.5


def _has_upper(w):
    return any(c.isupper() for c in w)


def _has_lower(w):
    return any(c.islower() for c in w)


def build_gazetteer(docs_with_spans):
    """docs_with_spans: list of docs, doc = list of (words, spans[(s,e,type)]).
    Returns {"tokens": {word: mask}, "exact": {phrase: mask}, "lower": {phrase: mask}}."""
    tok = defaultdict(int)
    ent_exact, ent_lower = defaultdict(int), defaultdict(int)
    n_exact, n_lower = Counter(), Counter()
    for doc in docs_with_spans:
        for words, spans in doc:
            for s, e, ty in spans:
                bit = 1 << TYPES.index(ty)
                for w in words[s:e]:
                    tok[w] |= bit
                if e - s <= MAX_PHRASE:
                    p = " ".join(words[s:e])
                    ent_exact[p] |= bit
                    ent_lower[p.lower()] |= bit
                    n_exact[("e", p)] += 1
                    n_lower[("e", p.lower())] += 1
    # How often each candidate phrase occurs at all (annotated or not).
    for doc in docs_with_spans:
        for words, _ in doc:
            n = len(words)
            for i in range(n):
                for k in range(1, min(MAX_PHRASE, n - i) + 1):
                    p = " ".join(words[i:i + k])
                    if p in ent_exact:
                        n_exact[("a", p)] += 1
                    pl = p.lower()
                    if pl in ent_lower:
                        n_lower[("a", pl)] += 1
    exact = {p: m for p, m in ent_exact.items() if n_exact[("e", p)] >= MIN_ENTITY_SHARE * n_exact[("a", p)]}
    lower = {p: m for p, m in ent_lower.items() if n_lower[("e", p)] >= MIN_ENTITY_SHARE * n_lower[("a", p)]}
    return {"tokens": dict(tok), "exact": exact, "lower": lower}


def _match(words, table, lowercase, out, base):
    n = len(words)
    i = 0
    keys = [w.lower() for w in words] if lowercase else words
    while i < n:
        found = 0
        mask = 0
        for k in range(min(MAX_PHRASE, n - i), 0, -1):
            m = table.get(" ".join(keys[i:i + k]))
            if m:
                found, mask = k, m
                break
        if not found:
            i += 1
            continue
        for t in range(4):
            if mask & (1 << t):
                out[i][base + 4 + t] = 1.0
                for j in range(i, i + found):
                    out[j][base + t] = 1.0
        i += found


def doc_features(doc_words, gaz):
    """doc_words: list of sentences (lists of words). Returns per sentence a list of DENSE_DIM-lists."""
    lower_forms = set()
    title_forms = set()
    for words in doc_words:
        for i, w in enumerate(words):
            if not _has_upper(w) and _has_lower(w):
                lower_forms.add(w)
            if i > 0 and w[:1].isupper() and _has_lower(w):
                title_forms.add(w.lower())
    result = []
    for words in doc_words:
        out = [[0.0] * DENSE_DIM for _ in words]
        caps = any(_has_upper(w) for w in words) and not any(_has_lower(w) for w in words)
        for i, w in enumerate(words):
            f = out[i]
            if caps:
                f[0] = 1.0
            lw = w.lower()
            if w[:1].isupper() and lw in lower_forms:
                f[1] = 1.0
            if lw in title_forms:
                f[2] = 1.0
            m = gaz["tokens"].get(w, 0)
            for t in range(4):
                if m & (1 << t):
                    f[3 + t] = 1.0
        _match(words, gaz["exact"], False, out, 7)
        _match(words, gaz["lower"], True, out, 15)
        result.append(out)
    return result
