"""Upgrades of older encounter files, one format step at a time, on the parsed JSON.

:data:`MIGRATIONS` maps a format number ``n`` to the function turning a format-``n`` document
into a format-``n + 1`` one. A file with no ``"format"`` key is format 0: the draft layout used
before the format was versioned, whose tokens and lights had flat ``x``/``y`` keys instead of
a nested ``"position"``.

Examples
--------
>>> migrate({"tokens": [{"id": "g1", "name": "Goblin", "x": 3.5, "y": 4.5}]})["tokens"]
[{'id': 'g1', 'name': 'Goblin', 'position': {'x': 3.5, 'y': 4.5}}]
>>> migrate({"format": 1})
{'format': 2, 'fog': {'enabled': False}}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from battlemap.desktop.core.model import FORMAT_VERSION
from battlemap.desktop.core.validation import FieldProblem

Document = dict[str, Any]


def _nest_positions(items: Any) -> Any:
    if not isinstance(items, list):
        return items  # the typed check reports the wrong type with its path
    nested = []
    for item in items:
        if isinstance(item, dict) and "position" not in item:
            item = {k: v for k, v in item.items() if k not in ("x", "y")} | {
                "position": {"x": item.get("x"), "y": item.get("y")}
            }
        nested.append(item)
    return nested


def _format_0_to_1(document: Document) -> Document:
    """Format 0 (unversioned draft): flat token/light ``x``/``y`` become ``"position"``."""
    upgraded = dict(document)
    for key in ("tokens", "lights"):
        if key in upgraded:
            upgraded[key] = _nest_positions(upgraded[key])
    return upgraded


def _format_1_to_2(document: Document) -> Document:
    """Format 1 had no fog: its players saw the whole map, so its fog is off. A format-1 file
    that does carry fog (written by hand, or by a tool that kept the old number) keeps it: the
    players must not see what its fog hides.

    >>> _format_1_to_2({"fog": {"enabled": True}})["fog"]
    {'enabled': True}
    """
    return document if "fog" in document else document | {"fog": {"enabled": False}}


MIGRATIONS: dict[int, Callable[[Document], Document]] = {0: _format_0_to_1, 1: _format_1_to_2}


def file_format(document: Any) -> int:
    """The format number of a parsed document: its ``"format"``, or 0 when it has none."""
    if not isinstance(document, dict):
        raise FieldProblem("", f"expected a JSON object, got {type(document).__name__}")
    version = document.get("format", 0)
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise FieldProblem("format", f"expected a whole number >= 0, got {version!r:.40}")
    if version > FORMAT_VERSION:
        raise FieldProblem(
            "format",
            f"this file is format {version}, made by a newer Battlemap; this version reads "
            f"formats up to {FORMAT_VERSION}. Please update Battlemap to open it",
        )
    return version


def migrate(document: Any) -> Document:
    """``document`` upgraded step by step to the current format (returned as a new dict)."""
    version = file_format(document)
    upgraded: Document = document
    while version < FORMAT_VERSION:
        upgraded = MIGRATIONS[version](upgraded)
        version += 1
    return upgraded | {"format": FORMAT_VERSION}
