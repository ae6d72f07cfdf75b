"""Learning the tarot base games (Scarto, Tarocchi, Conference under every rule set): the Normal
computer's reasons (``explain``) say what its search weighed and hide what the seat cannot see;
"why not" names the trick, discard, Butt and Tontine rules (docs/rules/tarot.md, K-2, K-3,
K-10, K-16); the Easy computer plays legal moves and differs from the Normal one; the coach names
each kind of moment; the rules open with three lines and a fixed example."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from typing import Any, NoReturn

import pytest

from games import registry
from games.core import decks
from games.core.base import name_players, random_action
from games.core.tricks import Trick
from games.tarot import pack, rule_sets
from games.tarot.base import easy, knowledge
from games.tarot.base import search as ai
from games.tarot.base.state import TarotTableState
from games.tarot.moves import CardsMove

from .leaks import leaked
from .stacking import deck_for
from .test_table_ai import permuted
from .test_teaching import playable

GAMES = ("scarto", "tarocchi", "conference")
RULESETS = ("plain", "tontine", "last-laugh", "courtship")
EVERY = [(g, r) for g in GAMES for r in RULESETS]
IDS = [f"{g}-{r}" for g, r in EVERY]


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small search (as test_table_ai's), so that many hints stay fast; still the search's."""
    monkeypatch.setattr(ai, "BUDGET", 1)
    monkeypatch.setattr(ai, "MIN_DEALS", 2)
    monkeypatch.setattr(ai, "EXACT_TREE", 30)
    monkeypatch.setattr(ai, "DISCARD_CANDIDATES", 3)
    monkeypatch.setattr(ai, "DISCARD_BUDGET", 1)


def new_game(key: str, seed: int = 1, **options: object) -> TarotTableState:
    rules = registry.get(key)
    state = rules.new_game(rules.player_counts[0], seed=seed, options=options)
    assert isinstance(state, TarotTableState)
    return state


def position(key: str, hands: Sequence[Sequence[str]], plays: Sequence[tuple[int, str]] = (), leader: int = 0,
             ruleset: str = "plain", **fields: Any) -> TarotTableState:
    """A hand in play: each seat holds ``hands`` (after ``plays``, the trick so far led by
    ``leader``), nothing taken yet, no discard."""
    base = new_game(key, ruleset=ruleset, first_dealer=(leader - 1) % registry.get(key).player_counts[0])
    trick = Trick(leader)
    for seat, card in plays:
        trick = trick.add(seat, card)
    n = base.players
    state = dataclasses.replace(base, phase="play", hands=tuple(tuple(h) for h in hands), discard=(), shown=(),
                                trick=trick, piles=((),) * n, tricks_won=(0,) * n, played=tuple(c for _, c in plays))
    return dataclasses.replace(state, **fields) if fields else state


def hint(state: TarotTableState, seat: int) -> tuple[str, tuple[str, ...]]:
    found = registry.hint(state, seat)
    return found.action.token, found.reasons


def walk(key: str, ruleset: str, seed: int, steps: int = 120) -> Iterator[TarotTableState]:
    """The positions of a random game, every phase included."""
    state = new_game(key, seed, ruleset=ruleset)
    rng = random.Random(seed)
    while not state.is_over and len(state.history) < steps:
        yield state
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))


# -- hints: the decision and its reasons ----------------------------------------------------------

def test_a_card_sure_to_win_says_it_won_the_trick_on_every_deal_tried() -> None:
    """Scarto, seat 2 last to a coins trick: its King takes it whatever lies unseen."""
    state = position("scarto", [["5S", "6S"], ["8S", "9S"], ["KD", "3D", "4S"]], [(0, "7D"), (1, "2D")])
    token, reasons = hint(state, 2)
    assert token == "play:KD"
    assert reasons[0].startswith("Kd should win this trick: it did in ")
    won, tried = (int(w) for w in reasons[0].split("it did in ")[1].split(" random")[0].split(" of "))
    assert won == tried > 0
    assert len(reasons) == 2 and reasons[1].startswith("3d ") and "worse" in reasons[1]


def test_feeding_a_partner_who_holds_the_trick_says_what_it_adds() -> None:
    """Conference, seats 0 and 1 partners: seat 0 holds the trick with the World; seat 1, with
    neither trumps nor spades, throws its Queen onto it: 4 points for the side."""
    hands = [["2S", "3S"], ["QC", "2C", "4C"], ["5S", "6S"], ["7S", "8S"]]
    state = position("conference", hands, [(2, "T5"), (3, "T6"), (0, "T21")], leader=2)
    token, reasons = hint(state, 1)
    assert token == "play:QC"
    assert reasons[0] == "Your partner {p0} should win this trick, so your Qc adds 4 points to it"


def test_throwing_under_a_trick_lost_says_it_gives_away_little() -> None:
    """Scarto, seat 2 has neither spades nor trumps, the World leads: it throws an empty card."""
    state = position("scarto", [["2S", "T3"], ["3S", "T4"], ["KC", "2C", "9D"]], [(0, "T21"), (1, "T2")])
    token, reasons = hint(state, 2)
    assert token in ("play:2C", "play:9D")
    assert reasons[0].startswith("This trick should go to someone else: ") and reasons[0].endswith("gives just 1 point")


def test_a_single_legal_card_names_the_rule_that_leaves_it_alone_k2() -> None:
    """Seat 1 is void in swords and holds one trump above the Seven in the trick (K-2)."""
    state = position("scarto", [["2D"], ["T9", "T3", "KC"], ["4D", "5D", "6D"]], [(2, "5S"), (0, "T7")], leader=2)
    assert state.playable(1) == ("T9",)
    token, reasons = hint(state, 1)
    assert token == "play:T9"
    assert reasons == ("Your only card that may go now",
                       "You must beat T7 with a higher trump while you hold one (K-2)")


def test_a_summons_says_how_the_call_compared_with_passing_k16() -> None:
    """Courtship: the Jack of swords is known to be with seat 2, who played an empty card."""
    hands = [["T10", "2D", "5D"], ["KS", "3D", "6D"], ["3S", "JS", "4D"]]
    state = position("scarto", hands, ruleset="courtship", leader=1, exposed=frozenset({"JS"}))
    state = state.apply(1, "play:KS").apply(2, "play:3S").apply(0, "play:T10")
    token, reasons = hint(state, 0)
    assert token == "summon:J"
    assert reasons[0].startswith("Calling the Jack came out ")
    assert reasons[0].endswith("better than passing over the hand")
    assert "(K-16)" in reasons[1]


def test_passing_a_summons_says_a_call_would_only_give_news_away_k16() -> None:
    hands = [["T10", "2D", "5D"], ["KS", "3D", "6D"], ["QS", "JS", "4D"]]
    state = position("scarto", hands, ruleset="courtship", leader=1, exposed=frozenset({"JS"}))
    state = state.apply(1, "play:KS").apply(2, "play:QS").apply(0, "play:T10")
    token, reasons = hint(state, 0)
    assert token == "pass"
    assert reasons == ("Neither call came out better than passing, over the deals I tried",
                       "A call that brings nothing only gives the table news (K-16)")


def test_a_tontine_claim_leaves_everything_up_because_a_claim_costs_nothing() -> None:
    state = position("scarto", [["2D", "QS"], ["3D", "4S"], ["4D", "KS"]], ruleset="tontine")
    state = state.apply(0, "play:QS").apply(1, "play:4S").apply(2, "play:KS")
    token, reasons = hint(state, 2)
    assert sorted(token.split(":")[1].split(",")) == ["4S", "KS", "QS"]
    assert reasons[0] == "Leaves face up every card that may still score: a claim costs nothing"


def test_the_discard_says_the_points_it_makes_safe_and_the_suits_it_empties() -> None:
    """Tarocchi (Aces may go): the dealer holds two lone Aces among long trumps."""
    mine = [*(f"T{i}" for i in range(2, 17)), "AS", "AB", "KC", "2D"]
    state = registry.get("tarocchi").new_game(4, seed=1, options={"first_dealer": 0},
                                              deck=deck_for(decks.tarot(), [19, 19, 19, 19], [mine], then=["3D", "4D"]))
    assert isinstance(state, TarotTableState)
    token, reasons = hint(state, 0)
    assert sorted(token.split(":")[1].split(",")) == ["AB", "AS"]
    assert reasons[0] == ("Puts 10 points safely on your side's pile; empties your swords and batons, "
                          "so you can trump them")
    assert reasons[1].startswith("The best of the 12 discards I played out")


def test_the_choice_is_the_same_when_it_is_traced_for_its_reasons() -> None:
    for state in walk("tarocchi", "courtship", 4, 60):
        seat = min(state.to_move)
        plain, traced = (ai.decide(state, seat, random.Random(9), trace=t).action for t in (False, True))
        assert plain == traced == ai.choose(state, seat, random.Random(9))


@pytest.mark.parametrize(("key", "ruleset"), EVERY, ids=IDS)
def test_the_hint_is_blind_to_the_cards_the_seat_cannot_see(key: str, ruleset: str, quick: None) -> None:
    """Dealing the unseen cards again (a partner's hand as much as an opponent's) changes
    neither the move nor its reasons, and no reason names a card the seat cannot see."""
    rng = random.Random(3)
    names = [f"Seat {i}" for i in range(4)]
    seen = 0
    for i, state in enumerate(walk(key, ruleset, 5, 100)):
        seat = min(state.to_move)
        if i % 9 and state.phase == "play":
            continue
        other = permuted(state, seat, rng)
        if {a.token for a in other.legal_actions(seat)} != {a.token for a in state.legal_actions(seat)}:
            continue  # K-14: whether a summons is offered may depend on where the servant is
        first, second = registry.hint(state, seat), registry.hint(other, seat)
        assert first == second
        assert 1 <= len(first.reasons) <= 2
        text = [name_players(r, names) for r in first.reasons]
        assert not leaked(text, state.hidden_cards(seat), "tarot"), text
        assert all(len(r) <= 100 for r in text), text
        seen += 1
    assert seen >= 5


# -- why not ---------------------------------------------------------------------------------------

def test_why_not_follow_suit() -> None:
    state = position("scarto", [["2D"], ["3S", "T4", "KC", "FOOL"], ["4D"]], [(0, "9S")])
    assert state.why_not(1) == {"T4": "You must follow swords", "KC": "You must follow swords"}
    assert state.why_not(0) == {} and state.why_not(2) == {}  # not to move


def test_why_not_a_void_must_trump_k2() -> None:
    state = position("scarto", [["2D"], ["T4", "KC", "2B"], ["4D"]], [(0, "9S")])
    reason = "You have no swords: you must play a trump (K-2)"
    assert state.why_not(1) == {"KC": reason, "2B": reason}


def test_why_not_beat_the_best_trump_and_trumps_led_k2() -> None:
    state = position("tarocchi", [["2D"], ["T4", "T12", "KC"], ["4D"], ["T9"]], [(3, "T9"), (0, "2D")], leader=3)
    assert state.why_not(1) == {"T4": "You must beat T9 with a higher trump while you hold one (K-2)",
                                "KC": "Trumps were led: you must play a trump (K-2)"}
    assert state.why_illegal(1, CardsMove("play", ("T4",))) == state.why_not(1)["T4"]


def test_why_not_the_fool_under_the_last_laugh() -> None:
    """It may not be led, waits otherwise, and once due stops every other card."""
    lead = position("scarto", [["FOOL", "2S", "QB"], ["3S"], ["4S"]], ruleset="last-laugh")
    assert lead.why_not(0) == {"FOOL": "Under the Last Laugh the Fool may not be led before the last trick"}
    wait = position("scarto", [["2D"], ["FOOL", "3S", "QB"], ["4S"]], [(0, "5S")], ruleset="last-laugh")
    assert set(wait.why_not(1)) == {"FOOL", "QB"}
    assert wait.why_not(1)["FOOL"].startswith("Under the Last Laugh the Fool stays in your hand")
    due = position("scarto", [["2D"], ["FOOL", "3S", "QS"], ["4S"]], [(0, "5S")], ruleset="last-laugh")
    assert due.why_not(1) == dict.fromkeys(
        ("3S", "QS"), "The Fool must go now: you hold a court card of swords, the suit led (the Last Laugh)")
    trumps = position("scarto", [["2D"], ["FOOL", "3S", "T2"], ["4S"]], [(0, "T5")], ruleset="last-laugh")
    assert set(trumps.why_not(1)) == {"3S", "T2"}
    assert trumps.why_not(1)["T2"].startswith("The Fool must go now: trumps were led and you hold no court card")


def test_why_not_the_fool_is_never_refused_as_the_excuse_k3() -> None:
    state = position("scarto", [["2D"], ["FOOL", "3S", "T2"], ["4S"]], [(0, "5S")])
    assert "FOOL" not in state.why_not(1)


def test_why_not_the_discard_names_the_card_that_may_not_go() -> None:
    """Scarto: no Aces, Kings or Honours, the Fool only with no other trump; Tarocchi: Aces may go
    unless Good and Evil are in the pack."""
    state = new_game("scarto", first_dealer=0)
    why = state.why_not(0)
    hand = state.hands[0]
    assert set(why) == {c for c in hand if not registry.get("scarto").may_discard(c, hand, False)}  # type: ignore[attr-defined]
    for card, reason in why.items():
        if pack.is_king(card):
            assert reason == "Kings may not be discarded"
        elif card in ("T1", "T21"):
            assert reason == "The Magician and the World are Honours: Honours may not be discarded"
        elif card == "FOOL":
            assert reason == "The Fool may be discarded only when you hold no other trump"
        else:
            assert reason == "Aces may not be discarded in Scarto"
    tarocchi = registry.get("tarocchi")
    assert tarocchi.discard_refusal("AS", ("AS",), False) is None  # type: ignore[attr-defined]
    assert tarocchi.discard_refusal("AS", ("AS",), True) == "With the 80-card pack, Aces may not be discarded"  # type: ignore[attr-defined]
    assert tarocchi.discard_refusal("FOOL", ("FOOL",), False) == "The Fool is an Honour: Honours may not be discarded"  # type: ignore[attr-defined]


def test_why_not_the_butts_card() -> None:
    """The Last Laugh: the Butt must give a court card of the suit led (step 1); the Fool and
    the King may not go."""
    hands = [["2C", "2D", "3D"], ["FOOL", "JC", "4D"], ["KC", "QC", "NC"]]
    state = position("scarto", hands, ruleset="last-laugh")
    state = state.apply(0, "play:2C").apply(1, "play:FOOL").apply(2, "play:KC")
    assert state.phase == "give" and set(state.held(2)) == {"NC", "QC", "FOOL"}
    paying = "The Fool is the card you are paying for: another goes on your pile in its place"
    assert state.why_not(2) == {"FOOL": paying}
    hands = [["2C", "2D", "3D", "4D"], ["FOOL", "JC", "5D", "6D"], ["KB", "QS", "NB", "T3", "T9"]]
    state = position("scarto", hands, ruleset="last-laugh")
    state = state.apply(0, "play:2C").apply(1, "play:FOOL").apply(2, "play:T9")
    assert state.phase == "give"  # step 2: a court card of another suit, not a King
    assert state.why_not(2) == {"FOOL": paying,
                                "KB": "A King never goes on your pile in the Fool's place",
                                "T3": "You hold a Queen, Cavalier or Jack: one of those must go"}


def test_why_not_a_tontine_claim_names_the_later_card_of_its_group_k10() -> None:
    """While it claims, the winner chooses among the trick's cards: an earlier pip of swords and
    a trump of no group may not be left face up."""
    state = position("scarto", [["2D", "3S"], ["3D", "T4"], ["4D", "KS"]], ruleset="tontine")
    state = state.apply(0, "play:3S").apply(1, "play:T4")
    assert state.to_move == {2}
    state = state.apply(2, "play:KS")
    assert state.phase == "claim" and state.taker == 1 and set(state.held(1)) == {"3S", "KS", "T4"}
    assert state.why_not(1) == {
        "T4": "T4 scores nothing in Tontine: only Kings, Queens, Cavaliers, Jacks, Honours and pips do"}
    state = position("scarto", [["2D", "3S"], ["3D", "T4"], ["4D", "5S"]], ruleset="tontine")
    state = state.apply(0, "play:3S").apply(1, "play:T4").apply(2, "play:5S")
    assert state.why_not(1)["3S"] == "5s was played after it: only the last card of a group may score"


@pytest.mark.parametrize(("key", "ruleset"), EVERY, ids=IDS)
def test_why_not_names_exactly_the_held_cards_that_may_not_go(key: str, ruleset: str) -> None:
    """As the shared test asks (tests/games/test_teaching.py), over random games of every rule set."""
    for state in walk(key, ruleset, 7, 150):
        for seat in range(state.players):
            why = state.why_not(seat)
            if seat not in state.to_move:
                assert why == {}
                continue
            held, may = set(state.held(seat)), playable(state, seat)
            if may:
                assert set(why) == held - may
            else:
                assert set(why) <= held
            assert not leaked(list(why.values()), state.hidden_cards(seat), "tarot")


def test_refusals_leave_exactly_the_legal_cards() -> None:
    """pack.legal is what pack.refusals leaves, and the refusals are the rules of K-2."""
    rng = random.Random(1)
    pool = [c for c in decks.tarot() if c != "FOOL"]
    for _ in range(300):
        hand = rng.sample([*pool, "FOOL"], 6)
        trick = Trick(0)
        for seat, card in enumerate(rng.sample([c for c in pool if c not in hand], rng.randint(0, 3))):
            trick = trick.add(seat, card)
        refused = pack.refusals(hand, trick)
        assert set(pack.legal(hand, trick)) == set(hand) - set(refused) and pack.legal(hand, trick)
        for card, kind in refused.items():
            assert pack.is_trump(card) if kind == "beat" else kind == "follow" or not pack.is_trump(card)
        laugh = rule_sets.last_laugh_refusals(hand, trick)
        assert set(rule_sets.last_laugh_legal(hand, trick)) == set(hand) - set(laugh)


# -- the Easy computer -----------------------------------------------------------------------------

@pytest.mark.parametrize(("key", "ruleset"), EVERY, ids=IDS)
def test_the_easy_computer_plays_whole_games_legally(key: str, ruleset: str) -> None:
    state = new_game(key, 2, ruleset=ruleset)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, registry.computer_move(state, seat, "easy"))
    assert state.outcome is not None


def test_the_easy_computer_does_not_search() -> None:
    """Over a random game's positions Easy (one trick ahead, no playing out) and Normal (the rest
    of the hand searched) often choose differently; Easy always legally."""
    differs = 0
    for state in walk("scarto", "plain", 3, 90):
        seat = min(state.to_move)
        if state.phase != "play" or len(state.playable(seat)) < 3:
            continue
        beginner = easy.choose_easy(state, seat, random.Random(1))
        normal = ai.choose(state, seat, random.Random(1))
        assert beginner in state.legal_actions(seat)
        differs += beginner != normal
    assert differs >= 3


def test_the_easy_computer_deals_and_plays_out_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Easy answers at once because it neither deals the unseen cards nor plays a hand out: a
    whole Courtship game of Easy moves never reaches Normal's dealing or playing out."""
    def searched(*_args: object, **_kwargs: object) -> NoReturn:
        raise AssertionError("the Easy computer searched")

    monkeypatch.setattr(knowledge.Knowledge, "__init__", searched)
    for name in ("rollout", "trick_taker", "tree_size", "Solver"):
        monkeypatch.setattr(ai, name, searched)
    state = new_game("tarocchi", 3, ruleset="courtship")
    moves = 0
    while not state.is_over and moves < 80:
        seat = min(state.to_move)
        move = easy.choose_easy(state, seat, random.Random(moves))
        assert move in state.legal_actions(seat)
        state = state.apply(seat, move)
        moves += 1


# -- coaching --------------------------------------------------------------------------------------

def kind(state: TarotTableState, seat: int) -> str:
    coach = state.coaching(seat)
    assert coach is not None and coach.line and len(coach.line) <= 160
    assert not leaked(coach.line, state.hidden_cards(seat), "tarot"), coach.line
    return coach.kind


def test_coaching_the_trick_moments() -> None:
    lead = position("scarto", [["2D", "3S"], ["3D"], ["4D"]])
    assert kind(lead, 0) == "lead" and lead.coaching(1) is None
    assert kind(position("scarto", [["2D"], ["3S", "T4"], ["4D"]], [(0, "9S")]), 1) == "follow"
    assert kind(position("scarto", [["2D"], ["T4", "KC"], ["4D"]], [(0, "9S")]), 1) == "trump"
    assert kind(position("scarto", [["2D"], ["T4", "KC"], ["4D"]], [(0, "T9")]), 1) == "trumps-led"
    assert kind(position("scarto", [["2D"], ["KC", "2B"], ["4D"]], [(0, "9S")]), 1) == "throw"
    excuse = position("scarto", [["2D"], ["T4", "FOOL"], ["4D"]], [(0, "9S")])
    assert kind(excuse, 1) == "excuse" and "(K-3)" in str(excuse.coaching(1))


def test_coaching_a_partner_who_holds_the_trick() -> None:
    hands = [["2S", "3S"], ["QC", "2C"], ["5S", "6S"], ["7S", "8S"]]
    state = position("conference", hands, [(2, "T5"), (3, "T6"), (0, "T21")], leader=2)
    coach = state.coaching(1)
    assert coach is not None and coach.kind == "partner"
    assert coach.line.startswith("Your partner {p0} is winning") and "thread" in coach.line  # partners may talk
    tarocchi = position("tarocchi", [["2D"], ["2C"], ["7S", "8S"], ["3D"]], [(3, "5S"), (0, "KS"), (1, "6S")],
                        leader=3)
    assert kind(tarocchi, 2) == "partner"  # seat 0, opposite, holds it with the King


def test_coaching_the_rule_sets_moments() -> None:
    assert kind(position("scarto", [["2D", "3S"], ["3D"], ["4D"]], ruleset="tontine"), 0) == "tontine-lead"
    claim = position("scarto", [["2D", "QS"], ["3D", "4S"], ["4D", "KS"]], ruleset="tontine")
    claim = claim.apply(0, "play:QS").apply(1, "play:4S").apply(2, "play:KS")
    assert kind(claim, 2) == "tontine-claim"
    assert kind(position("scarto", [["FOOL", "2S"], ["3S"], ["4S"]], ruleset="last-laugh"), 0) == "fool-wait"
    due = position("scarto", [["2D"], ["FOOL", "3S", "QS"], ["4S"]], [(0, "5S")], ruleset="last-laugh")
    assert kind(due, 1) == "fool-due"
    butt = position("scarto", [["2C", "2D", "3D"], ["FOOL", "JC", "4D"], ["KC", "QC", "NC"]], ruleset="last-laugh")
    butt = butt.apply(0, "play:2C").apply(1, "play:FOOL").apply(2, "play:KC")
    assert kind(butt, 2) == "butt"
    summons = position("scarto", [["T10", "2D", "5D"], ["KS", "3D", "6D"], ["3S", "JS", "4D"]], ruleset="courtship",
                       leader=1)
    summons = summons.apply(1, "play:KS").apply(2, "play:3S").apply(0, "play:T10")
    coach = summons.coaching(0)
    assert coach is not None and coach.kind == "summons" and "(K-16)" in coach.line


def test_coaching_the_courtship_moments() -> None:
    ruff = position("scarto", [["2S", "9C"], ["QS", "9D"], ["JS", "T3"]], [(0, "2S"), (1, "QS")], ruleset="courtship")
    assert kind(ruff, 2) == "queens-ruff"
    marriage = position("scarto", [["KS", "9C"], ["2S", "9D"], ["QS", "3S"]], [(0, "KS"), (1, "2S")],
                        ruleset="courtship")
    assert kind(marriage, 2) == "royal-marriage"
    affair = position("scarto", [["KS", "9C"], ["2S", "9D"], ["QB", "3C"]], [(0, "KS"), (1, "2S")],
                      ruleset="courtship")
    assert kind(affair, 2) == "royal-affair"
    plain = position("scarto", [["KS", "9C"], ["2S", "9D"], ["QS", "3S"]], [(0, "KS"), (1, "2S")])
    assert kind(plain, 2) == "follow"


def test_coaching_the_discard() -> None:
    coach = new_game("scarto", first_dealer=0).coaching(0)
    assert coach is not None and coach.kind == "discard" and "Kings, Aces and Honours" in coach.line
    coach = new_game("tarocchi", first_dealer=0, ruleset="tontine").coaching(0)
    assert coach is not None and "Kings and Honours" in coach.line and "(K-10)" in coach.line


def test_random_games_meet_many_kinds_of_moment() -> None:
    kinds = {kind(s, seat) for key in GAMES for s in walk(key, "plain", 1, 200) for seat in s.to_move}
    assert {"discard", "lead", "follow", "trump", "trumps-led"} <= kinds


# -- rules that start simple ------------------------------------------------------------------------

@pytest.mark.parametrize("key", GAMES)
def test_the_rules_open_with_a_fixed_example(key: str) -> None:
    rules = registry.get(key)
    example = rules.example()
    assert example is not None and example == rules.example()
    state = example.state
    assert isinstance(state, TarotTableState) and example.seat in state.to_move and state.phase == "play"
    assert len(state.playable(example.seat)) >= 3
    assert example.caption.startswith("Your turn in trick ")
    assert not leaked(example.caption, state.hidden_cards(example.seat), "tarot")


def test_the_examples_show_a_void_and_partners() -> None:
    scarto = registry.get("scarto").example()
    assert scarto is not None and "you must trump (K-2)" in scarto.caption
    for key in ("tarocchi", "conference"):
        example = registry.get(key).example()
        assert example is not None and "your partner" in example.caption
