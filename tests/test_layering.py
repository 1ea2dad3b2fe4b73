"""The layers stay apart: geometry and rules never pull in Qt; rules never pulls in shapely.

Every package is imported by its one installed name, ``battlemap.<folder>``; a forbidden
name matches a loaded module that is it or lies below it.
"""

import subprocess
import sys


def _below(loaded: set[str], *forbidden: str) -> set[str]:
    """The loaded modules that are one of ``forbidden`` or lie below one."""
    return {m for m in loaded if any(m == f or m.startswith(f + ".") for f in forbidden)}


def test_below_matches_a_package_and_its_modules_not_a_longer_name() -> None:
    loaded = {"battlemap.desktop", "battlemap.desktop.gui.app", "battlemap.desktops", "numpy"}
    assert _below(loaded, "battlemap.desktop") == {"battlemap.desktop", "battlemap.desktop.gui.app"}


def _modules_after_import(package: str) -> set[str]:
    code = f"import sys, {package}, pkgutil, importlib\n"
    code += f"for m in pkgutil.walk_packages({package}.__path__, '{package}.'):\n"
    code += "    importlib.import_module(m.name)\n"
    code += "print('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_geometry_imports_no_qt() -> None:
    loaded = _modules_after_import("battlemap.geometry")
    assert not _below(loaded, "PySide6", "shiboken6", "battlemap.desktop")
    assert "battlemap.geometry.visibility" in loaded  # the walk reached the modules


def test_rules_imports_no_qt_and_no_shapely() -> None:
    loaded = _modules_after_import("battlemap.rules")
    forbidden = ("PySide6", "shiboken6", "battlemap.desktop", "shapely", "numpy",
                 "battlemap.geometry", "msgspec", "psygnal")
    assert not _below(loaded, *forbidden)
    assert "battlemap.rules.gurps" in loaded


def test_desktop_core_imports_no_qt() -> None:
    loaded = _modules_after_import("battlemap.desktop.core")
    assert not _below(loaded, "PySide6", "shiboken6", "battlemap.desktop.gui")


def test_desktop_camera_imports_no_qt() -> None:
    loaded = _modules_after_import("battlemap.desktop.camera")
    assert not _below(loaded, "PySide6", "shiboken6", "battlemap.desktop.gui")


def test_no_old_top_level_name_is_importable_from_the_checkout() -> None:
    """The folders are ``battlemap.<folder>`` only: with the checkout's root on ``sys.path`` an
    import by a folder's bare name (``rules`` for ``battlemap.rules``) that the rename missed
    still works, so every module is imported with the root on the path and none may load so."""
    root = __import__("pathlib").Path(__file__).resolve().parent.parent
    packages = ("battlemap.geometry", "battlemap.rules", "battlemap.desktop.core")
    code = f"import sys; sys.path.insert(0, {str(root)!r})\n"
    code += "import pkgutil, importlib\n"
    code += f"for name in {packages!r}:\n"
    code += "    package = importlib.import_module(name)\n"
    code += "    for m in pkgutil.walk_packages(package.__path__, name + '.'):\n"
    code += "        importlib.import_module(m.name)\n"
    code += "print('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(out.stdout.split())
    assert "battlemap.desktop.core.help_docs" in loaded
    assert not _below(loaded, "desktop", "geometry", "rules", "assets")
