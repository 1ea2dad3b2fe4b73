"""The doctests of the Qt-free packages, each module imported by its one installed name.

pytest's ``--doctest-modules`` over ``geometry/`` would import ``geometry/grid.py`` a second
time, under its folder's name, beside the ``battlemap.geometry.grid`` the tests use: two copies
of every class. Here each module is imported as ``battlemap.geometry.grid`` and its examples
run there.
"""

from __future__ import annotations

import doctest
import importlib
import io
import pkgutil
import sys
from types import ModuleType

import pytest

DOCTESTED = ("battlemap", "battlemap.geometry", "battlemap.rules", "battlemap.desktop.core",
             "battlemap.desktop.camera")
"""The packages whose modules' examples run (the GUI's need a window: tests/desktop/gui)."""


def doctested_modules() -> list[str]:
    """Every module of :data:`DOCTESTED`, by its installed name."""
    names: list[str] = []
    for package_name in DOCTESTED:
        names.append(package_name)
        package = importlib.import_module(package_name)
        if package_name == "battlemap":
            continue  # its subpackages are listed by name, its __main__ runs the program
        prefix = package_name + "."
        names += [m.name for m in pkgutil.walk_packages(package.__path__, prefix)]
    return sorted(set(names))


def run_examples(module: ModuleType) -> tuple[int, str]:
    """How many examples ``module`` holds and the report of those that failed ("" if none)."""
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    finder = doctest.DocTestFinder(exclude_empty=True)
    for test in finder.find(module, module.__name__):
        runner.run(test, out=report.write)
    return runner.tries, report.getvalue()


@pytest.mark.parametrize("name", doctested_modules())
def test_examples(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__name__.startswith("battlemap")
    _tries, failures = run_examples(module)
    assert failures == "", failures


def test_the_walk_finds_the_modules_with_examples() -> None:
    names = doctested_modules()
    assert {"battlemap.geometry.grid", "battlemap.rules.registry",
            "battlemap.desktop.core.help_docs", "battlemap.desktop.camera.capture"} <= set(names)
    assert not [n for n in names if n.startswith("battlemap.desktop.gui")]


def test_a_wrong_example_fails() -> None:
    module = ModuleType("battlemap_example_probe", '>>> 1 + 1\n3\n')
    tries, failures = run_examples(module)
    assert tries == 1 and "Expected:\n    3\nGot:\n    2" in failures


def test_the_examples_see_the_functions_the_tests_import() -> None:
    """One copy of each module: the examples' globals are the module the tests import, and no
    module was loaded a second time under its folder's name."""
    from battlemap.geometry import grid
    from battlemap.geometry.grid import hex_cell

    module = importlib.import_module("battlemap.geometry.grid")
    examples = doctest.DocTestFinder().find(module, module.__name__)
    assert module is grid and examples and examples[0].globs["hex_cell"] is hex_cell
    assert not [m for m in sys.modules if m.split(".")[0] in ("desktop", "geometry", "rules")]
