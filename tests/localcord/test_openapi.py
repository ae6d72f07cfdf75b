"""The local Discord's two validators give the same verdicts: the compiled one that answers "valid?"
for every request, and the Python one that explains what it rejects."""

from __future__ import annotations

from typing import Any

import pytest

from localcord.openapi import OpenAPI, load
from tests.discord_spec import SPEC

API, NO_SPEC = load(SPEC)
pytestmark = pytest.mark.skipif(API is None, reason=NO_SPEC or "")

BUTTON = {"type": 2, "style": 1, "label": "7♥", "custom_id": "pl:a:1:2:3:play-7h"}
ROW = {"type": 1, "components": [BUTTON]}
SELECT = {"type": 3, "custom_id": "pl:s:1:2:3", "options": [{"label": "7♥", "value": "play-7h"}]}
EMBED = {"title": "Fosco", "description": "Deal 1", "fields": [{"name": "How long", "value": "until 31"}],
         "image": {"url": "attachment://table.png"}, "color": 0x2B6E4F}

# (what it is, operation, body, valid?)
BODIES: list[tuple[str, tuple[str, str], Any, bool]] = [
    ("a table message", ("POST", "/channels/{channel_id}/messages"),
     {"content": "Your turn", "components": [ROW, {"type": 1, "components": [SELECT]}], "embeds": [EMBED],
      "attachments": [{"id": 0, "filename": "table.png", "description": "the table"}],
      "allowed_mentions": {"parse": [], "users": ["12"]}}, True),
    ("an edit without content", ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
     {"components": [], "attachments": []}, True),
    ("content that is a number", ("POST", "/channels/{channel_id}/messages"), {"content": 42}, False),
    ("a title that is a list", ("POST", "/channels/{channel_id}/messages"), {"embeds": [{"title": ["no"]}]}, False),
    ("a button of no style", ("POST", "/channels/{channel_id}/messages"),
     {"components": [{"type": 1, "components": [{**BUTTON, "style": 9}]}]}, False),
    ("a button's custom_id over 100 characters", ("POST", "/channels/{channel_id}/messages"),
     {"components": [{"type": 1, "components": [{**BUTTON, "custom_id": "x" * 101}]}]}, False),
    ("a select with no options", ("POST", "/channels/{channel_id}/messages"),
     {"components": [{"type": 1, "components": [{**SELECT, "options": "none"}]}]}, False),
    ("an interaction's answer", ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"),
     {"type": 4, "data": {"content": "Done", "flags": 64}}, True),
    ("an answer of an unknown type", ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"),
     {"type": "soon", "data": {}}, False),
    ("a DM channel", ("POST", "/users/@me/channels"), {"recipient_id": "42"}, True),
    ("a DM channel for nobody", ("POST", "/users/@me/channels"), {"recipient_id": "me"}, False),
]


def body_pointer(api: OpenAPI, method: str, template: str) -> str:
    op = api.operations[(method, template)]
    return f"{op.pointer}/requestBody/content/application~1json/schema"


@pytest.mark.parametrize(("what", "operation", "body", "valid"), BODIES, ids=[b[0] for b in BODIES])
def test_the_compiled_and_the_python_validator_agree(what: str, operation: tuple[str, str], body: Any,
                                                     valid: bool) -> None:
    assert API is not None
    pointer = body_pointer(API, *operation)
    explained = list(API._validator(pointer).iter_errors(body))
    assert (not explained) == valid, f"{what}: {[e.message for e in explained]}"
    assert API._fast_valid(pointer, body) == valid, what
    # what a request is told: nothing when valid, the Python validator's words when not
    errors = API._errors(pointer, body, "body")
    assert (errors == []) == valid and all(e.startswith("body") for e in errors)
