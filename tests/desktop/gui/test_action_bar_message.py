"""The attack bar's message: a problem in red, a hint in blue, whichever came before (its
colour is set only when it changes: the hover card shows a message at each new target)."""

from __future__ import annotations

from PySide6.QtGui import QPalette

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.gui.action_bar import ActionBar


def shown_colour(bar: ActionBar) -> str:
    bar.message.ensurePolished()
    return bar.message.palette().color(QPalette.ColorRole.WindowText).name()


def test_the_message_colour_follows_problem_and_hint(qtbot) -> None:
    bar = ActionBar(lambda: Encounter(), lambda: None, lambda action, params: None,
                    lambda: None)
    qtbot.addWidget(bar)
    for text, error, colour in (("out of reach", True, "#c62828"),
                                ("still out of reach", True, "#c62828"),
                                ("click the target", False, "#1565c0"),
                                ("click the target", False, "#1565c0"),
                                ("no weapon", True, "#c62828")):
        bar.show_message(text, error)
        assert shown_colour(bar) == colour, text
        assert bar.message.text() == text[:1].upper() + text[1:]
