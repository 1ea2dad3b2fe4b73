"""The token HUD's controls, Qt-free: what the system lets the GM switch or count at a click.

The game system names the stat-block keys (:meth:`battlemap.rules.registry.GameSystem.hud_fields`:
Shaken, Prone, Stunned, Bound ..., Wounds, hit points, Bennies); :func:`hud_controls` reads
each from the token's stat block as the system reads it, with its label and bounds (the
system's own limits, such as an Extra's Wounds, included); :func:`with_control` is the edit
of one click, checked by the system (``ValueError`` naming what is wrong, nothing changed).

A field ``KEY=N`` is one box of a track kept as the list of its checked boxes (FATE's stress
``condition.stress=2``): a switch, on when N is in the list at ``KEY``, offered only while N
lies within the system's limits of ``KEY`` for this token (its track's length).

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> enc = Encounter(tokens=(Token("g", "Goblin", 1.5, 1.5, stats={}),))
>>> [(c.label, c.value) for c in hud_controls(enc, "g")][:2]
[('Shaken', False), ('Stunned', False)]
>>> after = with_control(enc, "g", "condition.shaken", True)
>>> after.token("g").stats["condition"]["shaken"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from battlemap.desktop.core.edits import with_stats
from battlemap.desktop.core.model import Encounter
from battlemap.rules.interface import FieldKind
from battlemap.rules.registry import RulesError, find_system

__all__ = ["HudControl", "hud_controls", "with_control"]


@dataclass(frozen=True, slots=True)
class HudControl:
    """One switch (``flag``) or count of the HUD, as the token's block has it now."""

    key: str
    label: str
    flag: bool
    value: int | bool
    minimum: int = 0
    maximum: int = 99


def _value_at(block: Mapping[str, Any], key: str) -> Any:
    found: Any = block
    for part in key.split("."):
        found = found.get(part) if isinstance(found, Mapping) else None
    return found


def _with_value(block: Mapping[str, Any], key: str, value: Any) -> dict[str, Any]:
    head, _, rest = key.partition(".")
    if not rest:
        return {**block, head: value}
    inner = block.get(head)
    return {**block, head: _with_value(inner if isinstance(inner, Mapping) else {}, rest, value)}


def _box(key: str) -> tuple[str, int] | None:
    """``("condition.stress", 2)`` for the box field ``condition.stress=2``, else None."""
    track, sep, number = key.partition("=")
    return (track, int(number)) if sep and number.isdigit() else None


def _checked(block: Mapping[str, Any], track: str) -> set[int]:
    listed = _value_at(block, track)
    return {n for n in listed if isinstance(n, int)} if isinstance(listed, list) else set()


def _track_label(fields: Mapping[str, Any], track: str) -> str:
    """The track's label in the stat form, else its key's last word (``Stress``)."""
    item = fields.get(track)
    return str(item.label) if item is not None else track.rsplit(".", 1)[-1].title()


def hud_controls(encounter: Encounter, token_id: str) -> tuple[HudControl, ...]:
    """The HUD of the token: each of the system's HUD fields with its value now (none when
    its block does not parse: the stat form says why)."""
    system = find_system(encounter.system)
    token = encounter.token(token_id)
    try:
        combatant = system.combatant_from_dict(token.stats, "stats", token_id)
    except RulesError:
        return ()
    block = system.combatant_to_dict(combatant)
    limits = system.field_limits(combatant)
    fields = {f.key: f for f in system.statblock_schema()}
    found = []
    for key in system.hud_fields():
        box = _box(key)
        if box is not None:
            track, number = box
            low, high = limits.get(track, (1, 99))
            if low <= number <= high:
                found.append(HudControl(key, f"{_track_label(fields, track)} {number}", True,
                                        number in _checked(block, track)))
            continue
        item = fields.get(key)
        if item is None or item.kind not in (FieldKind.FLAG, FieldKind.INTEGER):
            continue
        value = _value_at(block, key)
        label = item.label.split(" (")[0]
        if item.kind is FieldKind.FLAG:
            found.append(HudControl(key, label, True, bool(value)))
            continue
        low, high = limits.get(key, (item.minimum if item.minimum is not None else -99,
                                     item.maximum if item.maximum is not None else 99))
        found.append(HudControl(key, label, False, int(value or 0), int(low), int(high)))
    return tuple(found)


def with_control(encounter: Encounter, token_id: str, key: str,
                 value: int | bool) -> Encounter:
    """``encounter`` with the token's ``key`` set to ``value`` and what the system says that
    brings (:func:`~battlemap.desktop.core.edits.with_stats`); ``ValueError`` when the system
    refuses the block or the value is out of its bounds."""
    control = next((c for c in hud_controls(encounter, token_id) if c.key == key), None)
    token = encounter.token(token_id)
    if control is None:
        raise ValueError(f"{token.name} has no {key} to set here")
    if not control.flag and not control.minimum <= int(value) <= control.maximum:
        raise ValueError(f"{token.name}'s {control.label} stays between {control.minimum} "
                         f"and {control.maximum}")
    box = _box(key)
    if box is None:
        stats = _with_value(token.stats, key, value)
    else:
        track, number = box
        checked = _checked(token.stats, track) - {number} | ({number} if value else set())
        stats = _with_value(token.stats, track, sorted(checked))
    try:
        find_system(encounter.system).combatant_from_dict(stats, "stats", token_id)
    except RulesError as error:
        raise ValueError(str(error)) from None
    return with_stats(encounter, token_id, stats)
