"""Fosco's teaching (issue 35): the hint's reasons (from the search's own findings), the Easy
computer, "why not" (the same tests as the legal moves: suit order, F-6, the 21 limit), the
coach's kinds of moment, and the rules' quick start and example (docs/rules/fosco.md)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games import registry
from games.core import decks
from games.core.base import random_action
from games.fosco import RULES, ai, counting
from games.fosco.rules import EXAMPLE_MOVES, EXAMPLE_SEED, FoscoState, Play, side_of

from .test_fosco import SPADES, game, others, play

OPTIONS: tuple[dict[str, object], ...] = (
    {}, {"jokers": 2}, {"jokers": 4, "joker": "double", "king": "fives"},
    {"king": "led", "queen": "double", "jack": "primes"}, {"king": "squares", "jokers": 2, "joker": "primes"},
)


def late(hands: list[list[str]], leader: int, *pile: str, captured: tuple[tuple[str, ...], ...] = ((), ()),
         **options: object) -> FoscoState:
    """The end of a deal: each seat holds only ``hands`` (what else each side took is
    ``captured``), ``leader`` leads, and ``pile`` is played in turn before the position."""
    state = RULES.new_game(len(hands), seed=1, options=options)
    assert isinstance(state, FoscoState)
    state = dataclasses.replace(state, hands=tuple(tuple(h) for h in hands), turn=leader, captured=captured)
    for card in pile:
        state = state.apply(state.turn, f"play:{card}")
    return state


def example_state() -> FoscoState:
    state = RULES.example().state
    assert isinstance(state, FoscoState)
    return state


def hint(state: FoscoState) -> tuple[str, tuple[str, ...]]:
    found = registry.hint(state, state.turn)
    return found.action.token, found.reasons


def positions(players: int, seed: int, options: dict[str, object] | None = None) -> list[FoscoState]:
    """Every position of a random game of one deal."""
    state = RULES.new_game(players, seed=seed, options={"deals": 1, **(options or {})})
    rng = random.Random(seed)
    seen: list[FoscoState] = []
    while not state.is_over:
        assert isinstance(state, FoscoState)
        seen.append(state)
        state = state.apply(state.turn, random_action(state, state.turn, rng))
    return seen


# -- the hint's reasons -------------------------------------------------------------------------
def test_taking_the_count_to_21_is_said_with_what_the_other_cards_would_give_away() -> None:
    # The rules' example: 13 on the table, five clubs that fit; only 8♣ ends the count (F-3).
    assert hint(example_state()) == ("play:8C", ("Takes the count to 21: the pile is yours",
                                               "Any other card would let {p1} take it"))


def test_a_card_that_sets_up_21_says_the_opponent_cannot_stop_it() -> None:
    # 7 led. K♣ doubles to 14 (F-6 allows it on 7); 5♦ is all {p1} has (19), and 2♣ makes 21.
    # 2♣ first (9) would leave 14 after 5♦: too late for a King that doubles, so {p1} takes it.
    state = late([["2C", "KC"], ["7D", "5D"]], 1, "7D")
    assert hint(state) == ("play:KC", ("Sets up 21 for you: {p1} can't stop you taking this count",
                                       "Any other card would let {p1} take it"))


def test_ending_the_count_now_says_who_cannot_follow_and_a_suit_brought_to_scoring() -> None:
    # 9 led. J♣ copies the 9 (18) and 8♦ no longer fits: the pile is taken at once (F-3).
    state = late([["AC", "JC"], ["9D", "8D"]], 1, "9D")
    assert hint(state) == ("play:JC", ("Takes the count to 18: {p1} has no card that fits, so the pile is yours",
                                       "Any other card would let {p1} take it"))
    # Holding six clubs already, the Jack is the seventh: from there clubs score.
    six = ("2C", "3C", "4C", "5C", "6C", "7C")
    state = late([["AC", "JC"], ["9D", "8D"]], 1, "9D", captured=(six, ()))
    assert hint(state)[1] == ("Takes the count to 18: {p1} has no card that fits, so the pile is yours",
                              "It brings you to 7 clubs, and from the 7th on clubs score")


def test_a_count_lost_anyway_says_the_card_gives_away_least() -> None:
    # A leading Jack adds 0. 5♣ (5) lets {p1} end it at once with 10♦ (15: J♣ would copy to 25);
    # J♣ (copying: 0) plays all five cards out to {p1}.
    state = late([["JC", "5C"], ["JD", "4D", "10D"]], 1, "JD")
    assert hint(state) == ("play:5C", ("{p1} can take this count whatever you play",
                                       "It ends the count sooner, giving {p1} 3 cards rather than 5"))
    # 4 led: either club lets A♦ in and the other club past 21; the same three cards go to {p1}.
    state = late([["10C", "7C"], ["4D", "AD"]], 1, "4D")
    assert hint(state)[1] == ("{p1} can take this count whatever you play",
                              "Every card you may play loses the same here, so any will do")


def test_a_joker_thrown_into_a_lost_count_keeps_a_heart_out_of_it() -> None:
    # 7 led; the Joker (F-2: outside the suit order) makes 7½ and 10♦ 17½, past which 4♥ cannot go;
    # 4♥ would make 11, 10♦ 21: {p1} takes the count either way, the heart only in the second.
    state = late([["4H", "X1"], ["7D", "10D"]], 1, "7D", jokers=2)
    assert hint(state) == ("play:X1", ("{p1} can take this count whatever you play",
                                       "It keeps your 4♥ out of the pile {p1} will take"))


def test_in_partnerships_a_card_may_set_up_the_partner() -> None:
    # Seat 3 leads A♠. J♣ copies it (2), 8♦ makes 10, {p2}'s 10♥ 20 and seat 3 holds nothing (F-4).
    # 3♣ (4) would let 8♦ make 12, past which 10♥ cannot go: {p1} would take it.
    state = late([["JC", "3C"], ["8D"], ["10H"], ["AS"]], 3, "AS")
    assert hint(state) == ("play:JC", ("Sets up your partner {p2} to take this count, whatever {p1} and {p3} play",
                                       "Any other card would let {p1} and {p3} take it"))


def test_a_forced_card_says_so() -> None:
    s = play(game(["5S", "KS", "QS"], others("5S", "KS", "QS")), "5S", "6S")  # 11: the King waits (F-6)
    assert hint(s) == ("play:QS", ("Your only card that may go now",))
    with pytest.raises(ValueError):
        ai.explain(s, 0, Play("KS"))


def test_reasons_hold_what_they_claim_over_random_games() -> None:
    games: tuple[tuple[int, int, dict[str, object]], ...] = (
        (2, 1, {}), (4, 2, {}), (2, 3, {"jokers": 2}), (4, 4, {"king": "primes"}))
    for players, seed, options in games:
        for state in positions(players, seed, options)[::3]:
            seat = state.turn
            action = registry.computer_move(state, seat)
            reasons = ai.explain(state, seat, action)
            assert 1 <= len(reasons) <= 2 and all(0 < len(r) <= 90 for r in reasons), reasons
            after = state.apply(seat, action)
            takes_now = any(r.endswith(("the pile is yours", "the pile is your side's")) for r in reasons)
            assert takes_now == (not after.pile), reasons  # said exactly when the count ends now (F-3)
            if len(state.legal_actions(seat)) == 1:
                assert reasons[0] == "Your only card that may go now"


def test_every_card_is_in_view_so_the_hint_reads_nothing_hidden() -> None:
    # F-1: nothing is hidden from any seat or watcher, so reading every hand is fair; a hint is
    # then a function of the public record.
    for state in positions(4, 5)[::9] + positions(2, 6, {"jokers": 2})[::9]:
        view = state.view(state.turn)
        for seat in (*range(state.players), None):
            assert state.hidden_cards(seat) == frozenset()
        assert [sorted(h) for h in view["hands"]] == [sorted(h) for h in state.hands]
        assert registry.hint(RULES.from_record(state.to_record()), state.turn) == registry.hint(state, state.turn)


# -- why not ------------------------------------------------------------------------------------
def test_why_not_names_the_doubling_limit_f6() -> None:
    s = play(game(["5S", "KS", "QS", "2H"], others("5S", "KS", "QS")), "5S", "6S")
    why = s.why_not(0)
    assert why["KS"] == "A King may double only a count of 10 or less, and it is 11 (F-6)"
    assert why["2H"] == "You must play out your spades before your hearts"
    assert "QS" not in why and s.why_not(1) == {}
    # a Jack copying a King that doubles keeps to the same limit (F-6)
    s = play(game(SPADES, ["KH", "JH"]), "3S", "KH", "JS")
    assert s.why_not(1)["JH"] == ("This Jack would copy a doubling: only a count of 10 or less may double, "
                                  "and it is 12 (F-6)")


def test_why_not_names_the_rule_of_a_joker_or_queen_that_doubles_f7_f8() -> None:
    s = play(game(["6S", "X1"], ["5S", "X2"], jokers=2, joker="double"), "6S", "5S")
    assert s.why_not(0)["X1"] == "A Joker that doubles may go only on a count of 10 or less, and it is 11 (F-6, F-7)"
    s = play(game(["5S", "QS", "KS", "AS"], others("5S", "QS", "KS", "AS"), queen="double"), "5S", "6S")
    assert s.why_not(0)["QS"] == "A Queen that doubles may go only on a count of 10 or less, and it is 11 (F-6, F-8)"


def test_why_not_names_the_count_a_card_would_make_past_21() -> None:
    example = RULES.example()
    why = example.state.why_not(example.seat)
    assert why["9C"] == "9♣ would take the count to 22, past 21"
    assert why["JC"] == "J♣ would take the count to 23, past 21"  # copying the 10
    assert why["3D"] == "You must play out your clubs before your diamonds"
    # under squares a King on 19 would go to the next square, 25 (only the 21 limit applies to it)
    s = late([["10S", "QS"], ["9S", "KS", "AS"]], 0, "10S", "9S", "QS", king="squares")
    assert s.turn == 1 and s.why_not(1) == {"KS": "K♠ would take the count to 25, past 21"}

def test_a_joker_is_never_refused_for_the_suit_order_f2() -> None:
    s = play(game(["5S", "X1", "3H"], ["X2", "7S"], jokers=2), "5S", "7S")
    why = s.why_not(0)
    assert "X1" not in why and why["3H"] == "You must play out your spades before your hearts"


def test_why_not_is_every_held_card_the_legal_moves_leave_out() -> None:
    for n, options in enumerate(OPTIONS):
        for state in positions(2 + 2 * (n % 2), n, options)[::2]:
            seat = state.turn
            legal = {a.card for a in state.legal_actions(seat) if isinstance(a, Play)}
            why = state.why_not(seat)
            assert legal and set(why) == set(state.held(seat)) - legal
            assert set(state.held(seat)) == set(state.hands[seat])
            for card, reason in why.items():
                kind = counting.refusal(state.hands[seat], card, state.count, state.previous, state.card_rules,
                                        state.led)
                assert {"suit": "You must play out" in reason, "double": "(F-6" in reason,
                        "limit": reason.endswith("past 21")}[str(kind)], reason
            for other in range(state.players):
                if other != seat:
                    assert state.why_not(other) == {}


# -- the Easy computer --------------------------------------------------------------------------
def test_easy_plays_legal_moves_through_whole_games() -> None:
    for n, options in enumerate(OPTIONS):
        state = RULES.new_game(2 + 2 * (n % 2), seed=n, options={"deals": 2, **options})
        rng = random.Random(n)
        while not state.is_over:
            seat = min(state.to_move)
            state = state.apply(seat, registry.computer_move(state, seat, "easy") if rng.random() < 0.7
                                else random_action(state, seat, rng))


def test_easy_takes_what_it_can_at_once_and_otherwise_plays_low() -> None:
    # Easy looks one card ahead: it grabs a pile there and then (A♣ first would lose it) ...
    state = late([["AC", "JC"], ["9D", "8D"]], 1, "9D")
    assert {ai.choose_easy(state, 0, random.Random(k)).token for k in range(5)} == {"play:JC"}
    # ... but it cannot see 21 two cards off: it plays 2♣, the lowest, where Normal sets up 21.
    state = late([["2C", "KC"], ["7D", "5D"]], 1, "7D")
    assert {ai.choose_easy(state, 0, random.Random(k)).token for k in range(5)} == {"play:2C"}
    assert {ai.choose(state, 0, random.Random(k)).token for k in range(5)} == {"play:KC"}


# -- coaching -----------------------------------------------------------------------------------
def test_coaching_names_the_moment() -> None:
    lead = game(["4S", "2S"], others("4S", "2S"))
    coach = lead.coaching(0)
    assert coach is not None and coach.kind == "lead" and lead.coaching(1) is None
    king = play(game(["4S", "KS", "2S"], others("4S", "KS", "2S")), "4S", "6S")  # 10: the King may double
    assert (c := king.coaching(0)) is not None and c.kind == "king" and "10 or less (F-6)" in c.line
    follow = play(game(["4S", "2S", "3S"], others("4S", "2S", "3S")), "4S", "6S")
    assert (c := follow.coaching(0)) is not None and c.kind == "follow"
    forced = play(game(["5S", "KS", "QS"], others("5S", "KS", "QS")), "5S", "6S")
    assert (c := forced.coaching(0)) is not None and c.kind == "forced"
    take = example_state()
    assert (c := take.coaching(take.turn)) is not None and c.kind == "take"
    fives = play(game(["4S", "KS", "2S"], others("4S", "KS", "2S"), king="fives"), "4S", "6S")
    assert (c := fives.coaching(0)) is not None and c.kind == "king" and "multiple of 5" in c.line
    for state in (lead, king, follow, forced, take):
        coach = state.coaching(state.turn)
        assert coach is not None and len(coach.line) <= 160


# -- the rules' opening -------------------------------------------------------------------------
def test_the_example_is_the_computers_own_play_and_the_same_every_time() -> None:
    example = RULES.example()
    assert example == RULES.example()
    assert example.seat == 0 and example_state().turn == 0 and example_state().count == 26
    assert example.caption == "Your turn: the count is 13; 8♣ takes it to 21 and wins the pile"
    state = RULES.new_game(2, seed=EXAMPLE_SEED)
    assert isinstance(state, FoscoState)
    for card in EXAMPLE_MOVES:  # the moves pictured are the ones the computer makes from that seed
        chosen = ai.choose(state, state.turn, decks.rng(state.seed, "default", len(state.history)))
        assert chosen.token == f"play:{card}"
        state = state.apply(state.turn, chosen)
    assert state.history == example.state.history




# -- the Hard computer (issue 50) -----------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_hard_plays_legal_cards_and_the_same_card_for_the_same_generator(players: int) -> None:
    for state in positions(players, seed=players)[:40:4]:
        seat = state.turn
        chosen = ai.choose_hard(state, seat, random.Random(3), budget=3000)
        assert chosen in state.legal_actions(seat)
        assert ai.choose_hard(state, seat, random.Random(3), budget=3000) == chosen
    state = positions(players, seed=7)[1]  # the shipped budget, as the registry runs it
    move = registry.computer_move(state, state.turn, "hard")
    assert move in state.legal_actions(state.turn) and registry.computer_move(state, state.turn, "hard") == move
    assert "hard" in registry.levels("fosco")


def test_hard_reads_only_what_every_seat_sees() -> None:
    # F-1: every hand is in view, so there is nothing hidden to re-deal; Hard's position is the
    # view's (a state rebuilt from the view's hands and pile decides the same).
    state = positions(2, seed=11)[9]
    view = state.view(state.turn)
    assert state.hidden_cards(state.turn) == frozenset()
    rebuilt = dataclasses.replace(state, hands=tuple(tuple(h) for h in view["hands"]))
    assert ai.choose_hard(rebuilt, state.turn, random.Random(1), budget=3000) == \
        ai.choose_hard(state, state.turn, random.Random(1), budget=3000)


def _solved(state: FoscoState, side: int) -> int:
    """The deal's exact result for ``side`` (its points less the other side's), both sides at best."""
    if state.deal_scores:
        points = state.deal_scores[0]
        return points[side] - points[1 - side]
    seat = state.turn
    values = [_solved(state.apply(seat, a), side) for a in state.legal_actions(seat)]
    return max(values) if side_of(seat, state.players) == side else min(values)


def test_hard_plays_the_end_of_a_deal_perfectly_past_the_current_count() -> None:
    # Normal looks no further than the end of the count; Hard searches on to the deal's end.
    checked = 0
    for seed in range(6):
        for state in positions(2, seed=seed)[-9:-3]:
            seat = state.turn
            if len(state.legal_actions(seat)) < 2:
                continue
            side = side_of(seat, 2)
            best = max(_solved(state.apply(seat, a), side) for a in state.legal_actions(seat))
            assert _solved(state.apply(seat, ai.choose_hard(state, seat, random.Random(0))), side) == best
            checked += 1
    assert checked >= 10
