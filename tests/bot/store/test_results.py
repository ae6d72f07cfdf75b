"""A result in words (issue 10): who won, by how much, for single players, partnerships, draws,
shared wins and money games."""

from __future__ import annotations

from bot.show.results import headline, names_and
from games.core.base import Outcome


def test_names_are_joined_as_people_write_them() -> None:
    assert names_and(["Alice"]) == "Alice"
    assert names_and(["Alice", "Bob"]) == "Alice and Bob"
    assert names_and(["Alice", "Bob", "Carol"]) == "Alice, Bob and Carol"


def test_two_players_one_wins() -> None:
    outcome = Outcome((201, 755), frozenset({1}), "End of game: ...")
    assert headline(outcome, ["Alice", "Computer 1"]) == "**Computer 1 wins** 755 to 201"


def test_partnerships_are_named_by_side() -> None:
    outcome = Outcome((12, 8, 12, 8), frozenset({0, 2}), "...", sides=((0, 2), (1, 3)))
    assert headline(outcome, ["Alice", "Bob", "Carol", "Dan"]) == "**Alice and Carol win** 12 to 8"


def test_a_draw_names_who_drew() -> None:
    assert headline(Outcome((40, 40), frozenset(), "..."), ["Alice", "Bob"]) == "**Alice and Bob draw** at 40"
    three = Outcome((40, 10, 40), frozenset(), "...")
    assert headline(three, ["Alice", "Bob", "Carol"]) == "**Alice and Carol draw** at 40; Bob 10"
    sides = Outcome((9, 9, 9, 9), frozenset(), "...", sides=((0, 2), (1, 3)))
    assert headline(sides, ["A", "B", "C", "D"]) == "**A and C draw with B and D** at 9"


def test_more_players_list_the_rest_after_the_winner() -> None:
    outcome = Outcome((5, 30, 12), frozenset({1}), "...")
    assert headline(outcome, ["Alice", "Bob", "Carol"]) == "**Bob wins** with 30; Carol 12; Alice 5"


def test_a_shared_win() -> None:
    level = Outcome((30, 30, 2), frozenset({0, 1}), "...")
    assert headline(level, ["Alice", "Bob", "Carol"]) == "**Alice and Bob share the win** with 30; Carol 2"
    apart = Outcome((30, 20, 2), frozenset({0, 1}), "...")
    assert headline(apart, ["Alice", "Bob", "Carol"]) == "**Alice and Bob share the win**: Alice 30; Bob 20; Carol 2"


def test_money_games_show_amounts_in_the_guilds_unit() -> None:
    outcome = Outcome((350, -100, -250), frozenset({0}), "...")
    assert headline(outcome, ["Alice", "Bob", "Carol"], "money") == "**Alice wins** with +$3.50; Bob -$1; Carol -$2.50"
    assert headline(outcome, ["Alice", "Bob", "Carol"], "money", "cents").startswith("**Alice wins** with +3.50¢")
