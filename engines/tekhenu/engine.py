"""Tekhenu: Obelisk of the Sun as a decider, in the rules page's order: Before round 1 (Decrees,
Starting cards, Destiny), the Obelisk and the dice, Your turn, the Actions, the Maat phase,
Scoring, Game end.

State (plain JSON; per-seat data in lists indexed by seat):
    players, options, phase   phase: "decrees" (secret keep, simultaneous), "draft", "destiny",
                              "play", "final" (D23 free actions), "over"
    round, wheel              the round (1..16) and the Obelisk wheel's position
    horus_gods                the god tile on Horus slots 1..6
    sections, supply          the dice around the Obelisk ({"id", "value"}), and die ids in supply
    ra, stacks                the tile on each Ra slot (left, middle, right) and each stack left
    temple                    the 3x3 Pillar spaces: None or {"seat", "tile", "rotation"}
    spaces, gold_spaces       building spaces beside the Temple, Gold spaces: None or a seat
    statues                   statues for gods: {"seat", "god", "slot"}
    districts                 Osiris: per district, per row 1..6, the seats built there
    market, filled            the four Market sections, and whether sections 3 and 4 are filled
    deck, discard, removed    card ids (the deck unordered; `removed`: Decrees not kept)
    starting_display, draft_order, draft_picks    the Starting-card snake draft
    destiny_display, destiny_deck                 Destiny cards
    order, turn               turn order and whose turn it is (index into order)
    took                      the current seat has taken its die this turn
    pending                   steps owed before play goes on: {"seat", "kind", ...}
    p                         per seat: resources, tracks, scales, cards, Decrees (secret)
    revealed, over, final     Decrees shown at game end; the game is over; the result
"""
from __future__ import annotations

from marshmallow import Schema, fields

from engines.core import ALL, Engine, IllegalMove, event
from engines.core.secrecy import get_path
from engines.core.table import Table
from engines.tekhenu import data as D
from engines.tekhenu import rules as R
from engines.tekhenu.moves import MOVES, flag, integer, move_type, text, text_list


class TekhenuOptions(Schema):
    random_horus = fields.Boolean(load_default=False)   # Horus Bonus tiles random (else first game)
    random_wheel = fields.Boolean(load_default=False)   # Obelisk wheel starts at random (else 0)


def _player():
    p = dict(D.START)
    p.update({
        "production": {r: D.START_PRODUCTION for r in D.RESOURCES},
        "excess": {r: 0 for r in D.RESOURCES},
        "statues": 0, "buildings": 0, "pillars": 0,
        "scales": {"pure": [], "tainted": [], "anubis": []},
        "cards": [], "decrees": [], "offer": [], "chosen": None,
        "starting": [], "destiny": None, "milestones": [],
    })
    return p


# --- automatic consequences: gains, tracks, bonuses -----------------------------------------------

def gain(t, seat, delta, why):
    delta = {k: v for k, v in delta.items() if v}
    if delta:
        t.emit(event("gain", {"seat": seat, "delta": delta, "why": why}))


def grant(t, seat, reward, why):
    """Give a reward, with Population, Happiness and production markers kept to their tracks."""
    p = t.state["p"][seat]
    plain = {}
    for key, n in reward.items():
        if key == "population":
            raise_population(t, seat, n, why)
        elif key == "happiness":
            raise_happiness(t, seat, n, why)
        elif key == "extra":
            push(t, {"seat": seat, "kind": "extra", "why": why})
        elif key.startswith("prod:"):
            res = key[5:]
            up = min(n, D.PRODUCTION_MAX - p["production"][res])
            plain[key] = up
        elif key == "vp":
            plain["vp"] = max(n, -p["vp"])   # scores never drop below 0
        else:
            plain[key] = n
    gain(t, seat, plain, why)


def raise_population(t, seat, n, why):
    p = t.state["p"][seat]
    up = min(n, D.TRACK_MAX - p["population"])
    gain(t, seat, {"population": up}, why)
    for section, at in D.MARKET_POPULATION.items():
        if p["population"] >= at and not t.state["filled"][section]:
            fill_section(t, section)


def raise_happiness(t, seat, n, why):
    """Happiness never above Population (nor 21); 16 / 19 / 21 reward the first arrival."""
    p = t.state["p"][seat]
    up = max(0, min(n, p["population"] - p["happiness"], D.TRACK_MAX - p["happiness"]))
    gain(t, seat, {"happiness": up}, why)
    for at, reward in sorted(D.HAPPINESS_MILESTONES.items()):
        if p["happiness"] >= at and at not in p["milestones"]:
            t.emit(event("milestone", {"seat": seat, "at": at}))
            grant(t, seat, reward, f"happiness {at}")


def push(t, step):
    t.emit(event("step_pushed", {"step": step}))


def fill_section(t, section):
    """Fill a Market section up to its size with cards drawn at random from the deck; the
    discard pile is reshuffled into the deck when it runs out."""
    s = t.state
    cards = []
    while len(s["market"][section]) + len(cards) < D.MARKET_SIZE:
        pool = [c for c in s["deck"] if c not in cards]
        if not pool:
            if cards:
                t.emit(event("market_filled", {"section": section, "cards": cards}, reveal=True))
                cards = []
            if not s["discard"]:
                break
            t.emit(event("deck_reshuffled", {"cards": len(s["discard"])}))
            continue
        cards.append(pool[t.rng.randbelow(len(pool))])
    t.emit(event("market_filled", {"section": section, "cards": cards}, reveal=True))


def draw_pillar(t, slot):
    stack = t.state["stacks"][slot]
    if stack and t.state["ra"][slot] is None:
        tile = stack[t.rng.randbelow(len(stack))]
        t.emit(event("pillar_drawn", {"slot": slot, "tile": tile}, reveal=True))


def roll_into(t, section, k):
    s = t.state
    supply = list(s["supply"])
    dice = []
    for _ in range(min(k, len(supply))):
        die = supply.pop(t.rng.randbelow(len(supply)))
        dice.append({"id": die, "value": t.rng.randint(1, 6)})
    if dice:
        t.emit(event("dice_rolled", {"section": section, "dice": dice}))


def grant_horus(t, seat, slot, why):
    options = D.HORUS_BONUS[slot - 1]
    if len(options) == 1:
        grant(t, seat, options[0], why)
    else:
        push(t, {"seat": seat, "kind": "bonus", "options": options, "why": why})


def horus_trigger(t, actor, god):
    """Whenever another player performs a god's action, its statues' owners get their slot's
    bonus (once per god); with 2 players also when you take it yourself."""
    s = t.state
    for seat in range(s["players"]):
        if seat == actor and s["players"] != 2:
            continue
        mine = [st for st in R.statues_for(s, god) if st["seat"] == seat]
        if mine:
            grant_horus(t, seat, mine[0]["slot"], f"horus statue at {god}")


# --- the actions ---------------------------------------------------------------------------------

def perform(t, seat, action, value, colour, params):
    s = t.state
    p = s["p"][seat]
    if action == "produce":
        res = D.PRODUCE[colour]
        kept = min(value, p["production"][res])
        gain(t, seat, {res: kept, f"excess:{res}": value - kept}, "produce")
    elif action == "horus":
        cost = R.payment(p, {"granite": D.STATUE_COST[p["statues"]]})
        gain(t, seat, cost, "statue")
        if params["mode"] == "god":
            god = s["horus_gods"][value - 1]
            first = not any(st["seat"] == seat for st in R.statues_for(s, god))
            t.emit(event("statue_built", {"seat": seat, "god": god, "slot": value, "space": None}))
            if s["players"] == 3 and first:
                grant_horus(t, seat, value, "statue built")
        else:
            space = params["space"]
            t.emit(event("statue_built", {"seat": seat, "god": None, "slot": None,
                                          "space": space}))
            gs = D.GOLD_SPACES[space]
            reward = {"gold": gs["gold"]}
            if gs["where"] == "temple":
                own = sum(1 for cell in R.line_cells(gs["line"])
                          if s["temple"][cell] is not None and s["temple"][cell]["seat"] == seat)
                reward["vp"] = 3 * own
            grant(t, seat, reward, "statue for the people")
    elif action == "ra":
        slot = D.ra_slot(value)
        tile = s["ra"][slot]
        info = D.PILLAR_TILES[tile]
        gain(t, seat, R.payment(p, info["cost"]), "pillar")
        vp = R.pillar_vp(s, slot, tile, params["space"], params["rotation"])
        t.emit(event("pillar_raised", {"seat": seat, "slot": slot, "tile": tile,
                                       "space": params["space"], "rotation": params["rotation"],
                                       "score": vp}))
        grant(t, seat, {"vp": vp["total"], D.SPACE_SHOWS[params["space"]]: 1}, "pillar")
        if info["light"] == R.light(s, D.GODS.index("ra")):
            grant(t, seat, info["ability"], "pillar ability")
        draw_pillar(t, slot)
    elif action == "hathor":
        space = params["space"]
        gain(t, seat, R.payment(p, {"bread": D.BUILDING_SPACES[space]["bread"]}), "building")
        t.emit(event("building_built", {"seat": seat, "space": space}))
        reward = {}
        for cell in R.line_cells(D.BUILDING_SPACES[space]["line"]):
            c = s["temple"][cell]
            if c is None:
                res = D.SPACE_SHOWS[cell]
                reward[res] = reward.get(res, 0) + 1
            elif c["seat"] == seat:
                reward["vp"] = reward.get("vp", 0) + 3
        grant(t, seat, reward, "building around the Temple")
        raise_population(t, seat, value, "hathor")
    elif action == "bastet":
        gain(t, seat, R.payment(p, D.BASTET_COST), "festival")
        raise_happiness(t, seat, value, "bastet")
        gain(t, seat, {"scribes": D.bastet_scribes(value)}, "festival")
    elif action == "thoth":
        k, cost = D.thoth_cards(value)
        gain(t, seat, R.payment(p, {"papyrus": cost}), "cards")
        push(t, {"seat": seat, "kind": "thoth", "cards": k, "refreshed": False})
    elif action == "osiris":
        d, row = params["district"], value
        spec = D.OSIRIS_ROWS[row]
        res = D.DISTRICTS[d]
        first2 = row == 2 and not s["districts"][d][1]
        gain(t, seat, {"happiness": -1}, "osiris")
        t.emit(event("osiris_built", {"seat": seat, "district": d, "row": row}))
        reward = {f"prod:{res}": spec["production"], res: spec["gain"],
                  "gold": spec["gold"] + (spec["first_gold"] if first2 else 0)}
        if spec["both"]:
            reward[f"prod:{D.PAIRS[res]}"] = spec["production"]
        grant(t, seat, reward, "osiris")
        if spec["track"]:
            grant(t, seat, {f"prod:{params['track']}": spec["track"]}, "osiris row 6")
    for card in s["p"][seat]["cards"]:
        c = D.CARDS[card]
        if c["kind"] == "technology" and c["on"] == action:
            grant(t, seat, c["reward"], card)
    if action in D.GODS:
        horus_trigger(t, seat, action)


def match_params(templates, move):
    """The action's parameters if the move names one of the templates' choices, else None."""
    def same(v, o):
        return type(v) is type(o) and v == o
    for fixed, choose in templates:
        if all(same(move.get(k), v) for k, v in fixed.items()) and \
                all(any(same(move.get(k), o) for o in opts) for k, opts in choose.items()):
            params = dict(fixed)
            params.update({k: move[k] for k in choose})
            return params
    return None


def take_options(s, seat, first_only=False):
    """Every way to take a die: one template per (die, value, Anubis, action)."""
    p = s["p"][seat]
    out = []
    cache = {}
    for sec, dice in enumerate(s["sections"]):
        for d in dice:
            colour = D.DIE_COLOUR[d["id"]]
            pure = R.purity(s, sec, colour)
            for anubis in (False, True):
                if not anubis and pure == "forbidden":
                    continue
                base = 2 if anubis else 0
                actions = D.ACTIONS if anubis else [D.GODS[sec], "produce"]
                for value in range(1, 7):
                    if base + R.scribe_cost(d["value"], value) > p["scribes"]:
                        continue
                    for action in actions:
                        key = (action, value, colour if action == "produce" else None)
                        if key not in cache:
                            cache[key] = R.action_templates(s, seat, action, value, colour)
                        for fixed, choose in cache[key]:
                            mv = {"type": "take", "die": d["id"], "value": value,
                                  "anubis": anubis, "action": action}
                            mv.update(fixed)
                            opt = {"move": mv}
                            if choose:
                                opt["choose"] = {k: {"one_of": list(v)} for k, v in choose.items()}
                            out.append(opt)
                            if first_only:
                                return out
    return out


def extra_options(s, seat):
    out = [{"move": {"type": "skip"}}]
    for action in D.GODS:
        for value in range(1, 7):
            for fixed, choose in R.action_templates(s, seat, action, value, None):
                mv = {"type": "extra", "action": action, "value": value}
                mv.update(fixed)
                opt = {"move": mv}
                if choose:
                    opt["choose"] = {k: {"one_of": list(v)} for k, v in choose.items()}
                out.append(opt)
    return out


# --- the flow: rounds, Maat, Scoring, game end ---------------------------------------------------

def show_destiny(t):
    s = t.state
    k = min(s["players"] + 1, len(s["destiny_deck"]))
    cards = t.rng.sample(sorted(s["destiny_deck"]), k)
    t.emit(event("destiny_shown", {"cards": cards}))


def advance(t):
    """Play on until someone owes a move."""
    s = t.state
    n = s["players"]
    while True:
        if s["pending"] or s["phase"] in ("decrees", "draft", "over"):
            return
        if s["phase"] == "destiny":
            if s["turn"] < n:
                return
            t.emit(event("destiny_done", {"round": s["round"] + 1}))
            continue
        if s["phase"] == "final":
            finish(t)
            return
        # play
        if s["took"]:
            t.emit(event("turn_ended", {"seat": s["order"][s["turn"]]}))
            continue
        if s["turn"] >= n:
            end_round(t)
            continue
        seat = s["order"][s["turn"]]
        if not take_options(s, seat, first_only=True):
            t.emit(event("passed", {"seat": seat}))
            t.emit(event("turn_ended", {"seat": seat}))
            continue
        return


def maat(t):
    s = t.state
    rows, finals = [], []
    for seat in range(s["players"]):
        p = s["p"][seat]
        bal = R.balance(p)
        final, used = R.with_faith(bal, p["faith"])
        rows.append({"seat": seat, "balance": bal, "faith": used, "final": final,
                     "penalty": D.maat_penalty(final)})
        finals.append(final)
    order = R.maat_order(s, finals)
    t.emit(event("maat", {"round": s["round"], "seats": rows, "order": order}))
    for row in rows:
        if row["penalty"]:
            grant(t, row["seat"], {"vp": -row["penalty"]}, "maat penalty")


def score(t):
    s = t.state
    for seat in range(s["players"]):
        items = R.scoring(s, seat)
        t.emit(event("scored", {"seat": seat, "round": s["round"], "items": items}))
        for item in ("districts", "temple", "statues", "happiness", "production", "building_row"):
            grant(t, seat, {"vp": items[item]}, f"scoring: {item}")
        owed = items["upkeep"]
        p = s["p"][seat]
        bread = min(p["bread"], owed)
        gold = min(p["gold"], owed - bread)
        short = owed - bread - gold
        gain(t, seat, {"bread": -bread, "gold": -gold}, "bread upkeep")
        if short:
            grant(t, seat, {"vp": -D.BREAD_SHORT_VP * short}, "bread upkeep short")


def end_round(t):
    s = t.state
    r = s["round"]
    if r in D.MAAT_ROUNDS:
        maat(t)
        if r in D.SCORING_ROUNDS:
            score(t)
        t.emit(event("maat_cleared", {"round": r}))
    if r == D.ROUNDS:
        t.emit(event("decrees_revealed", {
            "decrees": [list(p["decrees"]) for p in s["p"]]}, reveal=True))
        for seat in s["order"]:
            if "D23" in s["p"][seat]["decrees"]:
                push(t, {"seat": seat, "kind": "extra", "why": "D23"})
        return
    if r % D.TURN_EVERY == 0:
        t.emit(event("wheel_turned", {"wheel": (s["wheel"] + 1) % 6}))
        for sec in R.shaded_sections(s):
            roll_into(t, sec, s["players"])
    if r in D.MAAT_ROUNDS:
        show_destiny(t)
    else:
        t.emit(event("round_started", {"round": r + 1}))


def finish(t):
    s = t.state
    n = s["players"]
    for seat in range(n):
        for card in R.best_decrees(s, seat):
            grant(t, seat, {"vp": R.decree_value(s, seat, card)}, f"decree {card}")
    for place, vp in enumerate(D.TURN_ORDER_VP[n]):
        grant(t, s["order"][place], {"vp": vp}, f"turn order {place + 1}")
    ranked = R.ranking(s)
    result = {
        "ranking": [{"seat": seat, "rank": i + 1, "points": s["p"][seat]["vp"],
                     "scribes": s["p"][seat]["scribes"]} for i, seat in enumerate(ranked)],
        "scores": [s["p"][seat]["vp"] for seat in range(n)],
        "tiebreak": "most Scribes, then earlier in turn order",
        "decrees": [R.best_decrees(s, seat) for seat in range(n)],
    }
    t.emit(event("game_over", {"result": result}))


class Tekhenu(Engine):
    name = "tekhenu"
    title = "Tekhenu: Obelisk of the Sun"
    version = 1
    min_players = 2
    max_players = 4
    options_schema = TekhenuOptions
    moves_schema = MOVES

    def initial(self, players, options):
        n = players
        return {
            "players": n, "options": dict(options), "phase": "setup", "round": 0, "wheel": 0,
            "horus_gods": list(D.HORUS_FIRST_GAME),
            "sections": [[] for _ in range(6)], "supply": list(range(len(D.DIE_COLOUR))),
            "ra": [None, None, None],
            "stacks": [sorted(t for t, v in D.PILLAR_TILES.items() if v["stack"] == k)
                       for k in range(3)],
            "temple": [None] * (D.TEMPLE_SIZE ** 2),
            "spaces": [None] * D.TEMPLE_SPACES[n], "gold_spaces": [None] * len(D.GOLD_SPACES),
            "statues": [], "districts": [[[] for _ in range(6)] for _ in range(4)],
            "market": [[] for _ in range(D.MARKET_SECTIONS)],
            "filled": [True, True, False, False],
            "deck": sorted(c for c in D.CARDS if not (n == 2 and c in D.REMOVED_2P)),
            "discard": [], "removed": [],
            "starting_display": [], "draft_order": [], "draft_picks": 0,
            "destiny_display": [], "destiny_deck": sorted(D.DESTINY),
            "order": list(range(n)), "turn": 0, "took": False, "pending": [],
            "p": [_player() for _ in range(n)],
            "revealed": False, "over": False, "final": None,
        }

    def setup(self, players, options, rng):
        t = Table(self, self.initial(players, options))
        t.rng = rng
        wheel = rng.randbelow(6) if options.get("random_wheel") else 0
        gods = rng.shuffled(D.HORUS_FIRST_GAME) if options.get("random_horus") \
            else list(D.HORUS_FIRST_GAME)
        t.emit(event("board_set", {"wheel": wheel, "horus_gods": gods,
                                   "draft_order": rng.shuffled(range(players)),
                                   "starting_display": sorted(rng.sample(
                                       sorted(D.STARTING), 2 * players + 1))}))
        for sec in range(6):
            roll_into(t, sec, D.DICE_PER_SECTION)
        for slot in range(3):
            draw_pillar(t, slot)
        for section in (0, 1):
            fill_section(t, section)
        decrees = rng.sample(sorted(c for c in t.state["deck"]
                                    if D.CARDS[c]["kind"] == "decree"),
                             D.DECREES_DEALT * players)
        for seat in range(players):
            mine = sorted(decrees[seat * 2: seat * 2 + 2])
            t.emit(event("decrees_dealt", {"seat": seat, "count": len(mine)},
                         private={"cards": ([seat], mine)}))
        t.emit(event("phase", {"phase": "decrees"}))
        return t.events

    # --- decide ---------------------------------------------------------------------------------
    def decide(self, state, seat, move, rng):
        if state["over"]:
            raise IllegalMove("game_over", "The game is over.")
        kind = move_type(move)
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        t = Table(self, state)
        t.rng = rng
        step = state["pending"][0] if state["pending"] else None
        if step is not None:
            handler = {"bonus": {"bonus": self._bonus}, "thoth": {"refresh": self._refresh,
                                                                  "cards": self._cards},
                       "extra": {"extra": self._extra, "skip": self._skip}}[step["kind"]]
            if kind not in handler:
                raise IllegalMove("wrong_step", f"Now: {STEP_HELP[step['kind']]}")
            if handler[kind](t, seat, move, step) is not False:
                t.emit(event("step_done", {"seat": seat, "kind": step["kind"]}))
        else:
            handler = {("decrees", "keep"): self._keep, ("draft", "draft"): self._draft,
                       ("destiny", "destiny"): self._destiny, ("play", "take"): self._take}
            h = handler.get((state["phase"], kind))
            if h is None:
                raise IllegalMove("wrong_phase", f"No {kind} move now: "
                                  f"{PHASE_HELP.get(state['phase'], '')}")
            h(t, seat, move)
        advance(t)
        return t.events

    def _keep(self, t, seat, move):
        card = text(move.get("decree"), "decree")
        if card not in t.state["p"][seat]["offer"]:
            raise IllegalMove("not_dealt", "Keep one of the two Decrees dealt to you.")
        t.emit(event("decree_chosen", {"seat": seat}, private={"decree": ([seat], card)}))
        if not self.awaited(t.state):
            t.emit(event("decrees_kept", {}))

    def _draft(self, t, seat, move):
        s = t.state
        card = text(move.get("card"), "card")
        if card not in s["starting_display"]:
            raise IllegalMove("not_displayed", "Draft one of the Starting cards on display.")
        t.emit(event("drafted", {"seat": seat, "card": card}))
        if s["draft_picks"] == 2 * s["players"]:
            total = [sum(D.STARTING[c]["initiative"] for c in p["starting"]) for p in s["p"]]
            order = sorted(range(s["players"]),
                           key=lambda x: (-total[x], s["draft_order"].index(x)))
            t.emit(event("turn_order", {"order": order, "initiative": total}))
            show_destiny(t)

    def _destiny(self, t, seat, move):
        s = t.state
        card = text(move.get("card"), "card")
        if card not in s["destiny_display"]:
            raise IllegalMove("not_displayed", "Pick one of the Destiny cards on display.")
        first = s["round"] == 0
        t.emit(event("destiny_taken", {"seat": seat, "card": card}))
        if first:
            for c in s["p"][seat]["starting"]:
                grant(t, seat, D.STARTING[c]["reward"], c)
        grant(t, seat, D.DESTINY[card]["reward"], card)

    def _take(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        die = integer(move.get("die"), "die")
        value = integer(move.get("value"), "value", 1, 6)
        anubis = flag(move.get("anubis"), "anubis")
        action = text(move.get("action"), "action")
        if action not in D.ACTIONS:
            raise IllegalMove("bad_action", "The action is a god's (horus, ra, hathor, bastet, "
                                            "thoth, osiris) or produce.")
        sec, d = R.find_die(s, die)
        if d is None:
            raise IllegalMove("no_such_die", "That die is not around the Obelisk.")
        colour = D.DIE_COLOUR[die]
        pure = R.purity(s, sec, colour)
        if not anubis and pure == "forbidden":
            raise IllegalMove("forbidden_die", f"A {colour} die is Forbidden in a "
                                               f"{R.light(s, sec)} section (Anubis can take it).")
        scribes = (2 if anubis else 0) + R.scribe_cost(d["value"], value)
        if scribes > p["scribes"]:
            raise IllegalMove("not_enough_scribes", f"That needs {scribes} Scribes; you have "
                                                    f"{p['scribes']}.")
        if not anubis and action not in (D.GODS[sec], "produce"):
            raise IllegalMove("wrong_action", f"A die from {D.GODS[sec]}'s section does "
                                              f"{D.GODS[sec]}'s action or Produce.")
        params = self._params(s, seat, action, value, colour, move)
        side = "anubis" if anubis else pure
        gain(t, seat, {"scribes": -scribes}, "scribes")
        t.emit(event("die_taken", {"seat": seat, "die": die, "section": sec, "colour": colour,
                                   "rolled": d["value"], "value": value, "side": side,
                                   "action": action}))
        perform(t, seat, action, value, colour, params)

    def _params(self, s, seat, action, value, colour, move):
        templates = R.action_templates(s, seat, action, value, colour)
        if not templates:
            raise IllegalMove("action_not_possible", f"You cannot take {action} with a {value} "
                              "now: its cost, a free space or your supply is missing.")
        params = match_params(templates, move)
        if params is None:
            raise IllegalMove("bad_choice", f"Those choices are not open for {action} with a "
                                            f"{value} (see the legal moves).")
        return params

    def _extra(self, t, seat, move, step):
        action = text(move.get("action"), "action")
        if action not in D.GODS:
            raise IllegalMove("bad_action", "A free action is one of the six God actions.")
        value = integer(move.get("value"), "value", 1, 6)
        params = self._params(t.state, seat, action, value, None, move)
        t.emit(event("extra_taken", {"seat": seat, "action": action, "value": value,
                                     "why": step["why"]}))
        perform(t, seat, action, value, None, params)

    def _skip(self, t, seat, move, step):
        t.emit(event("extra_skipped", {"seat": seat}))

    def _bonus(self, t, seat, move, step):
        k = integer(move.get("choice"), "choice", 0, len(step["options"]) - 1)
        t.emit(event("bonus_chosen", {"seat": seat, "choice": k}))
        grant(t, seat, step["options"][k], step["why"])

    def _refresh(self, t, seat, move, step):
        s = t.state
        section = integer(move.get("section"), "section", 0, D.MARKET_SECTIONS - 1)
        if section not in self._refreshable(s, seat, step):
            raise IllegalMove("cannot_refresh", "You may refresh one open, filled Market "
                                                "section once, for 1 Papyrus.")
        gain(t, seat, R.payment(s["p"][seat], D.REFRESH_COST), "refresh")
        t.emit(event("market_refreshed", {"seat": seat, "section": section}))
        fill_section(t, section)
        t.emit(event("step_refreshed", {"seat": seat}))
        return False  # the step stays: now take the cards

    def _refreshable(self, s, seat, step):
        if step["refreshed"] or R.payment(s["p"][seat], D.REFRESH_COST) is None:
            return []
        if len(s["deck"]) + len(s["discard"]) < D.MARKET_SIZE:
            return []
        return R.open_sections(s, seat)

    def _cards(self, t, seat, move, step):
        s = t.state
        section = integer(move.get("section"), "section", 0, D.MARKET_SECTIONS - 1)
        cards = text_list(move.get("cards"), "cards")
        k = step["cards"]
        if section not in R.open_sections(s, seat):
            raise IllegalMove("section_closed", "Your Happiness does not open that section yet.")
        if len(cards) != k or len(set(cards)) != k or \
                not set(cards) <= set(s["market"][section]):
            raise IllegalMove("take_full_number", f"Take exactly {k} different cards from that "
                                                  "section.")
        t.emit(event("cards_taken", {"seat": seat, "section": section, "cards": sorted(cards)}))
        for c in sorted(cards):
            if D.CARDS[c]["kind"] == "blessing":
                grant(t, seat, D.CARDS[c]["reward"], c)
        fill_section(t, section)

    # --- evolve ---------------------------------------------------------------------------------
    def evolve(self, state, ev):
        EVOLVE[ev["type"]](state, ev)
        return state

    # --- reading --------------------------------------------------------------------------------
    def active(self, state):
        s = state
        if s["over"] or s["phase"] == "setup":
            return []
        if s["pending"]:
            return [s["pending"][0]["seat"]]
        if s["phase"] == "decrees":
            return list(range(s["players"]))
        if s["phase"] == "draft":
            k, n = s["draft_picks"], s["players"]
            return [s["draft_order"][k if k < n else 2 * n - 1 - k]]
        if s["phase"] in ("destiny", "play") and s["turn"] < s["players"]:
            return [s["order"][s["turn"]]]
        return []

    def awaited(self, state):
        if state["phase"] == "decrees" and not state["pending"]:
            return [x for x in range(state["players"]) if state["p"][x]["chosen"] is None]
        return self.active(state)

    def public_move(self, state, seat, move):
        """Every move is made in the open but the Decree kept, which stays secret."""
        return {"type": "keep"} if move["type"] == "keep" else move

    def legal_moves(self, state, seat):
        s = state
        if seat not in self.active(s):
            return []
        if s["pending"]:
            step = s["pending"][0]
            if step["kind"] == "bonus":
                return [{"move": {"type": "bonus"},
                         "choose": {"choice": {"one_of": list(range(len(step["options"])))}}}]
            if step["kind"] == "extra":
                return extra_options(s, seat)
            out = [{"move": {"type": "refresh", "section": k}}
                   for k in self._refreshable(s, seat, step)]
            for k in R.open_sections(s, seat):
                if len(s["market"][k]) >= step["cards"]:
                    out.append({"move": {"type": "cards", "section": k},
                                "choose": {"cards": {"subset": list(s["market"][k]),
                                                     "min": step["cards"],
                                                     "max": step["cards"]}}})
            return out
        if s["phase"] == "decrees":
            return [{"move": {"type": "keep"},
                     "choose": {"decree": {"one_of": list(s["p"][seat]["offer"])}}}]
        if s["phase"] == "draft":
            return [{"move": {"type": "draft"},
                     "choose": {"card": {"one_of": list(s["starting_display"])}}}]
        if s["phase"] == "destiny":
            return [{"move": {"type": "destiny"},
                     "choose": {"card": {"one_of": list(s["destiny_display"])}}}]
        if s["phase"] == "play":
            return take_options(s, seat)
        return []

    def result(self, state):
        return state["final"] if state["over"] else None

    def hidden_zones(self, state, viewer):
        """The deck, the Decrees not kept, and other seats' Decrees (until revealed)."""
        if viewer == ALL:
            return []
        zones = [["deck"], ["removed"]]
        for seat in range(state["players"]):
            if seat != viewer:
                zones.append(["p", seat, "offer"])
                if not state["revealed"]:
                    zones.append(["p", seat, "decrees"])
        return zones

    def resample(self, state, viewer, rng):
        """Redeal hidden cards with Decrees only where Decrees lie; a seat's secret keep is one
        of its new offer."""
        zones = self.hidden_zones(state, viewer)
        lists = [get_path(state, z) for z in zones]
        pool = [c for z in lists for c in z]
        decrees = [c for c in pool if D.CARDS[c]["kind"] == "decree"]
        rng.shuffle(decrees)
        for z, lst in zip(zones, lists):
            if z != ["deck"]:
                lst[:], decrees = decrees[:len(lst)], decrees[len(lst):]
        deck = get_path(state, ["deck"])
        deck[:] = sorted(decrees + [c for c in pool if D.CARDS[c]["kind"] != "decree"])
        for seat, p in enumerate(state["p"]):
            if seat != viewer and p["chosen"] is not None:
                p["chosen"] = rng.choice(p["offer"])
        return state

    def view(self, state, viewer):
        s = state
        everything = viewer == ALL

        def seat_view(seat, p):
            own = everything or (type(viewer) is int and viewer == seat)
            out = {k: v for k, v in p.items() if k not in ("decrees", "offer", "chosen")}
            out["seat"] = seat
            out["decrees"] = list(p["decrees"]) if own or s["revealed"] else None
            out["decree_count"] = len(p["decrees"])
            out["offer"] = list(p["offer"]) if own else None
            out["chosen"] = p["chosen"] if own else None
            out["has_chosen"] = p["chosen"] is not None
            out["balance"] = R.balance(p)
            return out

        out = {k: v for k, v in s.items() if k not in ("p", "deck", "removed")}
        out["players_view"] = [seat_view(x, p) for x, p in enumerate(s["p"])]
        out["deck_size"] = len(s["deck"])
        out["removed_size"] = len(s["removed"])
        out["lights"] = [R.light(s, sec) for sec in range(6)]
        out["gods"] = list(D.GODS)
        out["active"] = self.active(s)
        out["awaited"] = self.awaited(s)
        out["result"] = self.result(s)
        if everything:
            out["deck"] = list(s["deck"])
            out["removed"] = list(s["removed"])
        return out


PHASE_HELP = {
    "decrees": "every player keeps one of the two Decrees dealt (\"keep\").",
    "draft": "the drafting player takes a Starting card (\"draft\").",
    "destiny": "the player in turn order picks a Destiny card (\"destiny\").",
    "play": "the player whose turn it is takes a die (\"take\").",
}
STEP_HELP = {
    "bonus": "choose one side of the bonus (\"bonus\").",
    "thoth": "refresh a Market section (\"refresh\") or take your cards (\"cards\").",
    "extra": "take your free action (\"extra\") or decline it (\"skip\").",
}


# --- evolve: one function per event ---------------------------------------------------------------

def _board_set(s, ev):
    s["wheel"] = ev["wheel"]
    s["horus_gods"] = list(ev["horus_gods"])
    s["draft_order"] = list(ev["draft_order"])
    s["starting_display"] = list(ev["starting_display"])


def _dice_rolled(s, ev):
    for d in ev["dice"]:
        s["supply"].remove(d["id"])
        s["sections"][ev["section"]].append(dict(d))


def _pillar_drawn(s, ev):
    s["stacks"][ev["slot"]].remove(ev["tile"])
    s["ra"][ev["slot"]] = ev["tile"]


def _market_filled(s, ev):
    for c in ev["cards"]:
        s["deck"].remove(c)
    s["market"][ev["section"]] += ev["cards"]
    s["filled"][ev["section"]] = True


def _deck_reshuffled(s, ev):
    s["deck"] = sorted(s["deck"] + s["discard"])
    s["discard"] = []


def _decrees_dealt(s, ev):
    for c in ev["cards"]:
        s["deck"].remove(c)
    s["p"][ev["seat"]]["offer"] = list(ev["cards"])


def _phase(s, ev):
    s["phase"] = ev["phase"]


def _decree_chosen(s, ev):
    s["p"][ev["seat"]]["chosen"] = ev["decree"]


def _decrees_kept(s, ev):
    for p in s["p"]:
        p["decrees"] = [p["chosen"]]
        s["removed"] += [c for c in p["offer"] if c != p["chosen"]]
        p["offer"], p["chosen"] = [], None
    s["removed"].sort()
    s["phase"] = "draft"


def _drafted(s, ev):
    s["starting_display"].remove(ev["card"])
    s["p"][ev["seat"]]["starting"].append(ev["card"])
    s["draft_picks"] += 1


def _turn_order(s, ev):
    s["order"] = list(ev["order"])


def _destiny_shown(s, ev):
    for c in ev["cards"]:
        s["destiny_deck"].remove(c)
    s["destiny_display"] = list(ev["cards"])
    s["phase"] = "destiny"
    s["turn"] = 0


def _destiny_taken(s, ev):
    s["destiny_display"].remove(ev["card"])
    s["p"][ev["seat"]]["destiny"] = ev["card"]
    s["turn"] += 1


def _destiny_done(s, ev):
    s["destiny_deck"] = sorted(s["destiny_deck"] + s["destiny_display"])
    s["destiny_display"] = []
    s["phase"] = "play"
    s["round"] = ev["round"]
    s["turn"] = 0
    s["took"] = False


def _gain(s, ev):
    p = s["p"][ev["seat"]]
    for key, n in ev["delta"].items():
        if ":" in key:
            kind, res = key.split(":")
            p["production" if kind == "prod" else "excess"][res] += n
        else:
            p[key] += n


def _milestone(s, ev):
    s["p"][ev["seat"]]["milestones"].append(ev["at"])


def _step_pushed(s, ev):
    s["pending"].append(dict(ev["step"]))


def _step_refreshed(s, ev):
    s["pending"][0]["refreshed"] = True


def _step_done(s, ev):
    s["pending"].pop(0)


def _die_taken(s, ev):
    sec = s["sections"][ev["section"]]
    sec[:] = [d for d in sec if d["id"] != ev["die"]]
    s["p"][ev["seat"]]["scales"][ev["side"]].append({"id": ev["die"], "value": ev["value"]})
    s["took"] = True


def _statue_built(s, ev):
    if ev["space"] is None:
        s["statues"].append({"seat": ev["seat"], "god": ev["god"], "slot": ev["slot"]})
    else:
        s["gold_spaces"][ev["space"]] = ev["seat"]
    s["p"][ev["seat"]]["statues"] += 1


def _pillar_raised(s, ev):
    s["temple"][ev["space"]] = {"seat": ev["seat"], "tile": ev["tile"], "rotation": ev["rotation"]}
    s["ra"][ev["slot"]] = None
    s["p"][ev["seat"]]["pillars"] += 1


def _building_built(s, ev):
    s["spaces"][ev["space"]] = ev["seat"]
    s["p"][ev["seat"]]["buildings"] += 1


def _osiris_built(s, ev):
    s["districts"][ev["district"]][ev["row"] - 1].append(ev["seat"])
    s["p"][ev["seat"]]["buildings"] += 1


def _market_refreshed(s, ev):
    s["discard"] = sorted(s["discard"] + s["market"][ev["section"]])
    s["market"][ev["section"]] = []


def _cards_taken(s, ev):
    p = s["p"][ev["seat"]]
    for c in ev["cards"]:
        s["market"][ev["section"]].remove(c)
        kind = D.CARDS[c]["kind"]
        if kind == "decree":
            p["decrees"].append(c)
        elif kind == "technology":
            p["cards"].append(c)
        else:
            s["discard"].append(c)   # a Blessing is one-shot
    s["discard"].sort()


def _turn_ended(s, ev):
    s["turn"] += 1
    s["took"] = False


def _round_started(s, ev):
    s["round"] = ev["round"]
    s["turn"] = 0
    s["took"] = False


def _wheel_turned(s, ev):
    s["wheel"] = ev["wheel"]


def _maat(s, ev):
    s["order"] = list(ev["order"])


def _maat_cleared(s, ev):
    for p in s["p"]:
        for side in ("pure", "tainted", "anubis"):
            s["supply"] += [d["id"] for d in p["scales"][side]]
            p["scales"][side] = []
        p["excess"] = {r: 0 for r in D.RESOURCES}
        p["faith"] = 0
    s["supply"].sort()
    if ev["round"] < D.ROUNDS:
        s["destiny_deck"] = sorted(s["destiny_deck"] + [p["destiny"] for p in s["p"]
                                                        if p["destiny"]])
    s["turn"] = 0
    s["took"] = False


def _decrees_revealed(s, ev):
    s["revealed"] = True
    s["phase"] = "final"


def _game_over(s, ev):
    s["over"] = True
    s["phase"] = "over"
    s["final"] = ev["result"]


def _noop(s, ev):
    pass


EVOLVE = {
    "board_set": _board_set, "dice_rolled": _dice_rolled, "pillar_drawn": _pillar_drawn,
    "market_filled": _market_filled, "deck_reshuffled": _deck_reshuffled,
    "decrees_dealt": _decrees_dealt, "phase": _phase, "decree_chosen": _decree_chosen,
    "decrees_kept": _decrees_kept, "drafted": _drafted, "turn_order": _turn_order,
    "destiny_shown": _destiny_shown, "destiny_taken": _destiny_taken,
    "destiny_done": _destiny_done, "gain": _gain, "milestone": _milestone,
    "step_pushed": _step_pushed, "step_done": _step_done, "step_refreshed": _step_refreshed, "die_taken": _die_taken,
    "statue_built": _statue_built, "pillar_raised": _pillar_raised,
    "building_built": _building_built, "osiris_built": _osiris_built,
    "market_refreshed": _market_refreshed, "cards_taken": _cards_taken,
    "turn_ended": _turn_ended, "round_started": _round_started, "wheel_turned": _wheel_turned,
    "maat": _maat, "scored": _noop, "maat_cleared": _maat_cleared,
    "decrees_revealed": _decrees_revealed, "game_over": _game_over,
    "passed": _noop, "extra_taken": _noop, "extra_skipped": _noop, "bonus_chosen": _noop,
}
