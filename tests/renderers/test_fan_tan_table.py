"""The Fan Tan table, hand and hand's-end images: real game states (stacked decks are dealt one
card at a time from the top, seat 0 first), what each shows where, and that they draw nothing a
viewer may not see."""

from __future__ import annotations

import io

from PIL import Image, ImageStat

from games import registry
from games.core.cards import STANDARD_RANKS
from games.fan_tan import FanTanState
from renderers import render_hand, render_round_end, render_table
from renderers.games import fan_tan, fan_tan_parts

RULES = registry.get("fan-tan")
PACK = [f"{r}{s}" for s in fan_tan.SUITS for r in STANDARD_RANKS]
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


def whiteness(img: Image.Image, centre: tuple[float, float]) -> float:
    """How card-white a small patch is (0..255): a card face is near 250, the felt near 60."""
    x, y = round(centre[0]), round(centre[1])
    patch = img.crop((x - 4, y + 30, x + 4, y + 38))  # below the card's centre pip, on plain face
    return float(sum(ImageStat.Stat(patch).mean) / 3)


def test_a_suit_shows_its_7_once_played_and_an_empty_7_place_before() -> None:
    state = game()
    before = image(render_table("fan-tan", view(state)))
    after_state = state.apply(1, "play:7S")
    after = image(render_table("fan-tan", view(after_state)))
    table = fan_tan.Table(view(after_state))
    spades, hearts = table.seven_centre(0), table.seven_centre(1)
    assert whiteness(before, spades) < 120 and whiteness(after, spades) > 200
    assert whiteness(after, hearts) < 120  # hearts not opened: still an empty place


def test_the_table_never_draws_a_hand() -> None:
    state = game()
    mine = view(state, 1)
    swapped = mine | {"hand": ["AS", "2S"], "playable": ["AS"], "legal": []}
    assert render_table("fan-tan", mine) == render_table("fan-tan", swapped)


def test_every_seat_watches_the_same_table_while_another_plays() -> None:
    state = game(6).apply(1, "play:7S,7H")
    pictures = {render_table("fan-tan", view(state, seat) | {"status": ""}) for seat in (0, 3, 4, None)}
    assert len(pictures) == 1


def test_each_card_has_one_tilted_picture_drawn_once() -> None:
    fan_tan_parts.fanned_card.cache_clear()
    state = game(8).apply(1, "play:7S,7H")
    render_table("fan-tan", view(state))
    render_table("fan-tan", view(state, 2))
    info = fan_tan_parts.fanned_card.cache_info()
    assert info.currsize == 2 and info.hits == 2  # 7♠ and 7♥ (glowing, just played), drawn once each


def test_the_hand_marks_playable_cards_and_where_they_go() -> None:
    state = game()
    mine = view(state, 1)
    assert mine["playable"] == ["7S", "7H"]
    shown = render_hand("fan-tan", mine)
    waiting = render_hand("fan-tan", view(state.apply(1, "play:7S"), 1))
    assert shown != waiting and image(shown).width >= fan_tan.HAND_MIN_W


def test_a_hands_end_lists_the_cards_left_and_the_pot() -> None:
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
    rows = len(ended["offences"])
    assert picture.height >= fan_tan.layout.HEADER_HEIGHT + fan_tan.BANNER_H + 3 * fan_tan.END_ROW + rows * 30
