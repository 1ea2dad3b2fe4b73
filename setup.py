"""Build step: the wheel ships the repository's ``docs/`` pages as ``battlemap/docs``.

The Help menu reads the user guide and the rules pages through importlib.resources
(:mod:`battlemap.desktop.core.help_docs`); ``docs/`` stays where it is in the repository, and an
editable install reads it there. The folders are installed under one name, ``battlemap``
(:data:`PACKAGE_DIR`, :func:`installed_packages`); everything else is in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SHIPPED_DOCS = ("*.md", "rules/*.md", "img/*.png")
"""The docs pages the wheel carries, relative to ``docs/`` (battlemap.desktop.core.help_docs reads
them)."""


FOLDERS = ("desktop", "geometry", "rules", "assets")
"""The repository's top-level folders, installed as ``battlemap.<folder>``: the wheel claims
one import name, ``battlemap`` (issue 29), and the source tree keeps its layout."""

PACKAGE_DIR = {"battlemap": "battlemap", **{f"battlemap.{f}": f for f in FOLDERS}}
"""Where each installed package's files are: ``battlemap.desktop`` is ``desktop/``."""


def installed_packages() -> list[str]:
    """Every package the wheel installs, each under ``battlemap``.

    >>> installed_packages()[:2]
    ['battlemap', 'battlemap.assets']
    """
    found = ["battlemap"]
    for folder in sorted(FOLDERS):
        found.append(f"battlemap.{folder}")
        below = find_namespace_packages(str(ROOT / folder), exclude=["*__pycache__*"])
        found += [f"battlemap.{folder}.{p}" for p in below]
    return found


class BuildWithDocs(build_py):
    """``build_py``, then a copy of the docs pages into ``battlemap/docs`` of the build."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the repository's docs/ directly
        copy_docs(Path(self.build_lib) / "battlemap" / "docs")


def copy_docs(target: Path) -> list[Path]:
    """Copy the shipped docs pages into ``target``; the copies made."""
    made = []
    for pattern in SHIPPED_DOCS:
        for page in sorted((ROOT / "docs").glob(pattern)):
            destination = target / page.relative_to(ROOT / "docs")
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(page, destination)
            made.append(destination)
    return made


if __name__ == "__main__":
    setup(cmdclass={"build_py": BuildWithDocs}, packages=installed_packages(),
          package_dir=PACKAGE_DIR)
