"""``python -m battlemap``: the same as the ``battlemap`` command (:func:`desktop.cli.main`).

An installed wheel also holds ``battlemap/docs``: the user guide and the rules pages the Help
menu shows (copied there from the repository's ``docs/`` when the wheel is built; see
``setup.py`` and :mod:`desktop.core.help_docs`).
"""
