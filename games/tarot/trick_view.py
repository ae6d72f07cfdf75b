"""A trick as both tarot views show it (:mod:`games.tarot.manchester.view`,
:mod:`games.tarot.base.view`): who led and each card played, in order, by seat (or, in the
two-player games, by position)."""

from __future__ import annotations

from typing import TypedDict

from games.core.tricks import Trick


class PlayView(TypedDict):
    seat: int
    card: str


class TrickView(TypedDict):
    leader: int
    plays: list[PlayView]


def trick_view(trick: Trick) -> TrickView:
    return {"leader": trick.leader, "plays": [{"seat": s, "card": c} for s, c in trick.plays]}
