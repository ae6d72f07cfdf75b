"""games imports neither renderers nor bot; renderers does not import bot; games stays pure; the local
Discord knows nothing of Parlour."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"games": {"renderers", "bot", "localcord"}, "renderers": {"bot", "localcord"},
             "localcord": {"games", "renderers", "bot", "tests"}}
# The rules core is pure: no I/O, no clocks, no global randomness, no third-party packages.
IMPURE = {"asyncio", "os", "time", "socket", "subprocess", "pathlib", "io", "threading", "sqlite3"}


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_layering() -> None:
    for package, banned in FORBIDDEN.items():
        for path in (ROOT / package).rglob("*.py"):
            assert not imports(path) & banned, f"{path.relative_to(ROOT)} imports {imports(path) & banned}"


def test_games_use_only_the_standard_library_and_no_io() -> None:
    stdlib = set(sys.stdlib_module_names)
    for path in (ROOT / "games").rglob("*.py"):
        found = imports(path)
        assert found <= stdlib | {"games"}, f"{path.relative_to(ROOT)} imports {found - stdlib - {'games'}}"
        assert not found & IMPURE, f"{path.relative_to(ROOT)} imports {found & IMPURE}"
        text = path.read_text(encoding="utf-8")
        assert "random.random(" not in text and "random.shuffle(" not in text, "use a seeded Random"
