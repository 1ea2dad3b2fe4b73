"""Bad input is rejected with the field named; odd but legal input is measured sensibly."""

from __future__ import annotations

import math
import re
import subprocess
import sys

import pytest

from battlemap.geometry.cover import CoverThresholds, cover_fraction
from battlemap.geometry.deviation import deviate
from battlemap.geometry.errors import GeometryError
from battlemap.geometry.grid import GridKind, snap_to_cell
from battlemap.geometry.illumination import illumination_at
from battlemap.geometry.index import Battlefield
from battlemap.geometry.measure import range_band
from battlemap.geometry.movement import path_length
from battlemap.geometry.shapes import Body, LightSource, Occluder
from battlemap.geometry.survey import survey
from battlemap.geometry.templates import TemplateShape, place_template, template_hits


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Body("orc", math.nan, 0.0), "Body 'orc' x must be a finite number, got nan"),
        (lambda: Body("orc", 0.0, 0.0, height=math.inf), "Body 'orc' height must be a finite"),
        (lambda: Body("orc", 0.0, 0.0, radius=-0.5), "Body 'orc' radius must not be negative"),
        (lambda: Occluder("w", 0, 0, math.inf, 0), "Occluder 'w' x2 must be a finite number"),
        (lambda: Occluder("w", 0, 0, 1, 0, top=-1.0), "Occluder 'w' top must be >= 0 or inf"),
        (lambda: LightSource("l", 0, 0, -1.0, 2.0), "LightSource 'l' bright_radius must not be"),
        (
            lambda: range_band(3.0, 2.0, weapon_ranges=(12, 6, 48)),
            "weapon_ranges must be short <= medium <= long",
        ),
        (lambda: CoverThresholds(light=0.6), "CoverThresholds must rise"),
        (
            lambda: deviate((0, 0), (5, 0), 2.0, 13),
            "clock hour must be a whole number from 1 to 12",
        ),
        (lambda: deviate((0, 0), (5, 0), math.nan, 3), "deviation distance must be a finite"),
        (lambda: Battlefield.build(bodies=[Body("a", 0, 0)]).body("b"), "no body with id 'b'"),
        (lambda: snap_to_cell((math.nan, 1.0), GridKind.SQUARE), "point x must be a finite"),
        (lambda: place_template(TemplateShape.CONE, (0, 0), toward=(1, math.inf)), "toward y"),
        (lambda: illumination_at(Battlefield.build(), (math.nan, 0)), "point x must be a finite"),
        (lambda: range_band(-1.0, 0.0), "distance must not be negative, got -1.0"),
        (lambda: path_length(Battlefield.build(), [(0, 0), (1, math.nan)]), "path point 1 y"),
    ],
)
def test_bad_input_raises_a_geometry_error_naming_the_field(build: object, message: str) -> None:
    with pytest.raises(GeometryError, match="^" + re.escape(message)):
        build()  # type: ignore[operator]


def test_geometry_error_is_a_value_error() -> None:
    assert issubclass(GeometryError, ValueError)


def test_zero_length_walls_and_tokens_on_top_of_each_other_are_measured() -> None:
    field = Battlefield.build(
        bodies=[
            Body("a", 1.0, 1.0),
            Body("b", 1.0, 1.0),
            Body("dot", 4.0, 1.0, radius=0.0, height=0.0),
        ],
        occluders=[Occluder("speck", 2.0, 1.0, 2.0, 1.0)],
    )
    stacked = survey(field, "a", "b")
    assert (stacked.distance, stacked.cover_fraction, stacked.range_band.value) == (
        0.0,
        0.0,
        "melee",
    )
    # a zero-length wall is a point: it hides nothing of a target of any size
    assert cover_fraction(field, "a", "dot") == 0.0
    assert template_hits(field, TemplateShape.SMALL_BLAST, (4.0, 1.0)).hits[0].id == "dot"


def test_a_target_of_radius_zero_is_a_thin_post() -> None:
    field = Battlefield.build(
        bodies=[Body("a", 0.0, 0.0), Body("post", 5.0, 0.0, radius=0.0)],
        occluders=[Occluder("w", 3.0, -1.0, 3.0, 1.0, top=0.45)],
    )
    # t = 0.6: hidden z < 0.9 + (0.45 - 0.9) / 0.6 = 0.15 of a body 1 tall
    assert cover_fraction(field, "a", "post") == pytest.approx(0.15)


def test_an_attacker_standing_in_a_wall_sees_along_it() -> None:
    # the eye lies on the wall's line: the wall is seen edge-on and hides nothing; a wall
    # crossing the line of sight beyond still counts
    field = Battlefield.build(
        bodies=[Body("a", 0.0, 0.0), Body("t", 6.0, 0.0)],
        occluders=[
            Occluder("through", 0.0, -2.0, 0.0, 2.0),
            Occluder("along", -1.0, 0.0, 3.0, 0.0),
        ],
    )
    assert cover_fraction(field, "a", "t") == 0.0


def test_geometry_imports_no_qt() -> None:
    code = (
        "import sys, pkgutil, importlib\n"
        "from battlemap import geometry\n"
        "for m in pkgutil.walk_packages(geometry.__path__, 'battlemap.geometry.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')\n"
        "       or m == 'battlemap.desktop' or m.startswith('battlemap.desktop.')]\n"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("angle", [0.0, 1.0, 2.5, 5.2403580442360935])
def test_an_almost_stacked_target_beside_a_long_wall_is_not_hidden(angle: float) -> None:
    # eye and target 6e-8 apart, a wall 1.47 to the side and parallel to the sight line:
    # clipping the wall to the tiny depth window once lost the sign of its depth to rounding
    c, s = math.cos(angle), math.sin(angle)

    def turn(x: float, y: float) -> tuple[float, float]:
        return (c * x - s * y, s * x + c * y)

    eye, target = turn(5.960464477539063e-08, -1.46875), turn(0.0, -1.46875)
    (x1, y1), (x2, y2) = turn(8.704088023929447, 0.0), turn(-8.0, 0.0)
    field = Battlefield.build(
        bodies=[Body("a", *eye, radius=0.0), Body("t", *target, radius=0.0)],
        occluders=[Occluder("w", x1, y1, x2, y2)],
    )
    assert cover_fraction(field, "a", "t") == 0.0
