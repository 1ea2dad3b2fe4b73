"""``find_system`` loads the one built-in system asked for by its name, and all of them for a
name no loaded system answers to (each in a fresh process: the modules loaded are checked)."""

from __future__ import annotations

import subprocess
import sys

LOADED = """
import sys
from battlemap.rules.registry import find_system
systems = ("battlemap.rules.savage_pathfinder", "battlemap.rules.gurps",
           "battlemap.rules.storypath", "battlemap.rules.fate")
for name in sys.argv[1:]:
    print(find_system(name).name, sorted(s.rsplit(".", 1)[1] for s in systems if s in sys.modules))
"""


def _loaded_after(*names: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", LOADED, *names], capture_output=True,
                          text=True, timeout=120, check=True)
    return done.stdout.splitlines()


def test_a_system_asked_for_by_its_name_loads_alone() -> None:
    assert _loaded_after("gurps", "Savage Pathfinder") == [
        "gurps ['gurps']",
        "savage-pathfinder ['gurps', 'savage_pathfinder']",
    ]


def test_an_alias_of_a_loaded_system_loads_nothing_more_an_unknown_one_loads_all() -> None:
    assert _loaded_after("savage-pathfinder", "spf", "fate rpg") == [
        "savage-pathfinder ['savage_pathfinder']",
        "savage-pathfinder ['savage_pathfinder']",
        "fate ['fate', 'gurps', 'savage_pathfinder', 'storypath']",
    ]
