"""The UVTT sample's house with the table bench's six heroes in it (issue 28's fog-on drag),
for the sight and fog tests."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from battlemap.desktop.core.model import Encounter, Side, Sight, Token
from battlemap.desktop.core.uvtt import parse_uvtt

SAMPLE = Path(__file__).parents[1] / "data" / "uvtt" / "oganm_dd2vtt_importer_test.dd2vtt"
SPOTS = [(3.5, 3.5), (5.5, 4.5), (7.5, 3.5), (4.5, 6.5), (6.5, 7.5), (3.5, 8.5)]
"""Where the table bench's six heroes stand (``h0`` first, the one dragged)."""


def house() -> Encounter:
    """The imported map (its image left out: nothing to load) with the six heroes."""
    imported = parse_uvtt(SAMPLE.read_bytes(), where=SAMPLE.name, name="house").encounter
    heroes = tuple(Token(f"h{n}", f"Hero {n}", x, y, side=Side.HERO,
                         sight=Sight(darkvision=12.0)) for n, (x, y) in enumerate(SPOTS))
    return replace(imported, tokens=heroes, background=None)
