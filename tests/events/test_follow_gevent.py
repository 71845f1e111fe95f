"""The follower's tests again in a process gevent runs, as `tablefold serve`'s workers do: there
the subscription is read in the event loop, where nothing may wait."""
from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
UNDER_GEVENT = ("from gevent import monkey; monkey.patch_all()\n"
                "import sys, pytest\n"
                "sys.exit(pytest.main(sys.argv[1:]))\n")


def test_the_follower_passes_its_tests_under_gevent():
    # all but the two about redis-py's health check, which reads from the greenlet that sends a
    # command: the event loop's reading never goes through redis-py (31 s of the file's 33)
    ran = subprocess.run(
        [sys.executable, "-c", UNDER_GEVENT, "tests/events/test_follow.py", "-q",
         "-k", "not health_check", "-p", "no:cacheprovider", "-o", "addopts=",
         "-W", "error::pytest.PytestUnraisableExceptionWarning"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    assert " passed" in ran.stdout and "skipped" not in ran.stdout
