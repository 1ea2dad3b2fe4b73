"""No silent outcome: what a tool refused, or found nothing to do, told to the GM in words.

:func:`tell` puts one sentence on the GM window's status bar and as a notice row in its log
dock (:meth:`~battlemap.desktop.gui.combat_log.CombatLogPanel.add_notice`). The text names tokens by
name: :func:`battlemap.desktop.core.wording.with_names` puts names where a game system's message
still gives a token's id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlemap.desktop.core.wording import with_names
from battlemap.desktop.gui.combat_log import CombatLogPanel

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

SHOWN_FOR_MS = 10_000
"""How long a notice stays on the status bar (the log keeps it)."""


def tell(window: GMWindow, text: str) -> str:
    """Show ``text`` on ``window``'s status bar and in its log, token ids replaced by names;
    the words shown."""
    words = with_names(text.strip().strip("'\""), window.state.encounter)
    if not words:
        return ""
    if words.split(" ", 1)[0].isalpha():  # a sentence; a file name keeps its spelling
        words = words[0].upper() + words[1:]
    window.statusBar().showMessage(words, SHOWN_FOR_MS)
    log = window.findChild(CombatLogPanel)
    if log is not None:
        log.add_notice(words)
    return words
