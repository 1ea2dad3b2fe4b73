"""A non-editable install ships every asset the program reads (issue 18, item 7).

The assets are the ``battlemap.assets`` package, found through :mod:`importlib.resources`;
setuptools copies only the files its package-data globs match, so every file under ``assets/`` must
match one (a demo or image added later is shipped without touching pyproject.toml). ``.ci/run``
builds the wheel, installs it in a fresh venv and renders the demo from another folder.
"""

from __future__ import annotations

import configparser
import runpy
import sys
import tomllib
from fnmatch import fnmatch
from importlib.resources import files
from pathlib import Path

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.assets import demo_names, demo_path

ROOT = Path(__file__).resolve().parent.parent


def packaging() -> dict[str, object]:
    setuptools: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"][
        "setuptools"
    ]
    return setuptools


def test_the_demo_is_found_through_the_assets_package() -> None:
    assert Path(str(files("battlemap.assets"))) == ASSETS_DIR == ROOT / "assets"
    assert demo_path("goblin-ambush") == ASSETS_DIR / "demo" / "goblin-ambush.json"
    assert "goblin-ambush" in demo_names()


def test_every_file_under_assets_is_package_data() -> None:
    config = packaging()
    assert "battlemap.assets" in build_setup()["installed_packages"]()
    globs: list[str] = config["package-data"]["battlemap.assets"]  # type: ignore[index]
    files_under = [
        p.relative_to(ASSETS_DIR).as_posix() for p in ASSETS_DIR.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".py"
    ]  # fmt: skip
    shipped = [f for f in files_under if any(fnmatch(f, glob) for glob in globs)]
    assert "demo/goblin-ambush.json" in shipped
    assert sorted(set(files_under) - set(shipped)) == []


def build_setup() -> dict[str, object]:
    """setup.py's names, without its setup() call."""
    return runpy.run_path(str(ROOT / "setup.py"), run_name="not_main")


def project() -> dict[str, object]:
    table: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return table


def test_the_licence_file_is_the_mit_licence_the_metadata_names() -> None:
    meta = project()
    assert meta["license"] == "MIT" and meta["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
    assert meta["authors"] == [{"name": "The Battlemap maintainers"}]


def test_the_wheel_claims_one_import_name_and_maps_every_folder() -> None:
    """Issue 29: the distribution installs ``battlemap`` only (beside django-rules, whose
    import name is ``rules``, it replaced that package); ``battlemap.assets.demo`` ships
    too."""
    build = build_setup()
    packages: list[str] = build["installed_packages"]()  # type: ignore[operator]
    assert {p.split(".")[0] for p in packages} == {"battlemap"}
    assert {"battlemap.assets", "battlemap.assets.demo", "battlemap.desktop.gui",
            "battlemap.rules.gurps", "battlemap.geometry"} <= set(packages)
    assert not [p for p in packages if ".tests" in p or "__pycache__" in p]
    mapping: dict[str, str] = build["PACKAGE_DIR"]  # type: ignore[assignment]
    for package in packages:
        head = max((m for m in mapping if package == m or package.startswith(m + ".")), key=len)
        folder = ROOT / mapping[head] / Path(*package.split(".")[len(head.split(".")):])
        assert folder.is_dir() and any(folder.iterdir()), package


def test_the_source_tree_imports_by_the_installed_name_without_an_install() -> None:
    """``battlemap/__init__.py`` adds the checkout's root to its path in a source tree only."""
    import battlemap
    import battlemap.geometry

    assert Path(battlemap.geometry.__file__).parent == ROOT / "geometry"  # type: ignore[arg-type]
    assert str(ROOT) in battlemap.__path__
    assert "geometry" not in sys.modules


def test_the_gui_script_and_python_dash_m_run_the_same_entry_point() -> None:
    assert project()["scripts"] == {"battlemap": "battlemap.desktop.cli:main"}
    assert project()["gui-scripts"] == {"battlemap-gui": "battlemap.desktop.cli:main"}
    main_module = (ROOT / "battlemap" / "__main__.py").read_text()
    assert main_module.count("from battlemap.desktop.cli import main")


def test_the_desktop_file_launches_the_gui_script_with_the_icon() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(ASSETS_DIR / "battlemap.desktop")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application" and section["Terminal"] == "false"
    assert section["Exec"].split()[0] == "battlemap-gui"
    assert section["Icon"] == "battlemap"
    assert (ASSETS_DIR / "battlemap.svg").read_text().lstrip().startswith("<?xml")
    assert (ASSETS_DIR / "battlemap.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_wheel_build_step_ships_the_help_pages(tmp_path: Path) -> None:
    """setup.py copies the guide and every rules page into the wheel's battlemap/docs; the
    Help menu finds them there (battlemap.desktop.core.help_docs). .ci/run builds the real wheel."""
    build = build_setup()
    made = build["copy_docs"](tmp_path / "battlemap" / "docs")
    shipped = {p.relative_to(tmp_path / "battlemap" / "docs").as_posix() for p in made}
    assert {"user-guide.md", "attacks.md", "rules/gurps.md", "rules/fate.md",
            "rules/storypath.md", "rules/savage-pathfinder.md", "img/gm-view.png"} <= shipped
    linked = {line.split("](")[1].split(")")[0]
              for line in (ROOT / "docs" / "user-guide.md").read_text().splitlines()
              if "](" in line and "://" not in line.split("](")[1].split(")")[0]}
    missing = {link for link in linked if link.split("#")[0] and
               link.split("#")[0] not in shipped}
    assert missing == set(), "pages the guide links to that the wheel would not carry"
