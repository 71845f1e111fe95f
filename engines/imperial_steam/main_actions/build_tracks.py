"""1. Build tracks: up to 2 tracks extending the contiguous network from Wien; 1 wood, 1 stone,
1 iron in all (+1 stone per bridge, +1 iron per tunnel, with the engineer); 10 guldens to each
player already on the connection; the 2-track city limit without a station; Training workers
reaching the Effort of the new cities; then each new city's opportunities and Semmering.

Free actions may be taken during the action (Free actions: "before, during or after"): after a
first track the action stays open, and `second_track` places the second one later in the turn
(after a delivery, a share sold or a State Railway bought in between). The two tracks are one
action: materials are paid once, and the Effort is summed over both."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import opportunities
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import field, integer, name_list


def plan(s, seat, tracks, first=True):
    """Check the tracks in the order given; their materials, fees, Effort and new cities. The
    1 wood, 1 stone, 1 iron are paid with the action's first track only."""
    if not 1 <= len(tracks) <= 2 or len(set(tracks)) != len(tracks):
        raise IllegalMove("track_count", "Build one or two different connections.")
    p = s["p"][seat]
    net = R.network(p)
    own = list(p["tracks"]) + list(p["rails"])
    base = 1 if first else 0
    materials = {"wood": base, "stone": base, "iron": base, "coal": 0}
    fees, effort, new = {}, 0, []
    for conn in tracks:
        a, b, kind = D.CONNECTIONS[conn]
        if conn in s["state_rails"]:
            raise IllegalMove("state_railway", "A crowned State Railway is joined by buying "
                                               "access, not by building.")
        if conn in own:
            raise IllegalMove("already_built", "You already have track on that connection.")
        if a not in net and b not in net:
            raise IllegalMove("not_contiguous", "Your network is contiguous: a track must "
                                                "touch it.")
        if kind == "bridge":
            if not p["bridge"]:
                raise IllegalMove("no_bridge_engineer", "A bridge needs a Bridge Engineer.")
            materials["stone"] += 1
        if kind == "tunnel":
            if not p["tunnel"]:
                raise IllegalMove("no_tunnel_engineer", "A tunnel needs a Tunnel Engineer.")
            materials["iron"] += 1
        own.append(conn)
        for city in (a, b):
            if not R.has_station(p, city) and sum(
                    1 for c in own if city in D.CONNECTIONS[c][:2]) > 2:
                raise IllegalMove("city_limit", f"Without your station in {city}, at most 2 "
                                                f"of your tracks may touch it.")
        for o in s["tracks"].get(conn, []):
            fees[str(o)] = fees.get(str(o), 0) + D.TRACK_FEE
        if a in net and b in net:
            # joining two cities already in the network: the lower Effort, no opportunities
            effort += min(D.CITIES[a]["effort"], D.CITIES[b]["effort"])
        else:
            city = b if a in net else a
            effort += D.CITIES[city]["effort"]
            new.append(city)
            net.add(city)
    if any(p["goods"][g] < n for g, n in materials.items()):
        raise IllegalMove("no_materials", "Tracks need 1 wood, 1 stone and 1 iron, +1 stone "
                                          "per bridge and +1 iron per tunnel.")
    if sum(fees.values()) > p["money"]:
        raise IllegalMove("cannot_pay_fees", "You cannot pay 10 guldens to each player already "
                                             "on the connection.")
    return {"materials": materials, "fees": fees, "effort": effort, "new": new}


def build_tracks(t, seat, move):
    s = t.state
    tracks = name_list(field(move, "tracks"), D.CONNECTIONS, "tracks", most=2)
    workers = field(move, "workers")
    if not isinstance(workers, list) or len(workers) != 3:
        raise IllegalMove("bad_field", "'workers' is a list of three counts [L1, L2, L3].")
    workers = [integer(w, "workers") for w in workers]
    built = plan(s, seat, tracks)
    p = s["p"][seat]
    if any(w < 0 or w > have for w, have in zip(workers, p["training"])):
        raise IllegalMove("no_such_workers", "Assign only workers you have in Training.")
    if workers not in R.min_worker_sets(p["training"], built["effort"]):
        raise IllegalMove("workers_effort", f"Assign Training workers whose levels total at "
                                            f"least {built['effort']}, with none to spare.")
    _built(t, seat, tracks, workers, built, open_=len(tracks) == 1)


def _built(t, seat, tracks, workers, built, open_):
    t.emit(event("tracks_built", {"seat": seat, "tracks": tracks, "workers": workers,
                                  "materials": built["materials"], "fees": built["fees"],
                                  "effort": built["effort"], "open": open_}))
    if D.SEMMERING in tracks and t.state["semmering"] is None:
        t.emit(event("semmering_taken", {"seat": seat}))
    for city in built["new"]:
        opportunities.connect(t, seat, city)


def still_needed(s, seat, effort):
    """Effort the second track still needs from new workers: both tracks' Effort less the levels
    of the workers already assigned in this action."""
    done = s["action"]
    levels = sum(n * lvl for n, lvl in zip(done["workers"], (1, 2, 3)))
    return done["effort"] + effort - levels


def second_track(t, seat, move):
    s = t.state
    if not s["action"]:
        raise IllegalMove("no_open_build", "A second track belongs to a Build tracks action "
                                           "with one track placed this turn.")
    conn = name_list([field(move, "track")], D.CONNECTIONS, "track")[0]
    workers = field(move, "workers")
    if not isinstance(workers, list) or len(workers) != 3:
        raise IllegalMove("bad_field", "'workers' is a list of three counts [L1, L2, L3].")
    workers = [integer(w, "workers") for w in workers]
    built = plan(s, seat, [conn], first=False)
    p = s["p"][seat]
    if any(w < 0 or w > have for w, have in zip(workers, p["training"])):
        raise IllegalMove("no_such_workers", "Assign only workers you have in Training.")
    need = still_needed(s, seat, built["effort"])
    if workers not in R.min_worker_sets(p["training"], need):
        raise IllegalMove("workers_effort", f"Both tracks need workers totalling "
                                            f"{s['action']['effort'] + built['effort']}; assign "
                                            f"{max(0, need)} more, with none to spare.")
    _built(t, seat, [conn], workers, built, open_=False)


def second_options(s, seat):
    if not s["action"] or s["pending"]:
        return []
    p = s["p"][seat]
    out = []
    for conn in sorted(c for c in D.CONNECTIONS if c not in p["tracks"] + p["rails"]):
        try:
            built = plan(s, seat, [conn], first=False)
        except IllegalMove:
            continue
        for w in R.min_worker_sets(p["training"], still_needed(s, seat, built["effort"])):
            out.append({"move": {"type": "second_track", "track": conn, "workers": w}})
    return out


def options(s, seat):
    p = s["p"][seat]
    out = []
    if any(p["goods"][g] < 1 for g in ("wood", "stone", "iron")):
        return out                                  # plan would refuse every build
    net = R.network(p)
    cands = sorted(c for c in D.CONNECTIONS if c not in p["tracks"] + p["rails"])
    touching = [c for c in cands if set(D.CONNECTIONS[c][:2]) & net]
    # only tracks that touch the network (or the first track) can pass plan's contiguity
    seqs = [[c] for c in touching] + [
        [a, b] for a in touching for b in cands
        if a != b and set(D.CONNECTIONS[b][:2]) & (net | set(D.CONNECTIONS[a][:2]))]
    for tracks in seqs:
        try:
            built = plan(s, seat, tracks)
        except IllegalMove:
            continue
        for w in R.min_worker_sets(p["training"], built["effort"]):
            out.append({"move": {"type": "build_tracks", "tracks": tracks, "workers": w}})
    return out


def _tracks_built(s, ev):
    p = s["p"][ev["seat"]]
    for conn in ev["tracks"]:
        s["tracks"].setdefault(conn, []).append(ev["seat"])
        p["tracks"].append(conn)
    for i, w in enumerate(ev["workers"]):
        p["training"][i] -= w
        p["working"][i] += w
    for g, k in ev["materials"].items():
        p["goods"][g] -= k
    for o, fee in ev["fees"].items():
        p["money"] -= fee
        s["p"][int(o)]["money"] += fee
    if ev["open"]:
        s["action"] = {"tracks": list(ev["tracks"]), "effort": ev["effort"],
                       "workers": list(ev["workers"])}
    else:
        s["action"] = None


def _semmering_taken(s, ev):
    s["semmering"] = ev["seat"]


DECIDE = {"build_tracks": build_tracks}
EVOLVE = {"tracks_built": _tracks_built, "semmering_taken": _semmering_taken}
