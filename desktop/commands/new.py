"""``battlemap new ENCOUNTER.json --system NAME``: an empty encounter for any game system.

The grid is the system's own (:attr:`battlemap.rules.registry.GameSystem.grid`): inches on squares
for Savage Pathfinder, yards on hexes for GURPS. The file must not exist yet.

Examples
--------
>>> empty_encounter("spf").grid.unit, empty_encounter("spf").fog.enabled
('in', True)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from battlemap.desktop.core.fileformat import save_encounter
from battlemap.desktop.core.model import Encounter, Fog, Grid, GridKind
from battlemap.rules.registry import find_system

__all__ = ["add_arguments", "empty_encounter", "run"]


def empty_encounter(system_name: str) -> Encounter:
    """An encounter with no tokens, on ``system_name``'s grid (``ValueError`` if unknown), its
    fog of war on and nothing revealed: a new map gives nothing away."""
    system = find_system(system_name)
    grid = Grid(GridKind(system.grid.kind), system.grid.distance_per_cell, system.grid.unit)
    return Encounter(name=f"New {system.title} encounter", system=system.name, grid=grid,
                     fog=Fog(enabled=True))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the encounter file to make (it must not exist)")
    parser.add_argument("--system", default="savage-pathfinder",
                        help="the game system (default: savage-pathfinder)")


def run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        if path.exists():
            raise ValueError(f"{path}: already exists (nothing written)")
        save_encounter(empty_encounter(args.system), path)
    except (ValueError, OSError) as error:
        print(f"battlemap new: {error}", file=sys.stderr)
        return 2
    print(f"wrote {path}")
    return 0
