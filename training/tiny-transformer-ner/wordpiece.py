"""A WordPiece tokenizer built here: the vocabulary from CoNLL-2003 train
words, and a Python twin of what the `tokenizers` library does with the
tokenizer.json we write (BertNormalizer without lower-casing,
BertPreTokenizer, WordPiece greedy longest-match-first), so training sees
exactly the pieces transformers.js produces at run time.

The vocabulary is not learned by WordPiece's likelihood merges but by
frequency, which is enough for a small NER encoder:
  specials, then every character seen (alone and as a "##" continuation), so
  nothing seen in training becomes [UNK]; then whole words by frequency;
  then the most frequent word-initial prefixes and "##" suffixes of the words
  left out, weighted by the words' counts, until the size is reached.
"""
import unicodedata
from collections import Counter

SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
PREFIX = "##"
MAX_CHARS_PER_WORD = 100


def _is_control(c):
    if c in "\t\n\r":
        return False
    return unicodedata.category(c).startswith("C")


def _is_whitespace(c):
    return c in " \t\n\r" or unicodedata.category(c) == "Zs"


def _is_punct(c):
    o = ord(c)
    if 33 <= o <= 47 or 58 <= o <= 64 or 91 <= o <= 96 or 123 <= o <= 126:
        return True
    return unicodedata.category(c).startswith("P")


def _is_cjk(o):
    return (0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x20000 <= o <= 0x2A6DF or 0x2A700 <= o <= 0x2B73F
            or 0x2B740 <= o <= 0x2B81F or 0x2B820 <= o <= 0x2CEAF or 0xF900 <= o <= 0xFAFF or 0x2F800 <= o <= 0x2FA1F)


def normalize(text):
    """BertNormalizer(clean_text, handle_chinese_chars, no accent stripping, no lower-casing)."""
    out = []
    for c in text:
        o = ord(c)
        if o == 0 or o == 0xFFFD or _is_control(c):
            continue
        if _is_whitespace(c):
            out.append(" ")
        elif _is_cjk(o):
            out.append(" " + c + " ")
        else:
            out.append(c)
    return "".join(out)


def pretokenize(text):
    """BertPreTokenizer: split on whitespace, every punctuation character alone."""
    words, cur = [], []
    for c in text:
        if _is_whitespace(c):
            if cur:
                words.append("".join(cur))
                cur = []
        elif _is_punct(c):
            if cur:
                words.append("".join(cur))
                cur = []
            words.append(c)
        else:
            cur.append(c)
    if cur:
        words.append("".join(cur))
    return words


def build_vocab(words, size):
    """words: iterable of raw CoNLL tokens. Returns the vocabulary list (id = index)."""
    counts = Counter()
    for w in words:
        for p in pretokenize(normalize(w)):
            counts[p] += 1
    vocab = list(SPECIALS)
    seen = set(vocab)

    def add(t):
        if t not in seen and len(vocab) < size:
            seen.add(t)
            vocab.append(t)

    chars = sorted({c for w in counts for c in w})
    for c in chars:
        add(c)
    for c in chars:
        add(PREFIX + c)
    ranked = [w for w, n in sorted(counts.items(), key=lambda x: (-x[1], x[0])) if n >= 2]
    word_budget = (size - len(vocab)) * 3 // 4
    for w in ranked[:word_budget]:
        add(w)
    rest = Counter()
    for w, n in counts.items():
        if w in seen or len(w) < 3:
            continue
        for k in range(2, min(6, len(w)) + 1):
            rest[w[:k]] += n
        for k in range(2, min(5, len(w) - 1) + 1):
            rest[PREFIX + w[-k:]] += n
    for t, _ in sorted(rest.items(), key=lambda x: (-x[1], x[0])):
        if len(vocab) >= size:
            break
        add(t)
    return vocab


class WordPiece:
    def __init__(self, vocab):
        self.vocab = vocab
        self.ids = {t: i for i, t in enumerate(vocab)}
        self.unk = self.ids["[UNK]"]
        self.cache = {}

    def word_ids(self, word):
        """Piece ids of one pre-tokenized word (greedy longest match; [UNK] for the whole word if stuck)."""
        r = self.cache.get(word)
        if r is not None:
            return r
        if len(word) > MAX_CHARS_PER_WORD:
            r = [self.unk]
        else:
            r, start = [], 0
            while start < len(word):
                end, found = len(word), None
                while start < end:
                    sub = word[start:end] if start == 0 else PREFIX + word[start:end]
                    if sub in self.ids:
                        found = self.ids[sub]
                        break
                    end -= 1
                if found is None:
                    r = [self.unk]
                    break
                r.append(found)
                start = end
        self.cache[word] = r
        return r

    def encode_word(self, text):
        """Ids of a text without special tokens (what tokenizer.encode(text, add_special_tokens=False) gives)."""
        ids = []
        for w in pretokenize(normalize(text)):
            ids.extend(self.word_ids(w))
        return ids
