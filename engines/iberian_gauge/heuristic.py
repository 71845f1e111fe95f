"""What the search bot (engines/core/search.py) needs to know of Iberian Gauge beyond its rules.

No rollout policy: uniform random moves play it out well enough. Only the budget: a simulated move
here costs about twice one of most games (every build lists and checks its track options), so
each level simulates fewer of them, to stay within its thinking time.
"""
SEARCH_SCALE = 0.6
