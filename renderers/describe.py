"""Alt text for the pictures: what a screen reader says instead of the image, so that a player who
cannot see the table can still follow the game and play. Read from the same view the picture is
drawn from (a spectator's for the table, the seat's own for a hand), so it tells nothing the
picture does not show.

Written for every game from what their views share (the status line, the scores, the trick, the
open hands of games played face up, the viewer's hand); Discord allows 1,024 characters."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import cards, registry
from games.core.base import name_players
from games.core.views import SharedView, shared
from renderers.kit.layout import names as layout_names

LIMIT = 1024  # Discord's longest attachment description
View = Mapping[str, Any]


def _family(key: str) -> cards.Family:
    try:
        return registry.get(key).card_order.family
    except (KeyError, ValueError):
        return "standard"


def _names(view: SharedView) -> list[str]:
    return layout_names(view)


def _text(view: SharedView, line: str) -> str:
    return name_players(line, _names(view), view.get("unit", "dollars"))


def _cards(tokens: Sequence[str] | None, family: cards.Family) -> list[str]:
    return [cards.name(t, family) for t in tokens or () if cards.is_card(t, family)]


def _trick(view: SharedView, family: cards.Family) -> str:
    trick = view.get("trick")
    if not trick or not trick["plays"]:
        return ""
    names = _names(view)
    said = [f"{cards.name(p['card'], family)} by {names[p['seat']] if p['seat'] < len(names) else p['seat']}"
            for p in trick["plays"] if cards.is_card(p["card"], family)]
    return f"In the trick: {', '.join(said)}." if said else ""


def _scores(view: SharedView) -> str:
    scores, names = view.get("scores"), _names(view)
    if scores is None or len(scores) != len(names):
        return ""
    return "Scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True)) + "."


def _status(view: SharedView) -> str:
    return _text(view, view["status"]).rstrip(".") + "."


def _clip(parts: list[str]) -> str:
    text = " ".join(p for p in parts if p)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def describe_table(key: str, view: View) -> str:
    """The table picture in words: the game, whose turn and what to do, the scores, the cards in
    the trick, and the hands of a game played face up."""
    family, seen = _family(key), shared(view)
    parts = [f"{seen['title']} table.", _status(seen), _scores(seen), _trick(seen, family)]
    names = _names(seen)
    for seat, hand in enumerate(seen.get("hands", [])):  # games played with every hand face up
        named = _cards(hand, family)
        if named and seat < len(names):
            parts.append(f"{names[seat]} holds {', '.join(named)}.")
    return _clip(parts)


def describe_hand(key: str, view: View) -> str:
    """A hand picture in words: whose it is, every card in it, and what the game asks now."""
    family, seen = _family(key), shared(view)
    names, viewer = _names(seen), seen["viewer"]
    whose = f"{names[viewer]}'s hand" if viewer is not None and viewer < len(names) and names[viewer] != "You" \
        else "Your hand"
    named = _cards(seen.get("hand"), family)
    hands = seen.get("hands", [])
    if not named and viewer is not None and viewer < len(hands):
        named = _cards(hands[viewer], family)
    held = f"{whose}: {len(named)} cards, {', '.join(named)}." if named else f"{whose}: no cards."
    return _clip([held, _status(seen), _trick(seen, family)])


def describe_seat(key: str, table: View, hand: View) -> str:
    """A player's copy (the table above their hand) in words: the hand first, then the scores."""
    return _clip([describe_hand(key, hand), _scores(shared(table))])


def describe_settlement(view: View, settlement: Mapping[str, Any]) -> str:
    """A round's settlement picture in words: who paid whom, how much, and why."""
    seen = shared(view)
    names, unit = _names(seen), seen.get("unit", "dollars")
    said = []
    for t in settlement.get("transfers") or []:
        payer, payee, cents = t.get("from"), t.get("to"), t.get("cents")
        if isinstance(payer, int) and isinstance(payee, int) and isinstance(cents, int) \
                and max(payer, payee) < len(names):
            reason = f" ({_text(seen, str(t['reason']))})" if t.get("reason") else ""  # "scored {$2100}"
            said.append(f"{names[payer]} paid {names[payee]} {cents / 100:g} {unit}{reason}")
    head = f"How round {settlement.get('round', '')} was settled"
    return _clip([f"{head}: {'; '.join(said)}." if said else f"{head}: nobody paid anything."])


def describe_round_end(view: View) -> str:
    """A round's end picture in words: the round's end as the table's status says it, and the scores."""
    seen = shared(view)
    return _clip(["The end of a round.", _status(seen), _scores(seen)])
