""":meth:`Barriers.crossed_at` keeps its answer by leg (a drag asks again for every leg of its
path at each step): the kept answer is the one worked out, a leg with a NaN is still refused,
and at most :data:`LEGS_KEPT` legs are kept."""

from __future__ import annotations

import random

import pytest

from battlemap.geometry import pathfinding
from battlemap.geometry.errors import GeometryError
from battlemap.geometry.pathfinding import Barriers


def walls() -> list[tuple[float, float, float, float]]:
    rng = random.Random(28)
    return [(rng.uniform(0, 30), rng.uniform(0, 30), rng.uniform(0, 30), rng.uniform(0, 30))
            for _ in range(200)]


def test_a_kept_leg_answers_what_a_fresh_test_does() -> None:
    rng = random.Random(8)
    legs = [((rng.uniform(0, 30), rng.uniform(0, 30)), (rng.uniform(0, 30), rng.uniform(0, 30)))
            for _ in range(100)]
    kept = Barriers.of(walls())
    first = [kept.crossed_at(a, b) for a, b in legs]
    again = [kept.crossed_at(a, b) for a, b in legs]
    fresh = [Barriers.of(walls()).crossed_at(a, b) for a, b in legs]
    assert again == first == fresh and any(first)
    assert all(x is y for x, y in zip(again, first, strict=True))  # found, not worked out


def test_a_leg_with_nan_is_refused_every_time() -> None:
    barriers = Barriers.of(walls())
    for _ in range(2):
        with pytest.raises(GeometryError):
            barriers.crossed_at((float("nan"), 1.0), (3.0, 4.0))


def test_at_most_legs_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pathfinding, "LEGS_KEPT", 10)
    barriers = Barriers.of(walls())
    for k in range(25):
        barriers.crossed_at((0.5, k + 0.5), (29.5, k + 0.5))
        assert len(barriers._legs) <= 10
