"""Find card tokens in a view: any string that is, or names, a card the viewer may not see."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from games.core import cards


def strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from strings(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from strings(item)


def leaked(data: Any, hidden: Iterable[str], family: cards.Family = "standard") -> set[str]:
    """The hidden cards that ``data`` mentions by token, short label or full name."""
    forms = {}
    for tok in hidden:
        forms[tok] = [re.compile(rf"(?<![\w]){re.escape(tok)}(?![\w])"),
                      re.compile(rf"(?<![\w]){re.escape(cards.short(tok, family))}(?![\w])"),  # T1 is not T12
                      re.compile(re.escape(cards.name(tok, family)), re.IGNORECASE)]
    found: set[str] = set()
    for text in strings(data):
        for tok, patterns in forms.items():
            if tok not in found and any(p.search(text) for p in patterns):
                found.add(tok)
    return found
