"""Why the Dracula computer plays what it plays (a hint's reasons): what the placement does to the
lines through its cell (which it completes, builds or spoils, or the coffin's score when it fills
it), and how Normal's search (:mod:`.ai`, remembered, so a hint does not search twice) found the
coffin ending with it."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import cards
from games.core.actions import Action
from games.core.base import player

from . import scoring
from .actions import CELL_NAMES, Place, Way, card_label
from .ai import Decision, recall
from .rules import DIR_WORDS, RUNG_NAMES, DraculaState, side_of
from .scoring import VAMPIRES

LINE_NAMES: dict[scoring.Direction, tuple[str, str, str]] = {
    "rows": ("top row", "middle row", "bottom row"),
    "cols": ("left column", "middle column", "right column"),
}
MULT_WORDS = {5: "all one suit, \u00d75", 3: "all one colour, \u00d73", 2: "two of a suit, \u00d72"}


def explain(state: DraculaState, seat: int, action: Action) -> tuple[str, ...]:
    """Why the computer plays ``action``: what the placement does to the lines through its cell
    (which it completes, builds or spoils, or the coffin's score when it fills it), and how the
    search's play-outs found the coffin ending with it, against the runner-up. The search reads
    only what the seat may see (its guesses at the other hands are drawn from the unseen cards as
    a set), and explaining the move it just chose reuses that search rather than run it again."""
    legal = state.legal_actions(seat)
    chosen = next((a for a in legal if a.token == action.token), None)
    if chosen is None:
        raise ValueError(f"{action.token} is not a move {player(seat)} may make now")
    if isinstance(chosen, Way):
        return _way_reasons(state, seat, chosen.direction)
    assert isinstance(chosen, Place)
    effect = _effect(state, seat, chosen)
    if len(legal) == 1:
        return effect, "It is your only move: one card and one open cell"
    search = _search_reason(state, seat, chosen, recall(state, seat))
    return (effect, search) if search else (effect,)


def _way_reasons(state: DraculaState, seat: int, direction: scoring.Direction) -> tuple[str, ...]:
    other = _opponents(state, seat)[0]
    court, theirs = ("Queens", "Kings") if direction == "rows" else ("Kings", "Queens")
    return (f"You'll score the {DIR_WORDS[direction]}: {court} count 10 there, {theirs} only for {other}",
            "Rows and columns are mirror images, so neither way is better before the deal")


def _opponents(state: DraculaState, seat: int) -> tuple[str, str]:
    """The other side as a line names it, and its possessive."""
    if state.players == 2:
        return player(1 - seat), f"{player(1 - seat)}'s"
    return "your opponents", "your opponents'"


def _line_of(cell: int, direction: scoring.Direction) -> int:
    return cell // 3 if direction == "rows" else cell % 3


def _effect(state: DraculaState, seat: int, place: Place) -> str:
    """What the placement does to the two lines through its cell, the most telling thing first."""
    assert state.ways is not None
    mine = state.ways[side_of(seat)]
    theirs = scoring.other(mine)
    opp, opps = _opponents(state, seat)
    card, cell = place.card, place.cell
    after = list(state.cells)
    after[cell] = card
    if None not in after:
        score = scoring.score_coffin(after, (mine, theirs))
        tie = "" if score.rung == 0 else f" (best lines equal: the {RUNG_NAMES[score.rung]} count)"
        return f"Fills the coffin: you score {score.scored[0]} and {opp} {score.scored[1]}{tie}"
    my_name = LINE_NAMES[mine][_line_of(cell, mine)]
    their_name = LINE_NAMES[theirs][_line_of(cell, theirs)]
    my_line = [after[i] for i in scoring.LINES[mine][_line_of(cell, mine)]]
    their_line = [after[i] for i in scoring.LINES[theirs][_line_of(cell, theirs)]]
    if card in VAMPIRES:
        return f"Your Vampire drains {opps} {their_name} and your {my_name}: both now score 0"
    label = card_label(card)
    # A Vampire already in a line drains it: nothing placed there can score (issue 45: reasons must hold).
    my_drained = any(t in VAMPIRES for t in my_line if t)
    their_drained = any(t in VAMPIRES for t in their_line if t)
    if my_drained and their_drained:
        return f"A Vampire drains both lines here, your {my_name} and {opps} {their_name}: {label} scores for no one"
    if my_drained:
        return _into_drained(state, seat, place, my_name, their_line, their_name)
    my_full, their_full = None not in my_line, None not in their_line
    my_value = scoring.line_value([t for t in my_line if t], mine) if my_full else 0
    their_value = scoring.line_value([t for t in their_line if t], theirs) if their_full else 0
    if my_full and their_full:
        return f"Completes your {my_name} ({my_value}) and {opps} {their_name} ({their_value})"
    if my_full:
        mult = scoring.multiplier([t for t in my_line if t])
        words = f" ({MULT_WORDS[mult]})" if mult in MULT_WORDS else ""
        return f"Completes your {my_name}, worth {my_value}{words}"
    mine_pts, their_pts = scoring.points(card, mine), scoring.points(card, theirs)
    if their_full:
        if their_drained:
            return f"Closes {opps} {their_name}, which a Vampire drains: it scores 0 whatever goes there"
        return _closes(f"Closes {opps} {their_name} at {their_value}", card, their_line, their_pts)
    # Neither line is full: each holds at most one card besides this one.
    my_other = next((after[i] for i in scoring.LINES[mine][_line_of(cell, mine)] if i != cell and after[i]), None)
    their_other = next((after[i] for i in scoring.LINES[theirs][_line_of(cell, theirs)] if i != cell and after[i]),
                       None)
    suit = cards.suit_of(card)
    red = suit in cards.RED_SUITS
    pair = ""  # what it makes of my line with the card already there
    if my_other is not None and my_other not in VAMPIRES:
        if cards.suit_of(my_other) == suit:
            pair = "suit"
        elif (cards.suit_of(my_other) in cards.RED_SUITS) == red:
            pair = "colour"
    spoil = ""  # what it takes from the other side's line (nothing, from a line a Vampire drains)
    if their_other is not None and not their_drained:
        if (cards.suit_of(their_other) in cards.RED_SUITS) != red:
            spoil = "colour"
        elif cards.suit_of(their_other) != suit:
            spoil = "suit"
    if pair == "suit":
        return (f"Pairs {label} with {card_label(str(my_other))} in your {my_name}: "
                f"a third {cards.SUIT_NAMES['standard'][suit][:-1]} makes it \u00d75")
    if mine_pts >= 10 and their_pts == 0:
        return f"{label} counts {mine_pts} in your {my_name} but 0 in {opps} {their_name}"
    if spoil == "colour":
        return f"Spoils {opps} {their_name}: it can't be all one suit or one colour now"
    if pair == "colour":
        return (f"Pairs {label} with {card_label(str(my_other))} in your {my_name}: "
                f"a third {'red' if red else 'black'} card makes it \u00d73")
    if spoil == "suit":
        return f"Spoils {opps} {their_name}: it can't be all one suit now"
    if mine_pts == 0 and their_pts == 0:
        return f"{label} counts 0 in any line, so it gives {opp} nothing"
    if their_pts == 0 or their_drained:
        return f"{label} counts 0 in {opps} {their_name}" + (", which a Vampire drains" if their_pts else "")
    return f"Puts {mine_pts} point{'s' if mine_pts != 1 else ''} in your {my_name}"


def _into_drained(state: DraculaState, seat: int, place: Place, my_name: str, their_line: Sequence[str | None],
                  their_name: str) -> str:
    """Why a card goes into one of the seat's lines that a Vampire drains: what it does to the other
    side's line through the cell, the seat's own line scoring nothing whatever goes there."""
    assert state.ways is not None
    theirs = scoring.other(state.ways[side_of(seat)])
    opp, opps = _opponents(state, seat)
    label, drained = card_label(place.card), f"your {my_name} is drained by a Vampire"
    their_pts = scoring.points(place.card, theirs)
    if None not in their_line:
        value = scoring.line_value([t for t in their_line if t], theirs)
        return _closes(f"Closes {opps} {their_name} at {value}", place.card, their_line, their_pts) + \
            f"; {drained} anyway"
    if their_pts == 0:
        return f"{label} counts 0 in {opps} {their_name}, and {drained}: a card {opp} cannot use"
    return f"{drained[0].upper()}{drained[1:]}, so {label} scores nothing there; in {opps} {their_name} it counts " \
           f"{their_pts}"


def _closes(text: str, card: str, line: Sequence[str | None], points: int) -> str:
    """Why closing the other side's line with ``card`` keeps it down."""
    label = card_label(card)
    if points == 0:
        return f"{text}: {label} counts 0 for them"
    before = [t for t in line if t is not None and t != card]
    suits = {cards.suit_of(t) for t in before}
    if len(suits) == 1 and cards.suit_of(card) not in suits:
        return f"{text}, before a third {cards.SUIT_NAMES['standard'][suits.pop()][:-1]} could make it \u00d75"
    colours = {s in cards.RED_SUITS for s in suits}
    if len(colours) == 1 and (cards.suit_of(card) in cards.RED_SUITS) not in colours:
        return f"{text}, before a third {'red' if colours.pop() else 'black'} card could make it \u00d73"
    if points <= 4:
        return f"{text} with a low card"
    return f"{text}, before a better card could go there"


def _lead(margin: float) -> str:
    points = round(abs(margin))
    if points == 0:
        return "level"
    return f"{points} ahead" if margin > 0 else f"{points} behind"


def _search_reason(state: DraculaState, seat: int, place: Place, decision: Decision) -> str:
    """How the search's play-outs found the coffin ending after ``place``, against the runner-up
    (or, for a move the computer did not pick, against its pick)."""
    mine = decision.weighed(place)
    if mine is None:
        return ""
    how = "Best play to the end" if decision.exact else "Trial play-outs"
    picked = isinstance(decision.action, Place) and decision.weighed(decision.action) is mine
    rival = decision.tried[1] if picked and len(decision.tried) > 1 else decision.tried[0]
    text = f"{how}: about {_lead(mine.mean)} in this coffin"
    if rival is mine:
        return text
    which = "next best" if picked else "the computer's pick"
    return f"{text}; {which} ({card_label(rival.place.card)}, {CELL_NAMES[rival.place.cell]}) {_lead(rival.mean)}"
