"""Template hits agree with exact polygon areas on random placements (hypothesis)."""

from __future__ import annotations

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from geometry.index import Battlefield
from geometry.shapes import Body
from geometry.templates import TemplateShape, place_template, template_hits, template_outline

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
