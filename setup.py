"""Build step: the wheel ships the repository's ``docs/`` pages as ``battlemap/docs``.

The Help menu reads the user guide and the rules pages through importlib.resources
(:mod:`desktop.core.help_docs`); ``docs/`` stays where it is in the repository, and an
editable install reads it there. Everything else is in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SHIPPED_DOCS = ("*.md", "rules/*.md", "img/*.png")
"""The docs pages the wheel carries, relative to ``docs/`` (desktop.core.help_docs reads them)."""


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
    setup(cmdclass={"build_py": BuildWithDocs})
