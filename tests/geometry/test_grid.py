"""The grid geometry measures on is the grid the application snaps tokens to."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlemap.desktop.core import model
from battlemap.desktop.core.movement import hex_centre, snap_point
from battlemap.geometry.grid import GridKind, hex_cell, offset_hex_centre, snap_to_cell

coordinate = st.floats(min_value=1.0, max_value=60.0, allow_nan=False)


@pytest.mark.parametrize(
    ("size", "expected"),
    [(1, (3.5, 4.5)), (2, (3.0, 5.0)), (3, (3.5, 4.5)), (4, (3.0, 5.0))],
)
def test_square_snapping_by_footprint(size: float, expected: tuple[float, float]) -> None:
    # odd sizes: the centre of the cell holding (3.2, 4.9), i.e. (3.5, 4.5); even sizes: the
    # nearest corner (3, 5)
    assert snap_to_cell((3.2, 4.9), GridKind.SQUARE, size) == expected


@given(coordinate, coordinate)
def test_a_token_dropped_on_a_hex_stands_in_the_hex_geometry_measures_from(
    x: float, y: float
) -> None:
    snapped = snap_point(x, y, model.GridKind.HEX)
    assert hex_cell(*snapped) == hex_cell(x, y)


@given(coordinate, coordinate, st.sampled_from([1, 2, 3]))
def test_square_snapping_in_the_application_is_geometrys(x: float, y: float, size: int) -> None:
    assert snap_point(x, y, model.GridKind.SQUARE, size) == snap_to_cell(
        (x, y), GridKind.SQUARE, size
    )


def test_the_drawn_hexes_are_geometrys_hexes() -> None:
    for col in range(-2, 12):
        for row in range(-2, 12):
            x, y = offset_hex_centre(col, row)
            assert hex_centre(col, row) == (round(x, 3), round(y, 3))
            assert hex_cell(*hex_centre(col, row)) == hex_cell(x, y)
