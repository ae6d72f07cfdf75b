"""Every game's view is a named type (docs/design.md, section 2): its rules build it and its pictures
read it through that type. ``mypy --strict`` checks both sides; this test holds the glue between
them: at every moment of random games, for every seat and a spectator, the view has exactly the keys
its type declares (a key renamed or left out fails here), each value of the type's kind."""

from __future__ import annotations

import random
import types
import typing
from collections.abc import Iterator
from typing import Any, NotRequired, Required, get_args, get_origin, get_type_hints

import pytest

from games import registry
from games.core.base import END_GAME, NEXT_ROUND, State, random_action
from games.core.views import SharedParts, TableView

# The keys the bot adds to a view where it is drawn (the rules never know them).
BOT_KEYS = frozenset({"names", "unit"})


def view_type(state: State) -> type:
    """The view type a game's state declares (``def view(...) -> FoscoView``)."""
    found = get_type_hints(type(state).view)["return"]
    assert isinstance(found, type)
    return found


def moments(key: str, players: int, seed: int) -> Iterator[State]:
    """Every state of a random game of ``key`` to its end (a few rounds where it plays them)."""
    state = registry.get(key).new_game(players=players, seed=seed)
    rng = random.Random(seed)
    rounds = 0
    for _ in range(3000):
        yield state
        if state.is_over:
            return
        seat = min(state.to_move)
        tokens = {a.token for a in state.legal_actions(seat)}
        if NEXT_ROUND in tokens:
            rounds += 1
            state = state.apply(seat, END_GAME if rounds >= 2 and END_GAME in tokens else NEXT_ROUND)
            continue
        state = state.apply(seat, random_action(state, seat, rng))


def of_kind(value: object, hint: Any) -> bool:
    """Whether ``value`` is of the annotated kind, one level deep (the items of a list, the values
    of a TypedDict checked by their own keys)."""
    origin = get_origin(hint)
    if hint is Any or hint is object:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(of_kind(value, arg) for arg in get_args(hint))
    if origin in (Required, NotRequired):
        return of_kind(value, get_args(hint)[0])
    if origin is typing.Literal:
        return value in get_args(hint)
    if hint is type(None):
        return value is None
    if typing.is_typeddict(hint):
        return isinstance(value, dict) and keys_fit(value, hint) == []
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(of_kind(v, item) for v in value)
    if origin is dict:
        _, item = get_args(hint)
        return isinstance(value, dict) and all(of_kind(v, item) for v in value.values())
    if origin is tuple:
        return isinstance(value, (tuple, list))
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def keys_fit(view: dict[str, Any], kind: Any) -> list[str]:
    """What is wrong with ``view`` as a ``kind``: keys missing, keys it does not declare, values of
    another kind."""
    hints = get_type_hints(kind)
    required: frozenset[str] = kind.__required_keys__
    wrong = [f"missing {k!r}" for k in sorted(required - set(view) - BOT_KEYS)]
    wrong += [f"undeclared {k!r}" for k in sorted(set(view) - set(hints))]
    wrong += [f"{k!r} is {view[k]!r}, not {hints[k]}" for k in sorted(set(view) & set(hints))
              if not of_kind(view[k], hints[k])]
    return wrong


CASES = [(rules.key, players) for rules in registry.all_rules() for players in rules.player_counts[:2]]


@pytest.mark.parametrize(("key", "players"), CASES)
def test_every_view_has_the_keys_its_type_declares(key: str, players: int) -> None:
    for seed in (1, 2):
        for state in moments(key, players, seed):
            kind = view_type(state)
            assert kind is not TableView, f"{key}'s state does not name its view type"
            for seat in (None, *range(state.players)):
                view = state.view(seat)
                wrong = keys_fit(dict(view), kind)
                assert not wrong, f"{key} at move {len(state.history)}, seat {seat}: {wrong}"


def test_a_key_left_out_is_found() -> None:
    """The check itself: a view missing a key, or with one its type does not name, is told."""
    state = registry.get("fosco").new_game(players=2, seed=1)
    view = dict(state.view(0))
    kind = view_type(state)
    if kind is TableView:
        pytest.fail("fosco's state does not name its view type")
    removed = next(iter(kind.__required_keys__ - TableView.__required_keys__))
    missing = {k: v for k, v in view.items() if k != removed}
    assert keys_fit(missing, kind) == [f"missing {removed!r}"]
    assert keys_fit({**view, "renamed": 1}, kind) == ["undeclared 'renamed'"]


@pytest.mark.parametrize("key", [rules.key for rules in registry.all_rules()])
def test_a_key_the_shared_pictures_read_means_the_same_in_every_game(key: str) -> None:
    """The generic pictures and the alt text read a few keys of any game's view (SharedParts): a game
    that has one declares it with the shared type, so what they read is what the game wrote."""
    kind = view_type(registry.get(key).new_game(players=registry.get(key).player_counts[0], seed=1))
    mine, common = get_type_hints(kind), get_type_hints(SharedParts)
    differ = {k: (mine[k], common[k]) for k in set(mine) & set(common) if mine[k] != common[k]}
    assert not differ, f"{key} gives shared keys another type: {differ}"
