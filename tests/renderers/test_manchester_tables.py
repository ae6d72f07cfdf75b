"""The Manchester Piccadilly and Manchester Truffle table, hand and hand's-end images: every phase of
both games from real states, for both seats and a spectator; what each picture shows where; and
that no picture shows a card its viewer may not see (stacked decks that differ only in hidden
cards draw the same bytes, and every card face drawn is one the view gives)."""

from __future__ import annotations

import functools
import io
import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops

from games import registry
from games.core import decks
from games.core.base import State, random_action
from games.tarot import pack
from renderers import render_hand, render_round_end, render_table
from renderers.games.tarot import scene, shared_round_end
from renderers.games.tarot.manchester import board, hands, plates, round_ends
from renderers.kit import card_rows, layout, shown
from renderers.kit.layout import PNG_LIMIT

from .test_tarot_base_tables import laid_out

KEYS = ("manchester-piccadilly", "manchester-truffle")
NAMES = ["Annabel", "Bartholomew"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def texts(drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``drawn`` (every plate drawn afresh, so that the texts on them are recorded)."""
    return drawn


@pytest.fixture
def faces(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every card face pasted while the test runs (backs are not faces)."""
    seen: list[str] = []
    real = card_rows.card_image

    def recording(token: str, *args: Any, **kwargs: Any) -> Image.Image:
        seen.append(token)
        return real(token, *args, **kwargs)

    monkeypatch.setattr(card_rows, "card_image", recording)
    monkeypatch.setattr(card_rows, "_dimmed", card_rows._dimmed.__wrapped__)  # through card_image each time
    return seen


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    return state.view(seat) | {"names": NAMES}


def image(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC) and len(png) <= PNG_LIMIT
    return Image.open(io.BytesIO(png)).convert("RGB")


def same(a: bytes, b: bytes) -> bool:
    return ImageChops.difference(image(a), image(b)).getbbox() is None


@functools.cache
def history(key: str, seed: int = 4) -> tuple[State, ...]:
    """A seeded game played to the end by random legal moves, the moving seat chosen at random."""
    state = registry.get(key).new_game(2, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        seat = rng.choice(sorted(state.to_move))
        state = state.apply(seat, random_action(state, seat, rng))
        states.append(state)
    return tuple(states)


def moments(key: str) -> Iterator[State]:
    """The first state of each phase of each hand, the first with a trick half played in each part,
    the first playing from a dummy, and the end."""
    seen: set[tuple[Any, ...]] = set()
    states = history(key)
    for state in states:
        v = state.view(None)
        plays = (v["trick"] or {}).get("plays") or []
        position = v["to_play"]
        marks = [(v["hand_no"], v["phase"]), ("trick", v["phase"], bool(plays) and v["last_trick"] is not None),
                 ("dummy", position is not None and v["positions"][position]["dummy"])]
        fresh = [m for m in marks if m not in seen and m[-1] is not False]
        if fresh:
            seen.update(fresh)
            yield state
    yield states[-1]


def moment(key: str, test: Any) -> State:
    return next(s for s in history(key) if test(s.view(None)))


# -- every phase, every viewer -------------------------------------------------------------------

@pytest.mark.parametrize("key", KEYS)
def test_every_phase_draws_a_table_and_a_hand_for_both_seats_and_a_spectator(key: str) -> None:
    phases = set()
    for state in moments(key):
        phases.add(state.view(None)["phase"])
        tables = [render_table(key, view(state, seat)) for seat in (0, 1, None)]
        for png in tables:
            assert image(png).size == shown.COPY_SIZE
        # Every seat and spectator sees the same table.
        assert same(tables[0], tables[2]) and same(tables[1], tables[2])
        for seat in (0, 1, None):
            assert image(render_hand(key, view(state, seat))).width >= 600
    second = {"choose", "play2"} if key == "manchester-piccadilly" else {"discard2", "play2"}
    assert phases == {"discard", "play1"} | second


@pytest.mark.parametrize("key", KEYS)
def test_the_tables_name_the_hand_the_part_and_the_trick(key: str, texts: list[str]) -> None:
    state = moment(key, lambda v: v["phase"] == "play2" and (v["trick"] or {}).get("plays"))
    v = view(state)
    render_table(key, v)
    words = " ".join(texts)
    part = "Truffle" if key == "manchester-truffle" else "Piccadilly"
    assert f"Hand {v['hand_no']} of 2 \u00b7 {part} \u00b7 trick {v['trick_no']}" in words
    assert f"Trick {v['trick_no']} of {16 if part == 'Truffle' else 13}" in words
    assert "led" in texts and all(f"hand value {n}" in words for n in v["announced"])
    assert "Manchester " in words and f"{part} " in words
    assert {"Annabel", "Bartholomew"} <= set(texts)
    if part == "Piccadilly":
        assert {"Annabel's dummy", "Bartholomew's dummy"} <= set(texts)
    else:
        controller = v["positions"][1]["controller"]
        assert "Dummy" in texts and f"{NAMES[controller]} plays" in words
        assert f"Laid aside by {NAMES[v['dealer']]}" in texts


def plate_names(v: dict[str, Any]) -> list[str]:
    """The positions' names as the table's plates show them."""
    return [f"Dummy \u00b7 {NAMES[p['owner']]}" if p["dummy"] and p["owner"] >= 0 else "The dummy" if p["dummy"]
            else NAMES[p["owner"]] for p in v["positions"]]


def test_piccadilly_sits_four_positions_along_the_table_in_play_order(monkeypatch: pytest.MonkeyPatch) -> None:
    state = moment("manchester-piccadilly", lambda v: v["phase"] == "play2")
    v = view(state)
    table = board.Board(v)
    plates, _ = laid_out("manchester-piccadilly", v, monkeypatch)
    names = plate_names(v)
    mine = next(p.position for p in table.places if p.owner == 0 and not p.dummy)
    # Left to right is play order, from seat 0's hand.
    lefts = [plates[names[(mine + i) % 4]][0] for i in range(4)]
    assert lefts == sorted(lefts)
    # Seat 0's own dummy plays third, after the other player's hand.
    assert names[(mine + 2) % 4] == "Dummy \u00b7 Annabel"


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_truffle_dummy_plays_after_the_dealer(dealer: int, monkeypatch: pytest.MonkeyPatch) -> None:
    state = registry.get("manchester-truffle").new_game(2, seed=9, options={"first_dealer": dealer})
    rng = random.Random(1)
    while state.view(None)["phase"] != "discard2":
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    v = view(state)
    plates, _ = laid_out("manchester-truffle", v, monkeypatch)
    order = sorted(plates, key=lambda name: plates[name][0])
    assert order[0] == "Annabel"  # seat 0's hand first
    assert order[(order.index(NAMES[dealer]) + 1) % 3] == "The dummy"


def test_each_trick_card_lies_under_the_position_that_played_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state = moment("manchester-piccadilly",
                   lambda v: v["phase"] == "play2" and len((v["trick"] or {}).get("plays") or []) == 2)
    v = view(state)
    plates, cards = laid_out("manchester-piccadilly", v, monkeypatch)
    names = plate_names(v)
    width = shown.COPY_CARD_WIDTH
    for play in v["trick"]["plays"]:
        x0, _, x1, y1 = plates[names[play["seat"]]]
        _, left, top = next(c for c in cards if c[0] == play["card"])
        assert abs(left + width / 2 - (x0 + x1) / 2) < 1 and top >= y1
    # No two trick cards overlap.
    lefts = sorted(left for token, left, _ in cards)
    assert all(b - a >= width for a, b in itertools.pairwise(lefts))


# -- nothing hidden is drawn ---------------------------------------------------------------------

def shuffled(seed: int) -> list[str]:
    deck = list(decks.tarot())
    random.Random(seed).shuffle(deck)
    return deck


def swapped(deck: list[str], i: int, j: int) -> list[str]:
    out = list(deck)
    out[i], out[j] = out[j], out[i]
    return out


def plain(card: str) -> bool:
    """A suit card worth one point."""
    return card != pack.FOOL and not pack.is_trump(card) and pack.empty(card)


def stacked(first: range, second: range) -> tuple[list[str], int, int]:
    """A shuffled deck and the indices in ``first`` and ``second`` of two plain cards of one suit."""
    for seed in range(100):
        deck = shuffled(seed)
        for i in first:
            for j in second:
                if plain(deck[i]) and plain(deck[j]) and deck[i][-1] == deck[j][-1]:
                    return deck, i, j
    raise AssertionError("no deck")


def twins(key: str, deck: list[str], other: list[str], avoid: set[str], stop: Any) -> Iterator[tuple[State, State]]:
    """Two games from two decks played alike (each seat the first legal move not playing a card
    of ``avoid``) until ``stop`` holds for the first's spectator view, or a card of ``avoid`` must
    be played; every state pair on the way."""
    rules = registry.get(key)
    a = rules.new_game(2, seed=2, options={"first_dealer": 0}, deck=deck)
    b = rules.new_game(2, seed=2, options={"first_dealer": 0}, deck=other)
    while True:
        yield a, b
        if stop(a.view(None)) or a.is_over:
            return
        seat = min(a.to_move)
        pick = a.pick(seat)
        if pick is not None:  # a discard: the first cards it may take, none to avoid
            cards = list(pick.fixed) + [c for c in pick.cards if c not in avoid][: pick.most]
            token = "discard:" + ",".join(cards)
        else:
            tokens = [x.token for x in a.legal_actions(seat) if not set(x.token.partition(":")[2].split(",")) & avoid]
            if not tokens:  # a card to avoid must be played: the games part here
                return
            token = tokens[0]
        a, b = a.apply(seat, token), b.apply(seat, token)


@pytest.mark.parametrize("key", KEYS)
def test_a_table_does_not_depend_on_the_cards_it_hides_in_manchester(key: str) -> None:
    """Seat 1's hand and the stock differ by a card of one suit: the spectator's and seat 0's
    tables are the same through the discards and the first tricks, and so is seat 0's hand."""
    deck, i, j = stacked(range(1, 26, 2), range(26, 78))  # seat 1's hand, the stock
    other = swapped(deck, i, j)
    for a, b in twins(key, deck, other, {deck[i], deck[j]}, lambda v: v["trick_no"] == 5):
        for seat in (0, None):
            assert same(render_table(key, view(a, seat)), render_table(key, view(b, seat)))
        assert render_hand(key, view(a, 0)) == render_hand(key, view(b, 0))
    assert a.view(None)["phase"] == "play1" and a.view(None)["trick_no"] >= 3
    assert view(a, 1)["hand"] != view(b, 1)["hand"]


def test_truffle_draws_neither_the_card_out_of_play_nor_the_hands() -> None:
    """The card set aside out of play and a card of Opposite's second hand swapped: every table,
    and the dealer's hand, the same through the lay-aside and the first tricks of Truffle."""
    key = "manchester-truffle"
    # The stock (from 26) is dealt 16 each to the dealer, Opposite and the dummy, one at a time;
    # the dealer takes three of the last four and the fourth (the deck's last card) is out of play.
    deck, i, j = stacked(range(27, 26 + 48, 3), range(77, 78))
    other = swapped(deck, i, j)
    reached = False
    for a, b in twins(key, deck, other, {deck[i], deck[j]}, lambda v: v["phase"] == "play2" and v["trick_no"] == 4):
        reached = reached or a.view(None)["phase"] == "play2"
        for seat in (0, None):
            assert same(render_table(key, view(a, seat)), render_table(key, view(b, seat)))
        assert render_hand(key, view(a, 0)) == render_hand(key, view(b, 0))
    assert reached and a.view(None)["trick_no"] >= 2 and a.view(0)["dealer"] == 0


def test_piccadilly_draws_neither_players_candidate_hands_on_the_table() -> None:
    """The dealer's hand A and Opposite's hand A swap a card: the choice's table is the same, and
    so are the tables once both have chosen, as long as the cards swapped are in the hands held."""
    key = "manchester-piccadilly"
    # Four hands of 13 from the stock, one card at a time: the dealer's A and B, Opposite's A and B.
    deck, i, j = stacked(range(26, 78, 4), range(28, 78, 4))
    other = swapped(deck, i, j)
    phases = set()
    for a, b in twins(key, deck, other, {deck[i], deck[j]}, lambda v: v["phase"] == "play2" and v["trick_no"] == 3):
        phases.add(a.view(None)["phase"])
        assert same(render_table(key, view(a)), render_table(key, view(b)))
        if a.view(None)["phase"] == "choose":
            assert view(a, 0)["candidates"] != view(b, 0)["candidates"]
    assert {"choose", "play2"} <= phases


@pytest.mark.parametrize("key", KEYS)
def test_every_face_drawn_is_one_the_view_gives(key: str, faces: list[str]) -> None:
    for state in moments(key):
        for seat in (0, 1, None):
            v = view(state, seat)
            visible = set(v.get("shown") or [])
            visible |= {c for p in v["positions"] for c in p["cards"] or []}
            visible |= {c for t in (v["trick"], v["last_trick"]) if t for c in (p["card"] for p in t["plays"])}
            visible |= set(v["hand"] or []) | set(v["my_discards"] or [])
            visible |= {c for cand in v["candidates"] or [] for c in cand["cards"]}
            faces.clear()
            render_table(key, v)
            assert set(faces) <= visible
            faces.clear()
            render_hand(key, v)
            assert set(faces) <= visible


# -- the hand ------------------------------------------------------------------------------------

def test_the_choice_shows_both_candidate_hands_side_by_side_with_their_points(texts: list[str]) -> None:
    key = "manchester-piccadilly"
    state = moment(key, lambda v: v["phase"] == "choose")
    v = view(state, 1)
    png = render_hand(key, v)
    a, b = v["candidates"]
    assert {"Hand A", "Hand B", f"{a['points']} points", f"{b['points']} points"} <= set(texts)
    img = image(png)
    assert img.width == scene.WIDTH
    left, right = img.crop((0, 0, img.width // 2, img.height)), img.crop((img.width // 2, 0, img.width, img.height))
    for half in (left, right):  # card-white in both halves
        assert half.convert("L").point(lambda px: 255 if px > 240 else 0).histogram()[255] > 5000
    # A spectator sees no candidates.
    texts.clear()
    render_hand(key, view(state, None))
    assert "Hand A" not in texts and "Spectators hold no cards" in texts


@pytest.mark.parametrize("key", KEYS)
def test_playing_from_a_dummy_shows_its_cards_with_the_playable_ones_raised(key: str, texts: list[str]) -> None:
    state = moment(key, lambda v: v["to_play"] is not None and v["positions"][v["to_play"]]["dummy"])
    v = state.view(None)
    position = v["to_play"]
    mover = v["positions"][position]["controller"]
    mine = view(state, mover)
    painter = hands.shown_dummy(mine, plates.Names(mine))
    assert painter is not None
    render_hand(key, mine)
    assert any("play from it now" in t for t in texts) and "raised: may be played" in texts
    legal = hands.legal_cards(mine)
    assert legal and legal <= set(v["positions"][position]["cards"])
    other = view(state, 1 - mover)
    texts.clear()
    render_hand(key, other)
    assert not any("play from it now" in t for t in texts)


@pytest.mark.parametrize("key", KEYS)
def test_a_discard_raises_what_may_go(key: str, texts: list[str]) -> None:
    state = history(key)[0]
    render_hand(key, view(state, 0))
    assert "Discard these face down: 3 cards" in texts
    assert "Not trumps, Honours or Kings while you hold anything else" in texts


# -- a hand's end --------------------------------------------------------------------------------

@pytest.mark.parametrize("key", KEYS)
def test_a_hands_end_accounts_for_both_parts(key: str, texts: list[str]) -> None:
    state = history(key)[-1]
    assert len(state.round_ends) == 2
    for data in state.round_ends:
        texts.clear()
        png = render_round_end(key, view(state), data)
        assert image(png).size == shown.COPY_SIZE
        totals = data["totals"]
        if totals[0] != totals[1]:
            winner = NAMES[0 if totals[0] > totals[1] else 1]
            assert f"{winner} wins the hand by {abs(totals[0] - totals[1])}" in texts
        for seat in (0, 1):
            assert str(data["announced"][seat]) in texts and str(data["totals"][seat]) in texts
            assert f"{data['second'][seat] - data['tricks'][seat]} + {layout.plural(data['tricks'][seat], 'trick')}" \
                in texts
        assert "MANCHESTER" in texts


def test_a_hands_end_tells_the_fools_exchange(texts: list[str]) -> None:
    key = "manchester-piccadilly"
    state = history(key)[-1]
    data = dict(state.round_ends[0])
    who = plates.Names(view(state))
    given = fool_texts(dict(data, fool={"owner": 0, "taker": 1, "lost": False}), who)
    assert given == "The Fool: Annabel took it back from Bartholomew's trick and gave a card for it"
    lost = fool_texts(dict(data, fool={"owner": 1, "taker": 0, "lost": True}), who)
    assert lost == "The Fool: Bartholomew played it to the last trick and lost it to Annabel"
    dummy = fool_texts(dict(data, fool={"owner": 1, "taker": -1, "lost": False}), who)
    assert "from the dummy's trick" in dummy
    texts.clear()
    with_fool = image(render_round_end(key, view(state), dict(data, fool={"owner": 0, "taker": 1, "lost": False})))
    assert any(t in given for t in texts if t.startswith("The Fool:"))
    texts.clear()
    without = image(render_round_end(key, view(state), dict(data, fool=None)))
    assert not any("Fool:" in t for t in texts)
    assert with_fool.size == without.size == shown.COPY_SIZE


def fool_texts(data: dict[str, Any], who: plates.Names) -> str:
    return round_ends.fool_text(data["fool"], who)


def test_truffles_end_shows_the_dummys_pile_and_the_card_out_of_play(texts: list[str]) -> None:
    key = "manchester-truffle"
    state = history(key)[-1]
    data = state.round_ends[-1]
    render_round_end(key, view(state), data)
    dummy = data["piles"]["second"][2]
    assert "The dummy" in texts and f"{layout.plural(pack.total(dummy), 'point')}, counts for nobody" in texts
    assert shared_round_end.runs([c for c in dummy if not pack.empty(c)])[0][1] in texts
    assert data["piles"]["out_of_play"]
    assert "Out of play:" in texts
    assert next(words for _, words in shared_round_end.runs(data["piles"]["out_of_play"])) in texts
