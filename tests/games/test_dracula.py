"""Dracula's rules (docs/rules/dracula.md): each test names the ruling or rule it holds to."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core import cards, registry
from games.core.errors import BadOptions, IllegalAction
from games.dracula import RULES, DraculaState, Place, Way
from games.dracula import scoring as sc
from games.dracula.rules import LastCoffin, cut

# Cells in the order the helpers fill a coffin: the four beside the centre, then the corners.
ORDER = (1, 3, 5, 7, 0, 2, 6, 8)
TIE_SECOND = ("3C", "QH", "AH", "7S", "6D", "2S", "QC", "2D", "KD")  # rows 30,28,24; cols 30,24,13
TIE_THIRD = ("2H", "10C", "10S", "9S", "AH", "2S", "JS", "6D", "JH")  # rows 24,22,6; cols 24,22,17


def new(players: int, seed: int = 0, options: dict[str, Any] | None = None,
        deck: Sequence[str] | None = None) -> DraculaState:
    state = RULES.new_game(players, seed=seed, options=options, deck=deck)
    assert isinstance(state, DraculaState)
    return state


def _standard() -> list[str]:
    return [r + s for s in cards.STANDARD_SUITS for r in cards.STANDARD_RANKS]


def deck_for(grid: Sequence[str], first: int) -> list[str]:
    """A two-player deal (seat 0 dealt first) that lets :func:`fill` build ``grid``, when
    ``first`` is the seat that places first."""
    first_cells, second_cells = ORDER[0::2], ORDER[1::2]
    hands = {first: [grid[i] for i in first_cells], 1 - first: [grid[i] for i in second_cells]}
    return [c for pair in zip(hands[0], hands[1], strict=True) for c in pair] + [grid[4]]


def fill(state: DraculaState, grid: Sequence[str]) -> DraculaState:
    for cell in ORDER:
        seat = next(iter(state.to_move))
        state = state.apply(seat, f"place:{grid[cell]}@{cell // 3}{cell % 3}")
    return state


def two_player(deck: Sequence[str] | None = None, way: str = "rows", **options: Any) -> DraculaState:
    """Seat 0 deals first and takes ``way``; seat 1 places first."""
    state = new(2, seed=11, options={"first_dealer": 0, **options}, deck=deck)
    return state.apply(0, f"way:{way}")


def playout(state: DraculaState, seed: int) -> Iterator[DraculaState]:
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


# -- line values (D-2) ------------------------------------------------------------------------

def test_d2_two_hearts_and_a_diamond_is_x3_not_x2() -> None:
    assert sc.multiplier(["2H", "5H", "9D"]) == 3
    assert sc.line_value(["2H", "5H", "9D"], "rows") == 48


def test_d2_three_clubs_is_x5() -> None:
    assert sc.multiplier(["2C", "7C", "JC"]) == 5
    assert sc.line_value(["2C", "7C", "JC"], "cols") == 45


def test_d2_two_of_a_suit_and_a_mixed_colour_is_x2_and_all_different_x1() -> None:
    assert sc.multiplier(["2S", "5S", "9D"]) == 2
    assert sc.multiplier(["2S", "5H", "9D"]) == 1


def test_d2_king_counts_zero_in_a_row_but_keeps_its_suit() -> None:
    assert sc.line_value(["KC", "3C", "5C"], "rows") == 40  # 8 x5
    assert sc.line_value(["KC", "3C", "5C"], "cols") == 90  # 18 x5


def test_queen_is_ten_in_a_row_and_zero_in_a_column() -> None:
    assert sc.points("QD", "rows") == 10
    assert sc.points("QD", "cols") == 0
    assert sc.points("JD", "rows") == sc.points("JD", "cols") == 0
    assert sc.points("AD", "rows") == 1


def test_vampire_zeroes_its_row_and_column_in_both_directions() -> None:
    # Without the Vampire the top row (clubs) and left column would both multiply.
    grid = ["X1", "2C", "3C", "4C", "5H", "6H", "7C", "8H", "9H"]
    assert sc.line_values(grid, "rows") == (0, 15 * 2, 24 * 2)
    assert sc.line_values(grid, "cols") == (0, 15 * 2, 18 * 2)
    assert sc.multiplier(["X2", "AS", "2S"]) == 0


def test_vampire_in_the_coffin_shows_as_a_drained_line() -> None:
    grid = ("X1", "2C", "3C", "4C", "5H", "6H", "7C", "8H", "9H")
    state = fill(two_player(deck_for(grid, first=1), deals=1), grid)
    assert state.last is not None
    rows, cols = state.last.score.lines
    assert 0 in rows and 0 in cols
    assert state.view(0)["lines"]["rows"][0] == {"points": 0, "multiplier": 0, "value": 0}
    assert state.view(0)["lines"]["cols"][0] == {"points": 0, "multiplier": 0, "value": 0}


@given(st.lists(st.sampled_from([*_standard(), "X1", "X2"]), min_size=3, max_size=3, unique=True),
       st.sampled_from(sc.DIRECTIONS))
def test_line_values_are_multiples_of_their_multiplier_and_at_most_150(line: list[str], way: sc.Direction) -> None:
    value, mult = sc.line_value(line, way), sc.multiplier(line)
    assert 0 <= value <= 150
    assert value == 0 or value % mult == 0


# -- scoring a coffin -------------------------------------------------------------------------

def test_unequal_best_lines_each_score_their_best() -> None:
    result = sc.score_coffin(["QS", "QH", "QD", "2C", "3C", "4C", "5S", "6S", "7S"], ("rows", "cols"))
    assert result.rung == 0
    assert result.scored == (result.lines[0][0], result.lines[1][0])


def test_equal_best_lines_score_the_second_best() -> None:
    state = fill(two_player(deck_for(TIE_SECOND, first=1), deals=1), TIE_SECOND)
    assert state.last is not None
    assert state.last.score.lines == ((30, 28, 24), (30, 24, 13))
    assert state.last.score.rung == 1
    assert state.totals == (28, 24)


def test_equal_best_and_second_lines_score_the_third_even_if_unequal() -> None:
    state = fill(two_player(deck_for(TIE_THIRD, first=1), deals=1), TIE_THIRD)
    assert state.last is not None
    assert state.last.score.lines == ((24, 22, 6), (24, 22, 17))
    assert state.totals == (6, 17)


def test_all_three_lines_equal_score_the_third() -> None:
    assert sc.compare_lines((30, 20, 10), (30, 20, 10)) == 2


# -- end of game (bonus, D-3) -----------------------------------------------------------------

def test_end_bonus_is_the_difference() -> None:
    result = sc.finish((245, 272), (60, 70))
    assert result.finals == (245, 299)
    assert result.winner == 1 and result.bonus == 27


def test_d3_equal_totals_bonus_is_highest_line_scored_to_its_scorer() -> None:
    result = sc.finish((250, 250), (90, 75))
    assert result.winner == 0 and result.finals == (340, 250)


def test_d3_equal_totals_and_equal_best_lines_is_a_draw() -> None:
    assert sc.finish((250, 250), (80, 80)).winner is None


def test_d3_end_to_end_over_two_deals() -> None:
    first = ("3C", "10S", "7S", "6C", "JC", "2D", "4S", "4D", "QC")  # scores 60 (rows) to 39
    second = ("JH", "10D", "8H", "5H", "KH", "AS", "QH", "6D", "3D")  # scores 57 to 78
    # Deal 1: seat 0 deals, seat 1 places first; deal 2 from the stock: seat 1 deals, seat 0 first.
    state = two_player(deck_for(first, first=1) + deck_for(second, first=0), deals=2)
    state = fill(fill(state, first), second)
    assert state.totals == (117, 117) and state.best_lines == (60, 78)
    assert state.outcome is not None
    assert state.outcome.scores == (117, 195)
    assert state.outcome.winners == frozenset({1})


def test_d3_draw_end_to_end_when_totals_and_best_lines_are_equal() -> None:
    grid = ("9D", "9C", "8C", "4D", "3C", "10C", "10H", "5D", "8H")  # both ways 69, 52, 34: each scores 34
    state = fill(two_player(deck_for(grid, first=1), deals=1), grid)
    assert state.totals == (34, 34)
    assert state.outcome is not None
    assert state.outcome.is_draw
    assert state.outcome.scores[0] == state.outcome.scores[1]


# -- the cut (D-1) and the direction ----------------------------------------------------------

@pytest.mark.parametrize(("first", "second", "winner"), [
    ("5H", "KS", 0),  # red beats black
    ("2S", "9D", 1),
    ("3H", "KD", 0),  # a heart beats a diamond
    ("4D", "9D", 1),  # same suit: the higher rank
    ("AH", "KH", 1),  # Ace low, King high
    ("2S", "KC", None),  # both black: again
    ("X1", "5H", None),  # a Vampire: again
    ("KH", "X2", None),
])
def test_d1_cut(first: str, second: str, winner: int | None) -> None:
    assert sc.cut_winner(first, second) == winner


def test_d1_cut_repeats_until_decided_and_is_shown() -> None:
    seeds = [s for s in range(200) if len(cut(s, 1)[0]) > 1]
    assert seeds, "some seed needs a second cut"
    for seed in seeds[:5]:
        rounds, winner, events = cut(seed, 1)
        assert all(sc.cut_winner(a, b) is None for a, b in rounds[:-1])
        assert sc.cut_winner(*rounds[-1]) == winner
        state = new(2, seed=seed)
        assert state.to_move == frozenset({winner})
        assert state.view(None)["cut"] == [list(r) for r in rounds]
        assert events[-1].notable
        assert [e.text for e in state.log] == [e.text for e in events]


def test_d1_first_dealer_option_skips_the_cut() -> None:
    state = new(2, seed=3, options={"first_dealer": 1})
    assert state.to_move == frozenset({1})
    assert state.view(0)["cut"] == []


def test_direction_choice_gives_the_other_player_the_other_direction() -> None:
    state = new(2, seed=3, options={"first_dealer": 1})
    assert {a.token for a in state.legal_actions(1)} == {"way:rows", "way:cols"}
    assert state.legal_actions(0) == ()
    state = state.apply(1, "way:cols")
    assert state.view(0)["directions"] == ["rows", "cols"]
    with pytest.raises(IllegalAction, match="already chosen"):
        state.apply(0, "way:rows")


def test_nothing_is_dealt_before_the_direction_is_chosen() -> None:
    state = new(2, seed=3, options={"first_dealer": 0})
    assert state.view(0)["hand"] == [] and state.hidden_cards(0) == frozenset()


# -- the two-player deal ----------------------------------------------------------------------

def test_placement_must_be_beside_a_card() -> None:
    state = two_player()
    assert state.to_move == frozenset({1})
    hand = state.hands[1]
    with pytest.raises(IllegalAction, match="next to one already in the coffin"):
        state.apply(1, f"place:{hand[0]}@00")
    with pytest.raises(IllegalAction, match="that cell is taken"):
        state.apply(1, f"place:{hand[0]}@11")
    missing = next(c for c in cards.STANDARD_RANKS if c + "S" not in hand and c + "S" != state.cells[4]) + "S"
    with pytest.raises(IllegalAction, match=f"you do not hold {cards.short(missing)}"):
        state.apply(1, f"place:{missing}@01")
    assert sorted(state.view(1)["legal_cells"]) == [[0, 1], [1, 0], [1, 2], [2, 1]]
    assert state.view(0)["legal_cells"] == []
    state = state.apply(1, f"place:{hand[0]}@01")
    assert [0, 0] in state.view(0)["legal_cells"] and [2, 0] not in state.view(0)["legal_cells"]


def test_stacked_deck_is_dealt_one_at_a_time_with_the_centre_next() -> None:
    deck = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    state = two_player(deck)
    assert set(state.hands[0]) == {"AS", "3S", "5S", "7S"}
    assert set(state.hands[1]) == {"2S", "4S", "6S", "8S"}
    assert state.cells[4] == "9S" and state.stock[0] == "10S"
    assert len(state.stock) == 54 - 9


def test_non_dealer_places_first_and_the_deal_alternates() -> None:
    starts = {s.deal: (s.dealer, min(s.to_move)) for s in playout(two_player(), 5)
              if s.phase == "place" and sum(c is not None for c in s.cells) == 1}
    assert list(starts.values()) == [(0, 1), (1, 0), (0, 1), (1, 0), (0, 1), (1, 0)]


def test_six_deals_use_all_54_cards_once_and_the_stock_carries_over() -> None:
    used: list[str] = []
    stock_sizes = []
    last = None
    for s in playout(two_player(), 9):
        if s.last is not None and s.last is not last:
            used.extend(c for c in s.last.cells if c is not None)
            last = s.last
        if s.phase == "place":
            stock_sizes.append(len(s.stock))
    assert sorted(used) == sorted([*_standard(), "X1", "X2"])
    assert sorted(set(stock_sizes), reverse=True) == [45, 36, 27, 18, 9, 0]
    assert s.outcome is not None



def test_options_defaults_and_ranges() -> None:
    assert RULES.resolve_options({}, 2)["deals"] == 6
    assert RULES.resolve_options({}, 4)["deals"] == 1
    with pytest.raises(BadOptions, match="deals"):
        RULES.new_game(2, options={"deals": 7})
    with pytest.raises(BadOptions, match="session_target"):
        RULES.new_game(2, options={"session_target": -1})
    with pytest.raises(BadOptions):
        RULES.new_game(2, deck=["X3"])


def test_d6_three_players_are_refused() -> None:
    with pytest.raises(BadOptions):
        RULES.new_game(3)
    assert "three" in RULES.summary


# -- four players (D-4, D-5) ------------------------------------------------------------------

def test_d4_vampires_go_to_the_dealers_left_and_partner() -> None:
    state = new(4, seed=2, options={"first_dealer": 3})
    assert state.to_move == frozenset({3})  # the dealer chooses for the partnership
    state = state.apply(3, "way:cols")
    assert state.view(None)["directions"] == ["rows", "cols", "rows", "cols"]
    assert [len(h) for h in state.hands] == [14, 14, 13, 13]
    assert "X1" in state.hands[0] and "X2" in state.hands[1]
    assert state.stock == ()


def test_d5_left_hand_opponent_starts_in_the_centre_then_play_passes_left() -> None:
    state = new(4, seed=2, options={"first_dealer": 1}).apply(1, "way:rows")
    assert state.to_move == frozenset({2})
    assert {a.token[-2:] for a in state.legal_actions(2)} == {"11"}
    assert len(state.legal_actions(2)) == 14
    with pytest.raises(IllegalAction, match="centre"):
        state.apply(2, f"place:{state.hands[2][0]}@01")
    state = state.apply(2, state.legal_actions(2)[0])
    assert state.to_move == frozenset({3})


def test_d5_six_coffins_make_a_deal_and_partnerships_score_together() -> None:
    state = new(4, seed=4, options={"first_dealer": 0}).apply(0, "way:rows")
    coffins: list[LastCoffin] = []
    totals = [0, 0]
    for s in playout(state, 4):
        if s.last is not None and (not coffins or s.last is not coffins[-1]):
            coffins.append(s.last)
            totals = [totals[side] + s.last.score.scored[side] for side in (0, 1)]
            assert s.last.ways == ("rows", "cols")
            assert s.last.score == sc.score_coffin(s.last.cells, ("rows", "cols"))
            if len(coffins) < 6:  # the next player in turn starts the next coffin
                assert s.cells == (None,) * 9 and len(s.legal_actions(min(s.to_move))) == len(s.hands[min(s.to_move)])
    assert len(coffins) == 6
    assert sorted(c for co in coffins for c in co.cells if c) == sorted([*_standard(), "X1", "X2"])
    assert s.outcome is not None
    result = sc.finish((totals[0], totals[1]), s.best_lines)
    assert s.outcome.scores == (result.finals[0], result.finals[1], result.finals[0], result.finals[1])


def test_d5_later_deals_move_the_dealer_left_with_a_fresh_shuffle() -> None:
    state = new(4, seed=8, options={"first_dealer": 2, "deals": 2}).apply(2, "way:cols")
    starts = [(s.dealer, min(s.to_move), len(s.hands[0]) + len(s.hands[1])) for s in playout(state, 8)
              if s.phase == "place" and s.coffin_no == 1 and all(c is None for c in s.cells)]
    assert starts == [(2, 3, 27), (3, 0, 28)]


# -- sessions ---------------------------------------------------------------------------------

def test_session_plays_games_until_a_side_reaches_the_target() -> None:
    state = new(2, seed=6, options={"deals": 1, "session_target": 150, "first_dealer": 0})
    first_dealers = []
    for s in playout(state, 6):
        if s.phase == "way":
            first_dealers.append(s.first_dealer)
    assert s.outcome is not None and len(s.games) >= 2
    totals = [sum(g[side] for g in s.games) for side in (0, 1)]
    assert max(totals) >= 150 and max(sum(g[side] for g in s.games[:-1]) for side in (0, 1)) < 150
    assert list(s.outcome.scores) == totals
    assert first_dealers[:len(s.games)] == [g % 2 for g in range(len(s.games))]
    assert s.view(0)["session"]["totals"] == totals


# -- hidden information and tokens ------------------------------------------------------------

def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _mentions(view: dict[str, Any], tok: str) -> bool:
    forms = (tok, cards.short(tok), cards.name(tok))
    return any(t == tok or any(f in t for f in forms[1:]) for t in _strings(view))


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (2, 22), (4, 21)])
def test_views_never_show_a_hidden_card(players: int, seed: int) -> None:
    state = new(players, seed=seed)
    for s in playout(state, seed):
        cut_cards = {c for pair in s.cuts for c in pair}  # public: everyone saw the cut
        for seat in (None, *range(players)):
            hidden = s.hidden_cards(seat)
            view = s.view(seat)
            assert not [c for c in hidden if _mentions(view, c)], seat
            others = {c for o, h in enumerate(s.hands) if o != seat for c in h}
            assert hidden == (others | set(s.stock)) - cut_cards
            if seat is not None:
                assert s.view(seat)["hand"] == RULES.sort_cards(s.hands[seat])
            else:
                assert s.view(seat)["hand"] is None


def test_views_do_not_depend_on_the_opponents_hidden_cards() -> None:
    mine = ["AS", "2S", "3S", "4S"]
    theirs_a, theirs_b = ["5H", "6H", "7H", "8H"], ["5H", "9C", "10C", "KD"]
    deck_a = [c for pair in zip(mine, theirs_a, strict=True) for c in pair] + ["QS"]
    deck_b = [c for pair in zip(mine, theirs_b, strict=True) for c in pair] + ["QS"]
    a, b = two_player(deck_a), two_player(deck_b)
    assert a.view(0) == b.view(0) and a.view(None) == b.view(None)
    a, b = a.apply(1, "place:5H@01"), b.apply(1, "place:5H@01")
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)


def test_parse_action_round_trips_every_legal_action() -> None:
    for players in (2, 4):
        for s in playout(new(players, seed=31), 31):
            for seat in s.to_move:
                for action in s.legal_actions(seat):
                    assert RULES.parse_action(action.token) == action
                    assert len(action.token) <= 40 and action.label


@pytest.mark.parametrize("token", [
    "", "place", "place:", "place:QS", "place:QS@", "place:QS@3", "place:QS@013", "place:QS@30", "place:QS@0a",
    "place:ZZ@01", "place:X3@11", "place:@11", "way:", "way:up", "way", "play:QS", "x" * 41, "place:QS@\n1",
])
def test_malformed_tokens_are_refused(token: str) -> None:
    with pytest.raises(IllegalAction):
        RULES.parse_action(token)


def test_action_labels_are_readable() -> None:
    assert Place("QS", 0, 1).label == "Q\u2660 \u2192 top middle"
    assert Place("X1", 1, 1).label == "Vampire 1 \u2192 centre"
    assert Way("rows").label == "Queen's way (rows)"
    assert RULES.parse_action("place:10H@22") == Place("10H", 2, 2)


def test_record_round_trip_and_determinism() -> None:
    for players in (2, 4):
        *_, end = playout(new(players, seed=41, options={"session_target": 300, "deals": 1}), 41)
        again = RULES.from_record(end.to_record())
        assert again == end
        assert again.view(0) == end.view(0)
        assert "hands" not in repr(end)


def test_illegal_action_leaves_the_state_unchanged() -> None:
    state = two_player()
    before = state.view(1)
    with pytest.raises(IllegalAction):
        state.apply(0, state.legal_actions(1)[0])  # not seat 0's turn
    assert state.view(1) == before


def test_default_action_is_legal_and_deterministic() -> None:
    state = two_player()
    action = registry.default_action(state, 1)
    assert action in state.legal_actions(1)
    assert registry.default_action(state, 1) == action
