"""The fog's changed box between two kept sights is found again, asked either way round (a
drag to and fro shows kept sights again: :data:`~battlemap.desktop.gui.fog_item.CHANGED_KEPT`),
and it is the box worked out afresh."""

from __future__ import annotations

import gc

import pytest
from support.uvtt_house import house

from battlemap.desktop.core.fog import Vision
from battlemap.desktop.gui import fog_item
from battlemap.desktop.gui.fog_item import ClearRings


def rings_along() -> list[ClearRings]:
    encounter, vision = house(), Vision()
    sights = [vision.sight(encounter, {"h0": (3.5 + k, 3.5)}) for k in range(4)]
    return [ClearRings(sight, None) for sight in sights]


def test_the_box_is_found_again_either_way_round(monkeypatch: pytest.MonkeyPatch) -> None:
    rings = rings_along()
    fresh = [(a, b, a._changed_box(b)) for a in rings for b in rings if a is not b]
    worked: list[tuple[ClearRings, ClearRings]] = []
    box_of = ClearRings._changed_box

    def counted(self: ClearRings, other: ClearRings) -> object:
        worked.append((self, other))
        return box_of(self, other)

    monkeypatch.setattr(ClearRings, "_changed_box", counted)
    for a, b, box in fresh:
        assert a.changed_from(b) == box and b.changed_from(a) == box
    assert len(worked) == len(fresh) // 2  # once a pair of sights
    assert not fresh[0][2].isNull()


def test_the_kept_boxes_hold_no_sight(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fog_item, "CHANGED_KEPT", 2)
    first, *others = rings_along()
    for other in others:
        first.changed_from(other)
    assert len(first._changed) == 2
    del others, other
    gc.collect()
    assert all(kept() is None for kept, _ in first._changed)
