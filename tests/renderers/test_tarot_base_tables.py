"""The Scarto, Tarocchi and Conference table, hand and hand's-end images, plain and under each rule
set: whole seeded games drawn for every seat and a spectator at every moment worth seeing; what
each picture shows (partners, the hand's number, Tontine's claims, the Last Laugh's Butt and Fool,
Courtship's calls and summons, the discard); and that no picture shows a card its viewer may
not see (every card face drawn is one the view gives)."""

from __future__ import annotations

import functools
import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from games import registry
from games.core.base import State, random_action
from games.tarot import pack
from renderers import render_hand, render_round_end, render_table
from renderers.games.tarot import scene, shared_round_end
from renderers.games.tarot.base import board, hands, plates, round_ends, tables
from renderers.kit import card_rows, fonts, layout, regions, shown, trick_copy
from renderers.kit.layout import PNG_LIMIT

from .golden import fool_aside

KEYS = ("scarto", "tarocchi", "conference")
RULESETS = ("plain", "tontine", "last-laugh", "courtship")
NAMES = ["Annabel", "Bartholomew", "Cyrille", "Dmitri"]
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


def unwrapped(fn: Any) -> Any:
    """``fn`` without its cache (as it is if another fixture took it away already)."""
    return getattr(fn, "__wrapped__", fn)


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    return state.view(seat) | {"names": NAMES[: state.players]}


def image(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC) and len(png) <= PNG_LIMIT
    return Image.open(io.BytesIO(png)).convert("RGB")


@functools.cache
def history(key: str, ruleset: str, seed: int) -> tuple[State, ...]:
    """A seeded game played to the end by random legal moves."""
    rules = registry.get(key)
    state = rules.new_game(rules.min_players, seed=seed, options={"ruleset": ruleset})
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
        states.append(state)
    return tuple(states)


def plays(v: dict[str, Any]) -> list[Any]:
    return list((v["trick"] or {}).get("plays") or [])


def moments(states: tuple[State, ...]) -> Iterator[State]:
    """The first state of each phase of each hand, the first of each trick size in the first hand
    and in a later one, the first with a Courtship call, a Butt, face-up claims or known cards in
    each hand, and the end."""
    seen: set[tuple[Any, ...]] = set()
    for state in states:
        v = state.view(None)
        hand = v["hand_no"]
        marks = [(hand, v["phase"]), (min(hand, 2), "plays", len(plays(v))),
                 (hand, "call", bool((v["last_trick"] or {}).get("why")) or bool(v["why"])),
                 (hand, "butt", any(s["fool"] for s in v["seats"])),
                 (hand, "face up", any(s["face_up"] for s in v["seats"])),
                 (hand, "known", any(s["known"] for s in v["seats"]))]
        fresh = [m for m in marks if m not in seen and m[-1] is not False]
        if fresh:
            seen.update(fresh)
            yield state
    yield states[-1]


def visible(v: dict[str, Any]) -> set[str]:
    """The card faces a view gives its viewer."""
    out = set(v.get("shown") or []) | set(v.get("hand") or []) | set(v.get("my_discard") or [])
    out |= {c for t in (v["trick"], v["last_trick"]) if t for c in (p["card"] for p in t["plays"])}
    out |= {c for seat in v["seats"] for c in seat["face_up"] + seat["known"]}
    if v.get("fool_aside") is not None:
        out.add("FOOL")
    return out


def moment(key: str, ruleset: str, test: Any, seeds: range = range(1, 12)) -> State:
    for seed in seeds:
        found = next((s for s in history(key, ruleset, seed) if test(s.view(None))), None)
        if found is not None:
            return found
    raise AssertionError(f"no such moment in {key} under {ruleset}")


# -- every moment, every viewer ------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("key", KEYS)
def test_whole_games_draw_for_every_seat_and_a_spectator(key: str, ruleset: str, faces: list[str]) -> None:
    """A smoke sweep: a seeded game (another seed for each game, so three per rule set) drawn at
    every moment worth seeing, the table and hand for every seat and a spectator, every hand's end;
    every card face drawn is one the viewer's view gives."""
    states = history(key, ruleset, KEYS.index(key) + 1)
    phases = set()
    for state in moments(states):
        phases.add(state.view(None)["phase"])
        for seat in (*range(state.players), None):
            v = view(state, seat)
            allowed = visible(v)
            faces.clear()
            table = tables.table(v)
            assert table.size == shown.COPY_SIZE
            assert set(faces) <= allowed, f"{key} {ruleset}: the table shows {set(faces) - allowed}"
            faces.clear()
            hand = hands.hand(v)
            assert hand.width >= 600
            assert set(faces) <= allowed, f"{key} {ruleset}: the hand shows {set(faces) - allowed}"
    end = states[-1]
    assert len(end.round_ends) == end.players
    for data in end.round_ends:
        assert image(render_round_end(key, view(end), data)).size == shown.COPY_SIZE
    expected = {"discard", "play"} | {"tontine": {"claim"}, "last-laugh": {"give"}, "courtship": {"summon"}}.get(
        ruleset, set())
    assert expected <= phases


@pytest.mark.parametrize("key", KEYS)
def test_every_seat_sees_the_spectators_table_but_the_dealer_their_discard(key: str) -> None:
    state = moment(key, "plain", lambda v: v["hand_no"] == 2 and len(plays(v)) >= 2)
    dealer = state.view(None)["dealer"]
    pictures = {seat: image(render_table(key, view(state, seat))) for seat in (*range(state.players), None)}
    assert {img.size for img in pictures.values()} == {shown.COPY_SIZE}
    for seat in range(state.players):
        same = pictures[seat].tobytes() == pictures[None].tobytes()
        assert same == (seat != dealer), f"seat {seat} (dealer {dealer})"


def test_the_dealer_alone_sees_their_discard(texts: list[str]) -> None:
    """The table's notes name the dealer's discard to the dealer alone (as text: the table's cards
    too small to read are said)."""
    state = moment("scarto", "plain", lambda v: v["phase"] == "play" and len(plays(v)) == 0)
    dealer = state.view(None)["dealer"]
    mine = view(state, dealer)
    named = tables.cards_text(mine["my_discard"])
    tables.table(mine)
    assert "Your discard" in texts and named in " ".join(texts)
    texts.clear()
    tables.table(view(state, (dealer + 1) % 3))
    assert "Your discard" not in texts and named not in " ".join(texts)


def test_views_drawn_one_after_another_are_the_pictures_drawn_alone() -> None:
    """The kept plates, felts, texts and cards change nothing a picture shows."""
    states = list(moments(history("tarocchi", "tontine", 2)))[:6]
    views = [view(state, seat) for state in states for seat in (min(state.to_move or {0}), None)]

    def clear() -> None:
        regions.REGIONS.clear()
        for cached in (fonts.text_mask, fonts.text_width, fonts.safe_text, layout.rich_width, layout.rich_parts):
            cached.cache_clear()

    alone = []
    for v in views:
        clear()
        alone.append(render_table("tarocchi", v) + render_hand("tarocchi", v))
    for _ in range(2):
        assert [render_table("tarocchi", v) + render_hand("tarocchi", v) for v in views] == alone


# -- the table -----------------------------------------------------------------------------------

def test_a_discard_forced_face_up_is_shown_by_the_dealer_and_the_rest_face_down(faces: list[str],
                                                                                 texts: list[str]) -> None:
    """Rare in random play (the dealer must hold too few cards that may go): a view given one."""
    state = moment("tarocchi", "plain", lambda v: v["phase"] == "play" and len(plays(v)) >= 1)
    v = view(state) | {"shown": ["KS"]}
    assert v["discard_count"] == 2 and "KS" not in visible(view(state))
    render_table("tarocchi", v)
    assert f"{NAMES[v['dealer']]}'s discard" in texts and "2 cards, 1 shown: Ks" in texts
    assert "KS" not in faces  # said, not drawn: the table has no room for a face to read



def laid_out(key: str, v: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> tuple[
        dict[str, tuple[float, ...]], list[tuple[str, float, float]]]:
    """The table drawn for ``v``: each plate's box by the name on it, and each card face pasted
    (token, left, top), in the order drawn."""
    plates: dict[str, tuple[float, ...]] = {}
    cards: list[tuple[str, float, float]] = []
    real_region, real_paste = trick_copy.region, card_rows.paste_card

    def region(img: Any, box: Any, key: Any, *args: Any, **kwargs: Any) -> None:
        plates[key[1].seat.name] = tuple(box)
        real_region(img, box, key, *args, **kwargs)

    def paste(img: Any, token: Any, xy: Any, *args: Any, **kwargs: Any) -> Any:
        if token:
            cards.append((str(token), float(xy[0]), float(xy[1])))
        return real_paste(img, token, xy, *args, **kwargs)

    monkeypatch.setattr(trick_copy, "region", region)
    monkeypatch.setattr(card_rows, "paste_card", paste)
    render_table(key, v)
    monkeypatch.undo()
    return plates, cards


@pytest.mark.parametrize(("key", "partners"), [
    ("scarto", []),
    ("tarocchi", [[0, 2], [1, 3]]),
    ("conference", [[0, 1], [2, 3]]),
])
def test_seats_sit_along_the_table_in_play_order_partners_in_their_sides_colour(
        key: str, partners: list[list[int]], texts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A plate per seat from seat 0 in play order (to the left: the next seat number), left to
    right; partners share their side's colour and an outline of it."""
    state = moment(key, "plain", lambda v: v["hand_no"] == 2 and bool(plays(v)))
    v = view(state)
    assert v["sides"] == partners
    table = board.Board(v)
    colours = [table.plate(seat).colour for seat in range(state.players)]
    plates, _ = laid_out(key, v, monkeypatch)
    lefts = [plates[NAMES[seat]][0] for seat in range(state.players)]
    assert lefts == sorted(lefts)
    if partners:
        for a, b in partners:
            assert colours[a] == colours[b] and all(table.plate(s).partners for s in (a, b))
        assert colours[partners[0][0]] != colours[partners[1][0]]
        render_table(key, v)
        words = " ".join(texts)
        assert all(" & ".join(NAMES[s] for s in side) in words for side in partners)
    else:
        assert len(set(colours)) == 3 and not table.plate(0).partners
    # Tarocchi's partners sit apart, one seat between them; Conference's side by side.
    if key == "tarocchi":
        assert abs(partners[0][0] - partners[0][1]) == 2
    if key == "conference":
        assert abs(partners[0][0] - partners[0][1]) == 1


def test_each_trick_card_lies_under_the_plate_of_who_played_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("scarto", "tarocchi"):
        state = moment(key, "plain", lambda v: len(plays(v)) >= 2)
        v = view(state)
        plates, cards = laid_out(key, v, monkeypatch)
        width = shown.COPY_CARD_WIDTH
        for play in plays(v):
            x0, _, x1, y1 = plates[NAMES[play["seat"]]]
            _, left, top = next(c for c in cards if c[0] == play["card"])
            assert abs(left + width / 2 - (x0 + x1) / 2) < 1 and top >= y1
            assert width <= x1 - x0  # in its column, clear of the next


@pytest.mark.parametrize("key", KEYS)
def test_the_table_names_the_hand_whose_turn_the_dealer_and_the_scores(key: str, texts: list[str]) -> None:
    state = moment(key, "plain", lambda v: v["hand_no"] == 2 and (v["trick_no"] or 0) >= 2 and len(plays(v)) >= 1)
    v = view(state)
    render_table(key, v)
    total = state.players
    words = " ".join(texts)
    assert f"Hand 2 of {total} \u00b7 plain rules \u00b7 trick {v['trick_no']}" in words
    assert f"Trick {v['trick_no']} of {25 if key == 'scarto' else 19}" in words
    assert {"led", "to play", "Last trick", "D"} <= set(texts)
    for seat, score in enumerate(v["scores"]):
        assert str(score) in texts and NAMES[seat] in texts
    table = board.Board(v)
    (mover,) = v["to_move"]
    assert table.plate(mover).to_move and table.plate(v["dealer"]).dealer
    assert sum(table.plate(s).to_move for s in range(state.players)) == 1


@pytest.mark.parametrize("key", KEYS)
def test_the_game_over_table_crowns_the_winners(key: str, texts: list[str]) -> None:
    end = history(key, "plain", 3)[-1]
    v = view(end)
    render_table(key, v)
    assert any(t.startswith("Game over: ") for t in texts) and "Scores" in texts
    winners = set(v["outcome"]["winners"])
    table = board.Board(v)
    assert winners and all(table.plate(s).winner == (s in winners) for s in range(end.players))


def test_tontine_shows_each_seats_claims_and_the_claimable_cards_glow(texts: list[str]) -> None:
    key = "tarocchi"
    state = moment(key, "tontine", lambda v: v["phase"] == "claim" and any(s["face_up"] for s in v["seats"]))
    v = view(state)
    table = board.Board(v)
    assert table.glow() == set(v["claimable"]) and table.glow() <= {p["card"] for p in plays(v)}
    for seat, info in enumerate(v["seats"]):
        plate = table.plate(seat)
        assert plate.cards == tuple(info["face_up"]) and plate.label == "FACE UP"
        if info["face_up"]:
            assert plate.note == f"{plates.tontine_worth(info['face_up'])} pts"
    render_table(key, v)
    words = " ".join(texts)
    assert "Face up" in texts and "(56 wins)" in words
    for seat, info in enumerate(v["seats"]):
        if info["face_up"]:
            worth = plates.tontine_worth(info["face_up"])
            assert f"{NAMES[seat]} {tables.cards_text(info['face_up'])} ({worth})" in words
    assert f"{NAMES[v['taker']]} may leave the glowing cards face up" in " ".join(texts)
    # The taker's hand asks which to leave face up.
    texts.clear()
    render_hand(key, view(state, v["taker"]))
    assert "raised: may be claimed" in texts and "Claim: leave cards of the trick face up" in texts


def test_tontine_worth_counts_each_groups_points() -> None:
    assert plates.tontine_worth(["KS", "QB", "FOOL", "T21", "7C", "T12"]) == 20 + 16 + 15 + 15 + 10


def test_the_last_laugh_shows_the_butt_and_the_fool(texts: list[str], faces: list[str]) -> None:
    key = "scarto"
    state = moment(key, "last-laugh", lambda v: v["phase"] == "play" and any(s["fool"] for s in v["seats"]))
    v = view(state)
    butt = next(s for s, seat in enumerate(v["seats"]) if seat["fool"])
    render_table(key, v)
    words = " ".join(texts)
    assert "holds Fool" in texts and "Known" in texts and "Fool" in texts
    assert f"{NAMES[butt]}, the Butt, holds it" in words
    assert f"{NAMES[butt]} Fool" in words  # known to be in the Butt's hand, said by them
    assert "FOOL" not in faces
    # The Butt's own table shows it too (their view lists nothing known of their own hand).
    plate = board.Board(view(state, butt)).plate(butt)
    assert plate.cards == ("FOOL",)


def test_the_butts_exchange_raises_the_cards_that_may_go(texts: list[str]) -> None:
    key = "conference"
    state = moment(key, "last-laugh", lambda v: v["phase"] == "give")
    (butt,) = state.to_move
    mine = view(state, butt)
    gives = {a["token"].partition(":")[2] for a in mine["legal"]}
    render_hand(key, mine)
    assert "You are the Butt: the Fool comes into your hand" in texts
    assert gives and gives <= set(mine["hand"])
    texts.clear()
    render_table(key, view(state))
    assert f"{NAMES[butt]}, the Butt, gives a card for the Fool" in " ".join(texts)


def test_the_fool_set_aside_face_up_is_told(texts: list[str], faces: list[str]) -> None:
    state = moment("scarto", "last-laugh", lambda v: v["phase"] == "play" and len(plays(v)) >= 2
                   and any(s["fool"] for s in v["seats"]))
    v = fool_aside(state) | {"names": NAMES[:3]}
    butt = v["fool_aside"]
    render_table("scarto", v)
    words = " ".join(texts)
    assert f"Face up aside, from {NAMES[butt]}: it goes with the last trick" in words
    known = [c for c in v["seats"][butt]["known"] if c != "FOOL"]
    assert tables.cards_text(known) in words


def test_courtship_names_the_rule_that_took_the_trick(texts: list[str]) -> None:
    key = "tarocchi"
    state = moment(key, "courtship", lambda v: not plays(v) and bool((v["last_trick"] or {}).get("why")))
    v = view(state)
    called = plates.CALLS[v["last_trick"]["why"]]
    render_table(key, v)
    assert " ".join(texts).count(called) == 2  # in the felt's words and by the last trick
    assert f"took the last trick for {NAMES[v['last_trick']['winner']]}" in " ".join(texts)
    assert {"Queen's Ruff!", "Royal Marriage", "Royal Affair"} == set(plates.CALLS.values())


def test_courtship_says_who_may_summon_which_kings_servant(texts: list[str]) -> None:
    key = "conference"
    state = moment(key, "courtship", lambda v: v["phase"] == "summon")
    v = view(state)
    king = v["summon"]
    table = board.Board(v)
    assert table.glow() == {king}
    render_table(key, v)
    words = " ".join(texts)
    assert f"{NAMES[v['taker']]} may summon the servant of {plates.card_name(king)}" in words
    assert "takes" in texts or "led, takes" in texts
    texts.clear()
    render_hand(key, view(state, v["taker"]))
    assert f"Summon the servant of {plates.card_name(king)}?" in texts


# -- the hand ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("key", "rule"), [
    ("scarto", "Not Aces, Kings or Honours (the Fool only when you hold no other trump)"),
    ("tarocchi", "Not Kings or Honours"),
])
def test_the_dealers_discard_raises_what_may_go(key: str, rule: str, texts: list[str]) -> None:
    state = history(key, "plain", 1)[0]
    (dealer,) = state.to_move
    render_hand(key, view(state, dealer))
    extra = 3 if key == "scarto" else 2
    assert f"Discard these face down: {extra} cards" in texts and rule in texts
    texts.clear()
    render_hand(key, view(state, None))
    assert "Spectators hold no cards" in texts and not any(t.startswith("Discard these") for t in texts)


def test_the_hand_shows_the_trick_and_the_viewers_discard(texts: list[str]) -> None:
    key = "tarocchi"
    state = moment(key, "plain", lambda v: len(plays(v)) >= 2)
    v = state.view(None)
    render_hand(key, view(state, v["dealer"]))
    assert {"THE TRICK", "YOUR DISCARD", "in your side's pile"} <= set(texts)
    texts.clear()
    render_hand(key, view(state, (v["dealer"] + 1) % 4))
    assert "THE TRICK" in texts and "YOUR DISCARD" not in texts


# -- a hand's end --------------------------------------------------------------------------------

@pytest.mark.parametrize("key", KEYS)
def test_a_hands_end_accounts_for_each_side(key: str, texts: list[str], faces: list[str]) -> None:
    end = history(key, "plain", 2)[-1]
    for data in end.round_ends:
        texts.clear()
        faces.clear()
        png = render_round_end(key, view(end), data)
        assert image(png).size == shown.COPY_SIZE
        assert any(f"Hand {data['hand']} of {end.players} scored" in t for t in texts)
        for side, points in zip(data["sides"], data["points"], strict=True):
            assert str(points) in texts and f"+{data['gained'][side[0]]}" in texts
            assert str(data["scores"][side[0]]) in texts
        assert "Over a point:" in texts
        for pile in data["piles"]:  # each pile's cards worth more than a point, said as words
            assert named(texts, [c for c in pile if not pack.empty(c)])
        assert any(t.endswith("'s discard:") for t in texts) and named(texts, data["discard"])
        assert not faces  # cards too small to read on a phone are words instead


def named(texts: list[str], cards: list[str]) -> bool:
    """Whether each run of ``cards`` said as words (a suit's ranks, the trumps) was drawn, in
    order (a run broken between two lines is drawn as two texts, one after the other)."""
    drawn = " ".join(texts)
    return all(f" {words} " in f" {drawn} " for _, words in shared_round_end.runs(cards))


def test_a_tontine_hands_end_shows_the_face_up_cards_that_scored(texts: list[str]) -> None:
    end = history("scarto", "tontine", 1)[-1]
    data = end.round_ends[0]
    render_round_end("scarto", view(end), data)
    assert "Face up:" in texts and "TONTINE" in texts
    assert named(texts, list(data["face_up"]))
    for gained in data["gained"]:
        assert fonts.safe_text(scene.signed(gained)) in texts  # the font draws "-" for a minus sign
    assert sum(data["points"]) <= 111


def test_a_hands_end_tells_where_the_fool_went() -> None:
    end = history("tarocchi", "plain", 2)[-1]
    data = dict(end.round_ends[0])
    who = plates.Names(view(end))
    ends = round_ends.side_ends(view(end), data)
    owner_side = next(e for e in ends if 0 in e.seats)
    given = round_ends.fool_text(dict(data, fool={"rule": "excuse", "owner": 0, "taker": 1}), ends, who)
    assert given == "The Fool: Annabel took it back from Bartholomew's trick and gave a card for it"
    own = round_ends.fool_text(dict(data, fool={"rule": "excuse", "owner": 0, "taker": 2}), ends, who)
    assert "took it back from Cyrille's trick" in own
    kept = round_ends.fool_text(dict(data, fool={"rule": "excuse", "owner": 0, "taker": 0}), ends, who)
    assert kept.endswith("so it stays in their pile")
    aside = round_ends.fool_text(dict(data, fool={"rule": "last-laugh", "holder": None, "aside": 1,
                                                   "in_hand": False}), ends, who)
    assert aside.startswith("The Fool, set aside face up by Bartholomew, went with the last trick to ")
    assert owner_side.name == "Annabel & Cyrille"
