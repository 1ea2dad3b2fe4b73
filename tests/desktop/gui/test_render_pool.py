"""Qt's raster thread pool is off on two cores or fewer, where it lost time on every row of
the table's bench (issue 28, eighth round), on with more, and on wherever the GM asks."""

from __future__ import annotations

import pytest

from battlemap.desktop.gui.render import POOL_VARIABLE, paints_without_pool


@pytest.mark.parametrize(("cores", "environ", "without"), [
    (1, {}, True), (2, {}, True), (None, {}, True), (4, {}, False), (8, {}, False),
    (2, {POOL_VARIABLE: "1"}, False), (4, {POOL_VARIABLE: "1"}, False),
])
def test_the_pool_is_off_on_two_cores_unless_asked_for(
    cores: int | None, environ: dict[str, str], without: bool
) -> None:
    assert paints_without_pool(cores, environ) is without
