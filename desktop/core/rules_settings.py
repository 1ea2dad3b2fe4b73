"""An encounter's rules settings as its game system declares them, Qt-free.

A system lists its settings with :meth:`battlemap.rules.registry.GameSystem.settings_schema` (one
:class:`~battlemap.rules.interface.StatField` each, ``key`` its path in ``combat["settings"]``, e.g.
``bands.short``); the values live in the encounter's ``combat["settings"]``. The GUI's *Rules
Settings…* dialog and ``battlemap settings`` both read them with :func:`current_values`,
turn typed text into a value with :func:`parse_value` and keep a change with
:func:`with_settings`: every value checked against its field, then the whole by the system
(:meth:`~battlemap.rules.registry.GameSystem.check_settings`), so a bad one changes nothing.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter
>>> enc = Encounter(system="storypath")
>>> current_values(enc)["tens"], allowed_text(settings_fields(enc)[0])
('none', 'none, double, reroll')
>>> with_settings(enc, {"tens": "double"}).combat["settings"]
{'tens': 'double'}
>>> with_settings(enc, {"tens": "triple"})
Traceback (most recent call last):
...
ValueError: tens (10s): 'triple' is not one of none, double, reroll
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from battlemap.desktop.core.model import Encounter
from battlemap.rules.interface import FieldKind, StatField
from battlemap.rules.registry import find_system

__all__ = ["allowed_text", "current_values", "parse_value", "settings_fields", "with_settings"]

_MISSING = object()


def settings_fields(encounter: Encounter) -> tuple[StatField, ...]:
    """The settings the encounter's system declares (none: an empty tuple)."""
    return find_system(encounter.system).settings_schema()


def _get(data: Mapping[str, Any], key: str) -> Any:
    value: Any = data
    for part in key.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return _MISSING
        value = value[part]
    return value


def current_values(encounter: Encounter) -> dict[str, Any]:
    """Each setting's value now: the encounter's, else the field's default."""
    stored = encounter.combat.get("settings", {})
    stored = stored if isinstance(stored, Mapping) else {}
    values = {}
    for item in settings_fields(encounter):
        value = _get(stored, item.key)
        values[item.key] = item.default if value is _MISSING else value
    return values


def allowed_text(item: StatField) -> str:
    """What the field accepts, in words (``none, double, reroll``; ``1 to 20``)."""
    if item.kind is FieldKind.CHOICE:
        return ", ".join(item.choices)
    if item.kind is FieldKind.FLAG:
        return "yes, no"
    kind = "a whole number" if item.kind is FieldKind.INTEGER else "a number"
    low, high = item.minimum, item.maximum
    if low is not None and high is not None:
        return f"{kind} from {low:g} to {high:g}"
    if low is not None:
        return f"{kind} of at least {low:g}"
    return kind if item.kind is not FieldKind.TEXT else "text"


def parse_value(item: StatField, value: Any) -> Any:
    """``value`` (typed text, or a value already) as the field holds it; ``ValueError``
    naming the setting and what it accepts otherwise."""
    where = f"{item.key} ({item.label})"
    text = str(value).strip()
    if item.kind is FieldKind.CHOICE:
        if text not in item.choices:
            raise ValueError(f"{where}: {text!r} is not one of {allowed_text(item)}")
        return text
    if item.kind is FieldKind.FLAG:
        if isinstance(value, bool):
            return value
        if text.lower() not in ("yes", "no", "true", "false"):
            raise ValueError(f"{where}: {text!r} is not yes or no")
        return text.lower() in ("yes", "true")
    if item.kind in (FieldKind.INTEGER, FieldKind.NUMBER):
        try:
            number: float = int(text) if item.kind is FieldKind.INTEGER else float(text)
        except ValueError:
            raise ValueError(f"{where}: {text!r} is not {allowed_text(item)}") from None
        if (item.minimum is not None and number < item.minimum) or (
                item.maximum is not None and number > item.maximum) or number != number:
            raise ValueError(f"{where}: {text} is not {allowed_text(item)}")
        return number
    return text


def with_settings(encounter: Encounter, values: Mapping[str, Any]) -> Encounter:
    """``encounter`` with the settings of ``values`` (by key) set; ``ValueError`` naming the
    first bad key or value, or the system's reason, with nothing changed."""
    fields = {item.key: item for item in settings_fields(encounter)}
    if not fields:
        raise ValueError(f"{find_system(encounter.system).title} declares no rules settings")
    stored = encounter.combat.get("settings", {})
    settings = _copy(stored if isinstance(stored, Mapping) else {})
    for key, value in values.items():
        if key not in fields:
            raise ValueError(f"no setting {key!r} (settings: {', '.join(fields)})")
        *path, last = key.split(".")
        at = settings
        for part in path:
            at = at.setdefault(part, {})
        at[last] = parse_value(fields[key], value)
    combat = {**encounter.combat, "settings": settings}
    find_system(encounter.system).check_settings(combat)  # RulesError is a ValueError
    return replace(encounter, combat=combat)


def _copy(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _copy(v) if isinstance(v, Mapping) else v for k, v in data.items()}
