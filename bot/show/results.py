"""A finished game's result in words: who won, by how much, before the game's own detail.

"**Computer 1 wins** 755 to 201"; "**Alice and Carol win** 12 to 8" for a partnership;
"**Alice and Bob draw** at 100"; "**Alice and Bob share the win** with 40; Carol 10". Generic over
every game: it reads only the outcome's scores, winners and sides, and the game's score unit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.core.base import Outcome, State
from games.core.stakes import format_money


def names_and(names: Sequence[str]) -> str:
    """"Alice", "Alice and Bob", "Alice, Bob and Carol"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _entities(outcome: Outcome, names: Sequence[str]) -> list[tuple[str, int, bool, int]]:
    """(name, score, won, how many seats) for each side, or each seat where there are no sides;
    best score first, then seat order."""
    groups = [list(side) for side in outcome.sides] or [[seat] for seat in range(len(outcome.scores))]
    found = [(names_and([names[s] for s in group]), outcome.scores[group[0]],
              any(s in outcome.winners for s in group), len(group)) for group in groups if group]
    return sorted(found, key=lambda e: -e[1])


def headline(outcome: Outcome, names: Sequence[str], score_unit: str = "points", unit: str = "dollars") -> str:
    """The result in a line, in words first: the winner (or the draw) in bold, then the scores."""

    def score(value: int) -> str:
        return format_money(value, unit, sign=True) if score_unit == "money" else str(value)

    entities = _entities(outcome, names)
    winners = [e for e in entities if e[2]]
    others = [e for e in entities if not e[2]]
    rest = "; ".join(f"{name} {score(value)}" for name, value, _, _ in others)
    if not winners:  # a draw: the players level at the top drew; the others are listed after
        top = entities[0][1]
        level = [e for e in entities if e[1] == top]
        below = [e for e in entities if e[1] != top]
        if all(e[3] == 1 for e in level):
            who = f"{names_and([e[0] for e in level])} draw"
        else:  # sides: "Alice and Carol draw with Bob and Dan"
            who = " draw with ".join(e[0] for e in level)
        line = f"**{who}** at {score(top)}"
        if below:
            line += "; " + "; ".join(f"{name} {score(value)}" for name, value, _, _ in below)
        return line
    if len(winners) == 1:
        name, value, _, seats = winners[0]
        verb = "win" if seats > 1 else "wins"
        if len(others) == 1:  # two sides: "755 to 201"
            return f"**{name} {verb}** {score(value)} to {score(others[0][1])}"
        return f"**{name} {verb}** with {score(value)}" + (f"; {rest}" if rest else "")
    names_won = names_and([e[0] for e in winners])
    values = {e[1] for e in winners}
    if len(values) == 1:
        line = f"**{names_won} share the win** with {score(next(iter(values)))}"
    else:
        line = f"**{names_won} share the win**: " + "; ".join(f"{n} {score(v)}" for n, v, _, _ in winners)
    return line + (f"; {rest}" if rest else "")


def game_over(state: State, names: Sequence[str], unit: str, table_id: int) -> str:
    """What a press on a finished game's controls is told: the game is over, and its result."""
    outcome = state.outcome
    if outcome is None:
        return "That table is not being played any more."
    said = headline(outcome, names, state.rules.score_unit, unit)
    return (f"This game is over: {said}. **{state.rules.title}** table #{table_id} has ended, so its "
            f"controls do nothing any more. To look back at it, move by move: `/replay {table_id}`.")


def repeats(headline_text: str, detail: str) -> bool:
    """Whether a game's own account says no more than the headline ("Alice wins, 47 to 14" under
    "**Alice wins** 47 to 14"): then it is not said twice."""

    def words(text: str) -> str:
        return " ".join(re.sub(r"[*,.;:!]", " ", text).lower().split())

    return words(headline_text) == words(detail)
