"""The fog of a drag that came back to the dragged hero's own cell (issue 28): the kept sight
at rest (worked out before the drag, every hero's floor in one union) paints what the sight
worked out there anew paints (the dragged hero's floor added to the others' kept one, on a
map of many creatures), within one grey level."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from gui_helpers import painted_fog
from support.uvtt_house import house

from battlemap.desktop.core import fog
from battlemap.desktop.core.fog import Vision
from battlemap.desktop.core.model import Token

GOBLINS = [(12.5, 12.5), (14.5, 11.5), (15.5, 14.5), (11.5, 15.5), (16.5, 16.5), (9.5, 9.5),
           (8.5, 4.5), (10.5, 6.5), (6.5, 10.5), (2.5, 12.5), (12.5, 3.5), (9.5, 2.5)]
PATH = [(3.5 + k, 3.5 + k // 3) for k in range(7)]
"""``h0``'s drag: six cells out, then back to its own."""


def test_the_kept_sight_at_rest_paints_the_fog_of_the_one_worked_out_anew(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fog, "SPLIT_FROM", 0)  # the others' floor kept apart while dragging
    goblins = tuple(Token(f"g{n}", f"Goblin {n}", x, y) for n, (x, y) in enumerate(GOBLINS))
    encounter = replace(house(), tokens=(*house().tokens, *goblins))

    def back_home(kept: int) -> fog.PartySight:
        monkeypatch.setattr(fog, "DRAG_SIGHTS_KEPT", kept)
        vision = Vision()
        vision.sight(encounter)
        for at in PATH:
            vision.sight(encounter, {"h0": at})
        return vision.sight(encounter, {"h0": PATH[0]})

    kept, anew = back_home(16), back_home(1)
    assert kept.seen_ids == anew.seen_ids
    for audience in ("player", "gm"):
        apart = np.abs(painted_fog(encounter, kept.rings, audience)
                       - painted_fog(encounter, anew.rings, audience))
        assert apart.max() <= 1, audience
