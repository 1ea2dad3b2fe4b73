"""Test-wide setup. Qt must render offscreen: set before any QApplication exists.

Settings (QSettings) and autosaves go to a fresh temporary folder, never the user's own: Qt and
platformdirs follow the XDG variables, and child processes (the CLI tests) inherit them.
"""

import os
import sys
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_SCALE_FACTOR", "1")
_HOME = tempfile.mkdtemp(prefix="battlemap-test-home-")
for _variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_variable] = os.path.join(_HOME, _variable.lower())

sys.path.insert(0, os.path.dirname(__file__))  # tests/support, shared by every test folder
