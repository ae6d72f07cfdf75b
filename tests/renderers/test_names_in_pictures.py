"""Names and scores in pictures (issue 44 points 2 and 3): a seat's name keeps what tells it from the
others at the table (the computers' number above all: "Easy 1", "E1", never "Easy comp..." three
times), and no drawn line is cut in the middle of a score. Checked over every game's stages, tables,
copies and round ends, with three computers and with the gallery's names."""

from __future__ import annotations

import re

import pytest

from games import registry
from renderers import render_round_end, render_seat, render_settlement, render_table
from renderers.kit import fonts
from renderers.kit.names import fit_name, fit_names, shorten_names_in
from renderers.tools.gallery import SAMPLE_NAMES, stages

COMPUTERS = ["Alexandra", "Easy computer 1", "Easy computer 2", "Easy computer 3", "Easy computer 4"]
# A line cut here would lose a score: the totals, a deal's account, a result.
SCORE_LINE = re.compile(r"^(Scores|Totals|Game:|\(game|Deal \d+ scored)|\b(wins?|leads?)\b.*\d|[+-]\$\d|\d+ to$")


def player_counts(key: str) -> list[int]:
    counts = registry.get(key).player_counts
    return sorted({min(counts), 4 if 4 in counts else min(counts)})


def draw_everything(key: str, players: int, names: list[str]) -> None:
    rules = registry.get(key)
    for stage in stages(key, players, 3):
        table, seat = stage.view(None) | {"names": names}, stage.view(stage.mover) | {"names": names}
        render_table(key, table)
        if not rules.open_play:
            render_seat(key, table, seat)
        if stage.state.settlements:
            render_settlement(key, table, stage.state.settlements[-1].to_json())
        if stage.state.round_ends:
            render_round_end(key, table, stage.state.round_ends[-1])


def cut(drawn: list[str]) -> list[str]:
    return [t.removesuffix("...").rstrip() for t in drawn if t.endswith("...")]


@pytest.mark.parametrize("key", registry.keys())
def test_with_three_computers_every_name_keeps_its_number(drawn: list[str], key: str) -> None:
    for players in player_counts(key):
        draw_everything(key, players, COMPUTERS[:players])
    computers = [n for n in COMPUTERS if n[-1].isdigit()]
    # A piece of text cut where it names a computer: its number lost ("Easy comp...").
    lost = [stem for stem in cut(drawn) for name in computers
            if any(stem.endswith(name[:k]) for k in range(3, len(name)))]
    assert not lost, lost
    assert any(t in drawn for t in ("Easy computer 1", "Easy 1", "E1")), "the computers are named"


@pytest.mark.parametrize("key", registry.keys())
def test_no_picture_cuts_a_score(drawn: list[str], key: str) -> None:
    for players in player_counts(key):
        draw_everything(key, players, list(SAMPLE_NAMES[:players]))
        draw_everything(key, players, COMPUTERS[:players])
    scores = [stem for stem in cut(drawn) if SCORE_LINE.search(stem)]
    assert not scores, scores


def test_a_computers_name_gives_up_words_before_its_number() -> None:
    widths = [fonts.text_width(n, 17, True) for n in ("Easy computer 12", "Easy 12", "E12")]
    assert fit_name("Easy computer 12", 17, widths[0], True) == "Easy computer 12"
    assert fit_name("Easy computer 12", 17, widths[1], True) == "Easy 12"
    assert fit_name("Easy computer 12", 17, widths[2], True) == "E12"
    assert fit_name("Bartholomew", 17, 60, True).endswith("...")  # any other name is cut at its end


def test_partners_each_keep_their_own_number() -> None:
    both = fit_names(["Easy computer 1", "Easy computer 3"], 17, 150, True)
    assert both in ("Easy 1 & Easy 3", "E1 & E3"), both
    assert fit_names(["Ann", "Easy computer 2"], 17, 60, True) in ("A & E2", "A&E2")


def test_a_sentence_shortens_its_names_to_keep_its_figures() -> None:
    line = "Easy computer 1 comes out ahead, +$12.50"
    room = fonts.text_width("Easy 1 comes out ahead, +$12.50", 17, True)
    assert shorten_names_in(line, ["Easy computer 1"], 17, room, True) == "Easy 1 comes out ahead, +$12.50"
