"""A request's JSON: numbers are whole numbers, wherever they are; a string may say anything."""
from __future__ import annotations

import pytest

from service.errors import ApiError
from service.jsonio import parse_body


@pytest.mark.parametrize("body", [b'{"n": 1.5}', b'{"a": [1, {"b": 2e3}]}', b'[0.0]', b'{"x": -3E-2}',
                                  b'{"s": "1.5", "n": 2.5}'])
def test_a_number_with_a_fraction_or_an_exponent_is_refused(body):
    with pytest.raises(ApiError) as refused:
        parse_body(body)
    assert refused.value.code == "invalid_request"


@pytest.mark.parametrize("body, value", [
    (b'{"move": {"type": "end"}, "expected_version": 12}', {"move": {"type": "end"},
                                                            "expected_version": 12}),
    (b'{"name": "v1.5e3", "n": -7}', {"name": "v1.5e3", "n": -7}),   # in a string: not a number
    (b'["1.0", 2]', ["1.0", 2]),
])
def test_whole_numbers_and_any_string_are_taken(body, value):
    assert parse_body(body) == value
