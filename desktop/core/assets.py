"""The program's own files (the demo encounters and their images), found through the package.

``assets`` is a Python package installed beside ``desktop``, so the demo is found the same way
from a source checkout, an editable install, a wheel or pipx: through
:func:`importlib.resources.files`, never through the working folder.

Examples
--------
>>> demo_path("goblin-ambush").name
'goblin-ambush.json'
>>> "goblin-ambush" in demo_names()
True
>>> demo_path("no-such-demo")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: no demo encounter 'no-such-demo' (demos: ...goblin-ambush...)
"""

from __future__ import annotations

import json
from pathlib import Path

from battlemap.desktop import ASSETS_DIR
from battlemap.rules.registry import find_system

DEFAULT_DEMO = "goblin-ambush"


def demo_names() -> tuple[str, ...]:
    """The names of the bundled demo encounters, sorted (``assets/demo/NAME.json``)."""
    return tuple(sorted(path.stem for path in (ASSETS_DIR / "demo").glob("*.json")))


def demo_for(name: str) -> Path:
    """The demo called ``name``, or else the first demo of the game system called ``name``
    (``gurps``, ``fate roman``, ``spf``); ``ValueError`` naming the demos otherwise.

    >>> demo_for("spf").name
    'goblin-ambush.json'
    """
    if (ASSETS_DIR / "demo" / f"{name}.json").is_file():
        return demo_path(name)
    try:
        wanted = find_system(name).name
    except ValueError:
        wanted = ""
    for demo in demo_names():
        path = demo_path(demo)
        try:
            system = json.loads(path.read_bytes()).get("system", "savage-pathfinder")
        except (OSError, ValueError, AttributeError):
            continue
        if wanted and system == wanted:
            return path
    raise ValueError(f"no demo encounter {name!r} (demos: {', '.join(demo_names())}; or a "
                     f"game system's name)")


def demo_path(name: str = DEFAULT_DEMO) -> Path:
    """The file of the bundled demo encounter ``name``; ``ValueError`` if there is none."""
    path = ASSETS_DIR / "demo" / f"{name}.json"
    if not path.is_file():
        raise ValueError(f"no demo encounter {name!r} (demos: {', '.join(demo_names())})")
    return path
