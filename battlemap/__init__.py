"""Battlemap: the one import name the distribution installs (issue 29).

``python -m battlemap`` is the same as the ``battlemap`` command
(:func:`battlemap.desktop.cli.main`). An installed wheel holds ``battlemap.desktop``,
``battlemap.geometry``, ``battlemap.rules`` and ``battlemap.assets`` (setup.py maps them from
the repository's folders ``desktop/``, ``geometry/``, ...), and ``battlemap/docs``: the user
guide and the rules pages the Help menu shows (copied there from the repository's ``docs/``
when the wheel is built; see ``setup.py`` and :mod:`battlemap.desktop.core.help_docs`).

In a source tree, this package's path also holds the checkout's root, so
``battlemap.geometry`` is ``geometry/`` there without an install, and a ``PYTHONPATH``
pointing at a checkout imports that checkout's code, never another install's.

Examples
--------
>>> import battlemap.geometry
>>> battlemap.geometry.__name__
'battlemap.geometry'
"""

from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent
"""The checkout's root when this file is ``battlemap/__init__.py`` of a source tree."""

if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "rules" / "registry.py").is_file():
    __path__.append(str(_CHECKOUT))
