"""The tarot base games Scarto, Tarocchi and Conference under plain rules and the Tontine, Last
Laugh and Courtship rule sets (docs/rules/tarot.md); each test cites its ruling where there is one
(K-1..K-10 shared, K-11..K-15 ours, in games/tarot/base/)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.core import cards, decks
from games.core.base import random_action
from games.core.errors import BadOptions, IllegalAction
from games.core.tricks import Trick
from games.tarot import pack, rule_sets
from games.tarot.base.state import TarotTableState

from .stacking import deck_for

SCARTO, TAROCCHI, CONFERENCE = (registry.get(k) for k in ("scarto", "tarocchi", "conference"))


def new(key: str, seed: int = 1, **options: object) -> TarotTableState:
    rules = registry.get(key)
    state = rules.new_game(rules.player_counts[0], seed=seed, options=options)
    assert isinstance(state, TarotTableState)
    return state


def at_play(key: str, hands: Sequence[Sequence[str]], *, leader: int = 0, ruleset: str = "plain",
            discard: Sequence[str] = (), piles: Sequence[Sequence[str]] | None = None,
            played: Sequence[str] = (), **options: object) -> TarotTableState:
    """A hand in play from a chosen position: these hands, ``leader`` to lead, the dealer on their right."""
    players = len(hands)
    state = new(key, ruleset=ruleset, first_dealer=(leader - 1) % players, **options)
    return dataclasses.replace(state, phase="play", hands=tuple(tuple(h) for h in hands), discard=tuple(discard),
                               trick=Trick(leader), played=tuple(played),
                               piles=tuple(tuple(p) for p in piles) if piles else ((),) * players)


def play(state: TarotTableState, *cards: str) -> TarotTableState:
    for card in cards:
        (seat,) = state.to_move
        state = state.apply(seat, f"play:{card}")
    return state


def finish(state: TarotTableState, rng: random.Random) -> TarotTableState:
    hand = state.hand_no
    while not state.is_over and state.hand_no == hand:
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    return state


# -- the deal and the discard --------------------------------------------------------------------
@pytest.mark.parametrize(("key", "good_and_evil", "each", "extra"), [
    ("scarto", False, 25, 3), ("scarto", True, 25, 5),  # K-11: five with Good and Evil
    ("tarocchi", False, 19, 2), ("tarocchi", True, 19, 4), ("conference", False, 19, 2)])
def test_the_deal_gives_the_dealer_the_rest_to_discard(key: str, good_and_evil: bool, each: int, extra: int) -> None:
    state = new(key, first_dealer=1, good_and_evil=good_and_evil)
    assert [len(h) for h in state.hands] == [each + (extra if s == 1 else 0) for s in range(state.players)]
    assert state.to_move == {1} and state.phase == "discard"
    pick = state.pick(1)
    assert pick is not None and pick.most == extra
    after = state.apply(1, pick.token(pick.cards[:extra]))
    assert len(after.hands[1]) == each and after.trick.leader == 2  # the dealer's left leads
    assert sum(len(h) for h in after.hands) + len(after.discard) == len(decks.tarot(good_and_evil))


def test_scarto_discards_no_ace_king_or_honour_and_the_fool_only_without_trumps() -> None:
    hand = ["AS", "KS", "T1", "T21", "FOOL", "2S", "3S", "4S"]
    deck = deck_for(decks.tarot(), [25, 25, 25], [[], [], hand])
    state = SCARTO.new_game(3, seed=2, options={"first_dealer": 2}, deck=deck)
    pick = state.pick(2)
    assert pick is not None
    assert not {"AS", "KS", "T1", "T21"} & set(pick.cards)
    with_trumps = any(pack.is_trump(c) for c in state.hands[2])  # type: ignore[attr-defined]
    assert ("FOOL" in pick.cards) == (not with_trumps)
    with pytest.raises(IllegalAction, match="no Aces, Kings or Honours"):
        state.apply(2, "discard:AS,2S,3S")
    no_trumps = [c for c in decks.tarot() if not pack.is_trump(c) and c != "FOOL"][:27] + ["FOOL"]
    deck = deck_for(decks.tarot(), [25, 25, 25], [[], [], no_trumps[:25]], then=no_trumps[25:])
    state = SCARTO.new_game(3, seed=2, options={"first_dealer": 2}, deck=deck)
    pick = state.pick(2)
    assert pick is not None and "FOOL" in pick.cards


def test_tarocchi_discards_no_king_or_honour_and_with_good_and_evil_no_ace() -> None:
    state = new("tarocchi", first_dealer=0)
    pick = state.pick(0)
    assert pick is not None and not any(pack.is_king(c) or c in pack.HONOURS for c in pick.cards)
    state = new("tarocchi", first_dealer=0, good_and_evil=True)
    pick = state.pick(0)
    assert pick is not None and not any(rule_sets.rank(c) == "A" for c in pick.cards)


# -- trick play ----------------------------------------------------------------------------------
def test_play_goes_left_and_the_winner_leads_k2_must_beat() -> None:
    state = at_play("tarocchi", [["5S", "T3"], ["T10", "T2"], ["T12", "T4"], ["2S", "3S"]], leader=0)
    state = play(state, "5S", "T10")
    assert state.playable(2) == ("T12",)  # void in swords: over the 10 if it can (K-2)
    state = play(state, "T12", "2S")
    assert state.trick.leader == 2 and state.tricks_won[2] == 1


def test_good_and_evil_are_equal_and_the_first_played_wins_k1() -> None:
    state = at_play("scarto", [["GOOD", "2S"], ["EVIL", "3S"], ["4S", "5S"]], leader=0, good_and_evil=True)
    state = play(state, "GOOD", "EVIL", "4S")
    assert state.trick.leader == 0


def test_the_fool_is_an_excuse_and_its_side_pays_the_cheapest_card_k3_k4() -> None:
    hands = [["FOOL", "KS"], ["2S", "3S"], ["4S", "5S"], ["6S", "7S"]]
    state = at_play("conference", hands, leader=0)  # partners 0+1 against 2+3
    state = play(state, "FOOL", "2S", "4S", "6S")  # the 6 takes the trick with the Fool in it
    assert "FOOL" in state.piles[3]
    state = play(state, "7S", "KS", "3S", "5S")  # seat 0's King takes the last
    piles = state.round_ends[-1]["piles"]
    assert "FOOL" in piles[0] and "FOOL" not in piles[1]
    assert len(piles[1]) == 4 and {"2S", "4S", "6S"} < set(piles[1])  # paid one empty card for it
    assert sum(pack.points(c) for c in piles[1]) == 4


def test_partners_exchange_nothing_for_the_fool() -> None:
    hands = [["FOOL", "3S"], ["2S", "KS"], ["6S", "5S"], ["4S", "7S"]]
    state = at_play("tarocchi", hands, leader=0)  # partners 0+2 against 1+3
    state = play(state, "FOOL", "2S", "6S", "4S")  # seat 2, the Fool's partner, takes it
    state = play(state, "5S", "7S", "3S", "KS")
    piles = state.round_ends[-1]["piles"]
    assert Counter(piles[0]) == Counter(["FOOL", "2S", "6S", "4S"])


@settings(max_examples=12, deadline=None)
@given(key=st.sampled_from(["scarto", "tarocchi", "conference"]), seed=st.integers(0, 10_000),
       ruleset=st.sampled_from(rule_sets.RULESETS), good_and_evil=st.booleans())
def test_cards_are_conserved_and_points_add_up(key: str, seed: int, ruleset: str, good_and_evil: bool) -> None:
    """Every card ends in exactly one pile; plain points add to the pack's total (146, 148 with
    Good and Evil); Tontine never scores over 111; the record replays."""
    state = new(key, seed=seed, ruleset=ruleset, good_and_evil=good_and_evil)
    rng = random.Random(seed)
    state = finish(state, rng)
    record = state.round_ends[0]
    every = Counter(c for pile in record["piles"] for c in pile)
    assert every == Counter(decks.tarot(good_and_evil))
    if ruleset == "tontine":
        assert 0 <= sum(record["points"]) <= rule_sets.TONTINE_TOTAL == 111
    else:
        assert sum(record["points"]) == (148 if good_and_evil else 146)
    assert state.rules.from_record(state.to_record()) == state


@pytest.mark.parametrize(("key", "hands"), [("scarto", 3), ("tarocchi", 4), ("conference", 4)])
def test_a_game_is_one_hand_dealt_by_each_player_k8_k9(key: str, hands: int) -> None:
    state = new(key, seed=5, first_dealer=1)
    rng = random.Random(5)
    dealers = []
    while not state.is_over:
        dealers.append(state.dealer)
        state = finish(state, rng)
    assert len(state.round_ends) == hands
    assert dealers == [(1 + n) % hands for n in range(hands)]
    outcome = state.outcome
    assert outcome is not None
    totals = [sum(r["gained"][s] for r in state.round_ends) for s in range(hands)]
    assert list(outcome.scores) == totals
    assert outcome.winners == {s for s in range(hands) if totals[s] == max(totals)}
    if key == "scarto":
        assert outcome.sides == ()
    else:
        sides = ((0, 2), (1, 3)) if key == "tarocchi" else ((0, 1), (2, 3))
        assert outcome.sides == sides and all(totals[a] == totals[b] for a, b in sides)


def test_rule_set_options_apply_only_with_their_rule_set() -> None:
    with pytest.raises(BadOptions, match="applies only with ruleset courtship"):
        new("scarto", royal_affair=False)
    with pytest.raises(BadOptions, match="applies only with ruleset tontine"):
        new("tarocchi", tontine_claims="auto")
    assert new("scarto", ruleset="courtship").courtship == set(rule_sets.COURTSHIP_RULES)  # all on by default
    assert new("scarto", ruleset="courtship", royal_affair=False).courtship == {
        "queens_ruff", "royal_marriage", "summoning_servants"}
    with pytest.raises(BadOptions):
        new("scarto", ruleset="whist")


# -- Tontine -------------------------------------------------------------------------------------
def test_tontine_groups_hold_111_points() -> None:
    assert rule_sets.TONTINE_TOTAL == 111
    assert rule_sets.group("T1") == rule_sets.group("FOOL") == "honours"
    assert rule_sets.group("T7") is None and rule_sets.group("GOOD") is None
    assert rule_sets.group("AS") == rule_sets.group("10S") == "pipsS"


def test_tontine_the_winner_claims_and_a_claim_lapses_when_its_group_is_played_again() -> None:
    hands = [["KS", "2C"], ["3S", "KC"], ["4S", "3C"]]
    state = at_play("scarto", hands, leader=0, ruleset="tontine")
    state = play(state, "KS", "3S", "4S")
    assert state.phase == "claim" and state.to_move == {0}
    assert set(state.claimable()) == {"KS", "4S"}  # the 3 was played before the 4: only the 4 is last
    state = state.apply(0, "claim:KS")
    assert state.face_up == {"KS"}
    state = play(state, "2C", "KC", "3C")  # another King: the claim on K♠ lapses
    assert "KS" not in state.face_up


def test_tontine_only_a_pips_last_card_is_claimable() -> None:
    state = at_play("scarto", [["2S", "9C"], ["3S", "8C"], ["4S", "7C"]], leader=0, ruleset="tontine")
    state = play(state, "2S", "3S", "4S")
    assert state.claimable() == ("4S",)


def test_tontine_unclaimed_last_cards_score_nothing_and_auto_claims_them() -> None:
    for claims, expected in (("manual", 0), ("auto", 20 + 10)):
        state = at_play("scarto", [["KS", "KB"], ["2S", "KC"], ["3S", "KD"]], leader=0, ruleset="tontine",
                        tontine_claims=claims)
        state = play(state, "KS", "2S", "3S")
        if claims == "manual":
            state = state.apply(0, "claim:none")
        state = play(state, "KB", "KC", "KD")
        if claims == "manual":
            state = state.apply(0, "claim:none")
        assert state.round_ends[-1]["points"][0] == expected, claims  # the last King and the last sword pip


def test_tontine_discards_never_carry_a_group_k10() -> None:
    state = at_play("scarto", [["QS", "2C"], ["3C", "4C"], ["5C", "6C"]], leader=0, ruleset="tontine",
                    discard=["QB"], tontine_claims="auto")  # the dealer (seat 2) discarded a Queen
    state = play(state, "QS", "3C", "5C", "2C", "4C", "6C")
    queens_last = state.round_ends[-1]["points"][0]
    assert queens_last >= 16  # the Queen of swords was the last Queen played: the discard does not count


def test_tontine_fool_lies_face_up_by_its_owner_k10() -> None:
    state = at_play("tarocchi", [["FOOL", "2C"], ["KS", "3C"], ["2S", "4C"], ["3S", "5C"]], leader=0,
                    ruleset="tontine", tontine_claims="auto")
    state = play(state, "FOOL", "KS", "2S", "3S")
    assert "FOOL" in state.face_up and state.view(2)["seats"][0]["face_up"] == ["FOOL"]


def test_tontine_settles_against_37_with_three_players() -> None:
    state = at_play("scarto", [["KS"], ["2S"], ["3S"]], leader=0, ruleset="tontine", tontine_claims="auto")
    state = play(state, "KS", "2S", "3S")
    record = state.round_ends[-1]
    assert record["points"] == [20 + 10, 0, 0]  # the Kings' 20 and the swords pips' 10 (its last, the 3)
    assert record["gained"] == [30 - 37, -37, -37]


def test_tontine_partnership_scores_the_difference_once_a_side_reaches_56_k12() -> None:
    state = new("tarocchi", ruleset="tontine")
    assert state.hand_scores({0: 60, 1: 40}) == (20, -20, 20, -20)
    assert state.hand_scores({0: 50, 1: 40}) == (0, 0, 0, 0)


# -- The Last Laugh ------------------------------------------------------------------------------
def test_last_laugh_the_fool_must_go_when_trumps_are_led_and_its_holder_has_no_court() -> None:
    state = at_play("scarto", [["T5", "2C"], ["FOOL", "T3", "4C"], ["T6", "5C"]], leader=0, ruleset="last-laugh")
    state = play(state, "T5")
    assert state.playable(1) == ("FOOL",)


def test_last_laugh_the_fool_must_go_when_a_suit_is_led_and_its_holder_has_that_suits_court() -> None:
    state = at_play("scarto", [["2S", "2C"], ["FOOL", "JS", "4C"], ["3S", "5C"]], leader=0, ruleset="last-laugh")
    state = play(state, "2S")
    assert state.playable(1) == ("FOOL",)
    with pytest.raises(IllegalAction, match="Last Laugh"):
        state.apply(1, "play:JS")


def test_last_laugh_the_fool_may_not_be_played_otherwise_nor_led() -> None:
    state = at_play("scarto", [["FOOL", "2S", "JC"], ["3S", "2C"], ["4S", "5C"]], leader=0, ruleset="last-laugh")
    assert "FOOL" not in state.playable(0)  # no lead of the Fool before the last trick
    state = at_play("scarto", [["2S", "2C"], ["FOOL", "3S", "JC"], ["4S", "5C"]], leader=0, ruleset="last-laugh")
    state = play(state, "2S")
    assert state.playable(1) == ("3S",)


def test_last_laugh_the_fool_wins_the_last_trick() -> None:
    state = at_play("scarto", [["T21"], ["FOOL"], ["KS"]], leader=0, ruleset="last-laugh")
    state = play(state, "T21", "FOOL", "KS")
    assert state.round_ends[-1]["tricks"] == [0, 1, 0]
    assert set(state.round_ends[-1]["piles"][1]) == {"T21", "FOOL", "KS"}


def test_last_laugh_the_butt_takes_the_fool_and_chooses_a_court_of_the_suit_led() -> None:
    hands = [["KS", "QS", "NS", "2C"], ["FOOL", "JS", "3C", "4C"], ["2S", "5C", "6C", "7C"]]
    state = at_play("scarto", hands, leader=0, ruleset="last-laugh")
    state = play(state, "KS", "FOOL", "2S")  # seat 1 holds the Jack of swords: the Fool must go
    assert state.phase == "give" and state.to_move == {0}
    assert {a.token for a in state.legal_actions(0)} == {"give:QS", "give:NS"}  # step 1, not the 2 of clubs
    state = state.apply(0, "give:NS")
    assert "FOOL" in state.hands[0] and "NS" in state.piles[0] and "FOOL" not in state.piles[0]
    assert state.view(1)["seats"][0]["fool"] and "FOOL" not in state.hidden_cards(1)


@pytest.mark.parametrize(("butt_hand", "step", "given"), [
    (["KS", "QC", "2C"], 2, {"QC"}),  # another court card but a King
    (["KS", "T4", "T9", "T21"], 3, {"T9"}),  # the highest trump but the World
    (["KS", "3C", "4D", "T21"], 4, {"3C", "4D"}),  # a pip card
])
def test_last_laugh_the_butts_later_steps(butt_hand: list[str], step: int, given: set[str]) -> None:
    assert rule_sets.butt_choices(butt_hand, "2S") == (step, tuple(c for c in butt_hand if c in given))


def test_last_laugh_a_butt_with_only_honours_and_kings_sets_the_fool_aside_k15() -> None:
    hands = [["KS", "KC", "T1"], ["FOOL", "JS", "3C"], ["2S", "4C", "5C"]]
    state = at_play("scarto", hands, leader=0, ruleset="last-laugh")
    state = play(state, "KS", "FOOL", "2S")  # seat 0 takes the Fool holding only a King and the Magician
    assert state.fool_aside == 0 and "FOOL" not in state.hands[0] and state.phase == "play"
    assert state.view(2)["seats"][0]["known"] == ["KC", "T1"]  # the whole hand is shown
    state = play(state, "KC", "3C", "4C", "T1", "JS", "5C")  # seat 0 takes the last trick too
    assert "FOOL" in state.round_ends[-1]["piles"][0]


def test_last_laugh_fool_aside_goes_to_an_opponent_who_pays_the_butt_k15() -> None:
    hands = [["KS", "KC", "T1"], ["FOOL", "JS", "T3"], ["2S", "4C", "T5"]]
    state = at_play("scarto", hands, leader=0, ruleset="last-laugh")
    state = play(state, "KS", "FOOL", "2S")
    assert state.fool_aside == 0
    state = play(state, "KC", "T3", "4C")  # seat 1 trumps the King
    state = play(state, "JS", "T5", "T1")  # seat 2's 5 takes the last trick, and the Fool with it
    piles = state.round_ends[-1]["piles"]
    assert "FOOL" in piles[2] and "T5" in piles[0] and "T5" not in piles[2]  # it pays the Butt its cheapest


def test_last_laugh_a_butt_with_one_pip_card_gives_it_at_once() -> None:
    state = at_play("scarto", [["KS", "KC", "2D"], ["FOOL", "JS", "T3"], ["2S", "4C", "T5"]], leader=0,
                    ruleset="last-laugh")
    state = play(state, "KS", "FOOL", "2S")
    assert state.phase == "play" and "2D" in state.piles[0] and "FOOL" in state.hands[0]
    assert cards.short("2D", "tarot") in state.log[-1].text  # a pip card is shown


FILL = ("6C", "7C", "8C", "9C")


def courtship(key: str, hands: list[list[str]], **options: object) -> TarotTableState:
    """A Courtship trick led by seat 0; each hand gets a club more so the hand goes on."""
    filled = [[*hand, FILL[s]] for s, hand in enumerate(hands)]
    return at_play(key, filled, leader=0, ruleset="courtship", **{"summoning_servants": False, **options})


def test_queens_ruff_the_jack_after_the_queen_beats_everything() -> None:
    state = play(courtship("scarto", [["2S"], ["QS"], ["JS"]]), "2S", "QS", "JS")
    assert state.taker is None and state.tricks_won == (0, 0, 1) and state.last_trick[2] == "queens_ruff"  # type: ignore[index]
    state = play(courtship("tarocchi", [["2S"], ["QS"], ["T21"], ["JS"]]), "2S", "QS", "T21", "JS")
    assert state.tricks_won == (0, 0, 0, 1)  # even over the World
    state = play(courtship("scarto", [["QS"], ["2S"], ["JS"]]), "QS", "2S", "JS")
    assert state.tricks_won == (1, 0, 0)  # the Queen led: no ruff
    state = play(courtship("tarocchi", [["2S"], ["QS"], ["T21"], ["JS"]], queens_ruff=False), "2S", "QS", "T21", "JS")
    assert state.tricks_won == (0, 0, 1, 0)


def test_royal_marriage_the_queen_after_her_king_wins_unless_trumped() -> None:
    state = play(courtship("scarto", [["KS"], ["QS"], ["2S"]]), "KS", "QS", "2S")
    assert state.tricks_won == (0, 1, 0) and state.last_trick[2] == "royal_marriage"  # type: ignore[index]
    state = play(courtship("scarto", [["KS"], ["QS"], ["T1"]]), "KS", "QS", "T1")
    assert state.tricks_won == (0, 0, 1)
    state = play(courtship("scarto", [["QS"], ["KS"], ["2S"]]), "QS", "KS", "2S")  # Queen before King: no marriage
    assert state.tricks_won == (0, 1, 0)
    state = play(courtship("scarto", [["KS"], ["QS"], ["2S"]], royal_marriage=False), "KS", "QS", "2S")
    assert state.tricks_won == (1, 0, 0)


def test_royal_affair_another_suits_queen_after_the_king_or_king_after_the_queen() -> None:
    state = play(courtship("scarto", [["KS"], ["QB"], ["2S"]]), "KS", "QB", "2S")  # seat 1: no swords, no trumps
    assert state.tricks_won == (0, 1, 0) and state.last_trick[2] == "royal_affair"  # type: ignore[index]
    state = play(courtship("scarto", [["QS"], ["KB"], ["2S"]]), "QS", "KB", "2S")
    assert state.tricks_won == (0, 1, 0)
    state = play(courtship("scarto", [["KS"], ["QB"], ["T2"]]), "KS", "QB", "T2")
    assert state.tricks_won == (0, 0, 1)
    state = play(courtship("scarto", [["KS"], ["QB"], ["2S"]], royal_affair=False), "KS", "QB", "2S")
    assert state.tricks_won == (1, 0, 0)


def test_two_royal_cards_the_first_played_stays_ahead_k13() -> None:
    state = play(courtship("tarocchi", [["KS"], ["QB"], ["QS"], ["2S"]]), "KS", "QB", "QS", "2S")
    assert state.tricks_won == (0, 1, 0, 0)  # an Affair Queen, then the Marriage Queen


def test_marriage_then_ruff_the_jack_takes_it() -> None:
    state = play(courtship("tarocchi", [["KS"], ["QS"], ["T10"], ["JS"]], summoning_servants=True),
                 "KS", "QS", "T10", "JS")
    assert state.taker == 3 and state.why == "queens_ruff" and state.phase == "summon"  # and may summon


def test_summoning_the_jack_its_holder_adds_it_and_takes_back_their_card() -> None:
    hands = [["KS", "2C"], ["T5", "3C"], ["4S", "JS"]]
    state = at_play("scarto", hands, leader=0, ruleset="courtship")
    state = play(state, "KS", "T5", "4S")  # seat 1 trumps the King
    assert state.phase == "summon" and state.to_move == {1}
    assert [a.token for a in state.legal_actions(1)] == ["summon:J", "summon:C", "pass"]  # K-16: the summoner names it
    state = state.apply(1, "summon:J")
    assert "JS" in state.piles[1] and "4S" in state.hands[2] and "JS" not in state.hands[2]
    assert "4S" not in state.hidden_cards(0)  # everyone saw it go back


def test_a_jack_called_once_played_or_discarded_brings_nothing_k16() -> None:
    state = at_play("scarto", [["KS", "2C"], ["T5", "3C"], ["4S", "NS"]], leader=0, ruleset="courtship",
                    piles=[["JS"], [], []])
    state = play(state, "KS", "T5", "4S").apply(1, "summon:J")
    assert "NS" in state.hands[2] and state.phase == "play" and "nothing comes" in state.log[-1].text
    state = at_play("scarto", [["KS", "2C"], ["T5", "3C"], ["4S", "NS"]], leader=0, ruleset="courtship",
                    discard=["JS"])
    state = play(state, "KS", "T5", "4S").apply(1, "summon:J")
    assert "NS" in state.hands[2] and "nothing comes" in state.log[-1].text


def test_the_cavalier_comes_once_the_jack_is_out_of_every_hand_k16() -> None:
    for where in ({"piles": [["JS"], [], []]}, {"discard": ["JS"]}):
        state = at_play("scarto", [["KS", "2C"], ["T5", "3C"], ["4S", "NS"]], leader=0, ruleset="courtship",
                        **where)
        state = play(state, "KS", "T5", "4S").apply(1, "summon:C")
        assert "NS" in state.piles[1] and "4S" in state.hands[2], where
    state = at_play("scarto", [["KS", "2C"], ["T5", "3C"], ["4S", "5S"]], leader=0, ruleset="courtship",
                    discard=["JS", "NS"])
    state = play(state, "KS", "T5", "4S")
    assert state.phase == "summon"  # K-14: nobody but the dealer knows both are in the discard
    state = state.apply(1, "summon:C")
    assert "nothing comes" in state.log[-1].text and state.phase == "play"


def test_the_cavalier_called_while_the_jack_is_in_a_hand_brings_nothing_and_names_its_holder_k16() -> None:
    hands = [["KS", "2C", "JS"], ["T5", "3C", "4C"], ["4S", "NS", "5C"]]
    state = at_play("scarto", hands, leader=0, ruleset="courtship")
    before = play(state, "KS", "T5", "4S")
    assert "JS" in before.hidden_cards(2) and "JS" in before.hidden_cards(None)
    state = before.apply(1, "summon:C")
    assert "NS" in state.hands[2] and "JS" in state.hands[0] and state.phase == "play"
    assert f"{{p0}} holds {cards.short('JS', 'tarot')}. Nothing comes" in state.log[-1].text
    for viewer in (None, 1, 2):  # everyone now knows where the Jack is
        assert "JS" not in state.hidden_cards(viewer)
        if viewer is not None:
            assert "JS" in state.view(viewer)["seats"][0]["known"]
    # The Jack itself, called then, comes: whoever holds it hands it over.
    state = before.apply(1, "summon:J")
    assert "JS" in state.piles[1] and "KS" in state.hands[0]


def test_no_summoning_your_own_servant_to_a_king_you_played() -> None:
    state = at_play("scarto", [["KS", "JS"], ["2S", "3C"], ["4S", "5C"]], leader=0, ruleset="courtship")
    state = play(state, "KS", "2S", "4S")
    assert state.phase == "summon"  # offered, so that the offer tells nothing of the discard (K-14)
    state = state.apply(0, "summon:J")
    assert "JS" in state.hands[0] and "nothing comes" in state.log[-1].text


def test_passing_brings_nothing_and_a_bare_summon_from_an_older_record_still_replays() -> None:
    hands = [["KS", "2C"], ["T5", "3C"], ["4S", "JS"]]
    state = play(at_play("scarto", hands, leader=0, ruleset="courtship"), "KS", "T5", "4S")
    passed = state.apply(1, "pass")
    assert "JS" in passed.hands[2] and passed.phase == "play"
    assert "summon" not in [a.token for a in state.offered(1)]
    older = state.apply(1, "summon")  # records made before K-16 named no servant: the Jack, else the Cavalier
    assert older.history[-1] == (1, "summon:J") and "JS" in older.piles[1]
    cav = play(at_play("scarto", [["KS", "2C"], ["T5", "3C"], ["4S", "NS"]], leader=0, ruleset="courtship",
                       discard=["JS"]), "KS", "T5", "4S").apply(1, "summon")
    assert cav.history[-1] == (1, "summon:C") and "NS" in cav.piles[1]


def test_the_butts_face_down_court_card_stays_hidden_from_the_others() -> None:
    hands = [["KS", "QS", "NS", "2C"], ["FOOL", "JS", "3C", "4C"], ["2S", "5C", "6C", "7C"]]
    state = play(at_play("scarto", hands, leader=0, ruleset="last-laugh"), "KS", "FOOL", "2S")
    state = state.apply(0, "give:QS")
    assert "QS" in state.hidden_cards(1) and "QS" in state.hidden_cards(None) and "QS" not in state.hidden_cards(0)
    assert state.view(1)["seats"][0]["points"] == state.view(2)["seats"][0]["points"] == 5 + 1  # not the Queen's 4
    assert state.view(0)["seats"][0]["points"] == 5 + 1 + 4


def test_two_kings_two_summons_in_turn_k13() -> None:
    hands = [["KS", "JS"], ["KB", "3C"], ["T2", "JB"]]
    state = at_play("scarto", hands, leader=0, ruleset="courtship")
    state = play(state, "KS", "KB", "T2")
    assert state.phase == "summon" and state.view(2)["summon"] == "KS"
    state = state.apply(2, "pass")
    assert state.phase == "summon" and state.view(2)["summon"] == "KB"
    state = state.apply(2, "summon:J")  # seat 2 holds the Jack of batons itself: it swaps in for its trump
    assert "JB" in state.piles[2] and "T2" in state.hands[2] and state.phase == "play"


def test_summoning_a_servant_whose_holder_played_the_king_takes_the_king_back() -> None:
    state = at_play("scarto", [["KS", "JS"], ["T3", "3C"], ["2S", "4C"]], leader=0, ruleset="courtship")
    state = play(state, "KS", "T3", "2S")
    state = state.apply(1, "summon:J")
    assert "KS" in state.hands[0] and "JS" in state.piles[1]


def test_hidden_cards_stay_hidden_in_the_views() -> None:
    state = new("conference", seed=9, first_dealer=3)
    pick = state.pick(3)
    assert pick is not None
    state = state.apply(3, pick.token(pick.cards[: pick.most]))
    for viewer in (None, 0, 1, 2, 3):
        view = state.view(viewer)
        shown = set(view["hand"] or []) | set(view["my_discard"] or [])
        assert not shown & state.hidden_cards(viewer)
        assert (view["my_discard"] is not None) == (viewer == 3)  # the discard is the dealer's alone, not the partner's
