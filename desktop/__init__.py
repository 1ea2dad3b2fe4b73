"""Battlemap's application layer: the Qt-free core and the Qt GUI.

``desktop.__version__`` is read from the installed package's metadata on first use (the
metadata reader is a tenth of a second of imports the window's first frame does without).

Examples
--------
>>> from battlemap import desktop
>>> desktop.__version__ == installed_version()
True
"""

from importlib.resources import files
from pathlib import Path

ASSETS_DIR = Path(str(files("battlemap.assets")))
"""The installed ``assets`` package folder: the demo encounters and their images."""


def installed_version() -> str:
    """The installed ``battlemap`` package's version, or ``0.0.0+source`` in a source tree
    that was never installed."""
    from importlib.metadata import PackageNotFoundError, version  # only when asked for

    try:
        return version("battlemap")
    except PackageNotFoundError:
        return "0.0.0+source"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return installed_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
