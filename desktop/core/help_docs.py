"""The pages the Help menu shows: the user guide and each game system's rules page, Qt-free.

A wheel carries them in ``battlemap/docs`` (copied from the repository's ``docs/`` when it is
built, ``setup.py``); a source tree or an editable install reads ``docs/`` itself.

Examples
--------
>>> guide = user_guide_path()
>>> guide.name, guide.is_file()
('user-guide.md', True)
>>> rules_page_path("Savage Pathfinder").name
'savage-pathfinder.md'
"""

from __future__ import annotations

from importlib.resources import files
from importlib.util import find_spec
from pathlib import Path

SOURCE_DOCS = Path(__file__).resolve().parents[2] / "docs"
"""``docs/`` of the source tree this module was imported from."""


def docs_dir() -> Path:
    """The folder holding ``user-guide.md`` and ``rules/``: the installed copy if there is
    one, else the source tree's ``docs/``."""
    if find_spec("battlemap") is not None:
        installed = Path(str(files("battlemap"))) / "docs"
        if (installed / "user-guide.md").is_file():
            return installed
    return SOURCE_DOCS


def user_guide_path() -> Path:
    return docs_dir() / "user-guide.md"


def rules_page_path(system: str) -> Path:
    """The rules page of the game system called ``system`` (its name, any case or spacing).

    Raises ``ValueError`` naming the system if it has no page."""
    from battlemap.rules.registry import find_system  # the one system asked for loads

    name = find_system(system).name
    page = docs_dir() / "rules" / f"{name}.md"
    if not page.is_file():
        raise ValueError(f"no rules page for {name} (looked for {page})")
    return page
