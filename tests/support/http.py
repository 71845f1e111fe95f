"""One way for tests to speak HTTP to the service: to a running server (requests) or to the app
in-process (Flask's test client), with answers of the same shape, so that one check runs both
ways."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable

import requests

from tests.support.spec import check


@dataclass
class Answer:
    status: int
    headers: dict[str, str]   # names in lower case
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


@dataclass
class Message:
    """One server-sent event: its id, event name and parsed data."""
    id: str | None
    event: str | None
    data: Any


class Http:
    def __init__(self, base: str | None = None, client=None, timeout: float = 20):
        assert (base is None) != (client is None), "a server's address or a test client"
        self.base, self.client, self.timeout = base, client, timeout
        self.session = requests.Session() if base else None

    @staticmethod
    def _headers(token: str | None, headers: dict | None) -> dict:
        out = dict(headers or {})
        if token:
            out["Authorization"] = f"Bearer {token}"
        return out

    def call(self, method: str, path: str, token: str | None = None, json: Any = None,
             headers: dict | None = None) -> Answer:
        headers = self._headers(token, headers)
        if self.session is not None:
            r = self.session.request(method, self.base + path, json=json, headers=headers,
                                     timeout=self.timeout)
            answer = Answer(r.status_code, {k.lower(): v for k, v in r.headers.items()}, r.content)
        else:
            r = self.client.open(path, method=method, json=json, headers=headers)
            answer = Answer(r.status_code, {k.lower(): v for k, v in r.headers.items()}, r.get_data())
        check(method, path, answer.status, answer.headers, answer.body)  # against the description
        return answer

    def get(self, path: str, token: str | None = None, **kw) -> Answer:
        return self.call("GET", path, token, **kw)

    def post(self, path: str, json: Any = None, token: str | None = None, **kw) -> Answer:
        return self.call("POST", path, token, json=json, **kw)

    def stream(self, path: str, until: Callable[[list[Message]], bool], token: str | None = None,
               headers: dict | None = None, timeout: float = 20) -> tuple[int, list[Message]]:
        """Read a server-sent event stream until `until(messages)` holds, the stream ends or
        `timeout` passes; comments (keep-alives) are left out."""
        headers = self._headers(token, headers)
        if self.session is not None:
            r = self.session.get(self.base + path, headers=headers, stream=True,
                                 timeout=(5, timeout))
            chunks, status, close = r.iter_content(chunk_size=None), r.status_code, r.close
        else:
            r = self.client.get(path, headers=headers, buffered=False)
            chunks, status, close = r.response, r.status_code, r.close
        messages: list[Message] = []
        buf, deadline = "", time.monotonic() + timeout
        try:
            if status != 200:
                return status, messages
            for chunk in chunks:
                buf += chunk.decode() if isinstance(chunk, bytes) else chunk
                while "\n\n" in buf:
                    raw, buf = buf.split("\n\n", 1)
                    message = parse_message(raw)
                    if message is not None:
                        messages.append(message)
                if until(messages) or time.monotonic() > deadline:
                    break
        finally:
            close()
        return status, messages


def parse_message(raw: str) -> Message | None:
    fields: dict[str, str] = {}
    for line in raw.splitlines():
        if line.startswith(":") or ":" not in line:
            continue
        name, _, value = line.partition(":")
        fields[name] = value[1:] if value.startswith(" ") else value
    if "data" not in fields:
        return None
    return Message(fields.get("id"), fields.get("event"), json.loads(fields["data"]))
