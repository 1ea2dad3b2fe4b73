"""Template hits agree with exact polygon areas on random placements (hypothesis)."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from geometry.index import Battlefield
from geometry.shapes import Body
from geometry.templates import (
    CONE_ARC_STEPS,
    CONE_SIDES,
    CONE_TANGENT,
    TemplateShape,
    _cone_share,
    _outline_share,
    place_template,
    template_hits,
    template_outline,
)

spot = st.floats(-6.0, 6.0, allow_nan=False)
bodies = st.lists(
    st.tuples(spot, spot, st.floats(0.05, 2.0)), min_size=1, max_size=12
).map(lambda rows: [Body(f"b{k}", x, y, radius=r) for k, (x, y, r) in enumerate(rows)])


@settings(max_examples=150, deadline=None)
@given(bodies, st.sampled_from(list(TemplateShape)), spot, spot, st.floats(0.0, 360.0))
def test_every_overlap_matches_the_exact_area_within_three_percent(
    crowd: list[Body], shape: TemplateShape, x: float, y: float, rotation: float
) -> None:
    field = Battlefield.build(bodies=crowd)
    found = {h.id: h.overlap for h in template_hits(field, shape, (x, y), rotation=rotation).hits}
    outline = template_outline(place_template(shape, (x, y), rotation=rotation))
    for body in crowd:
        disc = shapely.Point(body.x, body.y).buffer(body.radius, quad_segs=64)
        exact = disc.intersection(outline).area / disc.area
        assert abs(found.get(body.id, 0.0) - exact) <= 0.03, (body, exact)


@settings(max_examples=400, deadline=None)
@given(st.floats(-2.0, 11.0), st.floats(-3.5, 3.5), st.floats(0.01, 3.0))
def test_the_cone_shortcuts_equal_the_integral_around_the_whole_outline(
    x: float, y: float, r: float
) -> None:
    # a disc beyond the chord (lens of two circles), on the apex side or clear of the end
    # circle (the triangle), or deep inside (1) gets the share the full Green's integral gives
    whole = _outline_share(x, y, r, CONE_SIDES, CONE_ARC_STEPS)
    assert _cone_share(x, y, r) == pytest.approx(whole, abs=1e-9)


@settings(max_examples=300, deadline=None)
@given(st.floats(-0.6, 0.6), st.floats(0.0, 2.0), st.floats(0.05, 1.2), st.booleans())
def test_the_cone_shortcuts_hold_at_the_chord_and_the_outline(
    shift: float, offset: float, r: float, at_chord: bool
) -> None:
    # centres where the shortcuts switch over: around the chord between the tangent points,
    # and around a side (``offset`` along it from the apex, ``depth`` inward across it)
    tx, ty = CONE_TANGENT
    length, depth = math.hypot(tx, ty), 2.0 * shift * r
    if at_chord:
        x, y = tx + depth, offset - 1.0
    else:
        along = offset / 2.0 * length
        x, y = (tx * along + ty * depth) / length, (ty * along - tx * depth) / length
    whole = _outline_share(x, y, r, CONE_SIDES, CONE_ARC_STEPS)
    assert _cone_share(x, y, r) == pytest.approx(whole, abs=1e-9)
