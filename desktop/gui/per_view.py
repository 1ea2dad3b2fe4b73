"""What an item keeps for each view that paints it: the last few views, by their viewport."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtWidgets import QWidget

Kept = TypeVar("Kept")


def kept_for(views: OrderedDict[int, Kept], widget: QWidget, make: Callable[[], Kept],
             most: int) -> Kept:
    """What ``views`` keeps for ``widget`` (a view's viewport), made by ``make`` the first
    time; the views least recently asked for beyond ``most`` are forgotten.

    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> views, first, second = OrderedDict(), QWidget(), QWidget()
    >>> kept_for(views, first, list, 1) is kept_for(views, first, list, 1)
    True
    >>> _ = kept_for(views, second, list, 1); list(views) == [id(second)]
    True
    """
    kept = views.get(id(widget))
    if kept is None:
        kept = views[id(widget)] = make()
        while len(views) > most:
            views.popitem(last=False)
    views.move_to_end(id(widget))
    return kept
