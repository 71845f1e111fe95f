"""The Flask service: routes, schemas, seat tokens, seat bots, the embedded Redis."""
from service.app import create_app

__all__ = ["create_app"]
