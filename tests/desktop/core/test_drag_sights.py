"""A drag to and fro finds the sight of a place it came back to (issue 28's fog-on drag):
:class:`~battlemap.desktop.core.fog.Vision` keeps the sights of one snapshot's drag by the
dragged places (:data:`~battlemap.desktop.core.fog.DRAG_SIGHTS_KEPT`), and a kept sight is
the one worked out anew, ring for ring."""

from __future__ import annotations

import pytest
import shapely
from support.uvtt_house import house

from battlemap.desktop.core import fog
from battlemap.desktop.core.fog import Vision
from battlemap.geometry.visibility import RING_TOLERANCE, Ring

OUT = [(3.5 + k, 3.5) for k in range(6)]
PATH = [*OUT, *OUT[-2::-1], *OUT[1:]]
"""``h0`` dragged six cells east, back to its own cell and out again."""


def even_odd(rings: tuple[Ring, ...]) -> shapely.Geometry:
    shape = shapely.Polygon()
    for ring in rings:
        shape = shapely.symmetric_difference(shape, shapely.Polygon(ring))
    return shape


def sights(vision: Vision) -> list[fog.PartySight]:
    encounter = house()
    return [vision.sight(encounter, {"h0": at}) for at in PATH]


@pytest.mark.parametrize("split", [False, True])
def test_a_place_come_back_to_shows_the_sight_worked_out_there(
        monkeypatch: pytest.MonkeyPatch, split: bool) -> None:
    if split:  # the others' floor kept apart (the 8192 px map's way)
        monkeypatch.setattr(fog, "SPLIT_FROM", 0)
    monkeypatch.setattr(fog, "DRAG_SIGHTS_KEPT", 1)  # the sights before: the last four only
    anew = sights(Vision())
    monkeypatch.setattr(fog, "DRAG_SIGHTS_KEPT", 16)
    kept = sights(Vision())
    for at, old, new in zip(PATH, anew, kept, strict=True):
        assert new.seen_ids == old.seen_ids
        if at != PATH[0]:
            assert new.rings == old.rings
        else:  # at rest: worked out anew after the drag began, the dragged hero's floor is
            # added to the others' (the same union in another order, within the tolerance)
            apart = shapely.symmetric_difference(even_odd(new.rings), even_odd(old.rings))
            assert apart.area <= 2 * RING_TOLERANCE * even_odd(new.rings).boundary.length
    first: dict[tuple[float, float], fog.PartySight] = {}
    for at, sight in zip(PATH, kept, strict=True):
        assert first.setdefault(at, sight) is sight  # found again, not worked out anew


def test_another_snapshot_lets_the_drags_sights_go() -> None:
    vision = Vision()
    sights(vision)
    assert len(vision._drag_sights) == len(OUT)
    other = house()
    vision.sight(other)
    assert list(vision._drag_sights) == [((), frozenset())]  # the new snapshot's own


def test_at_most_drag_sights_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fog, "DRAG_SIGHTS_KEPT", 3)
    vision = Vision()
    sights(vision)
    assert len(vision._drag_sights) == 3
