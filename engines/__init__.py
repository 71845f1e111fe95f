"""Game engines: pure Python deciders, no Flask, no Redis (see engines/core)."""
