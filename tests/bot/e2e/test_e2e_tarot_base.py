"""The tarot base games end to end through the stand-in (issue 15): each with a rule set, alice
and the computer at the table, a restart in the middle; alice's discard ticked in the card
menus, her cards, claims, summons and Butt's cards played by buttons; every hand scored in the
channel. /rules explains each game and rule set; /play offers the rule-set options."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.tarot.base.state import TarotTableState
from localcord import LocalDiscord

from ..parlour_harness import (
    fix_seed,
    live_table,
    open_table,
    pick_cards,
    quick_tarot_computers,
    running,
    table_text,
    take_turn,
    wait_past,
)
from .test_e2e import standin, world

__all__ = ["standin"]  # the fixture, shared with test_e2e

SEED = 3


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, SEED)
    quick_tarot_computers(monkeypatch)


async def alice_moves(standin: LocalDiscord, bot: Any, live: Any, alice: Any, until: int) -> None:
    """alice makes her moves (the computers their own) until ``until`` moves are made or the game ends."""
    while not live.state.is_over and live.version < until:
        state = live.state
        assert isinstance(state, TarotTableState)
        if 0 not in state.to_move:
            await wait_past(standin, live, live.version, "the computer")
            continue
        pick = state.pick(0)
        if pick is not None and state.phase == "discard":
            await pick_cards(standin, live, alice, [*pick.fixed, *pick.cards[: pick.most]])
        else:
            await take_turn(standin, bot, live, alice)


@pytest.mark.parametrize(("key", "ruleset", "players", "said"), [
    ("scarto", "tontine", 3, "Tontine points"),
    ("tarocchi", "last-laugh", 4, "card points"),
    ("conference", "courtship", 4, "card points"),
])
async def test_alice_and_the_computers_play_a_rule_set_with_a_restart(standin: LocalDiscord, tmp_path: Path, key: str,
                                                                      ruleset: str, players: int,
                                                                      said: str) -> None:
    guild, alice, _bob, lobby_channel = world(standin)
    channel = f"{key}-1"
    async with running(standin, tmp_path, workers=0) as bot:
        await open_table(standin, alice, lobby_channel, key, {"ruleset": ruleset, "first_dealer": 1},
                         computers=players - 1)
        live = await live_table(standin, bot)
        state = live.state
        assert isinstance(state, TarotTableState) and state.ruleset == ruleset
        assert state.dealer == 0 and state.to_move == {0}  # alice deals and discards first
        await alice_moves(standin, bot, live, alice, until=60)
        await bot.publisher.settled(live, timeout=10)
        before = live.state
    async with running(standin, tmp_path, workers=0) as bot:  # a new process: the table picks up where it was
        live = await bot.tables.get(guild.id, 1)
        assert live is not None and live.state == before
        first_hand = len(before.round_ends)
        await alice_moves(standin, bot, live, alice, until=10_000)
        await bot.publisher.settled(live, timeout=10)
        state = live.state
        assert isinstance(state, TarotTableState) and state.outcome is not None
        assert len(state.round_ends) == players > first_hand
        text = table_text(guild, channel)
        assert f"Hand 1 {said}" in text and f"Hand {players} {said}" in text
        verbs = {token.partition(":")[0] for seat, token in state.history if seat == 0}
        assert {"discard", "play"} <= verbs and (ruleset != "tontine" or "claim" in verbs)  # her claims by button
        sources = {a.source for a in await (await bot.stores.guild(guild.id)).actions(1)}
        assert {"click", "computer"} <= sources
        board = await standin.slash(alice, lobby_channel, "leaderboard", options={"game": key})
        assert f"<@{alice.id}>" in str(board.embeds)  # the game counts on the game's leaderboard (provisional)


async def test_rules_and_play_know_the_base_games_and_their_rule_sets(standin: LocalDiscord, tmp_path: Path) -> None:
    _guild, alice, _bob, lobby_channel = world(standin)
    async with running(standin, tmp_path):
        for key, word in (("scarto", "Twenty-five"), ("tarocchi", "opposite"), ("conference", "side by side")):
            rules = await standin.slash(alice, lobby_channel, "rules", options={"game": key})
            await standin.wait_for(lambda r=rules: "Courtship Rules" in str([m.embeds for m in [r.message,
                                                                                             *r.followups] if m]),
                                   5, "the rules in full")
            text = str([m.embeds for m in [rules.message, *rules.followups] if m])  # a long guide takes two messages
            assert rules.ephemeral and "Table ruling" in text and word in text
            for part in ("Tontine", "The Last Laugh", "Courtship Rules", "Queen's Ruff", "Butt", "37"):
                assert part in text, (key, part)
        play = next(c for c in standin.commands if c["name"] == "play")
        scarto = next(g for g in play["options"] if g["name"] == "scarto")
        ruleset = next(o for o in scarto["options"] if o["name"] == "ruleset")
        assert {c["value"] for c in ruleset["choices"]} == {"plain", "tontine", "last-laugh", "courtship"}
        assert {"queens_ruff", "tontine_claims", "good_and_evil"} <= {o["name"] for o in scarto["options"]}
        refused = await standin.slash(alice, lobby_channel, "play", "scarto", options={"royal_affair": False})
        assert refused.ephemeral and "applies only with ruleset courtship" in str(refused.content)
