"""A seat's name in a narrow place, cut so that it still tells the seat apart (issue 44 point 2).

Plain cutting keeps a name's start: at a table of "Easy computer 1", "Easy computer 2" and "Easy
computer 3" every plate read "Easy comp..." and a label under a played card "E". The computers'
names differ only in their number, so a name that ends in one keeps it: "Easy computer 1" becomes
"Easy 1" where it does not fit, then "Easy c... 1" for a one-word stem, then "E1"; any other name is cut at its end.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from renderers.kit.layout import ellipsize, rich_width

_NUMBERED = re.compile(r"^(?P<stem>.*\S)\s+(?P<number>\d+)$")


def fit_names(names: list[str] | tuple[str, ...], size: int, width: float, bold: bool = False,
              joiner: str = " & ") -> str:
    """Partners' names joined ("Ann & Easy computer 2") within ``width``: whole where they fit,
    else each fitted into its share ("Ann & Easy 2"), so that neither loses what tells it apart."""
    joined = joiner.join(names)
    if len(names) < 2 or rich_width(joined, size, bold) <= width:
        return fit_name(joined, size, width, bold)
    share = (width - rich_width(joiner, size, bold) * (len(names) - 1)) / len(names)
    fitted = [fit_name(n, size, share, bold) for n in names]
    if all(len(f.removesuffix("...")) >= 3 or f in shorter_forms(n) for f, n in zip(fitted, names, strict=True)):
        return joiner.join(fitted)
    # Too narrow for words: initials, a computer's with its number ("A & E2", closer if need be).
    initials = [shorter_forms(n)[-1] if shorter_forms(n) else n[:1].upper() for n in names]
    spaced = joiner.join(initials)
    return spaced if rich_width(spaced, size, bold) <= width else joiner.strip().join(initials)


def fit_name_with(name: str, tail: str, size: int, width: float, bold: bool = False) -> str:
    """``name`` and its ``tail`` (" plays", "  dealt") within ``width``: the tail whole, the name
    fitted into what is left (:func:`fit_name`)."""
    return fit_name(name, size, width - rich_width(tail, size, bold), bold) + tail


def fit_marked(name: str, size: int, width: float, bold: bool = False) -> str:
    """A plate's name that may carry a mark before it ("Dummy · Easy computer 1"): the mark whole,
    the name fitted after it (:func:`fit_name`: "Dummy · Easy 1")."""
    mark, dot, rest = name.partition(" \u00b7 ")
    if not dot or rich_width(name, size, bold) <= width:
        return fit_name(name, size, width, bold)
    return f"{mark}{dot}{fit_name(rest, size, width - rich_width(mark + dot, size, bold), bold)}"


def fit_note(note: str, size: int, width: float, bold: bool = False) -> str:
    """A plate's note within ``width``: "Easy computer 1 plays" keeps " plays" and the number
    ("Easy 1 plays"); any other note is cut as :func:`renderers.kit.layout.ellipsize` does."""
    name, space, verb = note.rpartition(" ")
    if space and _NUMBERED.match(name) and rich_width(note, size, bold) > width:
        return fit_name_with(name, f" {verb}", size, width, bold)
    return ellipsize(note, size, width, bold)


def short_names_in(text: str, names: Sequence[str]) -> str:
    """``text`` with each numbered name in its first shorter form ("Easy 1"): for a log a few
    words wide, where a line would otherwise be cut before its figures."""
    for name in sorted({n for n in names if shorter_forms(n)}, key=len, reverse=True):
        text = text.replace(name, shorter_forms(name)[0])
    return text


@lru_cache(maxsize=4096)
def fit_name(name: str, size: int, width: float, bold: bool = False) -> str:
    """``name`` within ``width`` at ``size``: whole where it fits; else, for a name ending in a
    number, the shortest change that keeps the number; else cut with "..." as
    :func:`renderers.kit.layout.ellipsize` does."""
    if rich_width(name, size, bold) <= width:
        return name
    numbered = _NUMBERED.match(name)
    if numbered is None:
        return ellipsize(name, size, width, bold)
    stem, number = numbered["stem"], numbered["number"]
    words = stem.split()
    # "Easy computer 1" -> "Easy 1": whole words, fewer of them, the number kept.
    for k in range(len(words) - 1, 0, -1):
        shorter = f"{' '.join(words[:k])} {number}"
        if rich_width(shorter, size, bold) <= width:
            return shorter
    # "Computer 1" -> "Comp... 1": the stem cut, if three letters of it are left.
    cut = ellipsize(stem, size, width - rich_width(f" {number}", size, bold), bold)
    if len(cut.removesuffix("...")) >= 3:
        return f"{cut} {number}"
    for short in (f"{stem[0].upper()}{number}", number):  # "E1": its first letter and the number
        if rich_width(short, size, bold) <= width:
            return short
    return ellipsize(number, size, width, bold)


def shorter_forms(name: str) -> tuple[str, ...]:
    """A numbered name's shorter forms, longest first ("Easy computer 1": "Easy 1", "E1"); none
    for another name, which a sentence keeps whole."""
    numbered = _NUMBERED.match(name)
    if numbered is None:
        return ()
    words, number = numbered["stem"].split(), numbered["number"]
    forms = [f"{' '.join(words[:k])} {number}" for k in range(len(words) - 1, 0, -1)]
    return (*forms, f"{words[0][0].upper()}{number}")


def shorten_names_in(text: str, names: Sequence[str], size: int, width: float, bold: bool = False) -> str:
    """A sentence naming seats ("Easy computer 1 comes out ahead, +$4") within ``width``: its
    numbered names shortened, step by step, before anything is cut, so that the figures after
    them stay; cut with "..." only if that is not enough."""
    present = sorted({n for n in names if n and n in text and shorter_forms(n)}, key=len, reverse=True)
    steps = max((len(shorter_forms(n)) for n in present), default=0)
    for step in range(steps + 1):
        shortened = text
        for name in present:
            forms = shorter_forms(name)
            if step:
                shortened = shortened.replace(name, forms[min(step, len(forms)) - 1])
        if rich_width(shortened, size, bold) <= width:
            return shortened
    return ellipsize(text if not present else shortened, size, width, bold)
