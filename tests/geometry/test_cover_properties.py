"""Properties of the cover engine, checked on random maps (hypothesis)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from battlemap.geometry.cover import cover_fraction, cover_from
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Body, Occluder
from battlemap.geometry.sightlines import hidden_fractions
from battlemap.geometry.testing import assert_cover_matches_rays
from battlemap.geometry.vectors import distance_to_segment

coordinate = st.floats(-12.0, 12.0, allow_nan=False, allow_infinity=False)
top = st.one_of(st.just(math.inf), st.floats(0.0, 3.0))


@st.composite
def occluders(draw: st.DrawFn, name: str = "w") -> Occluder:
    x1, y1, x2, y2 = (draw(coordinate) for _ in range(4))
    return Occluder(name, x1, y1, x2, y2, top=draw(top))


@st.composite
def bodies(draw: st.DrawFn, name: str) -> Body:
    return Body(
        name,
        draw(coordinate),
        draw(coordinate),
        radius=draw(st.floats(0.0, 2.0)),
        base_z=draw(st.floats(0.0, 2.0)),
        height=draw(st.floats(0.0, 3.0)),
    )


@st.composite
def scenes(draw: st.DrawFn, max_walls: int = 6) -> Battlefield:
    walls = draw(st.lists(occluders(), max_size=max_walls))
    named = [Occluder(f"w{k}", w.x1, w.y1, w.x2, w.y2, top=w.top) for k, w in enumerate(walls)]
    return Battlefield.build(bodies=[draw(bodies("a")), draw(bodies("t"))], occluders=named)


def well_posed(field: Battlefield) -> bool:
    """No wall passes within 0.001 of the eye or of the target's footprint.

    There cover jumps: a wall through the eye is seen edge-on and hides nothing, one just
    beside it hides a half-plane; a wall lying in the silhouette's plane (inside the target's
    footprint) is not in front of it, one tilted a hair towards the eye hides part of it.
    Walls touching the target are covered by the hand-worked tests.
    """
    eye, target = field.bodies
    clear = ((eye, 1e-3), (target, target.radius + 1e-3))
    return all(
        distance_to_segment(np.array([b.x]), np.array([b.y]), (w.x1, w.y1), (w.x2, w.y2))[0] > gap
        for w in field.occluders
        for b, gap in clear
    )


def fraction(field: Battlefield) -> float:
    a = field.bodies[0]
    eye = (a.x, a.y, a.base_z + 0.9 * a.height)
    return float(hidden_fractions(field, eye, np.array([1]))[0])


def moved(field: Battlefield, how: object) -> Battlefield:
    def place(x: float, y: float) -> tuple[float, float]:
        return how(x, y)  # type: ignore[operator,no-any-return]

    new_bodies = []
    for b in field.bodies:
        x, y = place(b.x, b.y)
        new_bodies.append(Body(b.id, x, y, b.radius, b.base_z, b.height))
    new_walls = []
    for w in field.occluders:
        (x1, y1), (x2, y2) = place(w.x1, w.y1), place(w.x2, w.y2)
        new_walls.append(Occluder(w.id, x1, y1, x2, y2, top=w.top))
    return Battlefield.build(bodies=new_bodies, occluders=new_walls)


@given(scenes())
def test_cover_lies_between_zero_and_one(field: Battlefield) -> None:
    assert 0.0 <= fraction(field) <= 1.0


@given(scenes(), occluders("extra"))
def test_adding_a_wall_never_lowers_cover(field: Battlefield, extra: Occluder) -> None:
    more = Battlefield.build(bodies=field.bodies, occluders=[*field.occluders, extra])
    assert fraction(more) >= fraction(field) - 1e-9


@given(scenes(), coordinate, coordinate)
def test_moving_the_whole_map_changes_nothing(field: Battlefield, dx: float, dy: float) -> None:
    assume(well_posed(field))
    shifted = moved(field, lambda x, y: (x + dx, y + dy))
    assert math.isclose(fraction(shifted), fraction(field), abs_tol=1e-6)


@given(scenes(), st.floats(0.0, 2.0 * math.pi))
def test_turning_the_whole_map_changes_nothing(field: Battlefield, angle: float) -> None:
    assume(well_posed(field))
    c, s = math.cos(angle), math.sin(angle)
    turned = moved(field, lambda x, y: (c * x - s * y, s * x + c * y))
    assert math.isclose(fraction(turned), fraction(field), abs_tol=1e-6)


@settings(max_examples=60, deadline=None)
@given(scenes(max_walls=4))
def test_exact_cover_agrees_with_dense_ray_sampling(field: Battlefield) -> None:
    assume(well_posed(field))
    a = field.bodies[0]
    assert_cover_matches_rays(field, (a.x, a.y, a.base_z + 0.9 * a.height), "t", tolerance=0.01)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(bodies("t"), min_size=2, max_size=8),
    st.lists(occluders(), max_size=6),
    st.booleans(),
)
def test_all_targets_at_once_equal_one_target_at_a_time(
    crowd: list[Body], walls: list[Occluder], creatures_hide: bool
) -> None:
    named = [Body(f"b{k}", b.x, b.y, b.radius, b.base_z, b.height) for k, b in enumerate(crowd)]
    field = Battlefield.build(bodies=named, occluders=walls)
    together = cover_from(field, "b0", creatures_hide=creatures_hide)
    for reading in together:
        alone = cover_fraction(field, "b0", reading.id, creatures_hide=creatures_hide)
        assert math.isclose(reading.fraction, alone, abs_tol=1e-9)
