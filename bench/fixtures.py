"""Games for the benchmark, built straight through events.games.Games (no HTTP).

The synthetic game is the test engine `tiny` with rounds=0 (it never ends), two human seats whose
tokens the benchmark holds, played in a fixed cycle of four records that keeps every undo walk
short (each record is a checkpoint for the other seat, every fourth is a reveal):
    end by seat 0, end by seat 1, choose by seat 0, choose by seat 1 (the reveal)
so the move after version v is NEXT[(v - 1) % 4]. A game may open with `lead` extra `add` moves
by seat 0 (no checkpoint), which shifts the cycle: the long game opens with two, so that at 10,000
records it stands at the same point of the cycle as the short game at 10 (9,990 is not a multiple
of 4), and a read of either asks the same of the engine and of the undo walk.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass

import redis

from engines.core import get_engine, register
from events.games import Games, sha256
from events.store import Store
from events.store import keys as store_keys
from tests.support.tiny import tiny

register(tiny)

SEATS = [{"kind": "human"}, {"kind": "human"}]


def next_move(version: int, lead: int = 0) -> tuple[int, dict]:
    """(seat, move) for the record after `version` in the fixed cycle."""
    if version <= lead:
        return 0, {"type": "add"}
    k = (version - lead - 1) % 4
    if k < 2:
        return k, {"type": "end"}
    return k - 2, {"type": "choose", "n": version % 10}


@dataclass
class Table:
    gid: str
    tokens: list[str]
    version: int
    lead: int = 0

    def target(self) -> tuple:
        """What a load client needs: (gid, tokens, version, lead)."""
        return (self.gid, self.tokens, self.version, self.lead)


class Tables:
    def __init__(self, client: redis.Redis):
        self.r = client
        self.games = Games(Store(client))

    def tiny(self, length: int, lead: int = 0) -> Table:
        """A tiny game whose log holds `length` records (the setup record is the first)."""
        game, codes = self.games.create(tiny, tiny.load_options({"rounds": 0}), SEATS)
        tokens = []
        for seat, code in sorted(codes.items()):
            token = f"{game.gid}.{secrets.token_urlsafe(24)}"
            assert self.games.store.redeem(game.gid, sha256(code), sha256(token)) == seat
            tokens.append(token)
        game = self.games.load(game.gid)  # with the redeemed tokens in its metadata
        while game.version < length:
            seat, move = next_move(game.version, lead)
            self.games.submit(game, seat, move)
        return Table(game.gid, tokens, game.version, lead)

    def clone(self, table: Table, n: int = 1) -> list[Table]:
        """n copies of the game under new ids (Redis COPY of its keys): same log, same tokens."""
        present = [k for k in store_keys(table.gid) if self.r.exists(k)]
        out, pipe = [], self.r.pipeline(transaction=False)
        for _ in range(n):
            gid = secrets.token_urlsafe(9)
            for src in present:
                pipe.copy(src, src.replace(f"{{{table.gid}}}", f"{{{gid}}}", 1))
            out.append(Table(gid, list(table.tokens), table.version, table.lead))
        pipe.execute()
        return out

    def tic_tac_trek(self, n: int) -> list[Table]:
        """n new Tic Tac Trek tables, both seats human, their tokens held here."""
        engine = get_engine("tic-tac-trek")
        out = []
        for _ in range(n):
            game, codes = self.games.create(engine, engine.load_options({}), SEATS)
            tokens = []
            for seat, code in sorted(codes.items()):
                token = f"{game.gid}.{secrets.token_urlsafe(24)}"
                assert self.games.store.redeem(game.gid, sha256(code), sha256(token)) == seat
                tokens.append(token)
            out.append(Table(game.gid, tokens, game.version))
        return out

    def keys(self, gid: str) -> list[str]:
        """Every key of the game (they share the hash tag `{gid}`)."""
        return sorted(k.decode() for k in self.r.scan_iter(match=f"tf:{{{gid}}}:*", count=100))

    def version(self, gid: str) -> int:
        return self.games.store.version(gid)
