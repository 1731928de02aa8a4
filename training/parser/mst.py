"""Tree decoding on arc scores: scores[i, j] is the score of head j for
dependent i, over positions 0..n with 0 the artificial root (row 0 unused).

Argmax heads are used when they already form a tree with one root child;
otherwise Chu-Liu-Edmonds with the single-root constraint (the TypeScript
twin is src/annotators/parser-decode.ts)."""
import numpy as np


def is_tree(heads):
    n = len(heads) - 1
    if sum(1 for i in range(1, n + 1) if heads[i] == 0) != 1:
        return False
    state = [0] * (n + 1)  # 0 unvisited, 1 on path, 2 done
    state[0] = 2
    for i in range(1, n + 1):
        path = []
        j = i
        while state[j] == 0:
            state[j] = 1
            path.append(j)
            j = heads[j]
        if state[j] == 1:
            return False
        for p in path:
            state[p] = 2
    return True


def _cle(scores):
    """Maximum spanning arborescence rooted at 0 (any number of root children)."""
    n = scores.shape[0]
    s = scores.copy()
    np.fill_diagonal(s, -np.inf)
    s[0, :] = -np.inf
    heads = s.argmax(axis=1)
    heads[0] = -1
    # find a cycle
    visited = np.zeros(n, dtype=int)  # 0 new, >0 the start node id + 1
    for start in range(1, n):
        j = start
        while j > 0 and visited[j] == 0:
            visited[j] = start
            j = heads[j]
        if j > 0 and visited[j] == start:
            cycle = [j]
            k = heads[j]
            while k != j:
                cycle.append(k)
                k = heads[k]
            break
    else:
        return heads
    cyc = np.zeros(n, dtype=bool)
    cyc[cycle] = True
    rest = [i for i in range(n) if not cyc[i]]
    c = len(rest)  # contracted node index
    cycle_score = sum(s[i, heads[i]] for i in cycle)
    m = np.full((c + 1, c + 1), -np.inf)
    idx = {v: k for k, v in enumerate(rest)}
    sub = s[np.ix_(rest, rest)]
    m[:c, :c] = sub
    # arcs into the cycle: dependent cycle node i, head outside h
    into = s[np.ix_(cycle, rest)] - np.array([s[i, heads[i]] for i in cycle])[:, None] + cycle_score
    best_in = into.argmax(axis=0)  # for each outside head, which cycle node
    m[c, :c] = into.max(axis=0)
    # arcs out of the cycle: dependent outside, head in cycle
    out = s[np.ix_(rest, cycle)]
    best_out = out.argmax(axis=1)
    m[:c, c] = out.max(axis=1)
    sub_heads = _cle(m)
    result = heads.copy()
    for k, v in enumerate(rest):
        if v == 0:
            continue
        h = sub_heads[k]
        result[v] = cycle[best_out[k]] if h == c else rest[h]
    h = sub_heads[c]
    entering = cycle[best_in[h]]
    result[entering] = rest[h]
    return result


MAX_ROOT_TRIALS = 4


def decode(scores):
    """Heads (index 0 unused) forming a tree with exactly one child of the root."""
    n = scores.shape[0]
    heads = scores.argmax(axis=1)
    heads[0] = 0
    if is_tree(list(heads)):
        return heads
    heads = _cle(scores)
    roots = [i for i in range(1, n) if heads[i] == 0]
    if len(roots) == 1:
        return heads
    # at most MAX_ROOT_TRIALS, the best root scores first (src/annotators/parser-decode.ts)
    roots = sorted(roots, key=lambda i: (-scores[i, 0], i))[:MAX_ROOT_TRIALS]
    best, best_score = None, -np.inf
    for r in roots:
        s = scores.copy()
        s[1:, 0] = -np.inf
        s[r, 0] = scores[r, 0]
        h = _cle(s)
        tot = sum(scores[i, h[i]] for i in range(1, n))
        if tot > best_score:
            best, best_score = h, tot
    return best
