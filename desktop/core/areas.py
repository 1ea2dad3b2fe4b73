"""Templates on the map: place a Blast, Cone or Stream, who is beneath it, where an evader goes.

The geometry the game systems' area attacks ask for through the measurer
(:class:`battlemap.desktop.core.board.MapMeasurer`): blasts sit on the aimed point, Cones and
Streams start at the attacker and point at it (or along a rotation); :func:`area_of` and
:func:`template_of` trade geometry's :class:`~battlemap.geometry.templates.Template` for the rules'
neutral :class:`~battlemap.rules.table.Area`.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Side, Token
>>> hero = Token("h", "Hero", 1.5, 5.5, side=Side.HERO)
>>> orc = Token("o", "Orc", 6.5, 5.5, side=Side.VILLAIN)
>>> enc = Encounter(tokens=(hero, orc))
>>> blast = placed(enc, "h", "sbt", (6.5, 5.0))
>>> [h.id for h in beneath(enc, "h", blast).hits]
['o']
>>> area_of(placed(enc, "h", "cone", (6.5, 5.5)))  # from the edge of the hero's base
Area(shape='cone', x=2.0, y=5.5, bearing=90.0)
"""

from __future__ import annotations

import math

import shapely

from battlemap.desktop.core.battlefield import field_of
from battlemap.desktop.core.model import Encounter, Point, Token
from battlemap.geometry.templates import (
    Template,
    TemplateResult,
    TemplateShape,
    place_template,
    template_hits,
    template_outline,
)
from battlemap.rules.table import Area

__all__ = ["EVASION_MARGIN", "area_of", "beneath", "evasion_spot", "outline_of", "placed",
           "shape_of", "template_of"]


def outline_of(template: Template) -> tuple[Point, ...]:
    """The placed template as polygon points, for drawing it and its burst."""
    coords = template_outline(template).exterior.coords
    return tuple((float(x), float(y)) for x, y in coords)


def shape_of(name: str) -> TemplateShape:
    """The template shape called ``name``; ``ValueError`` naming the known ones."""
    try:
        return TemplateShape(name.strip().lower())
    except ValueError:
        known = ", ".join(s.value for s in TemplateShape)
        raise ValueError(f"template {name!r} is not one of {known}") from None


def placed(encounter: Encounter, attacker: str, shape: str, at: Point,
           rotation: float | None = None) -> Template:
    """Blasts sit on ``at``; Cones and Streams "emanate from the attacker": they start at the
    edge of his footprint and point at ``at`` (or along ``rotation``), as ``battlemap
    template --from`` places them."""
    kind = shape_of(shape)
    if kind.is_blast:
        return place_template(kind, at)
    token = encounter.token(attacker)
    if rotation is None:
        dx, dy = at[0] - token.x, at[1] - token.y
        rotation = math.degrees(math.atan2(dx, -dy)) % 360.0 if (dx or dy) else 0.0
    bearing = math.radians(rotation)
    edge = (token.x + math.sin(bearing) * token.radius, token.y - math.cos(bearing) * token.radius)
    return place_template(kind, edge, rotation=rotation)


def beneath(encounter: Encounter, attacker: str, template: Template) -> TemplateResult:
    """Who is beneath ``template`` (a Cone or Stream never hits its own source)."""
    exclude = () if template.shape.is_blast else (attacker,)
    return template_hits(field_of(encounter), template.shape, (template.x, template.y),
                         rotation=template.bearing, exclude=exclude)


def area_of(template: Template) -> Area:
    return Area(template.shape.value, template.x, template.y, template.bearing)


def template_of(area: Area) -> Template:
    return Template(shape_of(area.shape), area.x, area.y, area.bearing)


EVASION_MARGIN = 0.1
"""Cells between an evading token's edge and the template it escaped."""


def evasion_spot(template: Template, token: Token) -> Point:
    """Where a token that Evaded ``template`` stands: past the template's nearest side, its
    footprint just clear of it.

    Examples
    --------
    >>> from battlemap.geometry.templates import TemplateShape
    >>> blast = place_template(TemplateShape.SMALL_BLAST, (5.0, 5.0))
    >>> spot = evasion_spot(blast, Token("g", "G", 5.5, 5.0))
    >>> round(math.dist(spot, (5.0, 5.0)), 2)  # the blast's 1" radius + the token's 0.5 + 0.1
    1.6
    """
    outline = template_outline(template)
    centre = shapely.Point(token.x, token.y)
    edge = outline.exterior.interpolate(outline.exterior.project(centre))
    inside = outline.contains(centre)
    dx, dy = (edge.x - token.x, edge.y - token.y) if inside else (token.x - edge.x,
                                                                  token.y - edge.y)
    length = math.hypot(dx, dy)
    if length == 0.0:
        dx, dy, length = token.x - template.x, token.y - template.y, 1.0
    clear = token.radius + EVASION_MARGIN
    return (edge.x + dx / length * clear, edge.y + dy / length * clear)
