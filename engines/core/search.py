"""The search bot: information-set Monte Carlo tree search through the engine contract alone.

`choose(engine, state, seat, level, seed) -> move` picks a move for a seat bot (DESIGN.md, "Bots
and automation") with no game-specific code. Each iteration

1. determinizes: a copy of the state in which everything the seat cannot see is redealt with the
   engine's own resampler (the hidden-information model of the secrecy suite), by an rng that
   sorts what it shuffles, so the redeal depends on the seat's view and the bot's seed only, never
   on how the hidden cards really lie; seats that have already made a secret simultaneous choice
   choose again in the tree, so their real choice is never read either;
2. descends one tree whose nodes are what the bot's seat has observed: a child is keyed by the
   move's public part and its events as redacted for the seat (its own moves by the move itself),
   so moves the seat cannot tell apart, and chance it cannot see, share a node and its statistics
   never depend on a secret. At each node the seat that acts picks by UCB over its moves available
   in this determinization (availability counts, as in ISMCTS); the seats awaited together in a
   simultaneous step act others first, the bot's seat last, so that in the tree nobody learns its
   secret choice before making theirs;
3. expands one new move (the rollout policy's own first, when it has one), plays the game out with
   the rollout policy (the engine's `heuristic.choose` when it ships one, the uniform sampler over
   legal moves otherwise) and backs up every seat's reward: its rank, with the score margin as a
   small bonus (a solo game: whether it won, and its margin over the rules bot).

Move templates are never expanded when large: a node keeps a growing pool of sampled concrete
moves (progressive widening). Budgets are counted in iterations and simulated moves, not time, so
a level plays the same on every machine: a simulated move is any decide the search makes, the
rollout policy's own trials included, and a redeal counts as one. An engine whose moves cost more
than most scales its budget down with `SEARCH_SCALE` in its heuristic module. A simulated move
the engine refuses, or fails on, is not played (a uniform one is tried instead; else the
iteration teaches nothing). Pure Python, no I/O; randomness only from `seed`.
"""
from __future__ import annotations

import importlib
import math
import pickle
from dataclasses import dataclass
from typing import Any, Callable

from engines.core.contract import Engine, IllegalMove, canonical
from engines.core.events import redact_event
from engines.core.options import allows, count_moves, expand, sample_move
from engines.core.rng import Rng, derive_rng


@dataclass(frozen=True)
class Budget:
    iterations: int      # simulations: determinize, descend, expand, roll out, back up
    steps: int           # moves simulated in all (tree and rollouts): the bound on work per move
    widen: int = 24      # concrete moves a node considers at first from options too many to list


LEVELS = {
    1: Budget(iterations=40, steps=400),
    2: Budget(iterations=200, steps=1_200),
    3: Budget(iterations=800, steps=2_400),
}

EXPLORE = 0.7            # UCB exploration constant (rewards lie in [0, 1])
UNPRUNE = 0.5            # with a rollout policy: a node considers 1 + UNPRUNE * sqrt(visits) moves
RANK_WEIGHT = 0.9        # the rest of a reward is the score margin
ROLLOUT_LIMIT = 5_000    # moves in one rollout before it is called a draw
_CUT = object()          # a rollout stopped by the budget


@dataclass
class Outcome:
    """What one search did: the move, and the figures the tests and the benchmark read."""
    move: dict
    iterations: int = 0
    steps: int = 0
    visits: dict | None = None       # move key -> visits at the decision, for the tests


def choose(engine: Engine, state: Any, seat: int, level: int = 3, seed: str = "") -> dict:
    """The move the search bot of this level makes for `seat` (which must be awaited or active).

    Deterministic for the same seed and the same view of the seat: the caller varies `seed` from
    move to move (the service: a secret derived from the game's seed and the version)."""
    return search(engine, state, seat, LEVELS[level], seed).move


def search(engine: Engine, state: Any, seat: int, budget: Budget, seed: str = "") -> Outcome:
    options = engine.legal_moves(state, seat)
    if not options:
        raise ValueError(f"seat {seat} has no legal move")
    rng = derive_rng(f"{seed}", seat, "search")
    if count_moves(options) == 1:
        return Outcome(next(expand(options[0])))
    return _Search(engine, state, seat, budget, rng, options).run()


# --- the rollout policy ----------------------------------------------------------------------------
_HEURISTICS: dict[str, Any] = {}


def heuristic_of(engine: Engine):
    """The engine's `heuristic` module, kept beside its rules, or None."""
    key = f"{type(engine).__module__}:{engine.name}"
    if key not in _HEURISTICS:
        package = type(engine).__module__.rpartition(".")[0]
        name = f"{package}.heuristic" if package else "heuristic"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            module = None
        _HEURISTICS[key] = module
    return _HEURISTICS[key]


def policy_of(engine: Engine) -> Callable | None:
    """The engine's `heuristic.choose(engine, state, seat, rng)`, if it ships one."""
    return getattr(heuristic_of(engine), "choose", None)


def scale_of(engine: Engine) -> float:
    """The engine's `heuristic.SEARCH_SCALE`: how many of a level's simulated moves it affords
    (below 1 for an engine whose moves cost more than most), 1 by default."""
    return float(getattr(heuristic_of(engine), "SEARCH_SCALE", 1.0))


class _Counted:
    """The engine as the rollout policy sees it: every decide it makes to weigh its options
    counts against the budget like a simulated move."""

    def __init__(self, engine: Engine, search: "_Search"):
        self._engine, self._search = engine, search

    def decide(self, state, seat, move, rng):
        self._search.steps += 1
        return self._engine.decide(state, seat, move, rng)

    def __getattr__(self, name):
        return getattr(self._engine, name)


# --- hidden information --------------------------------------------------------------------------
class SortingRng:
    """The bot's rng for redealing: whatever it shuffles or picks from, it sorts first (by
    canonical JSON), so a redeal of the hidden cards depends on which cards are hidden and where
    the holes are (what the seat may know), never on the order they lie in (which it may not)."""

    def __init__(self, rng: Rng):
        self._rng = rng

    def randbelow(self, n: int) -> int:
        return self._rng.randbelow(n)

    def randint(self, a: int, b: int) -> int:
        return self._rng.randint(a, b)

    def shuffle(self, items: list) -> None:
        items.sort(key=canonical)
        self._rng.shuffle(items)

    shuffled = Rng.shuffled   # through this shuffle, so sorted first
    sample = Rng.sample

    def choice(self, seq):
        return self._rng.choice(sorted(seq, key=canonical))

    @property
    def drawn(self) -> bool:
        return self._rng.drawn


def copy_state(state: Any) -> Any:
    """A deep copy of plain data (pickle is several times faster than copy.deepcopy)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def determinize(engine: Engine, state: Any, seat: int, rng: Rng) -> Any:
    """A copy of `state` with what `seat` cannot see redealt by the engine's resampler."""
    return engine.resample(copy_state(state), seat, SortingRng(rng))


# --- rewards ----------------------------------------------------------------------------------------
def _number(x) -> float | None:
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else None


def rewards(result: dict, players: int) -> list[float]:
    """Each seat's reward in [0, 1]: mostly its rank (first 1, last 0; shared ranks share), plus
    a little for its score margin over the best other seat (or rules bot: a result entry with
    points that is no seat's, like Tiletum's Cardinalbot). Alone at the table, a seat's rank is
    whether it won (its ranking entry's or the result's `won`)."""
    ranking = {r["seat"]: r for r in result["ranking"]}
    scores = result.get("scores")
    points = []
    for s in range(players):
        p = _number(ranking.get(s, {}).get("points"))
        if p is None and isinstance(scores, list) and s < len(scores):
            p = _number(scores[s])
        points.append(p or 0.0)
    rivals = [v["points"] for k, v in result.items()
              if isinstance(v, dict) and _number(v.get("points")) is not None]
    out = []
    for s in range(players):
        entry = ranking.get(s, {})
        if players > 1:
            rank = (players - entry.get("rank", players)) / (players - 1)
        else:
            won = entry.get("won", result.get("won"))
            rank = 1.0 if won is True else 0.0 if won is False else 0.5
        others = [points[o] for o in range(players) if o != s] + [float(r) for r in rivals]
        if others:
            best = max(others)
            margin = (points[s] - best) / (abs(points[s]) + abs(best) + 1.0)
        else:
            margin = 0.0
        out.append(RANK_WEIGHT * rank + (1 - RANK_WEIGHT) * (0.5 + 0.5 * margin))
    return out


# --- candidate moves ---------------------------------------------------------------------------------
def _key(move: dict) -> str:
    return canonical(move)


def _draw(options: list[dict], rng) -> dict:
    """A move from a random option, then uniform within it: few concrete moves of their own do
    not drown among the many of a large template."""
    return sample_move([options[rng.randbelow(len(options))]], rng)


class _Node:
    __slots__ = ("stats", "children", "pool", "visits", "listing", "order")

    def __init__(self):
        self.stats: dict[str, list] = {}       # move key -> [visits, reward sum, availability]
        self.children: dict[str, _Node] = {}   # observation key -> node
        self.pool: dict[str, dict] = {}        # sampled moves of large options, key -> move
        self.visits = 0
        self.listing: tuple | None = None   # (canonical options[, pool size]), their moves
        self.order: list[str] = []             # move keys in the order they were unpruned

    def candidates(self, options: list[dict], rng, widen: int, small: int) -> list[dict]:
        """The moves considered here in this determinization."""
        if count_moves(options) <= small:
            text = canonical(options)
            if self.listing is None or self.listing[0] != text:
                self.listing = (text, [m for o in options for m in expand(o)])
            return self.listing[1]
        # progressive widening: a pool of sampled moves grows with the visits
        target = widen + int(math.sqrt(self.visits))
        tries = 0
        while len(self.pool) < target and tries < 2 * widen:
            move = _draw(options, rng)
            self.pool.setdefault(_key(move), move)
            tries += 1
        # which of the pool the options allow: kept while the options and the pool stay the same
        # (they do wherever the mover's options do not hang on what the redeal changed)
        text = canonical(options)
        if self.listing is None or self.listing[0] != (text, len(self.pool)):
            self.listing = ((text, len(self.pool)),
                            [m for m in self.pool.values() if allows(options, m)])
        return self.listing[1] or [sample_move(options, rng)]


class _Search:
    def __init__(self, engine, state, seat, budget: Budget, rng: Rng, options: list[dict]):
        self.engine, self.state, self.seat, self.budget, self.rng = engine, state, seat, budget, rng
        self.policy = policy_of(engine)
        self.counted = _Counted(engine, self)
        self.max_steps = max(1, int(budget.steps * scale_of(engine)))
        self.root = _Node()
        self.options = options           # the seat's legal moves now (the same in every redeal)
        self.small = 4 * budget.widen    # up to this many concrete moves, a node lists them all
        self.decision: dict[str, list] = {}   # the seat's first move each iteration: key -> stats
        self.moves: dict[str, dict] = {}
        self.steps = 0

    def run(self) -> Outcome:
        it = 0
        while it < self.budget.iterations and (it == 0 or self.steps < self.max_steps):
            self.iterate()
            it += 1
        best_key, best = None, None
        for key, (n, w, _) in self.decision.items():
            if not allows(self.options, self.moves[key]):
                continue
            rank = (n, w / n if n else 0.0)
            if best is None or rank > best:
                best_key, best = key, rank
        if best_key is None:  # not one play-out finished: the first move tried (the policy's)
            first = next(iter(self.moves.values()), None)
            move = first if first is not None and allows(self.options, first) \
                else sample_move(self.options, self.rng)
        else:
            move = self.moves[best_key]
        visits = {k: v[0] for k, v in self.decision.items()}
        return Outcome(move, it, self.steps, visits)

    # --- one iteration ---------------------------------------------------------------------------
    def iterate(self) -> None:
        engine, seat = self.engine, self.seat
        self.steps += 1   # a redeal costs about a simulated move
        world = determinize(engine, self.state, seat, self.rng)
        # seats that made a secret choice in an open simultaneous step choose again in the tree
        again = [s for s in engine.active(world) if s != seat and s not in engine.awaited(world)]
        node, path, decided, expanded = self.root, [], False, False
        while engine.result(world) is None:
            chooses_again = bool(again)
            if chooses_again:
                mover = again.pop(0)
            elif not decided:
                mover = seat
            else:
                mover = self.mover(world)
            options = engine.legal_moves(world, mover)
            if not options:
                if chooses_again:
                    continue
                break  # an awaited seat without a move: the engine is wrong; score it a draw
            moves = node.candidates(options, self.rng, self.budget.widen, self.small)
            move, key, new = self.select(node, world, mover, moves)
            record = mover == seat and not decided
            if record:
                decided = True
                self.moves.setdefault(key, move)
            observed = self.observe(world, mover, move)
            events = self.decide(world, mover, move)
            if events is None:  # the policy's move refused: try a uniform one instead
                move = sample_move(options, self.rng)
                key = _key(move)
                observed = self.observe(world, mover, move)
                events = self.decide(world, mover, move)
                if events is None:
                    return  # the engine fails here in this determinization: nothing learnt
                if record:
                    self.moves.setdefault(key, move)
            observed += canonical([redact_event(ev, seat) for ev in events])
            for ev in events:
                world = engine.evolve(world, ev)
            path.append((node, mover, key, record))
            node = node.children.setdefault(observed, _Node())
            if new:
                expanded = True
                break
        result = engine.result(world)
        if result is None and expanded:
            world, result = self.rollout(world)
            if result is _CUT:
                return  # the budget ran out before the game did: nothing learnt
        reward = rewards(result, len(result["ranking"])) if result is not None else None
        for n, mover, key, record in path:
            n.visits += 1
            r = reward[mover] if reward is not None and mover < len(reward) else 0.5
            st = n.stats.setdefault(key, [0, 0.0, 1])   # a fallback move may be new here
            st[0] += 1
            st[1] += r
            if record:
                d = self.decision.setdefault(key, [0, 0.0, 0])
                d[0] += 1
                d[1] += r

    def mover(self, world) -> int:
        """Who acts next in the tree: an awaited seat other than the bot's first, the bot last."""
        awaited = self.engine.awaited(world)
        others = [s for s in awaited if s != self.seat]
        return others[0] if others else self.seat

    def select(self, node: _Node, world, mover: int, moves: list[dict]):
        """(move, key, whether it is new here): an untried move first, else the best by UCB over
        the moves available now. With a rollout policy, a node considers at first only the
        policy's pick, and unprunes more moves as its visits grow (progressive unpruning): a
        handful of noisy play-outs never talk the bot out of its heuristic's move, many can."""
        keyed = dict((_key(m), m) for m in moves)
        if self.policy is not None and len(keyed) > 1:
            keyed = self.unpruned(node, world, mover, keyed)
        untried = []
        for k in keyed:
            st = node.stats.get(k)
            if st is None:
                st = node.stats[k] = [0, 0.0, 0]
            st[2] += 1
            if st[0] == 0:
                untried.append(k)
        if untried:
            pick = untried[0] if self.policy is not None else \
                untried[self.rng.randbelow(len(untried))]
            return keyed[pick], pick, True
        best, best_value = None, None
        for k, m in keyed.items():
            n, w, avail = node.stats[k]
            value = w / n + EXPLORE * math.sqrt(math.log(avail) / n)
            if best_value is None or value > best_value:
                best, best_value = (m, k), value
        return best[0], best[1], False

    def unpruned(self, node: _Node, world, mover: int, keyed: dict) -> dict:
        """The moves this node considers now, of those available: in the order they were let in
        (the policy's pick first, then others at random), 1 + UNPRUNE * sqrt(visits) of them."""
        limit = 1 + int(UNPRUNE * math.sqrt(node.visits))
        order = node.order
        live = [k for k in order if k in keyed]
        if not live or len(live) < limit:
            try:
                wish = self.policy(self.counted, world, mover, self.rng)
            except Exception:  # noqa: BLE001 - a policy that fails: the moves come at random
                wish = None
            if wish is not None:
                k = _key(wish)
                if k not in keyed:   # a move outside the sampled pool: it is legal, let it in
                    keyed = {**keyed, k: wish}
                if k not in order:
                    order.append(k)
                    live.append(k)
            rest = [k for k in keyed if k not in order]
            while len(live) < limit and rest:
                k = rest.pop(self.rng.randbelow(len(rest)))
                order.append(k)
                live.append(k)
        return {k: keyed[k] for k in live[:max(limit, 1)]}

    def observe(self, world, mover: int, move: dict) -> str:
        """What the bot's seat sees of a move before its events: its own move, or the public
        part of another seat's."""
        if mover == self.seat:
            return f"{mover}|{_key(move)}|"
        return f"{mover}|{canonical(self.engine.public_move(world, mover, move))}|"

    def decide(self, world, mover: int, move: dict) -> list[dict] | None:
        """The move's events in this determinization (a copy of the move goes in: events may
        hold its lists, and folding them may change them), or None if the engine refuses it."""
        self.steps += 1
        try:
            return self.engine.decide(world, mover, copy_state(move), self.rng)
        except IllegalMove:
            return None
        except Exception:  # noqa: BLE001 - an engine that fails on a simulated move: not played
            return None

    def play(self, world, mover: int) -> list[dict]:
        """One rollout move's events: the policy's move, the uniform sampler's if refused."""
        if self.policy is not None:
            try:
                events = self.decide(world, mover, self.policy(self.counted, world, mover, self.rng))
            except Exception:  # noqa: BLE001 - a policy that fails: the uniform sampler plays
                events = None
            if events is not None:
                return events
        options = self.engine.legal_moves(world, mover)
        if not options:
            return None
        for _ in range(8):
            events = self.decide(world, mover, sample_move(options, self.rng))
            if events is not None:
                return events
        return None

    def rollout(self, world):
        """Play on with the rollout policy: (world, result), result None when the game outlasts
        ROLLOUT_LIMIT (scored a draw) and _CUT when the budget's steps run out first."""
        engine = self.engine
        for _ in range(ROLLOUT_LIMIT):
            result = engine.result(world)
            if result is not None:
                return world, result
            if self.steps >= self.max_steps:
                return world, _CUT
            awaited = engine.awaited(world)
            mover = awaited[self.rng.randbelow(len(awaited))] if len(awaited) > 1 else awaited[0]
            events = self.play(world, mover)
            if events is None:  # no move the engine takes: this rollout teaches nothing
                return world, _CUT
            for ev in events:
                world = engine.evolve(world, ev)
        return world, None
