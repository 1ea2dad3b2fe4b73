"""Template hits agree with exact polygon areas on random placements (hypothesis)."""

from __future__ import annotations

import math
from unittest.mock import patch

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry import templates
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Body, Occluder
from battlemap.geometry.templates import (
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


walls = st.lists(
    st.tuples(spot, spot, spot, spot, st.sampled_from([2.0, 4.0, 8.0]), st.booleans()),
    max_size=30,
).map(lambda rows: [Occluder(f"w{k}", x1, y1, x2, y2, hardness=h, is_solid=solid)
                    for k, (x1, y1, x2, y2, h, solid) in enumerate(rows)])


@settings(max_examples=150, deadline=None)
@given(bodies, walls, st.sampled_from(list(TemplateShape)), spot, spot, st.floats(0.0, 360.0))
def test_protections_pair_by_pair_equal_those_of_all_pairs_at_once(
    crowd: list[Body], fence: list[Occluder], shape: TemplateShape, x: float, y: float,
    rotation: float,
) -> None:
    # few victims and walls are tested pair by pair in plain floats, many all at once in numpy:
    # the same protections, the same hardest wall (the first of equals) named
    field = Battlefield.build(bodies=crowd, occluders=fence)
    with patch.object(templates, "FEW_CROSSINGS", 10**9):
        few = template_hits(field, shape, (x, y), rotation=rotation)
    with patch.object(templates, "FEW_CROSSINGS", -1):
        many = template_hits(field, shape, (x, y), rotation=rotation)
    assert few == many


@pytest.mark.parametrize("few", [10**9, -1])
def test_protection_counts_a_touching_end_and_skips_what_is_not_solid(few: int) -> None:
    # the line from the blast centre (0, 0) to a at (2.2, 0) crosses "near" (hardness 4) and
    # touches the end of "touch" (8) at (1.8, 0); "glass" (20) is not solid. b's line crosses
    # two walls of hardness 4: either is named, the same one pair by pair and all at once
    field = Battlefield.build(
        bodies=[Body("a", 2.2, 0.0), Body("b", -2.2, 0.0)],
        occluders=[
            Occluder("near", 1.0, -1.0, 1.0, 1.0, hardness=4),
            Occluder("touch", 1.8, 0.0, 1.8, 1.0, hardness=8),
            Occluder("glass", 1.5, -1.0, 1.5, 1.0, hardness=20, is_solid=False),
            Occluder("left2", -1.5, -1.0, -1.5, 1.0, hardness=4),
            Occluder("left1", -1.0, -1.0, -1.0, 1.0, hardness=4),
        ],
    )
    with patch.object(templates, "FEW_CROSSINGS", few):
        a, b = template_hits(field, TemplateShape.MEDIUM_BLAST, (0.0, 0.0)).protected
    with patch.object(templates, "FEW_CROSSINGS", 10**9 if few < 0 else -1):
        other = template_hits(field, TemplateShape.MEDIUM_BLAST, (0.0, 0.0)).protected
    assert (a.id, a.obstacle, a.hardness) == ("a", "touch", 8.0)
    assert (b.id, b.hardness) == ("b", 4.0) and b.obstacle in {"left1", "left2"}
    assert (a, b) == other
