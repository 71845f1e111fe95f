"""Many blocking Redis commands at once, as a gevent worker's requests send them."""
from __future__ import annotations

import threading


def blocked_at_once(client, key: str, count: int, seconds: float = 0.5) -> tuple[list, list]:
    """`count` BLPOPs of `seconds` on `key` at once, each from its own thread: (answers,
    failures), a failure being what a request would have answered 503 for."""
    answers, failures = [], []

    def wait_on_redis():
        try:
            answers.append(client.blpop([key], timeout=seconds))
        except Exception as e:
            failures.append(repr(e))

    threads = [threading.Thread(target=wait_on_redis) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers, failures
