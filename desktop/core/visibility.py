"""What the players may see: the one question every table view asks before it shows a token.

A token is visible to the players unless the GM hid it or, with fog of war on, the heroes do not
see it (vision on) or it stands where nothing is revealed (vision off):
:func:`battlemap.desktop.core.fog.unseen_by_players`. Every table feature that could reveal
something (the turn-order strip, "who can I hit", exposure while dragging) asks this function and
nothing else.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> goblin = Token(id="g", name="Goblin", x=4.5, y=0.5, hidden=True)
>>> visible_to_players(Encounter(tokens=(goblin,)), goblin)
False
"""

from __future__ import annotations

from battlemap.desktop.core.fog import unseen_by_players
from battlemap.desktop.core.model import Encounter, Token


def visible_to_players(encounter: Encounter, token: Token) -> bool:
    """Whether the players may see ``token`` in ``encounter`` (the GM's hiding and the fog)."""
    return not token.hidden and token.id not in unseen_by_players(encounter)
