"""The Flask service: routes, schemas, seat tokens, seat bots, the embedded Redis."""


def create_app(*args, **kwargs):
    """The service (service.app.create_app), imported only when asked for: `tablefold serve`
    must not import redis-py or prometheus-client before its workers are set up for them."""
    from service.app import create_app as make
    return make(*args, **kwargs)


__all__ = ["create_app"]
