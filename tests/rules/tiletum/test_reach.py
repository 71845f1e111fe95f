"""Reach: over a few hundred play-outs, random and heuristic (engines/tiletum/heuristic.py, where
random play is too weak: a sixth Contract, three Completed Buildings, beating the Cardinalbot),
every Action, every end condition and every scoring line, the expansion's included, happens at
least once. The figures are printed (pytest -s) and checked; one never reached fails the test."""
from collections import Counter

from engines.core import derive_rng, random_playout
from engines.core.playout import fold_events
from engines.tiletum import data as D
from engines.tiletum import engine
from engines.tiletum.heuristic import choose
from engines.tiletum.prospect import data as P

RANDOM_GAMES = 80
HEURISTIC_GAMES = 128

ACTIONS = ["action:" + a for a in ("architect", "merchant", "character", "contract", "king", "prospector")] + \
    ["space:joker"]
STEPS = ["move:" + m for m in (
    "move", "pillar", "house", "take_bonus", "take_character", "refresh", "place", "reveal",
    "take_contract", "exchange", "buy", "fulfil", "crest", "contribute", "helper", "finish_helper",
    "king_bonus", "hire", "free_move", "underground_move", "underground_bonus", "mine",
    "underground_house", "underground_pillar", "technology")] + \
    ["colour_helper", "plus_ap_helper", "king_moved"] + \
    [f"technology:{t}:{tier}" for t in P.TECH_IDS for tier in (1, 2, 3)]
ENDS = ["end:ranking", "end:tie_by_turn_order", "end:solo_won", "end:solo_lost"]
LINES = [f"contract_space:{i}" for i in range(6)] + [
    "contract_vp", "contract_reward", "cathedral_vp", "underground_cathedral_vp", "king_vp_positive",
    "king_vp_negative", "king_bonus_taken", "king_bonus_discarded", "king_bonus_round_4",
    "fair_vp", "building_bonus_vp", "building_bonus_building", "character_bonus", "crest_bonus",
    "line:houses_x_pillars", "line:completed_vp", "line:resources_vp", "line:overlay_vp",
    "overlay:houses", "overlay:pillars", "overlay_mines:houses", "overlay_mines:pillars",
    "line:silver_vp", "line:technologies_vp", "line:surprise_vp", "silver:mines", "silver:ribbon_1",
    "silver:ribbon_2", "silver:unlock", "stone_tablet", "underground_bonus", "underground_house_vp",
    "mine_gold", "bot:character_vp", "bot:crest_vp", "bot:contract_vp", "bot:fair_vp"]


def features(state, events, moves) -> Counter:
    f = Counter("move:" + m["type"] for m in moves)
    bot = state["bot"]
    for ev in events:
        t, by = ev["type"], ev.get("by")
        if t == "die_taken":
            f["action:" + ev["action"]] += 1
            f["space:" + ev["space"]] += 1
            f["colour_helper"] += ev.get("helper") is not None
        elif t == "helper_used" and ev["tile"] in PLUS_AP:
            f["plus_ap_helper"] += 1
        elif t == "king_moved":
            f["king_moved"] += 1
        elif t == "technology":
            f[f"technology:{ev['tech']}:{ev['tier']}"] += 1
        elif t == "fulfilled":
            f[f"contract_space:{ev['space']}"] += 1
            f["bot:contract_vp" if by else "contract_vp"] += 1
            f["contract_reward"] += REWARD[ev["tile"]]
        elif t == "contributed":
            f["cathedral_vp" if ev["town"] in TOWNS else "underground_cathedral_vp"] += 1
        elif t == "king_scored":
            f["king_vp_positive"] += any(v > 0 for v in ev["vp"])
            f["king_vp_negative"] += any(v < 0 for v in ev["vp"])
        elif t == "king_bonus_resolved":
            f["king_bonus_taken" if ev["take"] else "king_bonus_discarded"] += 1
        elif t == "king_bonus_scored":
            f["king_bonus_round_4"] += 1
        elif t == "fair_scored":
            f["fair_vp"] += any(v for s, v in enumerate(ev["vp"]) if s != bot)
            f["bot:fair_vp"] += bot is not None and ev["vp"][bot] > 0
        elif t == "house_built":
            f["building_bonus_vp"] += ev["vp"] > 0
            f["building_bonus_building"] += bool(ev["bonuses"]) and ev["building"] is not None
        elif t == "character_placed":
            f["character_bonus"] += 1
        elif t == "crest_placed":
            f["crest_bonus"] += 1
        elif t == "bot_character":
            f["bot:character_vp"] += ev["vp"] > 0
        elif t == "bot_crest":
            f["bot:crest_vp"] += 1
        elif t == "silver_paid":
            f["silver:mines"] += any(ev["mines"])
            f["silver:ribbon_1"] += 1 in ev["ribbons"]
            f["silver:ribbon_2"] += 2 in ev["ribbons"]
            f["silver:unlock"] += any(ev["unlocked"])
        elif t == "prospector_moved":
            f["stone_tablet"] += ev["tablet"] is not None
        elif t == "underground_bonus_taken":
            f["underground_bonus"] += 1
        elif t == "underground_house_built":
            f["underground_house_vp"] += ev["vp"] > 0
        elif t == "mine_placed":
            f["mine_gold"] += ev["gold"] > 0
    for seat, sc in enumerate(state["final"]):
        if seat == bot:
            continue
        for line, vp in sc.items():
            if line.endswith("_vp") or line == "houses_x_pillars":
                f["line:" + line] += vp > 0
        if sc.get("overlay_vp"):
            f["overlay:" + sc["overlay"]] += 1
            stands_for = sc["pillars"] if sc["overlay"] == "houses" else sc["houses"]
            f["overlay_mines:" + sc["overlay"]] += sc["mines"] > stands_for
    if bot is not None:
        f["line:surprise_vp"] += state["final"][bot].get("surprise_vp", 0) > 0
    result = engine.result(state)
    if bot is not None:
        f["end:solo_won" if result["won"] else "end:solo_lost"] += 1
    else:
        f["end:ranking"] += 1
        points = [r["points"] for r in result["ranking"]]
        f["end:tie_by_turn_order"] += len(set(points)) < len(points)
    return f


PLUS_AP = {x for x, t in D.BONUS_TILES.items() if t["kind"] == "plus_ap"}
REWARD = {x: int(t["reward"] is not None) for x, t in D.CONTRACTS.items()}
TOWNS = set(D.TOWN_IDS)


def heuristic_playout(players, options, seed):
    options = engine.load_options(options)
    events = engine.setup(players, options, derive_rng(seed, 1))
    state = fold_events(engine, players, options, events)
    rng, moves = derive_rng(seed, 0, "heuristic"), []
    while engine.result(state) is None:
        seat = engine.awaited(state)[0]
        move = choose(engine, state, seat, rng)
        new = engine.decide(state, seat, move, derive_rng(seed, len(moves) + 2))
        for ev in new:
            state = engine.evolve(state, ev)
        events += new
        moves.append(move)
    return state, events, moves


def options_for(i):
    """Every player count, the expansion on in half the games, both overlay faces."""
    return 1 + i % 4, {"prospect_for_silver": (i // 4) % 2 == 1,
                       "overlay": ["houses", "pillars"][(i // 8) % 2],
                       "difficulty": ["priest", "deacon", "bishop"][(i // 16) % 3]}


def test_every_action_end_and_scoring_line_is_reached():
    reached = Counter()
    for i in range(RANDOM_GAMES):
        players, options = options_for(i)
        moves = []
        state, events, _ = random_playout(engine, players, options, seed=f"reach-random-{i}",
                                          on_move=lambda s, seat, move, ev: moves.append(move))
        reached += features(state, events, moves)
    for i in range(HEURISTIC_GAMES):
        players, options = options_for(i)
        reached += features(*heuristic_playout(players, options, f"reach-heuristic-{i}"))
    wanted = ACTIONS + STEPS + ENDS + LINES
    print(f"\nreach over {RANDOM_GAMES} random and {HEURISTIC_GAMES} heuristic games:")
    for name in wanted:
        print(f"  {name:36s} {reached[name]}")
    missing = [name for name in wanted if not reached[name]]
    assert not missing, f"never reached: {missing}"
