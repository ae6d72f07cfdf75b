"""Golden images: a few tables and hands at fixed seeds, kept in tests/renderers/golden/.

Regenerate them on purpose, after a change to how tables look, and review the result:

    python -m tests.renderers.golden
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageStat

from games.core import registry
from games.core.base import State
from renderers import render_hand, render_rating_chart, render_round_end, render_seat, render_settlement, render_table
from renderers.tools.gallery import SAMPLE_NAMES, rendered_games, sample_chart, stages

FOLDER = Path(__file__).resolve().parent / "golden"
SEED = 7
TAROT_BASE = ("scarto", "tarocchi", "conference")
# A render counts as unchanged when its mean channel difference is tiny and almost no pixel moved
# visibly; this absorbs anti-aliasing differences between FreeType builds, not layout changes.
MEAN_TOLERANCE = 1.0
PIXEL_TOLERANCE = 0.004


def cases() -> Iterator[tuple[str, bytes]]:
    """(file name, PNG) for every golden image, rendered now: the smallest table at its start,
    middle, between two rounds (games played round after round) and end; other sizes in the
    middle; a hand in the middle (games that deal hands); a round's settlement for games played
    for stakes, and one the loser's 2♠ doubled; the last round's end for games that draw one."""
    for key, players in rendered_games():
        rules = registry.get(key)
        smallest = players == rules.min_players
        # The tarot base games show their rule sets in moments of their own (tarot_base_moments).
        every = smallest and key not in TAROT_BASE
        table_stages = {"start", "middle", "between", "over"} if every else {"middle"}
        for stage in stages(key, players, SEED):
            if stage.name in table_stages:
                yield f"{stage.label}-table.png", render_table(key, stage.view(stage.mover))
            if stage.name == "middle" and not rules.open_play:
                yield f"{stage.label}-hand.png", render_hand(key, stage.view(stage.mover))
                yield f"{stage.label}-copy.png", render_seat(key, stage.view(None), stage.view(stage.mover))
            if stage.name == "over" and stage.state.settlements:
                last = stage.state.settlements[-1].to_json()
                yield f"{key}-{players}p-settlement.png", render_settlement(key, stage.view(None), last)
            if stage.name == "over" and stage.state.round_ends:
                ended = stage.state.round_ends[-1]
                yield f"{key}-{players}p-round-end.png", render_round_end(key, stage.view(None), ended)
    yield "fscking-ace-4p-doubled-settlement.png", doubled_settlement()
    yield from honour_mode()
    yield from bullshit_moments()
    yield "busca-5p-cappotto-round-end.png", cappotto()
    yield from manchester_moments()
    yield from tarot_base_moments()
    yield "fosco-2p-extras-table.png", fosco_extras()
    yield "rating-chart.png", render_rating_chart(sample_chart())


def honour_mode() -> Iterator[tuple[str, bytes]]:
    """Fan Tan with passes on the players' honour (random play passes often, so offences are
    found): the table once a fine is marked, and the hand's end listing the offences."""
    import random

    state = registry.get("fan-tan").new_game(4, seed=SEED, options={"strict": False, "first_dealer": 0})
    rng = random.Random(SEED)
    names = {"names": ["Ann", "Bartholomew", "Cyrille", "Dmitri"]}
    fined = None
    while not state.is_over:
        (seat,) = state.to_move
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        if fined is None and state.view(None)["offences"]:
            fined = state
    assert fined is not None and state.round_ends[-1]["offences"]
    yield "fan-tan-4p-fined-table.png", render_table("fan-tan", fined.view(None) | names)
    yield "fan-tan-4p-offences-round-end.png", render_round_end("fan-tan", state.view(None) | names,
                                                               state.round_ends[-1])


def quiet_bullshit(players: int, pile: int) -> State:
    """A seeded Bullshit game in which nobody calls until the pile holds ``pile`` cards (random play
    calls every other play, so its piles stay small), each play one to three cards; then the seat
    to play next plays all its cards as soon as it holds no more than a play may."""
    import random

    state = registry.get("bullshit").new_game(players, seed=SEED, options={"first_dealer": 0})
    rng = random.Random(SEED)
    while True:
        view = state.view(None)
        if view["window"] is not None:
            if view["pile"] >= pile and view["window"]["last_cards"]:
                return state
            state = state.apply(min(state.to_move), "pass")
            continue
        seat = view["turn"]
        held = state.view(seat)["hand"]
        if view["pile"] >= pile and len(held) <= view["most"]:
            chosen = held
        else:
            chosen = rng.sample(held, min(len(held) - 1, rng.randint(1, 3)))
        state = state.apply(seat, "play:" + ",".join(chosen))


def bullshit_moments() -> Iterator[tuple[str, bytes]]:
    """Bullshit where random play seldom goes: ten players (two packs) waiting on a player's last
    cards on a pile of 30 and more, and the call that turns them up; four players, a call on a
    big pile, and a hand that sees the claim a call would answer."""
    ten = quiet_bullshit(10, 30)
    names = {"names": list(SAMPLE_NAMES[:10])}
    yield "bullshit-10p-last-cards-table.png", render_table("bullshit", ten.view(None) | names)
    called = ten.apply(ten.view(None)["window"]["next"], "call")
    yield "bullshit-10p-called-table.png", render_table("bullshit", called.view(None) | names)
    four = quiet_bullshit(4, 20)
    names = {"names": list(SAMPLE_NAMES[:4])}
    caller = four.view(None)["window"]["next"]
    yield "bullshit-4p-last-cards-hand.png", render_hand("bullshit", four.view(caller) | names)
    called = four.apply(caller, "call")
    yield "bullshit-4p-called-table.png", render_table("bullshit", called.view(None) | names)


def manchester_moments() -> Iterator[tuple[str, bytes]]:
    """The two-player tarot games where a seeded game's stages do not go: Piccadilly's choice of
    hands, Truffle's dealer laying three aside, and in both a player playing from a dummy (the
    hand and the table)."""
    import random

    from games.core.base import random_action

    names = {"names": ["Ann", "Bartholomew"]}
    for key, first in (("manchester-piccadilly", "choose"), ("manchester-truffle", "discard2")):
        state = registry.get(key).new_game(2, seed=SEED, options={"first_dealer": 0})
        rng = random.Random(SEED)
        wanted = {first: "choose" if first == "choose" else "lay-aside", "dummy": "dummy"}
        while wanted:
            view = state.view(None)
            seat = min(state.to_move)
            moment = view["phase"]
            position = view["to_play"]
            if (moment == "play2" and position is not None and view["positions"][position]["dummy"]
                    and (view["trick"] or {}).get("plays") and view["last_trick"] is not None):
                moment = "dummy"
            if moment in wanted:
                mover = state.view(seat) | names
                yield f"{key}-2p-{wanted[moment]}-hand.png", render_hand(key, mover)
                if moment == "dummy":
                    yield f"{key}-2p-dummy-table.png", render_table(key, mover)
                del wanted[moment]
            state = state.apply(seat, random_action(state, seat, rng))


def tarot_moment(key: str, ruleset: str, wanted: Callable[[dict[str, Any]], bool]) -> State:
    """The first state of a seeded random game of ``key`` under ``ruleset`` whose spectator view
    is ``wanted`` (the next seed's game if this one has none)."""
    import random

    from games.core.base import random_action

    rules = registry.get(key)
    for seed in range(SEED, SEED + 20):
        state = rules.new_game(rules.min_players, seed=seed, options={"ruleset": ruleset, "first_dealer": 0})
        rng = random.Random(seed)
        while not state.is_over:
            if wanted(state.view(None)):
                return state
            seat = min(state.to_move)
            state = state.apply(seat, random_action(state, seat, rng))
    raise AssertionError(f"no {ruleset} moment found in {key}")


def finished_hand(state: State) -> State:
    """``state`` played on by random legal moves until a hand has been scored."""
    import random

    from games.core.base import random_action

    rng = random.Random(SEED)
    while not state.round_ends:
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    return state


def fool_aside(state: State) -> dict[str, Any]:
    """A spectator's view of a Last Laugh table in which the Butt held only the Magician, the World and
    Kings, so that the Fool lies face up aside and their hand is shown (rare in random play)."""
    view = state.view(None)
    butt = next(s for s, seat in enumerate(view["seats"]) if seat["fool"])
    seen = {p["card"] for t in (view["trick"], view["last_trick"]) if t for p in t["plays"]}
    shown = [c for c in ("T1", "T21", "KS", "KB", "KC", "KD") if c not in seen][:4]
    view["seats"][butt] |= {"fool": False, "known": shown, "count": len(shown)}
    view["fool_aside"] = butt
    view["fool"] = {"rule": "last-laugh", "holder": None, "aside": butt, "in_hand": False}
    if view["trick"]:
        view["trick"]["plays"] = [p for p in view["trick"]["plays"] if p["card"] != "FOOL"]
    return view


def tarot_base_moments() -> Iterator[tuple[str, bytes]]:
    """The tarot base games' rule sets where a seeded game's stages do not go: Tontine's claim (the
    table) and a hand's end; the Last Laugh's Butt holding the Fool (the table), the Butt's exchange
    (the hand) and the Fool face up aside (a view made from a real one); Courtship's summons and a
    trick taken by a Courtship rule (the tables); and a dealer's discard (the hand)."""
    def named(state: State, view: dict[str, Any]) -> dict[str, Any]:
        return view | {"names": list(SAMPLE_NAMES[: state.players])}

    def mover(state: State) -> dict[str, Any]:
        return named(state, state.view(min(state.to_move)))

    def plays(view: dict[str, Any]) -> list[Any]:
        return list((view["trick"] or {}).get("plays") or [])

    claim = tarot_moment("scarto", "tontine", lambda v: v["phase"] == "claim" and len(v["claimable"]) >= 2
                         and any(seat["face_up"] for seat in v["seats"]))
    yield "scarto-3p-tontine-claim-table.png", render_table("scarto", mover(claim))
    ended = finished_hand(claim)
    yield "scarto-3p-tontine-round-end.png", render_round_end("scarto", named(ended, ended.view(None)),
                                                              ended.round_ends[0])
    butt = tarot_moment("tarocchi", "last-laugh", lambda v: v["phase"] == "play" and len(plays(v)) >= 2
                        and any(s["fool"] for s in v["seats"]))
    yield "tarocchi-4p-last-laugh-butt-table.png", render_table("tarocchi", named(butt, butt.view(None)))
    give = tarot_moment("conference", "last-laugh", lambda v: v["phase"] == "give")
    yield "conference-4p-last-laugh-give-hand.png", render_hand("conference", mover(give))
    aside = tarot_moment("scarto", "last-laugh", lambda v: v["phase"] == "play" and len(plays(v)) >= 2
                         and any(s["fool"] for s in v["seats"]))
    yield "scarto-3p-fool-aside-table.png", render_table("scarto", named(aside, fool_aside(aside)))
    summon = tarot_moment("conference", "courtship", lambda v: v["phase"] == "summon")
    yield "conference-4p-courtship-summon-table.png", render_table("conference", named(summon, summon.view(None)))
    why = tarot_moment("tarocchi", "courtship", lambda v: not plays(v) and bool((v["last_trick"] or {}).get("why")))
    yield "tarocchi-4p-courtship-rule-table.png", render_table("tarocchi", named(why, why.view(None)))
    discard = tarot_moment("tarocchi", "plain", lambda v: v["phase"] == "discard")
    yield "tarocchi-4p-discard-hand.png", render_hand("tarocchi", mover(discard))


def fosco_extras() -> bytes:
    """Fosco with every optional extra: Queens, Jacks and Jokers each follow a King rule (F-7, F-8)."""
    import random

    options = {"jokers": 4, "joker": "double", "queen": "fives", "jack": "primes", "king": "squares"}
    state = registry.get("fosco").new_game(2, seed=4, options=options)
    rng = random.Random(1)
    for _ in range(9):
        (seat,) = state.to_move
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return render_table("fosco", state.view(0) | {"names": ["Ann", "Bartholomew"]})


def cappotto() -> bytes:
    """A Busca hand where seat 0 holds every 3 and 2 and so takes every trick (B-1)."""
    from games.core import decks
    from tests.games.stacking import deck_for

    tops = [f"{r}{s}" for s in "SHCD" for r in ("3", "2")]
    deck = deck_for(decks.busca(), [8] * 5, [tops])
    state = registry.get("busca").new_game(5, seed=SEED, options={"first_dealer": 1}, deck=deck)
    while not state.round_ends:
        (seat,) = state.to_move
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert state.round_ends[0]["cappotto"] == 0
    view = state.view(None) | {"names": ["Ann", "Bartholomew", "Cyrille", "Dmitri", "Eve"]}
    return render_round_end("busca", view, state.round_ends[0])


def doubled_settlement() -> bytes:
    """A Fscking Ace round whose loser kept 2♠ (seeded random games rarely show one): seat 1
    keeps it, the others score, seat 1 turns up the Ace."""
    deck = ["7D", "2H", "KC", "X1", "5H", "2S", "X2", "2C", "9H", "4D", "6C", "3H", "AS"]
    state = registry.get("fscking-ace").new_game(4, seed=SEED, options={"first_dealer": 3}, deck=deck)
    for token in ["flip"] * 5 + ["stop", "flip"] + ["flip"] * 4 + ["stop", "flip", "stop", "flip", "stop", "flip"]:
        (seat,) = state.to_move
        state = state.apply(seat, token)
    view = state.view(None)
    view["names"] = ["Ann", "Bartholomew", "Cyrille", "Dmitri"]
    return render_settlement("fscking-ace", view, state.settlements[-1].to_json())


def difference(expected: bytes, actual: bytes) -> tuple[float, float] | None:
    """(mean channel difference, share of visibly changed pixels); None if the sizes differ."""
    a = Image.open(io.BytesIO(expected)).convert("RGB")
    b = Image.open(io.BytesIO(actual)).convert("RGB")
    if a.size != b.size:
        return None
    diff = ImageChops.difference(a, b)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    changed = diff.convert("L").point(lambda v: 255 if v > 48 else 0)
    share = (ImageStat.Stat(changed).mean[0] / 255) if changed.getbbox() else 0.0
    return mean, share


def main(prefixes: list[str]) -> int:
    """Write every golden image, or with prefixes (``fosco busca``) only those whose names begin so."""
    FOLDER.mkdir(exist_ok=True)
    written = []
    for name, data in cases():
        if prefixes and not name.startswith(tuple(prefixes)):
            written.append(name)
            continue
        path = FOLDER / name
        # Same pixels, other bytes (another zlib): keep the file, so that only real changes show.
        if not path.exists() or difference(path.read_bytes(), data) != (0.0, 0.0):
            path.write_bytes(data)
        written.append(name)
    for stale in FOLDER.glob("*.png"):
        if stale.name not in written:
            stale.unlink()
    print(f"wrote {len(written)} golden images to {FOLDER}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
