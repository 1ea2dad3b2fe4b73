"""PySide6's import hook no longer keeps the source of every module imported after it
(issue 19, peak memory)."""

from __future__ import annotations

import importlib
import inspect
import linecache
import sys
from pathlib import Path

import pytest

from battlemap.desktop.gui.memory import FEATURE_MODULE, keep_import_sources_out


def import_from(folder: Path, name: str, text: str) -> object:
    (folder / f"{name}.py").write_text(text, encoding="utf-8")
    importlib.invalidate_caches()
    return __import__(name)  # as an import statement does: through PySide6's hook


def test_modules_imported_after_pyside_leave_no_lines_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert keep_import_sources_out()  # the GUI package did it already: nothing changes
    monkeypatch.syspath_prepend(str(tmp_path))
    lines = "\n".join(f"VALUE_{i} = {i}" for i in range(2000))
    module = import_from(tmp_path, "bm_plain_module_for_linecache", lines)
    file = str(tmp_path / "bm_plain_module_for_linecache.py")
    assert module.VALUE_1999 == 1999  # type: ignore[attr-defined]
    assert file not in linecache.cache
    assert linecache.getline(file, 2000) == "VALUE_1999 = 1999\n"  # still read on demand
    sys.modules.pop("bm_plain_module_for_linecache")


def test_the_hook_gives_pyside_the_same_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    uses = import_from(tmp_path, "bm_uses_qt_module", "from PySide6 import QtCore\nX = 1\n")
    plain = import_from(tmp_path, "bm_no_qt_module", "X = 2\n")
    hook = sys.modules[FEATURE_MODULE]._mod_uses_pyside  # type: ignore[attr-defined]
    assert (hook(uses), hook(plain)) == (True, False)
    assert not hasattr(hook.__wrapped__, "__wrapped__")  # wrapped once, however often asked
    assert str(tmp_path / "bm_uses_qt_module.py") not in linecache.cache
    for name in ("bm_uses_qt_module", "bm_no_qt_module"):
        sys.modules.pop(name)


def test_a_module_with_a_py_file_is_answered_from_its_bytes_without_the_hooks_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hook's own read (``inspect.getsource``: a tenth as fast, and it fills linecache) is
    asked only about modules without a ``.py`` file; theirs keep its answer."""
    monkeypatch.syspath_prepend(str(tmp_path))
    uses = import_from(tmp_path, "bm_bytes_uses_qt", "import PySide6.QtCore  # PySide6\n")
    plain = import_from(tmp_path, "bm_bytes_no_qt", "X = 'Qt, but not its name'\n")
    hook = sys.modules[FEATURE_MODULE]._mod_uses_pyside  # type: ignore[attr-defined]
    asked: list[str] = []
    real_getsource = inspect.getsource

    def counted(module: object) -> str:
        asked.append(getattr(module, "__name__", "?"))
        return real_getsource(module)  # type: ignore[arg-type]

    monkeypatch.setattr(inspect, "getsource", counted)
    assert (hook(uses), hook(plain)) == (True, False)
    assert asked == []
    assert hook(sys) is hook.__wrapped__(sys) is False  # built in: the hook's own answer
    assert asked == ["sys", "sys"]
    for name in ("bm_bytes_uses_qt", "bm_bytes_no_qt"):
        sys.modules.pop(name)
