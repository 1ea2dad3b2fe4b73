"""Who may touch what from the table (the players' touch screen), decided without Qt.

The GM window may move anything. From the table, by default, only heroes move, and during
combat only the heroes whose turn it is; villains, neutral tokens and doors are the GM's. Each
of the three is a preference (:class:`TablePermissions`).

Examples
--------
>>> from battlemap.desktop.core.model import Side, Token
>>> hero = Token(id="v", name="Valeros", x=0.5, y=0.5, side=Side.HERO)
>>> rules = TablePermissions()
>>> rules.may_move(hero, acting=None), rules.may_move(hero, acting=frozenset({"g1"}))
(True, False)
>>> rules.may_move(Token(id="g1", name="Goblin", x=2.5, y=0.5, side=Side.VILLAIN), acting=None)
False
"""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.table_pipeline import turn_order


@dataclass(frozen=True, slots=True)
class TablePermissions:
    """What the players may do from the table.

    ``heroes_only``: villains and neutral tokens stay where the GM put them;
    ``on_turn_only``: in combat, a token moves only while it acts; ``doors``: a tap opens or
    closes a door.
    """

    heroes_only: bool = True
    on_turn_only: bool = True
    doors: bool = False

    def may_move(self, token: Token, acting: frozenset[str] | None) -> bool:
        """Whether the players may drag ``token``; ``acting`` holds the ids of the tokens whose
        turn it is, None outside combat."""
        if self.heroes_only and token.side is not Side.HERO:
            return False
        return not (self.on_turn_only and acting is not None and token.id not in acting)


def acting_in_combat(encounter: Encounter) -> frozenset[str] | None:
    """The ids of the tokens whose turn it is, or None when no combat is running (or its state
    is unreadable: the table then falls back to the outside-combat permissions).

    Examples
    --------
    >>> acting_in_combat(Encounter()) is None
    True
    """
    try:
        view = turn_order(encounter)
    except ValueError:  # a RulesError too: the system offers no turn order, or bad state
        return None
    if view.round == 0:
        return None
    return frozenset(m for row in view.rows if row.acting for m in (row.members or (row.token,)))
