"""The three rule sets played on the tarot base games (docs/rules/tarot.md): Tontine's groups and
their points, the Last Laugh's Fool (what its holder must or may play, what the Butt puts on
their pile), and the Courtship rules (who takes a trick).
Pure functions over cards and tricks; the base-game state decides when each applies."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from games.core import cards
from games.core.tricks import Trick

from . import pack
from .pack import FOOL, HONOURS, MAGICIAN, WORLD

Ruleset = Literal["plain", "tontine", "last-laugh", "courtship"]
RULESETS: tuple[Ruleset, ...] = ("plain", "tontine", "last-laugh", "courtship")
RULESET_TITLES: dict[str, str] = {"plain": "plain rules", "tontine": "Tontine", "last-laugh": "The Last Laugh",
                                  "courtship": "Courtship Rules"}
COURTSHIP_RULES: tuple[str, ...] = ("queens_ruff", "royal_marriage", "royal_affair", "summoning_servants")
COURTSHIP_TITLES: dict[str, str] = {"queens_ruff": "Queen's Ruff", "royal_marriage": "Royal Marriage",
                                    "royal_affair": "Royal Affair", "summoning_servants": "Summoning Servants"}
COURTS = ("K", "Q", "N", "J")


def is_suit_card(card: str) -> bool:
    return not pack.is_trump(card) and card != FOOL


def rank(card: str) -> str:
    return cards.rank_of(card) if is_suit_card(card) else ""


def is_court(card: str) -> bool:
    return rank(card) in COURTS


# -- Tontine -------------------------------------------------------------------------------------
GROUP_POINTS: dict[str, int] = {"K": 20, "Q": 16, "N": 12, "J": 8, "honours": 15,
                                **{f"pips{s}": 10 for s in cards.TAROT_SUITS}}
TONTINE_TOTAL = sum(GROUP_POINTS.values())  # 111
GROUP_NAMES: dict[str, str] = {"K": "Kings", "Q": "Queens", "N": "Cavaliers", "J": "Jacks", "honours": "Honours",
                               **{f"pips{s}": f"{name} pips" for s, name in cards.SUIT_NAMES["tarot"].items()}}


def group(card: str) -> str | None:
    """The Tontine group a card belongs to, or None for the trumps that count nothing (every
    trump but the Magician and the World, and Good and Evil)."""
    if card in HONOURS:
        return "honours"
    if pack.is_trump(card):
        return None
    return rank(card) if is_court(card) else f"pips{card[-1]}"


def last_of_groups(played: Sequence[str]) -> dict[str, str]:
    """Each group's last card played so far (K-10: discards are never played)."""
    last: dict[str, str] = {}
    for card in played:
        name = group(card)
        if name is not None:
            last[name] = card
    return last


def tontine_points(face_up: Iterable[str], played: Sequence[str]) -> int:
    """What a pile's face-up cards score: a group's points for each that is its group's last
    card played; the others count nothing."""
    last = last_of_groups(played)
    return sum(GROUP_POINTS[name] for card in face_up if (name := group(card)) is not None and last.get(name) == card)


# -- The Last Laugh ------------------------------------------------------------------------------
def last_laugh_legal(hand: Sequence[str], trick: Trick) -> tuple[str, ...]:
    """What a hand may play when the Fool stays in play to the last trick. Its holder must play it
    when trumps are led and they hold no court card, or when a suit is led and they hold a court
    card of that suit; otherwise it may not be played until the last trick (when it is all that
    is left). Nobody leads it before then."""
    refused = last_laugh_refusals(hand, trick)
    return tuple(c for c in hand if c not in refused)


LaughRefusal = Literal["follow", "trump", "beat", "fool-trumps", "fool-court", "fool-held", "fool-lead"]


def last_laugh_refusals(hand: Sequence[str], trick: Trick) -> dict[str, LaughRefusal]:
    """The cards of ``hand`` that may not go to ``trick`` under the Last Laugh, each with the rule
    that stops it (what :func:`last_laugh_legal` leaves out): the trick rules of
    :func:`games.tarot.pack.refusals`; every other card while the Fool is due (``fool-trumps``:
    trumps led and no court card held; ``fool-court``: a suit led whose court card is held); the
    Fool itself before the last trick (``fool-lead`` when leading, else ``fool-held``)."""
    if FOOL not in hand:
        return dict(pack.refusals(hand, trick, fool_free=False))
    if len(hand) == 1:
        return {}
    others = [c for c in hand if c != FOOL]
    led = trick.led_card()
    if led is not None:
        if pack.is_trump(led) and not any(is_court(c) for c in others):
            return {c: "fool-trumps" for c in others}
        if is_suit_card(led) and any(is_court(c) and pack.suit(c) == pack.suit(led) for c in others):
            return {c: "fool-court" for c in others}
    out: dict[str, LaughRefusal] = dict(pack.refusals(others, trick, fool_free=False))
    out[FOOL] = "fool-lead" if led is None else "fool-held"
    return out


ButtStep = Literal[1, 2, 3, 4, 5]


def butt_choices(hand: Sequence[str], led: str | None) -> tuple[ButtStep, tuple[str, ...]]:
    """What the Butt (who took the Fool in a trick) may put on their pile instead, by the first
    step that applies: (1) a court card of the suit led, not the King; (2) any other court card
    but a King, announced; (3) the highest trump but the Magician and the World, shown; (4) a pip
    card, shown; (5) none: the Fool goes face up aside and the hand is shown. ``hand`` is the
    Butt's hand without the Fool."""
    lesser = [c for c in hand if is_court(c) and rank(c) != "K"]
    of_led = [c for c in lesser if led is not None and is_suit_card(led) and pack.suit(c) == pack.suit(led)]
    if of_led:
        return 1, tuple(of_led)
    if lesser:
        return 2, tuple(lesser)
    trumps = [c for c in hand if pack.is_trump(c) and c not in (MAGICIAN, WORLD)]
    if trumps:
        top = max(pack.strength(c, c) or 0 for c in trumps)
        return 3, tuple(c for c in trumps if pack.strength(c, c) == top)  # Good and Evil tie
    pips = [c for c in hand if is_suit_card(c) and not is_court(c)]
    if pips:
        return 4, tuple(pips)
    return 5, ()


# -- Courtship -----------------------------------------------------------------------------------
RUFF = 1000.0  # the Queen's Ruff's Jack beats everything, trumps included
ROYAL = 50.0  # Royal Marriage's and Royal Affair's cards beat the suit, not a trump


def courtship_strength(trick: Trick, on: frozenset[str]) -> list[tuple[float | None, str]]:
    """Each card's claim on the trick under the Courtship rules ``on``, with the rule that gave it
    (empty when none did): trumps as usual; the suit led by rank; the Queen's Ruff Jack above
    all; a Royal Marriage Queen or a Royal Affair card above the suit but under any trump."""
    led = trick.led_card((FOOL,))
    out: list[tuple[float | None, str]] = []
    if led is None:
        return [(None, "") for _ in trick.plays]
    led_suit = pack.suit(led)
    seen: list[str] = []
    for _, card in trick.plays:
        value, why = (pack.strength(card, led), "") if card != FOOL else (None, "")
        if is_suit_card(card) and is_suit_card(led):
            same = pack.suit(card) == led_suit
            queen_of_led, king_of_led = "Q" + led_suit, "K" + led_suit
            if same and "queens_ruff" in on and rank(card) == "J" and queen_of_led in seen and led != queen_of_led:
                value, why = RUFF, "queens_ruff"
            elif same and "royal_marriage" in on and rank(card) == "Q" and king_of_led in seen:
                value, why = ROYAL, "royal_marriage"
            elif not same and "royal_affair" in on and (
                    (rank(card) == "Q" and king_of_led in seen) or (rank(card) == "K" and led == queen_of_led)):
                value, why = ROYAL, "royal_affair"
        out.append((value, why))
        seen.append(card)
    return out


def courtship_winner(trick: Trick, on: frozenset[str]) -> tuple[int, str]:
    """The seat that takes the trick and the Courtship rule that decided it ("" if none did). Of
    two Royal cards the first played stays ahead, as equal trumps do (K-1)."""
    best: tuple[float, int, str] | None = None
    for (seat, _), (value, why) in zip(trick.plays, courtship_strength(trick, on), strict=True):
        if value is not None and (best is None or value > best[0]):
            best = (value, seat, why)
    return (trick.leader, "") if best is None else (best[1], best[2])
