"""Learners' texts speak plain words (issue 44 points 1 and 5): a game whose cards rank in an unusual
order says so in its quick start and its first coach line about a trick. And: a coach's line, a hint's reasons and why a
card may not go, as the bot shows them (``in_plain_words``), carry no ruling numbers such as
"(F-6)", over states of every game reached by seeded random play. The rules keep citing their
rulings (their tests and /rules read them); only what a learner reads drops them."""

from __future__ import annotations

import random
import re

import pytest

from games import registry
from games.busca import rules as busca_rules
from games.core.base import State
from games.core.cards import TAROT_RANKS
from games.core.teaching import in_card_names, in_plain_words
from games.tarot.guide import SUIT_ORDER

CODE = re.compile(r"\b[A-Z]-\d+\b")
# A tarot card's code ("T20", "Qb") not followed by its name ("trump 20 (Judgement)", "Queen of batons")
TAROT_CODE = re.compile(r"(?<![\w-])(?:T\d{1,2}|(?:[KQNJA]|10|[2-9])[sbcd])(?![\w-])(?! (?:trump \d|\w+ of ))")
STATES = 12  # states a game, spread over a seeded random game


def texts_at(state: State) -> list[str]:
    """Every teaching text the seats to move meet in ``state``."""
    found: list[str] = []
    for seat in sorted(state.to_move):
        coaching = state.coaching(seat)
        if coaching is not None:
            found.append(coaching.line)
        found += state.why_not(seat).values()
        if not state.between_rounds:
            hint = registry.hint(state, seat)
            found += [f"I would choose {hint.action.label}", *hint.reasons]
    return found


def spread_states(key: str, seed: int) -> list[State]:
    rules = registry.get(key)
    state = rules.new_game(players=min(rules.player_counts), seed=seed, options={})
    rng = random.Random(seed)
    seen = [state]
    while not state.is_over and len(seen) < 400:
        seat = min(state.to_move)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen.append(state)
    step = max(1, len(seen) // STATES)
    return [s for s in seen[::step] if not s.is_over]


@pytest.mark.parametrize("key", registry.keys())
def test_no_ruling_number_reaches_a_learner(key: str) -> None:
    raw = [text for state in spread_states(key, 5) for text in texts_at(state)]
    assert raw, "some teaching text was met"
    family = registry.get(key).card_order.family
    for text in raw:
        plain = in_card_names(in_plain_words(text), family)
        assert not CODE.search(plain), plain
        if family == "tarot":  # cards by their names, as the menus give them ("6s" elsewhere is six sixes)
            assert not TAROT_CODE.search(plain), plain
        assert plain.strip() and "()" not in plain and " ." not in plain and " ," not in plain, plain


def test_the_numbers_go_and_the_sentence_stays_whole() -> None:
    assert in_plain_words("A King may double only a count of 10 or less, and it is 11 (F-6)") == \
        "A King may double only a count of 10 or less, and it is 11"
    assert in_plain_words("you must trump (K-2). Then (K-3, K-5) lead") == "you must trump. Then lead"
    assert in_plain_words("both (S-2 and S-3): done") == "both: done"
    assert in_plain_words("Kings (the 4 of them) stay") == "Kings (the 4 of them) stay"


def test_the_rules_still_cite_their_rulings() -> None:
    """What the bot strips is there in the rules' own words (so this test can fail if it is not)."""
    rules = registry.get("fosco")
    raw = [text for seed in range(1, 6) for state in spread_states("fosco", seed) for text in texts_at(state)]
    assert any(CODE.search(text) for text in raw), rules.key


# Games whose cards do not rank in the usual order, and how they say it (issue 44 point 1).
UNUSUAL = {"busca": busca_rules.ORDER, **{key: SUIT_ORDER for key in (
    "manchester-piccadilly", "manchester-truffle", "scarto", "tarocchi", "conference")}}


def test_the_orders_said_are_the_orders_played() -> None:
    names = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
    said = [names.get(rank, rank) for rank in busca_rules.RANKS]
    assert re.findall(r"Ace|King|Queen|Jack|\d+", busca_rules.ORDER) == [*said[:7], "4"], "3, 2, A, K, Q, J, 7 … 4"
    assert said[-1] == "4"
    suit = [names.get(rank, rank) for rank in TAROT_RANKS]  # highest first
    assert re.findall(r"King|Queen|Cavalier|Jack|\d+|Ace", SUIT_ORDER) == \
        ["King", "Queen", "Cavalier", "Jack", "10", "Ace"] and suit[0] == "King" and suit[-1] == "Ace"


@pytest.mark.parametrize("key", sorted(UNUSUAL))
def test_an_unusual_card_order_is_told_in_the_quick_start_and_the_first_trick_line(key: str) -> None:
    order = UNUSUAL[key]
    assert any(order in line for line in registry.get(key).quick_start)
    first = next(c for seed in range(1, 6) for state in spread_states(key, seed) for seat in sorted(state.to_move)
                 if (c := state.coaching(seat)) is not None and c.kind in ("lead", "follow"))
    assert order in first.line, first


def test_tarot_cards_are_named_as_the_menus_name_them() -> None:
    assert in_card_names("Discard Qb Ab 9d", "tarot") == \
        "Discard Qb Queen of batons, Ab Ace of batons, 9d 9 of coins"
    assert in_card_names("You must beat T7 with a higher trump", "tarot") == \
        "You must beat T7 trump 7 (the Chariot) with a higher trump"
    assert not TAROT_CODE.search(in_card_names("Discard Qb Ab 9d", "tarot")) and TAROT_CODE.search("Discard Qb")
    assert in_card_names("the Fool was led (K-3)", "tarot") == "the Fool was led (K-3)"
    assert in_card_names("Play Q\u2660", "standard") == "Play Q\u2660"
