"""The Fan Tan table, hand and hand's-end images: real game states (stacked decks are dealt one
card at a time from the top, seat 0 first), what each shows where, and that they draw nothing a
viewer may not see. The table is laid out for the box Discord shows inline (COPY_SIZE)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageStat

from games import registry
from games.core.cards import STANDARD_RANKS
from games.fan_tan import FanTanState
from renderers import render_hand, render_round_end, render_table, table_image
from renderers.games.fan_tan import parts
from renderers.games.fan_tan.hand import HAND_MIN_W
from renderers.games.fan_tan.table import Table
from renderers.kit import shown
from renderers.kit.regions import REGIONS
from renderers.tools.gallery import SAMPLE_NAMES, play, stages

RULES = registry.get("fan-tan")
PACK = [f"{r}{s}" for s in parts.SUITS for r in STANDARD_RANKS]
NAMES = ["Annabel", "Bartholomew", "Cyrille", "Dmitri", "Eve", "Fatima", "Gustavo", "Hiroko"]


def game(players: int = 4, **options: object) -> FanTanState:
    """A game where seat 1 (left of the dealer, seat 0) holds 7♠ 8♠ 7♥ and starts."""
    firsts = {1: ["7S", "8S", "7H"]}
    rest = iter(c for c in PACK if not any(c in h for h in firsts.values()))
    sizes = [52 // players + (1 if (s - 1) % players < 52 % players else 0) for s in range(players)]
    hands = [firsts.get(s, []) + [next(rest) for _ in range(sizes[s] - len(firsts.get(s, [])))]
             for s in range(players)]
    deck = [hands[s][i] for i in range(max(sizes)) for s in range(players) if i < sizes[s]]
    state = RULES.new_game(players, seed=3, options={"first_dealer": 0, **options}, deck=deck)
    assert isinstance(state, FanTanState) and state.to_move == {1}
    return state


def view(state: FanTanState, seat: int | None = None) -> dict[str, object]:
    return state.view(seat) | {"names": NAMES[: state.players]}


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def whiteness(img: Image.Image, tile: tuple[float, float, float, float]) -> float:
    """How card-white a tile's plain strip is (0..255): a card face is near 250, the felt near 60."""
    x0, y0, _, y1 = (round(v) for v in tile)
    patch = img.crop((x0 + 2, y0 + 4, x0 + 5, y1 - 4))  # inside the border, left of the rank
    return float(sum(ImageStat.Stat(patch).mean) / 3)


def test_a_suit_shows_its_7_once_played_and_an_empty_7_place_before() -> None:
    state = game()
    before = image(render_table("fan-tan", view(state)))
    after_state = state.apply(1, "play:7S")
    after = image(render_table("fan-tan", view(after_state)))
    table = Table(view(after_state))
    spades, hearts = table.tile(0, 7), table.tile(1, 7)
    assert whiteness(before, spades) < 120 and whiteness(after, spades) > 200
    assert whiteness(after, hearts) < 120  # hearts not opened: still an empty place
    assert whiteness(after, table.tile(0, 8)) < 120 and whiteness(after, table.tile(0, 6)) < 120


def test_the_table_never_draws_a_hand() -> None:
    state = game()
    mine = view(state, 1)
    swapped = mine | {"hand": ["AS", "2S"], "playable": ["AS"], "legal": []}
    assert render_table("fan-tan", mine) == render_table("fan-tan", swapped)


def test_every_seat_watches_the_same_table_while_another_plays() -> None:
    state = game(6).apply(1, "play:7S,7H")
    pictures = {render_table("fan-tan", view(state, seat) | {"status": ""}) for seat in (0, 3, 4, None)}
    assert len(pictures) == 1


def test_each_tile_has_one_picture_drawn_once() -> None:
    parts.tile_sprite.cache_clear()
    REGIONS.clear()
    state = game(8).apply(1, "play:7S,7H")
    render_table("fan-tan", view(state))
    first = parts.tile_sprite.cache_info()
    render_table("fan-tan", view(state, 2))
    # 7♠ and 7♥ (outlined, just played), the four places beside them, the 7s of the two suits
    # not opened and one empty tile: each drawn once, and the second table draws none again.
    assert first.currsize == first.misses == 9
    assert parts.tile_sprite.cache_info().misses == first.misses


@pytest.mark.parametrize("players", [3, 5, 8])
def test_every_stage_is_one_picture_of_the_box_size_with_legible_text(players: int, text_sizes: list[int]) -> None:
    sizes = text_sizes
    parts.tile_sprite.cache_clear()
    REGIONS.clear()
    for stage in stages("fan-tan", players):
        img = table_image("fan-tan", stage.view(None))
        assert img.mode == "RGB" and img.size == shown.COPY_SIZE, stage.label
    assert sizes and min(sizes) >= shown.COPY_TEXT_MIN
    REGIONS.clear()


def test_the_table_tells_the_game_the_turn_the_moves_and_the_pot(drawn: list[str]) -> None:
    state = game(4).apply(1, "play:7S")
    render_table("fan-tan", view(state))
    assert "Cyrille to play \u00b7 pot 4 chips" in drawn
    assert "Fan Tan" in drawn and any("Hand 1 of 1 \u00b7 Annabel deals" in t for t in drawn)
    assert "Bartholomew plays 7" in drawn  # the last move (its suit a mark)
    assert "Pot 4" in drawn
    assert all(name in drawn for name in NAMES[:4])


def test_honour_mode_shows_the_fines_found_and_the_last_hands_end(drawn: list[str]) -> None:
    import random

    state = RULES.new_game(4, seed=7, options={"strict": False, "first_dealer": 0, "hands": 2})
    rng = random.Random(7)
    fined = second = None
    while not state.is_over and second is None:
        (seat,) = state.to_move
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert isinstance(state, FanTanState)
        if fined is None and state.found:
            fined = state
        if state.last_hand is not None:
            second = state
    assert isinstance(fined, FanTanState) and isinstance(second, FanTanState)
    render_table("fan-tan", view(fined))
    assert any("honour mode" in t for t in drawn)
    assert any(t.startswith("fined ") for t in drawn)
    drawn.clear()
    render_table("fan-tan", view(second))
    last = second.last_hand or {}
    assert f"Hand 1: {NAMES[last['winner']]} took {last['pot']}" in drawn


def test_the_end_tells_who_won(drawn: list[str]) -> None:
    state = play("fan-tan", 3, 7)[-1]
    assert state.is_over
    names = {"names": list(SAMPLE_NAMES[:3])}
    render_table("fan-tan", state.view(None) | names)
    (winner,) = state.view(None)["outcome"]["winners"]
    stacks = state.view(None)["stacks"]
    assert f"{SAMPLE_NAMES[winner]} wins with {stacks[winner]} chips" in drawn
    assert any(t.startswith(" \u00b7 Game over after") for t in drawn)


def test_the_hand_marks_playable_cards_and_where_they_go() -> None:
    state = game()
    mine = view(state, 1)
    assert mine["playable"] == ["7S", "7H"]
    shown = render_hand("fan-tan", mine)
    waiting = render_hand("fan-tan", view(state.apply(1, "play:7S"), 1))
    assert shown != waiting and image(shown).width >= HAND_MIN_W


def test_a_hands_end_lists_the_cards_left_and_the_pot(drawn: list[str]) -> None:
    state = game(3, strict=False)
    while not state.is_over:  # seat 1 passes holding cards once, then everyone plays
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        withhold = seat == 1 and not state.found and not any(t == "pass" for _, t in state.history)
        state = state.apply(seat, legal[-1] if withhold else legal[0])
    ended = state.round_ends[-1]
    # The pot taken: the antes, 3 chips a fine, a chip for each card left.
    assert ended["offences"]
    offences = [f for f in ended["offences"] if not f.get("held_back")]  # T-6's held-back part: 7-fines only
    assert ended["pot"] == sum(ended["antes"]) + 3 * len(offences) + sum(p["cards"] for p in ended["paid"])
    picture = image(render_round_end("fan-tan", view(state), ended))
    assert picture.size == shown.COPY_SIZE
    assert f"{NAMES[ended['winner']]} goes out" in drawn and f"and takes the pot of {ended['pot']} chips" in drawn
    assert f"+{ended['pot']}" in drawn
    for paid in ended["paid"]:  # what each paid, and the cards they had left (as text, ranks after a suit mark)
        assert f"-{paid['cards']}" in drawn
        for suit in parts.SUITS:
            ranks = [c[:-1] for c in ended["left"][paid["seat"]] if c[-1] == suit]
            assert not ranks or any(t.startswith(" " + " ".join(ranks)) for t in drawn), (paid, suit)
    assert all(str(stack) in drawn for stack in ended["stacks"])
    # Every offence found, with its fine (T-6's held-back part named as such).
    assert "OFFENCES FOUND" in drawn
    for found in ended["offences"]:
        did = "had also held back" if found.get("held_back") else "passed holding"
        assert any(t.startswith(f"{NAMES[found['seat']]} {did} ") for t in drawn), found
        assert f"fined {found['fine']}" in drawn
