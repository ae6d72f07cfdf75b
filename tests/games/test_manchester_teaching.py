"""The two-player tarot games' teaching (issue 35): the hint's reasons (from what the search
weighed: who took the trick after the card on the deals tried, the points a discard banks, how
the closest rival came out), blind to what the seat cannot see; the Easy computer; "why not"
(the same test as the legal cards: follow suit, trump, beat the best trump, K-2; the Fool led,
K-3; the discard rules; a dummy's turn); the coach's kinds of moment; the rules' quick start and
example (docs/rules/tarot.md)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games import registry
from games.core import cards
from games.core.base import random_action
from games.core.tricks import Trick
from games.tarot import pack
from games.tarot.manchester import computer
from games.tarot.manchester import search as ai
from games.tarot.manchester import simulation as sim
from games.tarot.manchester.state import ManchesterState
from games.tarot.moves import CardsMove
from games.tarot.simulation import encode

from .stacking import deck_for
from .test_manchester_ai import PACK, PICCADILLY, TRUFFLE, first_part, new_game, permuted, positions, quick

__all__ = ["quick"]  # the fixture, shared with the computer player's tests

BOTH = pytest.mark.parametrize("rules", [PICCADILLY, TRUFFLE], ids=["piccadilly", "truffle"])


def hint(state: ManchesterState, seat: int | None = None) -> tuple[str, tuple[str, ...]]:
    found = registry.hint(state, min(state.to_move) if seat is None else seat)
    return found.action.token, found.reasons


def second_part(rules: object, holdings: tuple[tuple[str, ...], ...], *plays: str) -> ManchesterState:
    """A second-part position, seat 0 dealing and leading the first trick with ``holdings`` by
    position (Piccadilly: seat 0, seat 1, seat 0's dummy, seat 1's dummy; Truffle: seat 0, the
    dummy, seat 1), and ``plays`` made to it in turn."""
    base = new_game(rules, 2)
    state = dataclasses.replace(base, dealer=0, phase="play2", holdings=holdings, candidates=(), discards=((), ()),
                                shown=(), trick=Trick(0), won=(), choices=(0, 0))
    for card in plays:
        state = state.apply(min(state.to_move), f"play:{card}")
    return state


def discarding(mine: list[str]) -> ManchesterState:
    """The first part's discard, seat 0 dealt ``mine``."""
    state = PICCADILLY.new_game(2, seed=1, options={"first_dealer": 0}, deck=deck_for(PACK, [13, 13], [mine]))
    assert isinstance(state, ManchesterState)
    return state


def laying_aside() -> ManchesterState:
    """Truffle's second part, the Dealer to lay three cards aside, after random play."""
    state = new_game(TRUFFLE, 3)
    rng = random.Random(3)
    while state.phase != "discard2":
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    return state


# -- why not: the rule that stops a card (K-2, K-3, the discards, a dummy's turn) ---------------------

def test_a_card_off_the_suit_led_must_follow() -> None:
    state = first_part(["KC", "2C", "5S", "T4"], ["QC", "6S", "7S", "8S"], lead="QC")
    assert state.why_not(0) == {"5S": "You must follow cups", "T4": "You must follow cups"}
    assert state.why_not(1) == {}  # not to move
    assert state.why_illegal(0, CardsMove("play", ("5S",))) == "You must follow cups"


def test_void_in_the_suit_led_a_trump_is_owed_and_the_fool_may_always_go() -> None:
    """K-2; the Fool is an excuse (K-3), so it is never refused."""
    state = first_part(["T5", "T9", "4S", "FOOL"], ["KC", "6S", "7S", "8S"], lead="KC")
    assert state.why_not(0) == {"4S": "You have no cups: you must play a trump (K-2)"}


def test_over_a_trump_led_a_higher_one_is_owed() -> None:
    """K-2: trumps led, a higher trump while holding one; a suit card not at all."""
    state = first_part(["T4", "T12", "3S"], ["T10", "6S", "7S"], lead="T10")
    assert state.why_not(0) == {"T4": "You must beat T10 with a higher trump while you hold one (K-2)",
                                "3S": "Trumps were led: you must play a trump (K-2)"}
    assert state.why_illegal(0, CardsMove("play", ("T4",))) == state.why_not(0)["T4"]


def test_after_the_fool_is_led_the_next_card_sets_the_suit_for_the_dummy_too() -> None:
    """K-3: the Fool led, the Opposite's King of cups sets the suit; the Dealer plays the dummy
    now, so its hand's last card waits for the next trick."""
    state = second_part(PICCADILLY, (("FOOL", "3D"), ("KC", "4D"), ("2C", "5S"), ("9C", "6D")), "FOOL", "KC")
    assert state.held(0) == ("5S", "2C", "3D")
    assert state.why_not(0) == {
        "5S": "Your dummy must follow cups: the Fool was led, so the next card set the suit (K-3)",
        "3D": "It is your dummy's turn: your hand has played to this trick already",
    }


def test_in_piccadilly_a_players_dummy_is_held_and_waits_its_turn() -> None:
    state = second_part(PICCADILLY, (("KS", "3D"), ("QS", "4D"), ("2C", "5S"), ("9C", "6D")))
    assert set(state.held(0)) == {"KS", "3D", "2C", "5S"} and set(state.held(1)) == {"QS", "4D", "9C", "6D"}
    assert state.why_not(0) == {c: "It is your hand's turn: your dummy plays later in this trick" for c in ("2C", "5S")}
    assert state.why_not(1) == {}


def test_in_truffle_the_dummy_is_held_by_whoever_plays_it_this_trick() -> None:
    """The Opposite plays the dummy on the first trick (K-7's deal; the turn about after)."""
    state = second_part(TRUFFLE, (("KS", "3D"), ("T2", "4C", "5D"), ("QS", "4D")), "KS")
    assert set(state.held(1)) == {"QS", "4D", "T2", "4C", "5D"} and set(state.held(0)) == {"3D"}
    assert state.why_not(1) == {
        "4C": "The dummy has no swords: it must play a trump (K-2)",
        "5D": "The dummy has no swords: it must play a trump (K-2)",
        "QS": "It is the dummy's turn: your hand plays later in this trick",
        "4D": "It is the dummy's turn: your hand plays later in this trick",
    }


def test_trumps_honours_and_kings_may_be_discarded_only_with_nothing_else_to_give() -> None:
    state = discarding(["T5", "T6", "T7", "T8", "T9", "KS", "AS", "AB", "AC", "QD", "3S", "4B", "FOOL"])
    pick = state.pick(0)
    assert pick is not None
    why = state.why_not(0)
    assert set(why) == set(state.held(0)) - set(pick.cards)
    assert why["T5"] == "Trumps may be discarded only when you have nothing else to give"
    assert why["KS"] == "Kings may be discarded only when you have nothing else to give"
    assert why["FOOL"] == "The Fool is an Honour: Honours may be discarded only when you have nothing else to give"


def test_a_hand_with_too_few_free_cards_discards_them_all() -> None:
    state = discarding(["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "KS", "KB", "3S", "4B"])
    pick = state.pick(0)
    assert pick is not None and pick.fixed == ("3S", "4B")
    why = state.why_not(0)
    assert set(why) == {"3S", "4B"} and why["3S"].startswith("It goes anyway")


def test_truffles_dealer_may_not_lay_aside_honours_or_kings() -> None:
    state = laying_aside()
    dealer = state.dealer
    held = state.held(dealer)
    barred = {c for c in held if c in pack.HONOURS or pack.is_king(c)}
    assert barred and set(state.why_not(dealer)) == barred
    assert all(reason.endswith("Honours and Kings may not be laid aside") for reason in state.why_not(dealer).values())


@BOTH
def test_the_legal_cards_are_those_the_pack_allows(rules: object) -> None:
    """The one test both ``playable`` and ``why_not`` make stays the pack's trick rule (K-2, K-3)."""
    for seed in range(6):
        state = new_game(rules, seed)
        rng = random.Random(seed)
        while not state.is_over:
            position = state.to_play
            if position is not None:
                held = state.holdings[position]
                assert set(state.playable(position)) == set(pack.legal(held, state.trick))
            seat = min(state.to_move)
            state = state.apply(seat, random_action(state, seat, rng))


# -- the coach ---------------------------------------------------------------------------------------

def kind(state: ManchesterState, seat: int) -> str:
    coaching = state.coaching(seat)
    assert coaching is not None and len(coaching.line) <= 160
    return coaching.kind


def test_the_coach_names_each_moment_of_the_first_part() -> None:
    assert kind(discarding(["T5", "T6", "T7", "T8", "T9", "KS", "AS", "AB", "AC", "QD", "3S", "4B", "5C"]),
                0) == "discard"
    lead = dataclasses.replace(first_part(["KC", "2C"], ["QC", "6S"]), trick=Trick(1))
    assert kind(lead, 1) == "lead" and lead.coaching(0) is None
    assert kind(first_part(["KC", "2C"], ["QC", "6S"], lead="QC"), 0) == "follow"
    assert kind(first_part(["T5", "4S"], ["KC", "6S"], lead="KC"), 0) == "trump"
    assert kind(first_part(["T5", "4S"], ["T2", "6S"], lead="T2"), 0) == "trumps-led"
    assert kind(first_part(["3D", "4S"], ["KC", "6S"], lead="KC"), 0) == "throw"
    assert kind(first_part(["FOOL", "T5", "4S"], ["KC", "6S", "7S"], lead="KC"), 0) == "excuse"
    assert kind(first_part(["KC", "2C"], ["FOOL", "6S"], lead="FOOL"), 0) == "after-fool"


def test_the_coach_names_each_moment_of_the_second_part() -> None:
    choosing = new_game(PICCADILLY, 4)
    rng = random.Random(4)
    while choosing.phase != "choose":
        seat = min(choosing.to_move)
        choosing = choosing.apply(seat, random_action(choosing, seat, rng))
    assert kind(choosing, 0) == "choose" and kind(choosing, 1) == "choose"
    aside = laying_aside()
    assert kind(aside, aside.dealer) == "lay-aside" and aside.coaching(1 - aside.dealer) is None
    picc = second_part(PICCADILLY, (("KS", "3D"), ("QS", "4D"), ("2C", "5S"), ("9C", "6D")))
    assert kind(picc, 0) == "lead-winner"
    assert kind(picc.apply(0, "play:KS").apply(1, "play:QS"), 0) == "dummy"
    truffle = second_part(TRUFFLE, (("KS", "3D"), ("T2", "4C"), ("QS", "4D")), "KS")
    assert kind(truffle, 1) == "truffle-dummy" and truffle.coaching(0) is None
    # K-6: two cards left, the Fool among them: its last chance before the last trick
    fool = second_part(PICCADILLY, (("FOOL", "3D"), ("T20", "T19"), ("2D", "4D"), ("T18", "T17")))
    assert kind(fool, 0) == "fool-last"


# -- the hint's reasons ------------------------------------------------------------------------------

def test_winning_the_trick_says_what_is_in_it() -> None:
    state = first_part(["KC", "3C", "4S"], ["QC", "5S", "6S"], lead="QC")
    action, reasons = hint(state)
    assert action == "play:KC"
    assert reasons[0] == "Wins the trick with Kc: the Queen of cups is worth 4"
    assert reasons[1].startswith("Playing 3c came out about ") and reasons[1].endswith(
        " points worse over the rest of the Manchester part")


def test_a_trick_it_cannot_win_is_ducked_with_the_cheapest_card() -> None:
    state = first_part(["AC", "2C", "4S"], ["KC", "5S", "6S"], lead="KC")
    assert hint(state) == ("play:2C", (
        "Ducks with 2c: nothing you may play wins it, and it gives just 1 point",
        "Playing Ac came out about 3 points worse over the rest of the Manchester part"))


def test_another_move_is_explained_against_the_one_chosen() -> None:
    state = first_part(["KC", "3C", "4S"], ["QC", "5S", "6S"], lead="QC")
    reasons = computer.explain(state, 0, CardsMove("play", ("3C",)))
    assert reasons[1].startswith("Playing Kc came out about ") and "better" in reasons[1]


def test_the_fool_goes_before_the_last_trick() -> None:
    """K-6: a Fool played to the second part's last trick is lost."""
    state = second_part(PICCADILLY, (("FOOL", "3D"), ("T20", "T19"), ("2D", "4D"), ("T18", "T17")))
    action, reasons = hint(state)
    assert action == "play:FOOL"
    assert reasons[0] == "Plays the Fool now: on the last trick of this part it would be lost (K-6)"


def test_a_forced_card_says_which_rule_forces_it() -> None:
    state = first_part(["KC", "T3", "4S"], ["QC", "5S", "6S"], lead="5S")
    assert hint(state) == ("play:4S", ("The only card that may go now", "You must follow swords"))


def test_a_discard_says_the_points_it_banks_and_the_suit_it_empties() -> None:
    state = discarding(["T5", "T6", "T7", "T8", "T9", "KS", "AS", "AB", "AC", "QD", "3S", "4B", "5C"])
    action, reasons = hint(state, 0)
    chosen = action.partition(":")[2].split(",")
    assert reasons[0].startswith(f"Puts {pack.total(chosen)} points safe on your pile")
    assert all(cards.short(c, "tarot") in reasons[0] for c in chosen)
    assert ("empties your cups" in reasons[0]) == ("5C" in chosen and "AC" in chosen)
    assert reasons[1].startswith("Discarding ") and "over the Manchester part" in reasons[1]


@BOTH
def test_reasons_speak_of_the_move_chosen(rules: object, quick: None) -> None:
    seen = set()
    for state in positions(rules):
        seat = min(state.to_move)
        action, reasons = hint(state, seat)
        assert action == registry.computer_move(state, seat).token
        assert 1 <= len(reasons) <= 2 and all(len(r) <= 120 for r in reasons)
        verb, _, arg = action.partition(":")
        if verb == "choose":
            assert reasons[0].startswith(f"Holds hand {'AB'[int(arg)]}")
        elif reasons[0] not in ("The only card that may go now", "The only three cards the rules let you put down") \
                and not reasons[0].startswith("The last card") and arg != "FOOL":
            assert all(cards.short(c, "tarot") in reasons[0] for c in arg.split(",")), (action, reasons)
        seen.add(state.phase)
    assert {"discard", "play1", "play2"} <= seen


@BOTH
def test_the_hint_is_the_same_whatever_lies_in_the_cards_the_seat_cannot_see(rules: object, quick: None,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "MIN_DEALS", 3)
    rng = random.Random(5)
    for state in positions(rules):
        for seat in sorted(state.to_move):
            other = permuted(state, seat, rng)
            assert other.view(seat) == state.view(seat)
            assert hint(other, seat) == hint(state, seat)
            assert other.why_not(seat) == state.why_not(seat) and other.coaching(seat) == state.coaching(seat)


# -- the Easy computer -------------------------------------------------------------------------------

@BOTH
def test_the_easy_computer_plays_legal_moves_to_the_end(rules: object) -> None:
    for seed in (1, 2):
        state = new_game(rules, seed)
        while not state.is_over:
            seat = min(state.to_move)
            state = state.apply(seat, registry.computer_move(state, seat, "easy"))  # IllegalAction fails it
        assert len(state.round_ends) == 2


def test_the_easy_computer_keeps_the_obvious_rules_of_thumb() -> None:
    rng = random.Random(0)
    take = first_part(["KC", "3C", "4S"], ["QC", "5S", "6S"], lead="QC")
    duck = first_part(["AC", "2C", "4S"], ["KC", "5S", "6S"], lead="KC")
    assert computer.choose_easy(take, 0, rng).token == "play:KC"
    assert computer.choose_easy(duck, 0, rng).token == "play:2C"


def test_the_easy_computer_discards_by_a_glance_where_the_normal_one_searches() -> None:
    state = discarding(["T5", "T6", "T7", "T8", "T9", "KS", "AS", "AB", "AC", "QD", "3S", "4B", "5C"])
    easy = registry.computer_move(state, 0, "easy")
    assert sorted(easy.token.partition(":")[2].split(",")) == ["AB", "AC", "AS"]  # the most points, unsearched
    assert easy.token != registry.computer_move(state, 0).token


def test_the_quick_policy_is_the_best_of_its_own_card_values() -> None:
    """``greedy`` (the rollouts' policy) and ``card_values`` (the Easy computer's) agree."""
    rng = random.Random(9)
    for _ in range(200):
        names = list(PACK)
        rng.shuffle(names)
        hands = [encode(names[i * 6:(i + 1) * 6]) for i in range(4)]
        deal = sim.Deal(hands, (0, 1, 0, 1), 0, second=True, total=6)
        for _ in range(rng.randrange(4)):
            deal.play(rng.choice(deal.legal(deal.to_play())))
        position = deal.to_play()
        legal = deal.legal(position)
        if len(legal) > 1:
            values = sim.card_values(deal, position, legal)
            assert sim.greedy(deal, position, legal) == legal[values.index(max(values))]


# -- the rules' quick start and example ---------------------------------------------------------------

@BOTH
def test_the_rules_open_with_a_moment_of_the_second_part(rules: object) -> None:
    example = rules.example()  # type: ignore[attr-defined]
    again = rules.example()  # type: ignore[attr-defined]
    assert example.state.history == again.state.history and example.caption == again.caption
    state = example.state
    assert isinstance(state, ManchesterState) and state.phase == "play2" and example.seat in state.to_move
    assert kind(state, example.seat) == "trump"  # K-2
    assert example.caption.endswith("and you have none, so you must trump (K-2)")
    assert len(state.legal_actions(example.seat)) > 1


@BOTH
def test_the_example_moves_are_the_normal_computers(rules: object) -> None:
    state = rules.new_game(2, seed=rules.example_seed)  # type: ignore[attr-defined]
    for token in rules.example_moves:  # type: ignore[attr-defined]
        seat = min(state.to_move)
        assert registry.computer_move(state, seat).token == token
        state = state.apply(seat, token)
