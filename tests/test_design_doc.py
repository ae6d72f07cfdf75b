"""docs/design.md is the project's design and stands alone: every file it names is in the project,
and nothing in the project points at a design document outside it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DESIGN = ROOT / "docs" / "design.md"
# A path in backticks: a top-level folder of ours, then more (placeholders like <name> are skipped).
CITED = re.compile(r"`((?:games|renderers|bot|localcord|tests|bench|docs|\.ci)/[^`\s]*|README\.md)`")
SOURCES = ("games", "renderers", "bot", "localcord", "tests", "bench", "docs")
# The old design and the folders of sources beside the project, spelt so that this file does not name them.
OUTSIDE = ("DESIGN" + ".md", "/".join(("shared", "rules")), "/".join(("shared", "seeds")))


def cited_paths() -> list[str]:
    return [p for p in CITED.findall(DESIGN.read_text(encoding="utf-8")) if "<" not in p and "*" not in p]


def test_every_path_the_design_names_is_in_the_project() -> None:
    paths = cited_paths()
    assert len(paths) > 50  # it names the modules it describes
    missing = [p for p in paths if not (ROOT / p).exists()]
    assert missing == []


def test_nothing_points_at_a_design_outside_the_project() -> None:
    pointing = []
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in {".py", ".md"} or path == Path(__file__):
                continue
            text = path.read_text(encoding="utf-8")
            if any(name in text for name in OUTSIDE):
                pointing.append(str(path.relative_to(ROOT)))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert pointing == [] and OUTSIDE[0] not in readme and "docs/design.md" in readme
