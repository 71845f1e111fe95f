"""Seed-derived randomness that anyone holding the seed can re-run.

The rng of move N is HMAC-SHA256(seed, label:N) expanded as a counter stream, so it is the same
on every Python version and every machine (random.Random promises no such thing).
"""
from __future__ import annotations

import hmac


class Rng:
    def __init__(self, seed: bytes, message: bytes):
        """Keyed by HMAC-SHA256(seed, message), worked out at the first draw (most moves draw
        nothing)."""
        self._key, self._seed, self._message = None, seed, message
        self._counter = 0
        self._pool = b""
        self.drawn = False  # whether anything was drawn: the platform makes such a move a reveal

    def _bytes(self, n: int) -> bytes:
        self.drawn = True
        if self._key is None:
            self._key = hmac.digest(self._seed, self._message, "sha256")
        while len(self._pool) < n:
            # hmac.digest: the same bytes as hmac.new(...).digest(), in one C call
            block = hmac.digest(self._key, self._counter.to_bytes(8, "big"), "sha256")
            self._pool += block
            self._counter += 1
        out, self._pool = self._pool[:n], self._pool[n:]
        return out

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        bits = n.bit_length()
        nbytes = (bits + 7) // 8
        while True:
            r = int.from_bytes(self._bytes(nbytes), "big") >> (nbytes * 8 - bits)
            if r < n:
                return r

    def randint(self, a: int, b: int) -> int:
        return a + self.randbelow(b - a + 1)

    def choice(self, seq):
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items) -> list:
        out = list(items)
        self.shuffle(out)
        return out

    def sample(self, items, k: int) -> list:
        return self.shuffled(items)[:k]


def derive_rng(seed: str, n: int, label: str = "move") -> Rng:
    """The rng for record number n of a game with this secret seed (hex or text)."""
    return Rng(seed.encode(), f"{label}:{n}".encode())
