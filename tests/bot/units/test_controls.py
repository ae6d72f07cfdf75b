"""Controls stay within Discord's limits: at most 25 options a select, 5 rows, 100-char custom_ids."""

from __future__ import annotations

import random

import discord

from bot.play import custom_ids
from bot.show import controls
from games import registry
from games.core.actions import Pick
from games.core.base import random_action


def largest_choice(key: str, players: int, seed: int = 1) -> list:  # type: ignore[type-arg]
    """The largest set of moves offered one by one in a random game."""
    return largest(key, players, seed)[0]


def largest(key: str, players: int, seed: int = 1) -> tuple[list, Pick | None]:  # type: ignore[type-arg]
    """The largest set of moves offered one by one, and the largest pick, met in a random game."""
    state = registry.get(key).new_game(players, seed=seed)
    rng = random.Random(seed)
    best: list = []  # type: ignore[type-arg]
    biggest: Pick | None = None
    while not state.is_over:
        seat = min(state.to_move)
        best = max(best, list(state.offered(seat)), key=len)
        pick = state.pick(seat)
        if pick is not None and (biggest is None or len(pick.cards) > len(biggest.cards)):
            biggest = pick
        state = state.apply(seat, random_action(state, seat, rng))
    return best, biggest


def test_a_pick_fits_discords_limits_and_its_button_carries_the_choice() -> None:
    for rules in registry.all_rules():
        for players in rules.player_counts:
            actions, pick = largest(rules.key, players)
            if pick is None:
                continue
            chosen = list(range(min(pick.most, len(pick.cards))))
            view = controls.move_view(2**62, 10**6, 10**4, actions[:2], pick=pick, chosen=chosen, clock=10**4 - 3,
                                      family=rules.card_order.family)
            items = [i.item for i in view.children]  # type: ignore[attr-defined]
            selects = [i for i in items if isinstance(i, discord.ui.Select)]
            assert len(selects) == min(4, -(-len(pick.cards) // 25)) and all(len(s.options) <= 25 for s in selects)
            assert all(len(getattr(i, "custom_id", "")) <= 100 for i in items)
            assert len({i.row for i in items}) <= 5
            play = custom_ids.parse(items[-1].custom_id)  # type: ignore[attr-defined]
            assert isinstance(play, custom_ids.ActionRef) and play.clock and play.version == 10**4 - 3
            assert play.token == pick.token([pick.cards[i] for i in chosen])
            assert controls.chosen_in(pick, play.token) == chosen
            assert [o.default for o in selects[0].options][:len(chosen)] == [True] * len(chosen)


def test_every_registered_game_fits_discords_limits() -> None:
    for rules in registry.all_rules():
        for players in rules.player_counts:
            actions = largest_choice(rules.key, players)
            view = controls.action_view(2**62, 10**6, 10**4, actions, extra=[controls.hand_button(1, 2)])
            items = view.children
            selects = [i.item for i in items if isinstance(i, controls.Control) and
                       isinstance(i.item, discord.ui.Select)]
            rows = {i.item.row for i in items if isinstance(i, controls.Control) and i.item.row is not None}
            assert len(rows) <= 5
            assert all(len(s.options) <= 25 for s in selects)
            offered = [o.value for s in selects for o in s.options] or [
                custom_ids.parse(i.item.custom_id).token for i in items  # type: ignore[union-attr]
                if isinstance(i, controls.Control) and i.item.custom_id.startswith("pl:a:")]  # type: ignore[attr-defined]
            assert sorted(offered) == sorted(a.token for a in actions), rules.key
            for item in items:
                custom_id = getattr(item.item, "custom_id", "") if isinstance(item, controls.Control) else ""
                assert len(custom_id) <= 100


def test_many_moves_become_selects_of_25() -> None:
    actions = largest_choice("dracula", 4)
    assert len(actions) > controls.MAX_BUTTONS  # four-player Dracula: 14 cards times the open cells
    view = controls.action_view(1, 2, 3, actions)
    selects = [i.item for i in view.children if isinstance(i.item, discord.ui.Select)]  # type: ignore[attr-defined]
    assert len(selects) == -(-len(actions) // 25)
    assert [custom_ids.parse(s.custom_id) for s in selects] == [custom_ids.ActionRef(1, 2, 3, str(n), select=True)
                                                         for n in range(len(selects))]


def test_moves_come_in_the_order_the_hand_is_drawn() -> None:
    """Issue 36 point 1: the buttons follow the picture (the game's own order of cards), a move by
    the first card it names, and moves that name no card after them."""
    from games.fan_tan.rules import Pass
    from games.fan_tan.rules import Play as FanTanPlay

    rules = registry.get("fan-tan")
    moves = [FanTanPlay(("6D", "JD")), Pass(), FanTanPlay(("7S",)), FanTanPlay(("KH",)),
             FanTanPlay(("2S",))]
    drawn = [m.token for m in controls.as_drawn(moves, rules.sort_cards)]
    order = rules.sort_cards(["6D", "7S", "KH", "2S"])
    assert drawn[:4] == [next(m.token for m in moves if m.token.startswith(f"play:{c}")) for c in order]
    assert drawn[4] == "pass"
