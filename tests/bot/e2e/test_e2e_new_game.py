"""A new game is its rules package, its pictures package and one registry entry (issue 48 point 4):
a game written here, in a folder of its own outside the project, and added to the registry by its
entry alone, is opened with /play, seated with a computer, played by clicks on the member's hand in
their direct messages and finished with its result in the channel, through the local Discord. If
anything else had to know the game by name, this would fail."""

from __future__ import annotations

import textwrap
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.core import registry
from localcord import LocalDiscord
from tests.discord_spec import local_discord
from tests.games.test_views import keys_fit, view_type

from ..parlour_harness import live_table, open_table, play_to_end, running

RULES = '''
"""High card: two players each play three cards in turn; the higher total wins."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core import cards, decks
from games.core.actions import Action, check_token
from games.core.base import Outcome, Rules, State
from games.core.options import OptionValue
from games.core.teaching import Example
from games.core.errors import IllegalAction

from .view import HighCardPart, HighCardView

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True)
class Play(Action):
    card: str

    @property
    def token(self) -> str:
        return f"play:{self.card}"

    @property
    def label(self) -> str:
        return cards.short(self.card)


@dataclass(frozen=True, kw_only=True, repr=False)
class HighCardState(State):
    hands: tuple[tuple[str, ...], ...] = ()
    played: tuple[tuple[str, ...], ...] = ((), ())
    turn: int = 0

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.outcome is not None else frozenset({self.turn})

    @property
    def outcome(self) -> Outcome | None:
        if any(self.hands):
            return None
        totals = tuple(sum(RANKS.index(cards.rank_of(c)) for c in p) for p in self.played)
        winners = frozenset(s for s, t in enumerate(totals) if t == max(totals) and totals.count(t) == 1)
        return Outcome(totals, winners, "{p%d} wins" % min(winners) if winners else "A draw")

    def _legal(self, seat: int) -> tuple[Action, ...]:
        return tuple(Play(c) for c in self.hands[seat])

    def _apply(self, seat: int, action: Action) -> "HighCardState":
        assert isinstance(action, Play)
        hands = tuple(tuple(c for c in h if c != action.card) if s == seat else h for s, h in enumerate(self.hands))
        played = tuple(p + (action.card,) if s == seat else p for s, p in enumerate(self.played))
        return dataclasses.replace(self, hands=hands, played=played, turn=1 - seat)

    def _view(self, seat: int | None) -> HighCardPart:
        return {"hand": list(self.hands[seat]) if seat is not None else None,
                "played": [list(p) for p in self.played], "turn": self.turn}

    def view(self, seat: int | None) -> HighCardView:
        return {**self.shared_view(seat), **self._view(seat)}

    def hidden_cards(self, seat: int | None) -> frozenset[str]:
        return frozenset(c for s, h in enumerate(self.hands) if s != seat for c in h)

    def status(self, seat: int | None) -> str:
        return "Game over" if self.outcome else "{p%d} to play" % self.turn


class HighCardRules(Rules):
    key = "high-card"
    title = "High card"
    player_counts = (2,)
    summary = "Play your three cards; the higher total wins. Two players."
    guide = "Each player plays three cards in turn. The higher total of ranks wins."
    quick_start = ("Play your three cards one at a time", "Twos are lowest, Aces highest",
                   "The higher total wins")

    def _new_game(self, players: int, seed: int, options: Mapping[str, OptionValue],
                  deck: tuple[str, ...] | None) -> HighCardState:
        dealt = decks.shuffled([f"{r}{s}" for s in "SHDC" for r in RANKS], decks.rng(seed, "deal"))
        return HighCardState(rules=self, players=players, seed=seed, options=dict(options), deck=deck,
                             hands=(tuple(dealt[:3]), tuple(dealt[3:6])))

    def example(self) -> Example:
        return Example(self.new_game(2, seed=1), 0, "Your turn: play a card")

    def parse_action(self, token: str) -> Action:
        check_token(token)
        verb, _, card = token.partition(":")
        if verb != "play" or not cards.is_card(card):
            raise IllegalAction("that is not a move in High card")
        return Play(card)


RULES = HighCardRules()
'''

VIEW = '''
from typing import TypedDict

from games.core.views import TableView


class HighCardPart(TypedDict):
    hand: list[str] | None
    played: list[list[str]]
    turn: int | None


class HighCardView(TableView, HighCardPart):
    pass
'''

COMPUTER = '''
import random

from games.core.actions import Action
from games.core.base import State


def choose(state: State, seat: int, rng: random.Random) -> Action:
    return state.legal_actions(seat)[0]


choose_easy = choose


def explain(state: State, seat: int, action: Action) -> tuple[str, ...]:
    return ("Plays its first card",)
'''

PICTURES = '''
from PIL import Image

from highcard_rules.view import HighCardView
from renderers.kit import layout, shown


def table(view: HighCardView) -> Image.Image:
    img, draw = layout.canvas(*shown.COPY_SIZE)
    layout.header(img, draw, "High card", layout.named(view, view["status"]))
    return img
'''


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server
    server.assert_clean()


async def test_a_game_added_by_its_packages_and_one_entry_plays_to_its_end(
        standin: LocalDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "newgame"
    for name, text in (("highcard_rules", RULES), ("highcard_ai", COMPUTER), ("highcard_pictures", PICTURES)):
        (source / name).mkdir(parents=True)
        (source / name / "__init__.py").write_text(textwrap.dedent(text))
    (source / "highcard_rules" / "view.py").write_text(textwrap.dedent(VIEW))  # its view's named type
    monkeypatch.syspath_prepend(str(source))
    monkeypatch.setitem(registry._ENTRIES, "high-card", registry.Entry(
        rules="highcard_rules", computer="highcard_ai", pictures="highcard_pictures"))
    guild = standin.add_guild("Card club")
    alice = standin.add_user("alice")
    guild.add_member(alice)
    games = guild.add_text_channel("games")
    async with running(standin, tmp_path / "data", workers=0) as bot:
        await open_table(standin, alice, games, "high-card", {}, computers=1)
        live = await live_table(standin, bot)
        await play_to_end(standin, bot, live, {live.seat_of(alice.id) or 0: alice})
        table = next(c for c in guild.channels.values() if c.name == f"high-card-{live.table_id}")
        await standin.wait_for(lambda: any("is over" in m.content for m in table.messages), 10, "the result")
    assert live.state.is_over and len(live.state.history) == 6
    # Its view is the named type its rules declare, as every game's is (tests/games/test_views.py).
    kind = view_type(live.state)
    assert kind.__name__ == "HighCardView"
    assert keys_fit(dict(live.state.view(0)), kind) == []
