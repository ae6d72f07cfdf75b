"""Render every registered game's table and hand, at a few stages of a game, into a folder.

    python -m renderers.tools.gallery OUT/

Also the source of sample stages for the golden-image tests and the render benchmark, so that
all three look at the same tables.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.core import registry
from games.core.actions import Action
from games.core.base import END_GAME, JOIN, NEXT_ROUND, State, random_action
from games.core.views import TableView
from renderers import render_hand, render_rating_chart, render_round_end, render_settlement, render_table

SAMPLE_NAMES = ("Ann", "Bartholomew", "Cyrille", "Dmitri", "Eve", "Fatima", "Gustavo", "Hiroko", "Ines",
                "Jonathan", "Kalinda", "Lev", "Maximiliana", "Nils", "Oona", "Pradeep", "Quentin", "Rosalind",
                "Sven", "Tariq")
STAGES = ("start", "early", "middle", "late", "over")
# A game played round after round is worth seeing between two rounds rather than "late".
ROUND_STAGES = ("start", "early", "middle", "between", "over")
_POINTS = {"start": 0.0, "early": 0.2, "middle": 0.5, "late": 0.8, "between": 0.8, "over": 1.0}
SAMPLE_ROUNDS = 3  # a game that never ends by itself is ended after this many rounds
# Where a random game's plain point may show little (an empty turn, a first round with nothing
# won yet), the stage is the nearest state whose view shows what the stage is for.
View = Mapping[str, Any]
WANTED: dict[str, dict[str, Callable[[View], bool]]] = {
    "bullshit": {"middle": lambda v: v["window"] is not None and v["pile"] >= 6, "late": lambda v: bool(v["reveal"])},
    "busca": {"middle": lambda v: len((v["trick"] or {}).get("plays") or []) >= 2 and v["last_trick"] is not None},
    # The tarot games: Manchester under way, then the second part with a trick half played and the
    # dummies still well filled.
    "manchester-piccadilly": {
        "early": lambda v: v["phase"] == "play1" and bool((v["trick"] or {}).get("plays")) and v["last_trick"],
        "middle": lambda v: (v["phase"] == "play2" and len((v["trick"] or {}).get("plays") or []) >= 2
                             and 3 <= v["trick_no"] <= 8),
    },
    "manchester-truffle": {
        "early": lambda v: v["phase"] == "play1" and bool((v["trick"] or {}).get("plays")) and v["last_trick"],
        "middle": lambda v: (v["phase"] == "play2" and len((v["trick"] or {}).get("plays") or []) >= 2
                             and 3 <= v["trick_no"] <= 10),
    },
    # The tarot base games: a trick half played after a first one, in the game's second hand.
    **{key: {"middle": lambda v: (len((v["trick"] or {}).get("plays") or []) >= 2 and v["last_trick"] is not None
                                  and v["hand_no"] >= 2)}
       for key in ("scarto", "tarocchi", "conference")},
    "fscking-ace": {
        "middle": lambda v: (len(v["flips"]) >= 2 and v["rounds_played"] >= 1
                             and sum(v["card_counts"]) >= 2 * v["players"]),
        "between": lambda v: v["phase"] == "between",
    },
}


@dataclass(frozen=True)
class Stage:
    key: str
    players: int
    name: str
    state: State

    @property
    def label(self) -> str:
        return f"{self.key}-{self.players}p-{self.name}"

    def view(self, seat: int | None) -> TableView:
        view = self.state.view(seat)
        view["names"] = list(SAMPLE_NAMES[: self.players])
        return view

    @property
    def mover(self) -> int:
        """The seat whose hand is worth showing: one to move, else seat 0."""
        return min(self.state.to_move) if self.state.to_move else 0


def _choose(state: State, seat: int, rng: random.Random, rounds: int) -> Action:
    """A random legal move, except between rounds: play on until ``SAMPLE_ROUNDS`` rounds, then
    end; never deal a newcomer in (the stage keeps its player count). A seat with a pick (too
    many handfuls to list) plays a random handful or one of its listed moves."""
    if not state.between_rounds and state.pick(seat) is not None:
        return random_action(state, seat, rng)
    legal = [a for a in state.legal_actions(seat) if a.token != JOIN]
    if state.between_rounds:
        want = NEXT_ROUND if rounds < SAMPLE_ROUNDS else END_GAME
        return next((a for a in legal if a.token == want), legal[0])
    return rng.choice(legal)


def _pick(history: Sequence[State], point: float, wanted: Callable[[View], bool] | None) -> State:
    """The state nearest ``point`` of the game (0 to 1) that shows what ``wanted`` asks for
    (any state if nothing does)."""
    last = len(history) - 1
    target = round(point * last)
    if wanted is not None:
        fits = [i for i, s in enumerate(history) if wanted(s.view(None))]
        if fits:
            target = min(fits, key=lambda i: (abs(i - target), i))
    return history[target]


def play(key: str, players: int, seed: int = 1) -> list[State]:
    """Every state of one seeded game played to the end by random legal moves."""
    rules = registry.get(key)
    state = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    history = [state]
    rounds = 0
    while not state.is_over:
        seat = rng.choice(sorted(state.to_move))
        if state.between_rounds:
            rounds += 1
        state = state.apply(seat, _choose(state, seat, rng, rounds))
        history.append(state)
    return history


def stages(key: str, players: int, seed: int = 1) -> list[Stage]:
    """One seeded game played to the end by random legal moves, caught at each stage."""
    rules = registry.get(key)
    history = play(key, players, seed)
    names = ROUND_STAGES if rules.open_ended else STAGES
    wanted = WANTED.get(key, {})
    return [Stage(key, players, name, _pick(history, _POINTS[name], wanted.get(name))) for name in names]


def sample_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """The player counts worth drawing: all of a few; of a long range the smallest table, one
    three seats larger and the largest."""
    if len(counts) <= 4:
        return tuple(counts)
    return counts[0], counts[3], counts[-1]


def rendered_games() -> Iterator[tuple[str, int]]:
    """Every registered game that has a table renderer, at its sample player counts."""
    for rules in registry.all_rules():
        try:
            render_table(rules.key, rules.new_game(rules.min_players, seed=0).view(None))
        except ValueError:
            continue
        for players in sample_counts(rules.player_counts):
            yield rules.key, players


def sample_chart(games: int = 24, seed: int = 1) -> dict[str, Any]:
    """A member's rating chart as /stats draws it, from a made-up run of games: the estimate
    wanders up, the uncertainty shrinks with each game (the bot's own come from its ratings)."""
    rng = random.Random(seed)
    mu, sigma = 25.0, 25 / 3
    points = [[mu, sigma]]
    for _ in range(games):
        mu += rng.uniform(-1.2, 1.8) * sigma / 6
        sigma = max(1.5, sigma * 0.97)
        points.append([mu, sigma])
    return {"title": "Annabel at Fosco", "subtitle": f"rank 2 of 9 \u00b7 {games} games", "points": points,
            "from_start": True, "base": 1000, "scale": 40, "z": 3}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder to write the PNG files to")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    count = 0
    for key, players in rendered_games():
        open_play = registry.get(key).open_play  # nothing is dealt: no hand to show
        for stage in stages(key, players, args.seed):
            files = {
                f"{stage.label}-table.png": render_table(key, stage.view(stage.mover)),
                f"{stage.label}-spectator.png": render_table(key, stage.view(None)),
            }
            if not open_play:
                files[f"{stage.label}-hand.png"] = render_hand(key, stage.view(stage.mover))
            if stage.state.settlements and stage.name in ("between", "over"):
                last = stage.state.settlements[-1].to_json()
                files[f"{stage.label}-settlement.png"] = render_settlement(key, stage.view(None), last)
            if stage.state.round_ends and stage.name in ("between", "over"):
                ended = stage.state.round_ends[-1]
                files[f"{stage.label}-round-end.png"] = render_round_end(key, stage.view(None), ended)
            for name, data in files.items():
                (args.out / name).write_bytes(data)
                count += 1
    (args.out / "rating-chart.png").write_bytes(render_rating_chart(sample_chart()))
    print(f"wrote {count + 1} images to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
