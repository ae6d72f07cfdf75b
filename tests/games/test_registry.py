"""The registry: one entry per game naming its rules, its computer player and its pictures (issue 38)."""

from __future__ import annotations

import importlib
import types
from collections.abc import Callable

import pytest

from games import registry
from games.core.base import Rules
from games.core.errors import UnknownGame

ORDER = ("fosco", "dracula", "fscking-ace", "busca", "fan-tan", "bullshit", "manchester-piccadilly",
         "manchester-truffle", "scarto", "tarocchi", "conference")


def test_the_games_are_listed_in_the_bot_s_order() -> None:
    assert registry.keys() == ORDER


@pytest.mark.parametrize("key", registry.keys())
def test_each_entry_names_importable_rules_computer_and_pictures(key: str) -> None:
    entry = registry.entry(key)
    rules = importlib.import_module(entry.rules).RULES
    assert isinstance(rules, Rules) and rules.key == key and registry.get(key) is rules
    computer = importlib.import_module(entry.computer)
    for name in ("choose", "choose_easy", "explain"):
        assert callable(getattr(computer, name, None)), f"{entry.computer} has no {name}"
    assert registry.player(key) is computer
    assert registry.pictures_module(key) == entry.pictures
    pictures = importlib.import_module(entry.pictures)
    assert callable(getattr(pictures, "table", None)), f"{entry.pictures} has no table drawer"


def test_the_tarot_games_share_their_computer_and_pictures() -> None:
    def shared(*keys: str) -> set[tuple[str, str]]:
        return {(registry.entry(k).computer, registry.entry(k).pictures) for k in keys}

    two, base = shared("manchester-piccadilly", "manchester-truffle"), shared("scarto", "tarocchi", "conference")
    assert len(two) == 1 and len(base) == 1 and two != base


@pytest.mark.parametrize("ask", [registry.entry, registry.get, registry.player, registry.pictures_module])
def test_an_unknown_game_raises(ask: Callable[[str], object]) -> None:
    with pytest.raises(UnknownGame):
        ask("whist")


def test_a_game_offers_hard_only_where_its_player_has_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """``levels``: Hard is offered once the game's computer has ``choose_hard``; asked of a game
    without one, ``computer_move`` plays Normal rather than fail."""
    state = registry.get("busca").new_game(3, seed=5, options={})
    seat = min(state.to_move)
    normal = registry.player("busca").choose
    plain = types.SimpleNamespace(choose=normal, choose_easy=registry.player("busca").choose_easy,
                                  explain=registry.player("busca").explain)
    monkeypatch.setattr(registry, "player", lambda key: plain)
    assert registry.levels("busca") == ("normal", "easy")
    assert registry.computer_move(state, seat, "hard") == registry.computer_move(state, seat, "normal")
    asked: list[int] = []

    def choose_hard(state: object, seat: int, rng: object) -> object:
        asked.append(seat)
        return normal(state, seat, rng)  # type: ignore[arg-type]

    hard = types.SimpleNamespace(**vars(plain), choose_hard=choose_hard)
    monkeypatch.setattr(registry, "player", lambda key: hard)
    assert registry.levels("busca") == ("normal", "easy", "hard")
    registry.computer_move(state, seat, "hard")
    assert asked == [seat]
