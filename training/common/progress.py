"""The progress line protocol (src/progress/protocol.ts) on the Python side.

`npm run train -- <model>` follows a trainer's stdout: a line
`progress done=N total=M unit=U key=value ...` feeds the shared progress
display (a bar on a terminal, a line every 10 s in a log), every other line
passes through. Run directly, a trainer prints these lines as they are,
which stays readable. Reports are throttled to one a second (and the last
one of a phase always goes out), so a loop may call `update` every batch.
"""

import time


class Progress:
    def __init__(self, total, unit="batch", every=1.0):
        self.total = int(total)
        self.unit = unit
        self.every = every
        self.last = 0.0
        self.update(0, force=True)

    def update(self, done, force=False, **fields):
        """Report `done` units; keyword arguments are the trainer's own figures (loss=0.41)."""
        t = time.monotonic()
        if not force and done < self.total and t - self.last < self.every:
            return
        self.last = t
        print(progress_line(done, self.total, self.unit, **fields), flush=True)


def progress_line(done, total=None, unit="batch", **fields):
    parts = ["progress", f"done={int(done)}"]
    if total:
        parts.append(f"total={int(total)}")
    parts.append(f"unit={unit}")
    for key, value in fields.items():
        if isinstance(value, float):
            value = f"{value:.4f}"
        parts.append(f"{key}={str(value).replace(' ', '_')}")
    return " ".join(parts)
