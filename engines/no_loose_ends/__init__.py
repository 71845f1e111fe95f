"""No Loose Ends: a trick-taking game of bids ("evidence") covered by tricks, for 2-5 players."""
from engines.no_loose_ends.engine import NoLooseEnds

engine = NoLooseEnds()

__all__ = ["NoLooseEnds", "engine"]
