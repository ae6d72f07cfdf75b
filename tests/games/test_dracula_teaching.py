"""Dracula's teaching (issue 35): the hint's reasons (what the placement does to the lines
through its cell, and what the search's play-outs found), the Easy computer, "why not" (never a
card: any held card may go to any open cell), the coach's kinds of moment, and the rules' quick
start and example (docs/rules/dracula.md, rulings D-1..D-6)."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

from games import registry
from games.core import decks
from games.core.base import name_players
from games.dracula import RULES, Place, Way, ai
from games.dracula import scoring as sc
from games.dracula.actions import CELL_NAMES, card_label
from games.dracula.explain import explain
from games.dracula.rules import EXAMPLE_MOVES, EXAMPLE_SEED, DraculaState

from .leaks import leaked

ONLY_MOVE = "It is your only move: one card and one open cell"


def new(players: int, seed: int = 0, options: dict[str, Any] | None = None,
        deck: Sequence[str] | None = None) -> DraculaState:
    state = RULES.new_game(players, seed=seed, options=options, deck=deck)
    assert isinstance(state, DraculaState)
    return state


def rows_first(mine: Sequence[str], theirs: Sequence[str], centre: str, seed: int = 1) -> DraculaState:
    """A deal for two in which seat 0 scores the rows and places first: seat 1 deals first and
    takes the columns (the other player gets the other direction), seat 0 holds ``mine``."""
    deck = [c for pair in zip(mine, theirs, strict=True) for c in pair] + [centre]
    return new(2, seed=seed, options={"first_dealer": 1}, deck=deck).apply(1, "way:cols")


def play(state: DraculaState, *tokens: str) -> DraculaState:
    for token in tokens:
        state = state.apply(min(state.to_move), token)
    return state


def hint(state: DraculaState) -> tuple[str, tuple[str, ...]]:
    found = registry.hint(state, min(state.to_move))
    return found.action.token, found.reasons


def reasons(state: DraculaState, token: str) -> tuple[str, ...]:
    return explain(state, min(state.to_move), RULES.parse_action(token))


def decision(state: DraculaState) -> ai.Decision:
    """The search as the registry's computer move runs it (the same generator)."""
    seat = min(state.to_move)
    return ai._decide(state, seat, decks.rng(state.seed, "default", len(state.history)))


def five_times_position() -> DraculaState:
    """Seat 1 scores the columns and holds only 9♣; the left column already has 5♣ and 7♣."""
    deck = ["7C", "2D", "AH", "6D", "3H", "5C", "10H", "9C", "4S"]
    state = new(2, seed=1, options={"first_dealer": 0}, deck=deck).apply(0, "way:rows")
    return play(state, "place:2D@01", "place:7C@10", "place:6D@12", "place:AH@21", "place:5C@00", "place:3H@02")


def example_state() -> DraculaState:
    state = RULES.example().state
    assert isinstance(state, DraculaState)
    return state


def redealt(state: DraculaState, seat: int, seed: int) -> DraculaState:
    """The same position with every card ``seat`` cannot see dealt again (the other hands, each
    its size, and the stock). A Vampire stays with the seat it was given to (D-4)."""
    others = [s for s in range(state.players) if s != seat]
    kept = {s: [c for c in state.hands[s] if c in sc.VAMPIRES] for s in others}
    pool = [c for s in others for c in state.hands[s] if c not in sc.VAMPIRES] + list(state.stock)
    random.Random(seed).shuffle(pool)
    hands = list(state.hands)
    for s in others:
        need = len(state.hands[s]) - len(kept[s])
        hands[s] = tuple(kept[s] + pool[:need])
        pool = pool[need:]
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(pool))


def random_positions(players: int, seed: int, steps: int) -> list[DraculaState]:
    state = new(players, seed=seed, options={"deals": 1})
    rng = random.Random(seed)
    seen = [state]
    while not state.is_over and len(seen) <= steps:
        seat = min(state.to_move)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen.append(state)
    return seen


# -- the hint's reasons -------------------------------------------------------------------------
def test_the_example_hint_completes_a_column_of_one_suit() -> None:
    # D-2: 7♣ 8♣ K♣ in a column is 25 points, all one suit, times 5: 125.
    token, why = hint(example_state())
    assert token == "place:KC@21"
    assert why[0] == "Completes your middle column, worth 125 (all one suit, \u00d75)"
    assert why[1].startswith("Trial play-outs: about ") and "; next best (" in why[1]


def test_the_search_figures_in_the_reason_are_the_searchs_own() -> None:
    state = example_state()
    searched = decision(state)
    best, runner = searched.tried[0], searched.tried[1]
    assert searched.action == best.place and searched.action.token == hint(state)[0]
    lead = round(best.mean)
    other = round(runner.mean)
    assert lead > other > 0  # the clubs column beats the next best placement, and both lead
    assert hint(state)[1][1] == (f"Trial play-outs: about {lead} ahead in this coffin; next best "
                                 f"({card_label(runner.place.card)}, {CELL_NAMES[runner.place.cell]}) "
                                 f"{other} ahead")


def test_a_line_of_one_suit_completed_near_the_end_is_solved_exactly() -> None:
    # Two cells left: the search solves the rest for every guess at the hidden cards.
    state = five_times_position()
    token, why = hint(state)
    assert token == "place:9C@20"
    assert why[0] == "Completes your left column, worth 105 (all one suit, \u00d75)"
    assert why[1].startswith("Best play to the end: about ") and "next best (9\u2663, bottom right)" in why[1]
    assert decision(state).exact


def test_the_last_card_says_what_the_full_coffin_scores() -> None:
    # Rows 10, 17, 40 (9♣ A♥ 10♥: two hearts, times 2) for {p0}; columns 105, 57, 7 for {p1}: the
    # best lines differ, so each scores its best.
    state = play(five_times_position(), "place:9C@20")
    assert hint(state) == ("place:10H@22", ("Fills the coffin: you score 40 and {p1} 105", ONLY_MOVE))


def test_a_tie_on_the_best_lines_is_said_when_the_coffin_fills() -> None:
    # TIE_SECOND of test_dracula: rows 30, 28, 24 against columns 30, 24, 13 score the second best.
    grid = ("3C", "QH", "AH", "7S", "6D", "2S", "QC", "2D", "KD")
    order = (1, 3, 5, 7, 0, 2, 6, 8)
    mine, theirs = [grid[i] for i in order[0::2]], [grid[i] for i in order[1::2]]
    state = rows_first(mine, theirs, grid[4])
    state = play(state, *(f"place:{grid[i]}@{i // 3}{i % 3}" for i in order[:-1]))
    assert hint(state)[1] == ("Fills the coffin: you score 24 and {p0} 28 (best lines equal: the second best "
                              "count)", ONLY_MOVE)


def test_a_court_card_worth_ten_only_to_you_says_so() -> None:
    # Queens count 10 in a row and 0 in a column.
    state = rows_first(["QD", "7S", "9H", "JC"], ["2C", "3C", "4C", "6C"], "5S")
    assert reasons(state, "place:QD@10")[0] == "Q\u2666 counts 10 in your middle row but 0 in {p1}'s left column"


def test_a_card_of_the_suit_already_in_your_line_says_it_could_make_five_times() -> None:
    state = rows_first(["QD", "7S", "9H", "JC"], ["2C", "3C", "4C", "6C"], "5S")
    assert reasons(state, "place:7S@10")[0] == ("Pairs 7\u2660 with 5\u2660 in your middle row: a third spade makes "
                                                "it \u00d75")


def test_a_card_that_breaks_the_other_sides_suit_and_colour_says_so() -> None:
    state = rows_first(["QD", "7S", "9H", "JC"], ["2C", "3C", "4C", "6C"], "5S")
    assert reasons(state, "place:9H@01")[0] == ("Spoils {p1}'s middle column: it can't be all one suit or one "
                                                "colour now")


def test_a_jack_counts_for_no_one() -> None:
    # Beside the 5♥ in your row it makes no pair, and the left column is empty.
    state = rows_first(["QD", "7S", "9H", "JC"], ["2C", "3C", "4C", "6C"], "5H")
    assert reasons(state, "place:JC@10")[0] == "J\u2663 counts 0 in any line, so it gives {p1} nothing"


def test_closing_the_other_sides_line_before_a_third_of_its_suit() -> None:
    state = play(rows_first(["2S", "JC", "AS", "3S"], ["7D", "4H", "KH", "10H"], "8D"),
                 "place:JC@12", "place:7D@01")
    assert reasons(state, "place:2S@21")[0] == ("Closes {p1}'s middle column at 34, before a third diamond could "
                                                "make it \u00d75")


def test_a_move_the_computer_would_not_make_names_its_pick() -> None:
    state = rows_first(["QD", "7S", "9H", "JC"], ["2C", "3C", "4C", "6C"], "5S")
    pick = registry.computer_move(state, 0)
    assert isinstance(pick, Place)
    other = next(a for a in state.legal_actions(0) if isinstance(a, Place) and a.card != pick.card)
    why = explain(state, 0, other)
    assert why[1].startswith("Trial play-outs: about ")
    assert f"; the computer's pick ({card_label(pick.card)}, {CELL_NAMES[pick.cell]})" in why[1]


def test_a_vampire_drains_both_its_lines() -> None:
    # D-4: the dealer's partner (seat 2, scoring the rows with the dealer) holds a Vampire; D-5:
    # the dealer's left-hand opponent (seat 1) opens the coffin in its centre.
    state = new(4, seed=2, options={"first_dealer": 0}).apply(0, "way:rows")
    opener = next(c for c in state.hands[1] if c not in sc.VAMPIRES)
    state = play(state, f"place:{opener}@11")
    assert state.turn == 2 and "X2" in state.hands[2]
    why = explain(state, 2, Place("X2", 0, 1))
    assert why[0] == "Your Vampire drains your opponents' middle column and your top row: both now score 0"


def test_the_direction_is_explained_as_a_free_choice() -> None:
    state = new(2, seed=3, options={"first_dealer": 1})
    assert explain(state, 1, Way("rows")) == (
        "You'll score the rows: Queens count 10 there, Kings only for {p0}",
        "Rows and columns are mirror images, so neither way is better before the deal")
    assert explain(state, 1, Way("cols"))[0] == ("You'll score the columns: Kings count 10 there, Queens only "
                                                    "for {p0}")


def test_explaining_a_move_that_is_not_legal_is_refused() -> None:
    state = rows_first(["QD", "7S", "9H", "JC"], ["2C", "3C", "4C", "6C"], "5S")
    with pytest.raises(ValueError):
        explain(state, 0, RULES.parse_action("place:QD@00"))  # a corner, touching no card


def test_explaining_the_move_just_chosen_does_not_search_again(monkeypatch: pytest.MonkeyPatch) -> None:
    state = example_state()
    ai._MEMO.clear()
    fresh = registry.hint(state, state.turn)
    action = registry.computer_move(state, state.turn)

    def no_search(*_: object) -> ai.Decision:
        raise AssertionError("searched again")

    monkeypatch.setattr(ai, "_search", no_search)
    assert explain(state, state.turn, action) == fresh.reasons


def test_hint_is_blind_to_the_opponents_hidden_cards_in_a_deal_for_two() -> None:
    # As test_dracula_ai's blind test: only seat 1's cards (and so the stock) differ.
    mine, centre = ["AS", "2S", "3S", "4S"], "QS"
    hints = set()
    for theirs in (["5H", "6H", "7H", "8H"], ["9C", "10C", "KD", "2D"]):
        state = rows_first(mine, theirs, centre, seed=4)
        ai._MEMO.clear()  # each hint searches afresh
        hints.add(hint(state))
    assert len(hints) == 1


@pytest.mark.parametrize("players", [2, 4])
def test_hint_is_blind_to_every_card_the_seat_cannot_see(players: int) -> None:
    state = new(players, seed=9, options={"first_dealer": 0}).apply(0, "way:cols")
    for _ in range(2):  # into the coffin, so the hint weighs real choices
        state = state.apply(min(state.to_move), registry.computer_move(state, min(state.to_move)))
    seat = min(state.to_move)
    ai._MEMO.clear()  # each hint searches afresh
    first = registry.hint(state, seat)
    for seed in range(2):
        other = redealt(state, seat, seed)
        assert other.hands != state.hands or other.stock != state.stock
        ai._MEMO.clear()
        again = registry.hint(other, seat)
        assert (again.action, again.reasons) == (first.action, first.reasons)


def test_hints_are_legal_short_and_hide_nothing_over_random_games() -> None:
    for players in (2, 4):
        for state in random_positions(players, seed=players, steps=40)[::5]:
            if state.is_over:
                continue
            seat = min(state.to_move)
            found = registry.hint(state, seat)
            state.apply(seat, found.action)
            assert 1 <= len(found.reasons) <= 2
            assert all(len(name_players(r, ["Ann", "Bob", "Cy", "Di"])) <= 95 for r in found.reasons), found.reasons
            assert not leaked(found.reasons, state.hidden_cards(seat))
            # Whatever card it names is the seat's own or already in the coffin.
            named = set(re.findall(r"(?:10|[2-9AJQK])[\u2660\u2665\u2666\u2663]", " ".join(found.reasons)))
            mine = {card_label(c) for c in state.hands[seat]} | {card_label(c) for c in state.cells if c}
            assert named <= mine


# -- the Easy computer --------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_easy_plays_only_legal_moves_to_the_end(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_search(*_: object) -> ai.Decision:
        raise AssertionError("Easy does not search")

    monkeypatch.setattr(ai, "_search", no_search)  # and it never looks ahead
    for seed in range(3):
        state = new(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = min(state.to_move)
            action = ai.choose_easy(state, seat, rng)
            assert action in state.legal_actions(seat)
            state = state.apply(seat, action)


def test_easy_takes_a_line_of_one_suit_it_sees() -> None:
    state = example_state()
    assert registry.computer_move(state, state.turn, "easy").token == "place:KC@21"


def test_easy_is_greedy_where_normal_looks_ahead() -> None:
    # Seed 22: {p1} scores the columns and holds 2♣ Q♦ 5♣. Easy scores the lines only as they
    # stand, so it puts down a club and keeps the Queen, worth nothing in a column; Normal's
    # play-outs find the Queen best placed now, where it spoils {p0}'s bottom row.
    state = play(new(2, seed=EXAMPLE_SEED), *EXAMPLE_MOVES[:3])
    assert registry.computer_move(state, 1, "easy").token == "place:2C@12"
    assert registry.computer_move(state, 1).token == "place:QD@20"


# -- why not ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_no_held_card_is_ever_barred(players: int) -> None:
    # Any card may go on any open cell beside a card (the centre of an empty coffin, D-5), so
    # "why not" has nothing to say, and every held card is named by a legal move.
    for state in random_positions(players, seed=3, steps=60):
        for seat in range(state.players):
            assert state.why_not(seat) == {}
            if seat not in state.to_move:
                continue
            held = state.held(seat)
            assert sorted(held) == sorted(state.hands[seat])
            assert {a.card for a in state.legal_actions(seat) if isinstance(a, Place)} == set(held)


def test_nothing_is_held_while_the_direction_is_chosen() -> None:
    state = new(2, seed=3, options={"first_dealer": 0})
    assert state.held(0) == () and state.why_not(0) == {}


# -- the coach ----------------------------------------------------------------------------------
def test_the_coach_names_each_kind_of_moment() -> None:
    state = new(2, seed=3, options={"first_dealer": 0})
    assert state.coaching(0) is not None and state.coaching(0).kind == "direction"  # type: ignore[union-attr]
    assert state.coaching(1) is None
    state = state.apply(0, "way:rows")
    coach = state.coaching(1)
    assert coach is not None and coach.kind == "place" and "open cell beside one already down" in coach.line
    assert state.coaching(0) is None
    last = play(five_times_position(), "place:9C@20")
    coach = last.coaching(0)
    assert coach is not None and coach.kind == "last-cell" and "best line" in coach.line
    # D-5: four players open each coffin in its centre.
    four = new(4, seed=2, options={"first_dealer": 0}).apply(0, "way:rows")
    coach = four.coaching(1)
    assert coach is not None and coach.kind == "open" and "centre" in coach.line


def test_coach_lines_are_short_and_name_no_card() -> None:
    for players in (2, 4):
        for state in random_positions(players, seed=5, steps=60):
            for seat in state.to_move:
                coach = state.coaching(seat)
                assert coach is not None and len(coach.line) <= 160
                assert not leaked(coach.line, set(decks.standard(2)))


# -- the rules' quick start and example ---------------------------------------------------------
def test_the_example_is_fixed_and_shows_a_choice() -> None:
    example = RULES.example()
    assert RULES.example() == example
    state = example.state
    assert isinstance(state, DraculaState)
    assert example.seat == 1 and example.seat in state.to_move and len(state.legal_actions(1)) > 1
    assert example.caption == ("Your turn: you score the columns; K\u2663 at the bottom middle would finish a "
                               "column of three clubs, worth 125")
    assert not leaked(example.caption, state.hidden_cards(example.seat))
    assert state.deal == 2 and state.totals != (0, 0)  # mid-game: the first deal is scored
