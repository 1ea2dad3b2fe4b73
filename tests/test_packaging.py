"""A non-editable install ships every asset the program reads (issue 18, item 7).

The assets are the ``assets`` package, found through :mod:`importlib.resources`; setuptools
copies only the files its package-data globs match, so every file under ``assets/`` must match
one (a demo or image added later is shipped without touching pyproject.toml). ``.ci/run``
builds the wheel, installs it in a fresh venv and renders the demo from another folder.
"""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from importlib.resources import files
from pathlib import Path

from desktop import ASSETS_DIR
from desktop.core.assets import demo_names, demo_path

ROOT = Path(__file__).resolve().parent.parent


def packaging() -> dict[str, object]:
    setuptools: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"][
        "setuptools"
    ]
    return setuptools


def test_the_demo_is_found_through_the_assets_package() -> None:
    assert Path(str(files("assets"))) == ASSETS_DIR == ROOT / "assets"
    assert demo_path("goblin-ambush") == ASSETS_DIR / "demo" / "goblin-ambush.json"
    assert "goblin-ambush" in demo_names()


def test_every_file_under_assets_is_package_data() -> None:
    config = packaging()
    assert "assets" in config["packages"]["find"]["include"]  # type: ignore[index]
    globs: list[str] = config["package-data"]["assets"]  # type: ignore[index]
    files_under = [
        p.relative_to(ASSETS_DIR).as_posix() for p in ASSETS_DIR.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".py"
    ]  # fmt: skip
    shipped = [f for f in files_under if any(fnmatch(f, glob) for glob in globs)]
    assert "demo/goblin-ambush.json" in shipped
    assert sorted(set(files_under) - set(shipped)) == []
