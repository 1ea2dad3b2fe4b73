"""Test-wide setup. Qt must render offscreen: set before any QApplication exists.

Settings (QSettings) and autosaves go to a fresh temporary folder, never the user's own: Qt and
platformdirs follow the XDG variables, and child processes (the CLI tests) inherit them.
"""

import os
import sys
import tempfile
from collections.abc import Iterator

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_SCALE_FACTOR", "1")
_HOME = tempfile.mkdtemp(prefix="battlemap-test-home-")
for _variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_variable] = os.path.join(_HOME, _variable.lower())

sys.path.insert(0, os.path.dirname(__file__))  # tests/support, shared by every test folder


FOLDER_NAMES = ("desktop", "geometry", "rules", "assets")
"""The repository's folders, installed only as ``battlemap.<folder>`` (issue 29)."""


@pytest.fixture(autouse=True, scope="session")
def _nothing_loads_by_a_folder_name() -> Iterator[None]:
    """``python -m pytest`` puts the checkout on ``sys.path``, so an import by a folder's bare
    name that the rename missed (``rules`` for ``battlemap.rules``) works here and nowhere; at
    the session's end no module may have loaded that way."""
    yield
    stray = sorted(m for m in sys.modules if m.split(".")[0] in FOLDER_NAMES)
    assert not stray, f"imported by a folder's name, not as battlemap.*: {stray}"
