"""The tarot base games' computer player (Scarto, Tarocchi, Conference under every rule set):
always legal, blind to what its seat cannot see (its partner's hand included), and sensible in
set positions; its simulator plays by the game's rules and scores as the game does
(bench.seat_strength --game scarto / tarocchi / conference [--ruleset ...] measures its strength)."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Sequence

import pytest

from games import registry
from games.core import decks
from games.core.actions import Action
from games.core.base import random_action
from games.core.tricks import Trick
from games.tarot import rule_sets
from games.tarot.base import knowledge
from games.tarot.base import search as ai
from games.tarot.base import simulation as sim
from games.tarot.base.state import TarotTableState
from games.tarot.moves import CardsMove

from .stacking import deck_for

GAMES = ("scarto", "tarocchi", "conference")
RULESETS = ("plain", "tontine", "last-laugh", "courtship")
EVERY = [(g, r) for g in GAMES for r in RULESETS]
IDS = [f"{g}-{r}" for g, r in EVERY]


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The smallest search, one deal a decision, so that whole games stay fast (the choices are
    still the search's)."""
    monkeypatch.setattr(ai, "BUDGET", 1)
    monkeypatch.setattr(ai, "MIN_DEALS", 1)
    monkeypatch.setattr(ai, "EXACT_TREE", 30)
    monkeypatch.setattr(ai, "DISCARD_CANDIDATES", 3)
    monkeypatch.setattr(ai, "DISCARD_BUDGET", 1)


def new_game(key: str, seed: int, **options: object) -> TarotTableState:
    rules = registry.get(key)
    state = rules.new_game(rules.player_counts[0], seed=seed, options=options)
    assert isinstance(state, TarotTableState)
    return state


def choice(state: TarotTableState, seat: int, seed: int = 0) -> str:
    return ai.choose(state, seat, random.Random(seed)).token


def position(key: str, hands: Sequence[Sequence[str]], plays: Sequence[tuple[int, str]] = (), leader: int = 0,
             ruleset: str = "plain", dealer: int = 0, **fields: object) -> TarotTableState:
    """A position in the middle of a hand: each seat holds ``hands`` (after ``plays``, the trick
    so far, led by ``leader``); nothing taken yet."""
    base = new_game(key, 1, ruleset=ruleset, first_dealer=dealer)
    trick = Trick(leader)
    for seat, card in plays:
        trick = trick.add(seat, card)
    n = base.players
    state = dataclasses.replace(base, phase="play", hands=tuple(tuple(h) for h in hands), discard=(), shown=(),
                                trick=trick, piles=((),) * n, tricks_won=(0,) * n,
                                played=tuple(c for _, c in plays))
    return dataclasses.replace(state, **fields) if fields else state


# -- legal, whole games ---------------------------------------------------------------------------

def assert_a_legal_move(state: TarotTableState, seat: int, action: Action) -> None:
    """``action`` is one the rules allow ``seat`` now: a discard of the right size from the cards
    it may lay down, a Tontine claim of every card claimable, or one of the listed moves."""
    if state.phase == "discard":
        pick = state.pick(seat)
        assert pick is not None and isinstance(action, CardsMove)
        assert set(pick.fixed) <= set(action.cards) and set(action.cards) <= set(pick.fixed) | set(pick.cards)
        assert len(action.cards) == len(pick.fixed) + pick.most
    elif state.phase == "claim":
        assert isinstance(action, CardsMove) and set(action.cards) == set(state.claimable())
    else:
        assert action.token in {a.token for a in state.legal_actions(seat)}


@pytest.mark.parametrize(("key", "ruleset"), EVERY, ids=IDS)
def test_it_finishes_whole_games_making_only_legal_moves(key: str, ruleset: str, quick: None) -> None:
    """One computer seat (a whole side in the partnership games) against random play, through
    every hand of a game; every move it makes is one the game offers, every discard a legal
    pick, and under manual Tontine it claims every card it may."""
    state = new_game(key, 3, ruleset=ruleset)
    rules = state.table
    mine = set(rules.partnerships(state.players)[0]) if rules.partnerships(state.players) else {0}
    rng = random.Random(3)
    phases: set[str] = set()
    while not state.is_over:
        seat = min(state.to_move)
        if seat not in mine:
            state = state.apply(seat, random_action(state, seat, rng))
            continue
        action = ai.choose(state, seat, decks.rng(3, len(state.history)))
        phases.add(state.phase)
        assert_a_legal_move(state, seat, action)
        state = state.apply(seat, action)
    assert state.outcome is not None and len(state.round_ends) == state.players
    assert {"discard", "play"} <= phases
    if ruleset == "tontine":
        assert "claim" in phases


def test_computers_in_every_seat_play_a_whole_game_of_each_table(quick: None) -> None:
    for key, ruleset in (("scarto", "courtship"), ("tarocchi", "last-laugh"), ("conference", "tontine")):
        state = new_game(key, 5, ruleset=ruleset)
        while not state.is_over:
            seat = min(state.to_move)
            state = state.apply(seat, ai.choose(state, seat, decks.rng(5, len(state.history))))
        assert state.outcome is not None


# -- blind to the hidden cards --------------------------------------------------------------------

def positions(key: str, ruleset: str, seed: int) -> list[TarotTableState]:
    """Positions from a seeded random game, in every phase it reaches, with a choice to make."""
    found: list[TarotTableState] = []
    state = new_game(key, seed, ruleset=ruleset)
    rng = random.Random(seed)
    stops = {0, 1, 9, 23, 40, 41, 57, 66, 80, 98}
    while not state.is_over and len(state.history) < 110:
        seat = min(state.to_move)
        if (len(state.history) in stops or state.phase in ("summon", "give")) and len(state.legal_actions(seat)) > 1:
            found.append(state)
        state = state.apply(seat, random_action(state, seat, rng))
    return found


def permuted(state: TarotTableState, seat: int, rng: random.Random) -> TarotTableState:
    """The same position with the cards ``seat`` cannot see (``hidden_cards``) dealt again among
    the places they lie, each keeping its size: a state that seat cannot tell from the first. A
    Butt's face-down court card on another's pile changes places with a hidden court card but a
    King, when there is one (the Butt said only that it was such a card)."""
    hidden = state.hidden_cards(seat) - state.face_down
    hands = [list(h) for h in state.hands]
    discard = list(state.discard)
    places = [(s, i) for s, hand in enumerate(hands) if s != seat for i, c in enumerate(hand) if c in hidden]
    places += [(-1, i) for i, c in enumerate(discard) if c in hidden]
    cards = [discard[i] if s < 0 else hands[s][i] for s, i in places]
    assert sorted(cards) == sorted(hidden)
    rng.shuffle(cards)
    for (s, i), card in zip(places, cards, strict=True):
        if s < 0:
            discard[i] = card
        else:
            hands[s][i] = card
    piles = [list(p) for p in state.piles]
    face_down = set(state.face_down)
    for card in sorted(state.face_down - set(piles[seat])):
        courts = [(s, i) for s, i in places if rule_sets.is_court(c := discard[i] if s < 0 else hands[s][i])
                  and rule_sets.rank(c) != "K"]
        if not courts:
            continue
        s, i = rng.choice(courts)
        held = hands[s] if s >= 0 else discard
        pile = next(p for p in piles if card in p)
        stand_in = held[i]
        pile[pile.index(card)], held[i] = stand_in, card
        face_down = (face_down - {card}) | {stand_in}
    return dataclasses.replace(state, hands=tuple(tuple(h) for h in hands), discard=tuple(discard),
                               piles=tuple(tuple(p) for p in piles), face_down=frozenset(face_down))


@pytest.mark.parametrize(("key", "ruleset"), EVERY, ids=IDS)
def test_it_chooses_the_same_whatever_lies_in_the_cards_it_cannot_see(key: str, ruleset: str, quick: None,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Its partner's cards as much as its opponents': two states that differ only in how the
    hidden cards are split give the same view, and the same move for the same random numbers."""
    monkeypatch.setattr(ai, "MIN_DEALS", 2)
    rng = random.Random(7)
    phases = set()
    for state in positions(key, ruleset, 11):
        for seat in sorted(state.to_move):
            other = permuted(state, seat, rng)
            if {a.token for a in other.legal_actions(seat)} != {a.token for a in state.legal_actions(seat)}:
                continue  # K-14: whether a summons is offered may depend on where the servant is
            assert other != state
            assert other.view(seat) == state.view(seat)
            assert choice(other, seat, seed=11) == choice(state, seat, seed=11)
            phases.add(state.phase)
    assert {"discard", "play"} <= phases


@pytest.mark.parametrize("key", GAMES)
def test_a_butts_face_down_card_counts_as_whichever_court_card_it_deals_there(key: str) -> None:
    """The Last Laugh: the court card a Butt put face down on their pile is as hidden as a hand
    (docs/rules/tarot.md, step 2): the search banks the points of the card it deals there, so two
    states that differ only in which court card lies face down give it the same deals."""
    rng = random.Random(5)
    tried = 0
    for state in positions(key, "last-laugh", 11):
        for seat in sorted(state.to_move):
            if not state.face_down - set(state.piles[seat]):
                continue
            other = permuted(state, seat, rng)
            if other.piles == state.piles:
                continue  # no court card but a King left hidden to change places with
            assert other.view(seat) == state.view(seat)
            first, second = (knowledge.Knowledge(s, seat).table(random.Random(3)) for s in (state, other))
            assert first.pts == second.pts and first.hands == second.hands
            tried += 1
    assert tried


def test_a_void_and_a_failure_to_beat_are_remembered() -> None:
    """Seat 1 did not follow cups and played no trump; seat 2 played under a trump it had to beat
    (K-2): their hands are never dealt what they showed they lack, nor the hidden discard a King,
    an Honour or (Scarto) an Ace."""
    hands = [["KC", "T3", "T1", "5D", "6D", "7S", "8S"], ["5S", "2S", "3S", "4S", "2B", "3B", "4B"],
             ["6C", "T2", "7C", "8C", "9C", "7D", "8D"]]
    state = position("scarto", hands, dealer=2, discard=("9D", "10D"))
    for seat, card in ((0, "KC"), (1, "5S"), (2, "6C"), (0, "T3"), (1, "2S"), (2, "T2")):
        state = state.apply(seat, f"play:{card}")
    assert state.to_move == {0}
    seen = knowledge.Knowledge(state, 0)
    assert sorted(sim.NAMES[c] for c in seen.pool) == sorted(
        ["3S", "4S", "2B", "3B", "4B", "7C", "8C", "9C", "7D", "8D", "9D", "10D"])
    rng = random.Random(1)
    for _ in range(30):
        dealt = seen.sample(rng)
        assert not any(sim.SUIT[c] in (2, sim.TRUMP) for c in dealt[1])  # cups, trumps
        assert len(dealt[1]) == len(dealt[2]) == 5 and len(dealt[-1]) == 2
        assert sorted(c for cards in dealt.values() for c in cards) == seen.pool
    ruled_out = knowledge._inferences(state, 0, knowledge._this_hand(state))
    assert sim.ID["T4"] in ruled_out[2] and sim.ID["T21"] in ruled_out[2] and sim.ID["T3"] not in ruled_out[2]


def test_under_the_last_laugh_a_seat_that_answered_with_a_court_of_the_suit_led_has_no_fool() -> None:
    """It would have had to play the Fool: the Fool is dealt elsewhere."""
    hands = [["2S", "3S", "T5", "4D"], ["QS", "4S", "T6", "5D"], ["5S", "6S", "T7", "FOOL"]]
    state = position("scarto", hands, ruleset="last-laugh")
    state = state.apply(0, "play:2S").apply(1, "play:QS").apply(2, "play:5S")
    seen = knowledge.Knowledge(state, 0)
    rng = random.Random(3)
    for _ in range(20):
        assert sim.FOOL not in seen.sample(rng)[1]


# -- the rule sets' questions ---------------------------------------------------------------------

def test_under_manual_tontine_it_leaves_every_claimable_card_face_up() -> None:
    state = position("scarto", [["2D", "QS"], ["3D", "4S"], ["4D", "KS"]], ruleset="tontine", leader=0)
    state = state.apply(0, "play:QS").apply(1, "play:4S").apply(2, "play:KS")
    assert state.phase == "claim" and state.taker == 2
    assert sorted(state.claimable()) == ["4S", "KS", "QS"]
    token = choice(state, 2)
    assert sorted(token.split(":")[1].split(",")) == ["4S", "KS", "QS"]


def test_it_summons_a_servant_worth_more_than_the_card_sent_back() -> None:
    """Courtship: seat 0 takes a trick with the King of swords in it; the Jack of swords is known
    to be with seat 2, who played an empty card: the summons brings 2 points for 1."""
    hands = [["T10", "2D", "5D"], ["KS", "3D", "6D"], ["3S", "JS", "4D"]]
    state = position("scarto", hands, ruleset="courtship", leader=1, exposed=frozenset({"JS"}))
    state = state.apply(1, "play:KS").apply(2, "play:3S").apply(0, "play:T10")
    assert state.phase == "summon" and state.taker == 0
    assert choice(state, 0) == "summon:J"


def test_it_calls_the_cavalier_once_the_jack_is_played_k16() -> None:
    """The Jack of swords lies in seat 0's pile; the Cavalier is known to be with seat 2, who
    played an empty card: calling the Jack would bring nothing, the Cavalier brings 3 for 1."""
    hands = [["T10", "2D", "5D"], ["KS", "3D", "6D"], ["3S", "NS", "4D"]]
    state = position("scarto", hands, ruleset="courtship", leader=1, exposed=frozenset({"NS"}),
                     piles=(("JS",), (), ()))
    state = state.apply(1, "play:KS").apply(2, "play:3S").apply(0, "play:T10")
    assert state.phase == "summon" and state.taker == 0
    assert choice(state, 0) == "summon:C"


def test_it_does_not_summon_a_jack_for_a_queen() -> None:
    hands = [["T10", "2D", "5D"], ["KS", "3D", "6D"], ["QS", "JS", "4D"]]
    state = position("scarto", hands, ruleset="courtship", leader=1, exposed=frozenset({"JS"}))
    state = state.apply(1, "play:KS").apply(2, "play:QS").apply(0, "play:T10")
    assert state.phase == "summon"
    assert choice(state, 0) == "pass"


def test_the_butt_puts_one_of_the_cards_offered_on_its_pile() -> None:
    """The Last Laugh: seat 1 must play the Fool to a club lead (it holds a club court card);
    seat 2 takes it with the King and puts the Queen or the Cavalier of clubs in its place."""
    hands = [["2C", "2D", "3D"], ["FOOL", "JC", "4D"], ["KC", "QC", "NC"]]
    state = position("scarto", hands, ruleset="last-laugh")
    state = state.apply(0, "play:2C")
    assert [a.token for a in state.legal_actions(1)] == ["play:FOOL"]
    assert choice(state, 1) == "play:FOOL"
    state = state.apply(1, "play:FOOL").apply(2, "play:KC")
    assert state.phase == "give" and state.fool_holder == 2
    offered = {a.token for a in state.legal_actions(2)}
    assert offered == {"give:QC", "give:NC"}
    assert choice(state, 2) in offered


# -- set positions --------------------------------------------------------------------------------

def test_it_takes_a_trick_full_of_points_with_its_king() -> None:
    """Tarocchi, seat 1 last to play to a spade trick worth 7 points: its King takes it."""
    hands = [["2D", "3D"], ["KS", "4S", "5D"], ["6D", "7D"], ["8D", "9D"]]
    plays = [(2, "QS"), (3, "JS"), (0, "NS")]
    state = position("tarocchi", hands, plays, leader=2)
    assert choice(state, 1) == "play:KS"


def test_it_does_not_waste_a_high_trump_when_its_partner_holds_the_trick_with_the_world() -> None:
    """Tarocchi, seats 1 and 3 partners: seat 3 led the World, which nothing beats; seat 1 must
    play a trump and plays its lowest, keeping the Twenty."""
    hands = [["2D", "3D"], ["T20", "T2", "KS"], ["6D", "7D", "5D"], ["8D", "9D"]]
    state = position("tarocchi", hands, [(3, "T21"), (0, "T4")], leader=3)
    assert {a.token for a in state.legal_actions(1)} == {"play:T20", "play:T2"}
    assert choice(state, 1) == "play:T2"


def test_it_gives_its_partner_points_when_the_trick_is_surely_theirs() -> None:
    """Conference, seats 0 and 1 partners: seat 0 holds the trick with the World; seat 1, last
    to play and out of trumps and diamonds, throws its Queen onto it rather than an empty card."""
    hands = [["2S", "3S"], ["QC", "2C", "4C"], ["5S", "6S"], ["7S", "8S"]]
    plays = [(2, "T5"), (3, "T6"), (0, "T21")]
    state = position("conference", hands, plays, leader=2)
    assert choice(state, 1) == "play:QC"


def test_it_discards_points_it_cannot_keep() -> None:
    """Tarocchi (Aces may go): the dealer holds two unguarded Aces among long trumps, and
    discards them, making ten points safe."""
    trumps = [f"T{i}" for i in range(2, 17)]
    mine = [*trumps, "AS", "AB", "KC", "2D"]
    state = registry.get("tarocchi").new_game(4, seed=1, options={"first_dealer": 0},
                                              deck=deck_for(decks.tarot(), [19, 19, 19, 19], [mine], then=["3D", "4D"]))
    assert isinstance(state, TarotTableState)
    token = choice(state, 0)
    assert sorted(token.split(":")[1].split(",")) == ["AB", "AS"]


def test_its_discard_search_keeps_the_best_handful_through_every_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """The discard's play-outs drop the worse half of the handfuls after each round and spend
    more deals on those left: with play-outs that score a handful by its cards alone, the best
    of twelve wins wherever it stands in the list, the worst are played out on fewest deals, and
    the whole search keeps to its budget."""
    state = new_game("scarto", 3, ruleset="courtship")
    dealer = state.dealer
    hand = [sim.ID[c] for c in state.hands[dealer]]
    groups = [list(g) for g in itertools.combinations(hand[:6], 3)][:12]
    scores = [3, 9, 1, 6, 0, 8, 11, 2, 10, 4, 7, 5]  # the best is the seventh, the worst the fifth
    worth = {sim.mask(g): float(v) for g, v in zip(groups, scores, strict=True)}
    played: dict[int, int] = {}

    def value(_: TarotTableState, __: int, ___: float = 0.0):  # type: ignore[no-untyped-def]
        return lambda t: worth[t.disc]

    def rollout(t: sim.Table) -> None:
        played[t.disc] = played.get(t.disc, 0) + 1

    monkeypatch.setattr(ai, "_objective", value)
    monkeypatch.setattr(ai, "rollout", rollout)
    assert ai._discard_search(state, dealer, random.Random(0), hand, groups) == 6
    counts = [played[sim.mask(g)] for g in groups]
    assert counts[6] == max(counts) and counts[4] == min(counts) < counts[6]
    assert sum(counts) * (len(hand) - 3) * 3 <= ai.DISCARD_BUDGET


@pytest.mark.parametrize("key", GAMES)
def test_its_discards_are_always_legal(key: str, quick: None) -> None:
    for seed in range(6):
        state = new_game(key, seed, ruleset=RULESETS[seed % 4])
        dealer = state.dealer
        pick = state.pick(dealer)
        assert pick is not None
        action = ai.choose(state, dealer, random.Random(seed))
        after = state.apply(dealer, action)  # IllegalAction would fail the test
        assert after.phase == "play" and len(after.discard) == len(pick.fixed) + pick.most
        assert all(state.table.may_discard(c, state.hands[dealer], state.good_and_evil) or c in pick.fixed
                   for c in after.discard)


# -- the simulator --------------------------------------------------------------------------------

@pytest.mark.parametrize(("key", "ruleset"), EVERY, ids=IDS)
def test_the_simulator_plays_by_the_rules_and_scores_as_the_game_does(key: str, ruleset: str) -> None:
    """A deal of the search, every card placed as in the game, offers the moves the rules allow
    at every turn, asks the same questions between tricks, and ends the hand with the points the
    game counts for each side."""
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(key, seed, ruleset=ruleset)
        t: sim.Table | None = None
        while not state.is_over:
            seat = min(state.to_move)
            if t is None and state.phase != "discard" and rng.random() < 0.15:
                t = sim.from_state(state, state.hands, state.discard)
            if t is not None:
                assert t.to_move() == seat
                phase = {"play": sim.PLAY, "summon": sim.SUMMON, "give": sim.GIVE, "claim": sim.CLAIM}[state.phase]
                assert t.phase == phase
                if state.phase == "play":
                    assert sorted(t.legal(seat)) == sorted(sim.encode(state.playable(seat)))
            action = random_action(state, seat, rng)
            before, state = state, state.apply(seat, action)
            if t is None:
                continue
            arg = action.token.partition(":")[2]
            if before.phase == "play":
                t.play(sim.ID[arg])
            elif before.phase == "summon":
                t.summon(sim.CALLS[action.token])
            elif before.phase == "give":
                t.give(sim.ID[arg])
            elif before.phase == "claim":
                t.claim([] if arg == "none" else sim.encode(arg.split(",")))
            if t.over:
                record = state.round_ends[-1]
                by_side = {before.side(s[0]): p for s, p in zip(record["sides"], record["points"], strict=True)}
                assert t.side_points() == [by_side[i] for i in range(len(by_side))]
                checked += 1
                t = None
    assert checked >= 3
