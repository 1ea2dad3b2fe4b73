"""The threat view's facts: how much cover each enemy has from one token, all at once.

Enemies are the tokens of the other side (heroes and villains oppose each other; neutral
tokens have no enemies and are nobody's). Geometry measures every enemy in one call
(:func:`geometry.cover.cover_from`) on the snapshot's cached battlefield.

Examples
--------
>>> from desktop.core.model import Encounter, Side, Token, Wall
>>> enc = Encounter(tokens=(Token("h", "Hero", 0.5, 0.5, side=Side.HERO),
...                         Token("g", "Goblin", 4.5, 0.5, side=Side.VILLAIN),
...                         Token("o", "Orc", 0.5, 4.5, side=Side.VILLAIN)),
...                 walls=(Wall("w", ((2.0, -1.0), (2.0, 2.0))),))
>>> [(c.id, c.cover.value) for c in enemy_cover(enc, "h")]
[('g', 'total'), ('o', 'none')]
"""

from __future__ import annotations

from desktop.core.battlefield import field_of
from desktop.core.model import Encounter, Side
from geometry.cover import TargetCover, cover_from

__all__ = ["enemies_of", "enemy_cover"]

OPPONENTS = {Side.HERO: Side.VILLAIN, Side.VILLAIN: Side.HERO}


def enemies_of(encounter: Encounter, token_id: str) -> tuple[str, ...]:
    """The ids of the tokens on the side opposed to ``token_id``'s."""
    side = OPPONENTS.get(encounter.token(token_id).side)
    return tuple(t.id for t in encounter.tokens if side is not None and t.side is side)


def enemy_cover(encounter: Encounter, viewer_id: str) -> tuple[TargetCover, ...]:
    """Each enemy's cover fraction and category as seen from ``viewer_id``."""
    enemies = enemies_of(encounter, viewer_id)
    return cover_from(field_of(encounter), viewer_id, enemies) if enemies else ()
