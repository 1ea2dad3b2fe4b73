"""Blast, Cone and Stream templates: who is beneath them, how much, who is protected."""

from __future__ import annotations

import math

import pytest
import shapely

from battlemap.geometry.deviation import deviate
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Body, Occluder
from battlemap.geometry.templates import (
    TemplateShape,
    place_template,
    template_hits,
    template_outline,
)


def hit_ids(
    field: Battlefield, shape: TemplateShape, at: tuple[float, float], **kw: object
) -> list[str]:
    return [h.id for h in template_hits(field, shape, at, **kw).hits]  # type: ignore[arg-type]


@pytest.mark.parametrize(("shape", "reach"), [("sbt", 1.0), ("mbt", 2.0), ("lbt", 3.0)])
def test_blast_hits_every_disc_even_partially_beneath_it(shape: str, reach: float) -> None:
    # tokens of radius 0.5 east of the centre: a gap of 0.4 overlaps, touching (0.5) does not
    bodies = [
        Body("in", reach + 0.4, 0.0),
        Body("touching", 0.0, reach + 0.5),
        Body("out", -reach - 0.6, 0),
    ]
    assert hit_ids(Battlefield.build(bodies=bodies), TemplateShape(shape), (0.0, 0.0)) == ["in"]


def test_overlap_agrees_with_exact_areas_within_two_percent() -> None:
    bodies = [Body(f"b{k}", 1.0 + 0.35 * k, 0.3 * k, radius=0.5 + 0.1 * k) for k in range(8)]
    field = Battlefield.build(bodies=bodies)
    for shape in TemplateShape:
        template = place_template(shape, (0.0, 0.0), rotation=100.0)
        outline = template_outline(template)
        for hit in template_hits(field, shape, (0.0, 0.0), rotation=100.0).hits:
            body = field.body(hit.id)
            disc = shapely.Point(body.x, body.y).buffer(body.radius, quad_segs=64)
            assert hit.overlap == pytest.approx(
                disc.intersection(outline).area / disc.area, abs=0.02
            )


def test_blast_overlap_is_the_exact_lens_area() -> None:
    # radius 0.5 at 3 from a Large Blast's centre: the circles cross on x = (9 + 9 - 0.25) / 6
    # = 2.9583, 0.0417 short of the disc's centre; lens = 9 acos(2.9583 / 3)
    # + 0.25 acos(0.0417 / 0.5) - kite / 2, kite = sqrt(0.5 * 0.5 * 5.5 * 6.5) = 2.9896:
    # 1.5023 + 0.3718 - 1.4948 = 0.3793 (0.3788 unrounded) of pi / 4: 0.4823
    bodies = [Body("edge", 3.0, 0.0), Body("inside", 0.0, 2.5), Body("point", -3.0, 0.0, radius=0)]
    field = Battlefield.build(bodies=bodies)
    hits = {h.id: h.overlap for h in template_hits(field, TemplateShape.LARGE_BLAST, (0, 0)).hits}
    assert hits == pytest.approx({"edge": 0.4823, "inside": 1.0, "point": 1.0}, abs=1e-4)
    for body in bodies[:2]:
        disc = shapely.Point(body.x, body.y).buffer(body.radius, quad_segs=4096)
        circle = shapely.Point(0, 0).buffer(3.0, quad_segs=4096)
        exact = disc.intersection(circle).area / disc.area
        assert hits[body.id] == pytest.approx(exact, abs=1e-5)


def test_cone_is_nine_long_and_three_wide_at_its_rounded_end() -> None:
    # pointing right (bearing 90): tip at x = 9, end circle centred at x = 7.5, radius 1.5
    bodies = [
        Body("tip", 9.4, 0.0),
        Body("past tip", 9.6, 0.0),
        Body("end side", 7.5, 1.9),
        Body("beside end", 7.5, 2.1),
        Body("near apex", 1.0, 0.7),  # side line y = x tan(asin(0.2)): gap (0.7-0.204)cos = 0.486
        Body("off apex", 1.0, 0.75),  # gap 0.535
    ]
    field = Battlefield.build(bodies=bodies)
    hits = hit_ids(field, TemplateShape.CONE, (0.0, 0.0), toward=(1.0, 0.0))
    assert hits == ["tip", "end side", "near apex"]


def test_stream_is_twelve_by_one() -> None:
    bodies = [
        Body("end", 0.0, -12.4),
        Body("past", 0.0, -12.6),
        Body("side", 0.95, -6),
        Body("off", 1.05, -6),
    ]
    assert hit_ids(Battlefield.build(bodies=bodies), TemplateShape.STREAM, (0.0, 0.0)) == [
        "end",
        "side",
    ]


def test_solid_obstacle_between_blast_centre_and_victim_protects_it() -> None:
    bodies = [
        Body("open", -2.0, 0.0),
        Body("behind crate", 2.0, 0.0),
        Body("behind door", 0.0, 2.0),
    ]
    walls = [
        Occluder("crate", 1.0, -1.0, 1.0, 1.0, top=1.0, hardness=8.0),
        Occluder("stone", 1.5, -1.0, 1.5, 1.0, hardness=12.0),
        Occluder("open door", -1.0, 1.0, 1.0, 1.0, blocks_sight=False, is_solid=False),
    ]
    result = template_hits(
        Battlefield.build(bodies=bodies, occluders=walls), TemplateShape.LARGE_BLAST, (0, 0)
    )
    assert [(p.id, p.obstacle, p.hardness) for p in result.protected] == [
        ("behind crate", "stone", 12.0)
    ]


def test_clipped_template_stops_at_full_height_walls() -> None:
    bodies = [Body("hall", -2.0, 0.0), Body("next room", 2.0, 0.0)]
    field = Battlefield.build(bodies=bodies, occluders=[Occluder("wall", 1.0, -5.0, 1.0, 5.0)])
    assert hit_ids(field, TemplateShape.LARGE_BLAST, (0.0, 0.0)) == ["hall", "next room"]
    assert hit_ids(field, TemplateShape.LARGE_BLAST, (0.0, 0.0), clip=True) == ["hall"]


def test_the_breather_of_a_cone_is_not_hit() -> None:
    field = Battlefield.build(
        bodies=[Body("dragon", 0.0, 0.0, radius=1.0), Body("knight", 0.0, -4.0)]
    )
    assert hit_ids(field, TemplateShape.CONE, (0.0, -1.0), exclude=["dragon"]) == ["knight"]


@pytest.mark.parametrize(
    ("hour", "landing"), [(12, (10.0, 7.0)), (3, (13.0, 10.0)), (6, (10.0, 13.0)), (9, (7.0, 10.0))]
)
def test_deviation_reads_the_d12_as_a_clock_with_twelve_up(
    hour: int, landing: tuple[float, float]
) -> None:
    result = deviate((10.0, 30.0), (10.0, 10.0), 3.0, hour)
    assert (result.x, result.y) == pytest.approx(landing)


def test_deviation_is_never_more_than_half_the_throw() -> None:
    # thrown 6 to the right; 2d6 came up 8 at 4 o'clock: capped at 3
    result = deviate((0.0, 0.0), (6.0, 0.0), 8.0, 4)
    assert result.distance == 3.0
    assert math.dist((result.x, result.y), (6.0, 0.0)) == pytest.approx(3.0)


def _beside_the_cone_side(along: float, gap: float) -> Body:
    """A disc of radius 0.5 whose centre lies ``gap`` outside the upper straight side of a cone
    pointing right from (0, 0), ``along`` from the apex along that side."""
    half = math.asin(1.5 / 7.5)  # the side's angle to the axis
    x, y = along * math.cos(half), along * math.sin(half)
    return Body("grazed", x - gap * math.sin(half), y + gap * math.cos(half))


def test_a_cone_grazing_a_tenth_of_a_percent_of_a_base_hits_it_exactly() -> None:
    # the side cuts 0.007 into a disc of radius 0.5 (centre 0.493 beyond it): the segment is
    # 0.25 acos(0.493 / 0.5) - 0.493 sqrt(0.25 - 0.493^2) = 7.7924e-4 of the disc's pi / 4,
    # a share of 0.00099216 (sampling 400 points missed such tokens: issue 19)
    field = Battlefield.build(bodies=[_beside_the_cone_side(4.0, 0.493)])
    (hit,) = template_hits(field, TemplateShape.CONE, (0.0, 0.0), rotation=90.0).hits
    assert hit.overlap == pytest.approx(0.00099216, abs=1e-8)


def test_cone_and_stream_overlaps_are_exact_in_closed_form() -> None:
    # a disc at the cone's apex: only the wedge between the sides, 2 asin(0.2) of a full turn
    # (0.0640942); a disc centred on the stream's long edge: exactly half; a disc on the cone's
    # far end inside the end circle: whole
    bodies = [Body("apex", 0.0, 0.0), Body("edge", 5.0, 0.5), Body("end", 7.5, 0.0, radius=1.5)]
    field = Battlefield.build(bodies=bodies)
    cone = template_hits(field, TemplateShape.CONE, (0.0, 0.0), rotation=90.0)
    stream = template_hits(field, TemplateShape.STREAM, (0.0, 0.0), rotation=90.0)
    cone_share = {h.id: h.overlap for h in cone.hits}
    assert cone_share["apex"] == pytest.approx(math.asin(0.2) / math.pi, abs=1e-12)
    assert cone_share["end"] == pytest.approx(1.0, abs=1e-12)
    assert {h.id: h.overlap for h in stream.hits}["edge"] == pytest.approx(0.5, abs=1e-12)


def test_cone_and_stream_overlaps_agree_with_fine_polygons() -> None:
    # against shapely areas of 512 segments a quarter circle (their own error ~3e-6)
    bodies = [Body(f"b{k}", 0.6 * k - 1.0, -0.3 * k + 0.5, radius=0.25 + 0.3 * (k % 5))
              for k in range(16)]
    field = Battlefield.build(bodies=bodies)
    for shape in (TemplateShape.CONE, TemplateShape.STREAM):
        template = place_template(shape, (0.2, -0.1), rotation=66.0)
        if shape is TemplateShape.CONE:
            turn = math.radians(66.0)
            end = (0.2 + 7.5 * math.sin(turn), -0.1 - 7.5 * math.cos(turn))
            end_disc = shapely.Point(end).buffer(1.5, quad_segs=512)
            outline = shapely.convex_hull(shapely.union(end_disc, shapely.Point(0.2, -0.1)))
        else:
            outline = template_outline(template)
        hits = template_hits(field, shape, (0.2, -0.1), rotation=66.0).hits
        assert len(hits) >= 4
        for hit in hits:
            body = field.body(hit.id)
            disc = shapely.Point(body.x, body.y).buffer(body.radius, quad_segs=512)
            exact = disc.intersection(outline).area / disc.area
            assert hit.overlap == pytest.approx(exact, abs=2e-5)
