"""Teaching that is right (issue 45): what the quick starts, /rules, coach lines and hints say agrees
with the rules the engine plays, checked against the engine itself and over random states of the
games where a statement depends on the state."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from games import registry
from games.bullshit.rules import BullshitState, count_word, packs_for
from games.busca import ai as busca_ai
from games.busca import rules as busca_rules
from games.core import cards
from games.core.base import State
from games.core.cards import TAROT_RANKS
from games.core.tricks import Trick, winner
from games.dracula import explain as dracula_explain
from games.dracula import scoring as dracula_scoring
from games.dracula.actions import Place
from games.dracula.rules import DraculaState, side_of
from games.fan_tan import rules as fan_tan_rules
from games.fosco import counting
from games.fscking_ace import values
from games.tarot import guide as tarot_guide
from games.tarot import pack
from games.tarot.base import texts as tarot_texts
from games.tarot.base.state import TarotTableState

TAROT = ("manchester-piccadilly", "manchester-truffle", "scarto", "tarocchi", "conference")


def random_states(key: str, players: int, seed: int, options: dict[str, object] | None = None) -> list[State]:
    """Every state of one game played by seeded random moves."""
    state = registry.get(key).new_game(players, seed=seed, options=options or {})
    rng, seen = random.Random(seed), [state]
    while not state.is_over and len(seen) < 800:
        seat = min(state.to_move)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen.append(state)
    return seen


def quick(key: str) -> str:
    return " ".join(registry.get(key).quick_start)


# -- card order: the order a quick start names is the order the engine compares (point 11) ---------------
def ranks_named(order: str, ranks: dict[str, str], run: tuple[str, ...]) -> list[str]:
    """``order`` ("3 high, then 2, Ace, ... 7 … 4") as rank codes, highest first, "…" filled from ``run``."""
    words = re.findall(r"Ace|King|Queen|Cavalier|Jack|\d+|\u2026", order)
    out: list[str] = []
    for k, word in enumerate(words):
        if word == "\u2026":
            start, end = run.index(out[-1]), run.index(ranks.get(words[k + 1], words[k + 1]))
            out += list(run[start + 1:end])
        else:
            out.append(ranks.get(word, word))
    return out


NAMES = {"Ace": "A", "King": "K", "Queen": "Q", "Cavalier": "N", "Jack": "J"}


def test_busca_ranks_its_cards_as_its_quick_start_says() -> None:
    assert busca_rules.ORDER in quick("busca")
    named = ranks_named(busca_rules.ORDER, NAMES, tuple(str(n) for n in range(7, 3, -1)))
    assert named == list(busca_rules.RANKS)  # every rank the pack holds, in the order said
    for high, low in itertools.pairwise(named):  # each beats the next when its suit is led
        trick = Trick(0, ((0, f"{low}D"), (1, f"{high}D")))
        assert winner(trick, busca_rules.STRENGTH) == 1, (high, low)
    assert winner(Trick(0, ((0, "4S"), (1, "3D"))), busca_rules.STRENGTH) == 0  # a 3 of another suit cannot win


@pytest.mark.parametrize("key", TAROT)
def test_the_tarot_games_rank_their_suits_as_their_quick_starts_say(key: str) -> None:
    assert tarot_guide.SUIT_ORDER in quick(key)
    named = ranks_named(tarot_guide.SUIT_ORDER, NAMES, (*(str(n) for n in range(10, 1, -1)), "A"))
    assert named == list(TAROT_RANKS)  # the suit's fourteen ranks, highest first
    for high, low in itertools.pairwise(named):
        assert pack.winner(Trick(0, ((0, f"{low}C"), (1, f"{high}C")))) == 1, (high, low)


def test_fan_tan_says_aces_are_low() -> None:
    assert "Ace (low)" in quick("fan-tan") and "up to the King" in quick("fan-tan")
    assert fan_tan_rules.rank("AH") == 1 and fan_tan_rules.rank("KH") == 13


# -- what scores (point 12), as the engine scores it -----------------------------------------------------
@pytest.mark.parametrize("key", TAROT)
def test_the_tarot_quick_starts_give_the_card_points_the_engine_counts(key: str) -> None:
    said = quick(key)
    assert tarot_guide.QUICK_POINTS in said
    worth = {"Honours": pack.points("T21"), "Kings": pack.points("KS"), "Aces": pack.points("AS"),
             "Queens": pack.points("QS"), "Cavaliers": pack.points("NS"), "Jacks": pack.points("JS"),
             "others": pack.points("5S")}
    assert worth["Honours"] == pack.points("FOOL") == pack.points("T1") and pack.points("T7") == worth["others"]
    for word, n in worth.items():
        assert re.search(rf"{word}( and Aces)? {n}\b|{word} {n}|Kings and Aces {n}|, Kings and {word} {n}", said) \
            or f"{word} {n}" in said or (word in ("Kings", "Aces") and f"Kings and Aces {n}" in said), (word, n)


@pytest.mark.parametrize("key", ("manchester-piccadilly", "manchester-truffle"))
def test_manchester_says_how_its_first_part_scores(key: str) -> None:
    assert "you score your pile, three discards included, less the value of the hand you were dealt" in quick(key)
    assert "plus 1 a trick" in quick(key)


def test_dracula_gives_each_cards_count_as_it_scores() -> None:
    said = quick("dracula")
    assert dracula_scoring.points("QH", "rows") == 10 and dracula_scoring.points("QH", "cols") == 0
    assert dracula_scoring.points("KH", "cols") == 10 and dracula_scoring.points("KH", "rows") == 0
    assert dracula_scoring.points("JH", "rows") == dracula_scoring.points("JH", "cols") == 0
    assert dracula_scoring.points("AH", "rows") == 1 and dracula_scoring.points("7H", "cols") == 7
    assert "a Queen 10 in a row only, a King 10 in a column only, a Jack 0" in said and "an Ace 1" in said
    assert dracula_scoring.line_value(["X1", "9H", "10H"], "rows") == 0
    assert "A Vampire drains its row and column to 0" in said


def test_fosco_says_what_each_card_adds() -> None:
    said = quick("fosco")
    assert "a Queen 0, a Jack what the card before it did; a King follows this table's rule" in said
    assert counting.own_effect("QS") == ("add", 0) and counting.own_effect("JS") is None  # a Jack copies
    assert counting.own_effect("7S") == ("add", 14)  # in half-points: its number
    weights = re.search(r"\(\u2660(\d) \u2665(\d) \u2663(\d) \u2666(\d)\)", said)
    assert weights and [int(w) for w in weights.groups()] == [counting.SUIT_WEIGHT[s] for s in "SHCD"]


def test_fscking_ace_gives_the_values_and_the_bonus_it_pays() -> None:
    said = quick("fscking-ace")
    assert "worth $1, a joker $5 or $10" in said and "$5 a player to whoever scored the most cards" in said
    assert "each red 2 doubles your plain cards (itself too), each 2\u2663 your jokers" in said
    assert values.BONUS_PER_PLAYER == 5 * values.DOLLAR
    assert sorted(values.JOKER_FACE.values()) == [5 * values.DOLLAR, 10 * values.DOLLAR]
    # 7♦, a red 2 and the $5 joker: the plain cards doubled (the 2 too), the joker not; a 2♣ doubles the joker
    assert values.value(["7D", "2H", "X1"]) == 2 * 2 * values.DOLLAR + 5 * values.DOLLAR
    assert values.value(["7D", "2C", "X1"]) == 2 * values.DOLLAR + 10 * values.DOLLAR


def test_bullshit_says_eight_cards_a_play_with_two_packs() -> None:
    said = quick("bullshit")
    assert "1 to 4 cards" in said and "1 to 8 at 7+ players" in said
    assert 4 * packs_for(6) == 4 and 4 * packs_for(7) == 8


# -- the texts that taught a rule wrongly (points 1 to 10) -----------------------------------------------
def test_the_fool_is_given_up_by_a_player_who_took_no_trick() -> None:
    """Point 1 and 6: K-3 in the Manchester and the base games' /rules."""
    assert "if your pile is empty" not in tarot_guide.PICCADILLY_GUIDE
    assert "If you took no trick in that part, you cannot pay: the Fool itself goes to the winner" \
        in tarot_guide.PICCADILLY_GUIDE
    assert "a side that took no trick gives up the Fool itself" in tarot_guide.TABLE_PACK
    piles = pack.settle_fool({0: ["KS", "5C", "FOOL"], 1: ["AC"]}, owner=1, taker=0, owner_took_a_trick=False)
    assert "FOOL" in piles[0] and "FOOL" not in piles[1]


def test_fosco_does_not_say_a_king_always_raises_the_count() -> None:
    """Point 4: doubling 0 leaves 0; under "led" a King after a Queen lead adds 0."""
    guide = registry.get("fosco").guide
    assert "strictly upward" not in guide and "doubling 0 leaves 0" in guide
    assert counting.after(("double", 0), 0, 0) == 0  # a King that doubles, on an empty count
    assert counting.after(("led", 0), 6, 0) == 6  # under "led", after a Queen led (which came to 0)
    assert all(counting.after((rule, 0), count, 0) >= count for rule in counting.RAISES for count in range(0, 22))


def test_the_royal_affair_line_says_the_king_was_played_not_led() -> None:
    line = tarot_texts.COACHING["royal-affair"]
    assert "once the led suit's King is in the trick" in line and "after the King led" not in line


def test_busca_speaks_of_counting_cards_and_of_the_suit_led() -> None:
    state = registry.get("busca").new_game(4, seed=1)
    assert isinstance(state, busca_rules.BuscaState)
    said = busca_ai._aside_words(("3D", "5C", "6C"), "3D")[0]
    assert "takes any trick led in diamonds" in said and "wins any trick it is in" not in said


@pytest.mark.parametrize(("key", "players"), [("tarocchi", 4), ("conference", 4)])
def test_no_need_to_beat_the_partner_is_said_only_where_the_seat_may_stay_under(key: str, players: int) -> None:
    """Point 2: void and bound by K-2 to overtrump, a seat cannot leave its partner ahead."""
    shown = 0
    for seed in (500, 501, 502):
        for state in random_states(key, players, seed):
            assert isinstance(state, TarotTableState)
            for seat in state.to_move:
                coaching = state.coaching(seat)
                if coaching is None or state.phase != "play":
                    continue
                head = state.heading()
                can_stay_under = any(state.heading_after(seat, card) == head for card in state.playable(seat))
                if coaching.kind == "partner":
                    shown += 1
                    assert can_stay_under, (seed, seat, state.trick.plays)
    assert shown, "the partner line came up"


def placements(state: DraculaState, seat: int) -> list[Place]:
    return [a for a in state.legal_actions(seat) if isinstance(a, Place)]


def test_dracula_reasons_never_credit_a_line_a_vampire_drains() -> None:
    """Point 3: a Vampire's row and column score 0, whatever goes there."""
    checked = 0
    for seed in range(1, 25):
        for state in random_states("dracula", 2, seed):
            assert isinstance(state, DraculaState)
            if state.phase != "place" or state.ways is None:
                continue
            for seat in state.to_move:
                mine = state.ways[side_of(seat)]
                for place in placements(state, seat):
                    if place.card in dracula_scoring.VAMPIRES:
                        continue
                    through = {d: dracula_explain._line_of(place.cell, d) for d in ("rows", "cols")}
                    lines = {d: [state.cells[i] for i in dracula_scoring.LINES[d][through[d]]] for d in through}
                    drained = {d: any(c in dracula_scoring.VAMPIRES for c in line if c) for d, line in lines.items()}
                    if not any(drained.values()):
                        continue
                    said = dracula_explain._effect(state, seat, place)
                    if said.startswith("Fills the coffin"):  # the coffin's true score, drained lines counted as 0
                        continue
                    checked += 1
                    if drained[mine]:
                        assert not re.match(r"Puts \d|Pairs |Completes your", said), said
                        assert "drain" in said, said
                    theirs = dracula_scoring.other(mine)
                    if drained[theirs] and said.startswith("Closes"):
                        assert "drain" in said and "before a" not in said, said
    assert checked > 20


def test_dracula_says_one_point_not_one_points() -> None:
    for seed in range(1, 15):
        for state in random_states("dracula", 2, seed):
            if isinstance(state, DraculaState) and state.phase == "place" and state.ways is not None:
                for seat in state.to_move:
                    for place in placements(state, seat):
                        assert "Puts 1 points" not in dracula_explain._effect(state, seat, place)


def test_fan_tan_compares_in_whole_words() -> None:
    """Point 9: "it frees none of your cards, this to no" read as nonsense."""
    seen = 0
    for seed in range(1, 30):
        for state in random_states("fan-tan", 4, seed)[::3]:
            for seat in state.to_move:
                if state.between_rounds:
                    continue
                hint = registry.hint(state, seat)
                for reason in hint.reasons:
                    assert not re.search(r"\bthis to no\b|\bto no\b", reason), reason
                    seen += "leads on to" in reason
    assert seen, "a comparison came up"


def test_cards_named_in_a_quick_start_are_real_cards() -> None:
    letters = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
    for rules in registry.all_rules():
        for line in rules.quick_start:
            for token in re.findall(r"\b(?:10|[2-9AKQJ])[\u2660\u2665\u2666\u2663]", line):
                assert cards.is_card(token[:-1] + letters[token[-1]]), token


def test_bullshit_hints_count_what_the_state_holds() -> None:
    """A stated card count matches the state: the pile a caught liar picks up, the copies of the
    claimed rank the seat holds."""
    words = {count_word(n): n for n in range(0, 9)}
    checked = 0
    for seed in range(1, 12):
        for state in random_states("bullshit", 4, seed):
            assert isinstance(state, BullshitState)
            if state.window is None:
                continue
            for seat in sorted(state.window.waiting):
                for reason in registry.hint(state, seat).reasons:
                    pile = re.search(r"picks up the pile of (\d+)", reason)
                    if pile:
                        assert int(pile.group(1)) == len(state.pile), (reason, len(state.pile))
                        checked += 1
                    held = re.search(r"you hold (\w+) of the (\w+)", reason)
                    if held and held.group(1) in words:
                        mine = sum(1 for c in state.hands[seat] if cards.rank_of(c) == state.window.rank)
                        assert words[held.group(1)] == mine, (reason, state.hands[seat], state.window.rank)
    assert checked, "a call's reasons came up"
