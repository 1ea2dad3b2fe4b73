"""The action menu: the game system's actions for one acting token, as it lays them out.

:func:`fill_action_menu` fills a :class:`QMenu` from
:meth:`battlemap.rules.registry.GameSystem.action_menu`: sections with headings, submenus where an
action needs a choice (a skill, where to strike), an entry greyed with the reason as its tooltip
when the token cannot take it now. Picking an entry calls ``pick`` with the action id and the
choices the entry makes; an action aimed at another token (marked with an ellipsis) then waits
for the GM's click on its target. The action bar's *Actions* button and the right-click menu on
a token both use it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtWidgets import QMenu

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter
from battlemap.rules.interface import MenuEntry
from battlemap.rules.registry import find_system

Pick = Callable[[str, dict[str, str]], None]
"""Called with the action id and its choices (``skill``, ``effect``) when the GM picks one."""


def fill_action_menu(menu: QMenu, encounter: Encounter, actor: str | None, pick: Pick) -> None:
    """Add the system's action menu of ``actor`` to ``menu``."""
    entries = find_system(encounter.system).action_menu(board_of(encounter), actor)
    menu.setToolTipsVisible(True)
    section = None
    for entry in entries:
        if entry.section and entry.section != section:
            section = entry.section
            menu.addSection(section)
        _add_entry(menu, entry, pick)


def _add_entry(menu: QMenu, entry: MenuEntry, pick: Pick) -> None:
    if entry.children:
        sub = menu.addMenu(entry.label)
        sub.setToolTip(entry.help)
        sub.setToolTipsVisible(True)
        for child in entry.children:
            _add_entry(sub, child, pick)
        return
    action = menu.addAction(entry.label, partial(pick, entry.action, dict(entry.params)))
    action.setToolTip(entry.problem or entry.help)
    action.setEnabled(entry.problem is None)
    action.setData(entry.action)
