"""Benchmarks of issue 7: `python -m bench` (full, a few minutes) or `python -m bench --quick`.

    __main__   the run: starts a real Redis and two gunicorn servers, measures, writes
               docs/performance.md, stops every server it started
    apps       the WSGI apps served: the tablefold service, and the bare Flask baseline
    servers    the Redis server and gunicorn processes, started and stopped
    fixtures   synthetic games (the test engine `tiny`, never ending) built through events.games
    load       closed-loop HTTP clients on loopback
    probe      CPU of process groups (/proc) and Redis calls (INFO commandstats) per phase
    breakdown  where the CPU of a request goes, part by part (in-process)
    engines    fold and random play-out throughput per registered engine
    memory     memory per live game, in Redis and in Python
    report     pooling, ratios against the issue's targets, the markdown
"""
