"""The layers stay apart: geometry and rules never pull in Qt; rules never pulls in shapely."""

import subprocess
import sys


def _modules_after_import(package: str) -> set[str]:
    code = f"import sys, {package}, pkgutil, importlib\n"
    code += f"for m in pkgutil.walk_packages({package}.__path__, '{package}.'):\n"
    code += "    importlib.import_module(m.name)\n"
    code += "print('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_geometry_imports_no_qt() -> None:
    loaded = _modules_after_import("geometry")
    assert not {m for m in loaded if m.startswith(("PySide6", "shiboken6", "desktop"))}


def test_rules_imports_no_qt_and_no_shapely() -> None:
    loaded = _modules_after_import("rules")
    forbidden = ("PySide6", "shiboken6", "desktop", "shapely", "numpy", "geometry")
    assert not {m for m in loaded if m.startswith(forbidden)}


def test_desktop_core_imports_no_qt() -> None:
    loaded = _modules_after_import("desktop.core")
    assert not {m for m in loaded if m.startswith(("PySide6", "shiboken6", "desktop.gui"))}


def test_desktop_camera_imports_no_qt() -> None:
    loaded = _modules_after_import("desktop.camera")
    assert not {m for m in loaded if m.startswith(("PySide6", "shiboken6", "desktop.gui"))}
