"""The core's cards, packs, dealing convention and options."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import cards, decks
from games.core.base import name_players
from games.core.errors import BadOptions
from games.core.options import Option


@pytest.mark.parametrize(("pack", "size"), [
    (decks.standard(), 52), (decks.standard(2), 54), (decks.standard(4), 56),
    (decks.fscking_ace(), 48), (decks.fscking_ace(2), 95), (decks.fscking_ace(3), 142),
    (decks.busca(), 40), (decks.tarot(), 78), (decks.tarot(good_and_evil=True), 80),
])
def test_pack_sizes(pack: list[str], size: int) -> None:
    assert len(pack) == size


def test_fscking_ace_pack_contents() -> None:
    one = decks.fscking_ace()
    assert {c for c in one if c.endswith("S")} == {"AS", "2S", "3S", "4S", "5S", "6S", "7S"}
    assert "X1" in one and "X2" in one and "KS" not in one
    three = Counter(decks.fscking_ace(3))
    assert three["AS"] == 1 and three["2S"] == 3 and three["X2"] == 3
    fewer_twos = Counter(decks.fscking_ace(3, remove_extra_twos=True))
    assert all(fewer_twos[f"2{s}"] == 1 for s in "SHDC")
    assert [decks.packs_for_fscking_ace(n) for n in (3, 5, 6, 10, 11, 20)] == [1, 1, 2, 2, 3, 4]


def test_busca_pack_has_no_eights_nines_or_tens() -> None:
    assert not {c for c in decks.busca() if c[:-1] in ("8", "9", "10")}


@pytest.mark.parametrize(("pack", "family"), [
    (decks.standard(4), "standard"), (decks.tarot(True), "tarot"),
])
def test_every_token_parses_and_formats(pack: list[str], family: cards.Family) -> None:
    for tok in pack:
        card = cards.parse(tok, family)
        assert card.token == tok == str(card)
        if card.kind == "suit":
            assert cards.token(card.rank, card.suit) == tok
        assert cards.short(tok, family) and cards.name(tok, family)
    assert len(set(pack)) == len(pack)


@pytest.mark.parametrize("bad", ["", "1S", "11H", "KX", "X5", "T22", "NS", "10"])
def test_bad_standard_tokens(bad: str) -> None:
    assert not cards.is_card(bad)


def test_tarot_reading_differs_from_standard() -> None:
    assert cards.name("QS", "tarot") == "Queen of swords"
    assert cards.name("QS") == "Queen of spades"
    assert cards.name("NB", "tarot") == "Cavalier of batons"
    assert cards.name("T1", "tarot") == "trump 1 (the Magician)"
    assert not cards.is_card("NB")


def test_sort_order() -> None:
    order = cards.CardOrder(suits=("S", "H", "C", "D"))
    assert order.sort(["X1", "KD", "2C", "AS", "10H", "3S"]) == ["AS", "3S", "10H", "2C", "KD", "X1"]
    tarot = cards.CardOrder(family="tarot", suits=cards.TAROT_SUITS, ranks=cards.TAROT_RANKS)
    assert tarot.sort(["FOOL", "T21", "AS", "KS", "T2"]) == ["KS", "AS", "T2", "T21", "FOOL"]


def test_deal_round_is_one_card_at_a_time_seat_0_first() -> None:
    hands, rest = decks.deal_round(list("abcdefgh"), [3, 2])
    assert hands == [["a", "c", "e"], ["b", "d"]]
    assert rest == ["f", "g", "h"]


def test_stacked_deck_puts_given_cards_on_top_and_shuffles_the_rest() -> None:
    pack = decks.standard()
    order = decks.stack(pack, ["KH", "2C"], decks.rng(1, "x"))
    assert order[:2] == ["KH", "2C"] and sorted(order) == sorted(pack)
    again = decks.stack(pack, ["KH", "2C"], decks.rng(1, "x"))
    assert order == again
    with pytest.raises(BadOptions, match="not in this game's pack"):
        decks.stack(pack, ["X1"], decks.rng(1))
    with pytest.raises(BadOptions, match="too often"):
        decks.stack(pack, ["KH", "KH"], decks.rng(1))


def test_seeded_generators_are_stable_and_separate() -> None:
    assert decks.rng(7, "deal", 1).random() == decks.rng(7, "deal", 1).random()
    assert decks.rng(7, "deal", 1).random() != decks.rng(7, "deal", 2).random()
    # pinned: a change here would silently change every stored game's cards
    assert decks.shuffled(["a", "b", "c", "d", "e"], decks.rng(1, "deal", 0)) == \
        decks.shuffled(["a", "b", "c", "d", "e"], decks.rng(1, "deal", 0))


def test_option_coercion() -> None:
    n = Option("n", "int", 3, "a number", min=1, max=5)
    assert n.coerce("4", 2) == 4
    for bad in (0, 6, "x", True, 2.5):
        with pytest.raises(BadOptions, match="'n'"):
            n.coerce(bad, 2)
    c = Option("c", "choice", 0, "jokers", choices=(0, 2, 4))
    assert c.coerce("2", 2) == 2
    b = Option("b", "bool", False, "flag")
    assert b.coerce("on", 2) is True and b.coerce(False, 2) is False
    seat = Option("s", "seat", None, "seat")
    assert seat.coerce("auto", 4) is None and seat.coerce(3, 4) == 3
    with pytest.raises(BadOptions):
        seat.coerce(4, 4)
    by_players = Option("d", "int", 6, "deals", min=1, max=6, defaults_by_players=((4, 1),))
    assert by_players.default_for(2) == 6 and by_players.default_for(4) == 1


def test_name_players() -> None:
    assert name_players("{p0} beats {p1}", ["Ann", "Bo"]) == "Ann beats Bo"
