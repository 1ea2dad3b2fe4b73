"""Every number in a token's stat block and in the combat state has a range, checked at load.

A game system declares its stat-block fields (:class:`battlemap.rules.interface.StatField`) with
their ``minimum`` and ``maximum``; this module holds a loaded file to them, so a Pace of 10**40 or
an Armor of 1e9 is refused with the file, the field path and the allowed range before any rule
or measurement sees it. A declared number without a bound of its own gets
:data:`DECLARED_LIMIT`; any other number in ``stats`` or ``combat`` (what a system keeps there
undeclared: a weapon's columns, timers, counters) gets :data:`ANY_STAT_LIMIT` in a stat block
and :data:`ANY_NUMBER_LIMIT` in the combat state, and any list :data:`MAX_LIST_ITEMS` items.
The ranges are wide enough for any real table: GURPS giants, Savage Pathfinder dragons, a long
campaign's round count.

Examples
--------
>>> from battlemap.rules.interface import FieldKind, StatField
>>> pace = StatField("pace", "Pace", FieldKind.INTEGER, minimum=0, maximum=30)
>>> check_stats((pace,), {"pace": 6}, "tokens[0].stats")
>>> try:
...     check_stats((pace,), {"pace": 10**40}, "tokens[0].stats")
... except FieldProblem as refused:
...     print(refused.field, "|", refused.problem[-36:])
tokens[0].stats.pace | is outside the allowed range 0 to 30
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from battlemap.desktop.core.validation import FieldProblem
from battlemap.rules.interface import FieldKind, StatField

__all__ = ["ANY_NUMBER_LIMIT", "ANY_STAT_LIMIT", "DECLARED_LIMIT", "MAX_LIST_ITEMS",
           "check_numbers", "check_stats", "checked_text"]

DECLARED_LIMIT = 10_000
"""The bound (either sign) of a declared number field that names no bound of its own."""
ANY_STAT_LIMIT = 1_000_000
"""The bound (either sign) of any other number in a stat block."""
ANY_NUMBER_LIMIT = 1_000_000_000
"""The bound (either sign) of any number in the combat state."""
MAX_LIST_ITEMS = 10_000
"""Most items in any list of a stat block or the combat state (weapons, skills, a deck)."""

_NUMBER_KINDS = (FieldKind.INTEGER, FieldKind.NUMBER)


def check_stats(fields: Iterable[StatField], stats: Mapping[str, Any], where: str) -> None:
    """Refuse a number of ``stats`` outside its field's range (see the module text); ``where``
    names the stat block in the message (``tokens[3].stats``)."""
    for spec in fields:
        value = _at(stats, spec.key)
        if value is None:
            continue
        path = f"{where}.{spec.key}"
        if spec.kind in _NUMBER_KINDS:
            _check_number(spec, value, path)
        elif spec.kind is FieldKind.TABLE and isinstance(value, list):
            for index, row in enumerate(value):
                if isinstance(row, Mapping):
                    check_stats(spec.columns, row, f"{path}[{index}]")
        elif spec.kind is FieldKind.MAPPING and isinstance(value, Mapping) and spec.columns:
            column = spec.columns[-1]
            for name, entry in value.items():
                if column.kind in _NUMBER_KINDS and entry is not None:
                    _check_number(column, entry, f"{path}.{name}")
    check_numbers(stats, where, ANY_STAT_LIMIT)


def check_numbers(value: Any, where: str, limit: float = ANY_NUMBER_LIMIT) -> None:
    """Refuse any number beyond ``limit`` (either sign) and any list longer than
    :data:`MAX_LIST_ITEMS` anywhere in ``value`` (a JSON tree).

    Examples
    --------
    >>> check_numbers({"round": 3, "deck": ["KS", "2C"]}, "combat")
    >>> try:
    ...     check_numbers({"timers": [{"left": -10**12}]}, "combat")
    ... except FieldProblem as refused:
    ...     print(refused)
    combat.timers[0].left: -1000000000000 is outside the allowed range -1000000000 to 1000000000
    """
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, bool) or item is None or isinstance(item, str):
            continue
        if isinstance(item, int | float):
            if abs(item) > limit:
                raise FieldProblem(path, _outside(item, -limit, limit))
        elif isinstance(item, Mapping):
            stack.extend((v, f"{path}.{k}") for k, v in item.items())
        elif isinstance(item, list):
            if len(item) > MAX_LIST_ITEMS:
                raise FieldProblem(path, f"{len(item):,} items; the limit is {MAX_LIST_ITEMS:,}")
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(item))


def checked_text(spec: StatField, text: str, where: str) -> str:
    """A number typed for ``spec`` (a CLI flag, an override, a dialog), held to its range;
    ``ValueError`` naming ``where`` and the range otherwise. Other kinds pass unchanged.

    Examples
    --------
    >>> soak = StatField("soak", "Soak", FieldKind.INTEGER, minimum=0, maximum=3)
    >>> checked_text(soak, "2", "--soak")
    '2'
    >>> checked_text(soak, "-3", "--soak")
    Traceback (most recent call last):
    ...
    ValueError: --soak: -3 is outside the allowed range 0 to 3
    >>> checked_text(soak, "1e9", "--soak")
    Traceback (most recent call last):
    ...
    ValueError: --soak: '1e9' is not a whole number
    """
    if spec.kind not in _NUMBER_KINDS:
        return text
    try:
        value: float = int(text) if spec.kind is FieldKind.INTEGER else float(text)
    except ValueError:
        kind = "a whole number" if spec.kind is FieldKind.INTEGER else "a number"
        raise ValueError(f"{where}: {text[:40]!r} is not {kind}") from None
    if not math.isfinite(value):
        raise ValueError(f"{where}: {text[:40]!r} is not a finite number")
    try:
        _check_number(spec, value, where)
    except FieldProblem as problem:
        raise ValueError(str(problem)) from None
    return text


def _check_number(spec: StatField, value: Any, path: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return  # a wrong type is the system's to name (combatant_from_dict)
    low = spec.minimum if spec.minimum is not None else -DECLARED_LIMIT
    high = spec.maximum if spec.maximum is not None else DECLARED_LIMIT
    if not low <= value <= high:
        raise FieldProblem(path, _outside(value, low, high))


def _outside(value: float, low: float, high: float) -> str:
    shown = str(value)
    if len(shown) > 24:
        shown = f"a number of {len(shown.lstrip('-'))} digits" if isinstance(value, int) \
            else f"{value:.3g}"
    return f"{shown} is outside the allowed range {_plain(low)} to {_plain(high)}"


def _plain(bound: float) -> str:
    return str(int(bound)) if float(bound).is_integer() else str(bound)


def _at(stats: Mapping[str, Any], key: str) -> Any:
    """The value at a dotted ``key`` (``attributes.agility``), or None."""
    value: Any = stats
    for part in key.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(part)
    return value
