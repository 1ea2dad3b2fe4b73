"""Battlemap's application layer: the Qt-free core and the Qt GUI."""

from importlib.metadata import PackageNotFoundError, version
from importlib.resources import files
from pathlib import Path

try:
    __version__ = version("battlemap")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"

ASSETS_DIR = Path(str(files("assets")))
"""The installed ``assets`` package folder: the demo encounters and their images."""
