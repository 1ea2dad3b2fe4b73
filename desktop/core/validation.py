"""Shared pieces of file validation: a located problem, JSON parsing, generic value checks.

Loaders parse with the standard :mod:`json` module (which, unlike strict JSON parsers, accepts
``NaN`` and ``Infinity`` so we can say *which* field holds one), check the generic tree with
:func:`check_json_tree`, then convert it into typed msgspec structs; :func:`problem_from_msgspec`
turns msgspec's message into the same "field path: problem" form.

Examples
--------
>>> check_json_tree({"tokens": [{"position": {"x": float("nan")}}]})
Traceback (most recent call last):
...
battlemap.desktop.core.validation.FieldProblem: tokens[0].position.x: not a finite number
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import msgspec

from battlemap.desktop.core.limits import MAX_FILE_BYTES, MAX_NESTING_DEPTH

_MSGSPEC_PATH = re.compile(r"^(?P<problem>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)


class FieldProblem(ValueError):
    """What is wrong (``problem``) and where in the file (``field``, e.g. ``walls[2].points``)."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field or "(top level)"
        self.problem = problem
        super().__init__(f"{self.field}: {problem}")


def parse_json(data: bytes) -> Any:
    """Parse JSON bytes into plain Python values; :class:`FieldProblem` for any failure.

    Examples
    --------
    >>> parse_json(b'{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    >>> try:
    ...     parse_json(b'[1,')
    ... except FieldProblem as err:
    ...     print(err)
    (top level): not valid JSON: line 1 column 4: Expecting value
    """
    if len(data) > MAX_FILE_BYTES:
        raise FieldProblem("", f"file is {len(data):,} bytes; the limit is {MAX_FILE_BYTES:,}")
    try:
        return json.loads(data, object_pairs_hook=_object)
    except json.JSONDecodeError as err:
        where = f"line {err.lineno} column {err.colno}"
        raise FieldProblem("", f"not valid JSON: {where}: {err.msg}") from None
    except UnicodeDecodeError as err:
        raise FieldProblem("", f"not UTF-8 text (byte {err.start})") from None
    except ValueError as err:  # an integer of more than 4,300 digits
        raise FieldProblem("", f"not valid JSON: {err}") from None
    except RecursionError:
        raise FieldProblem("", f"nested deeper than {MAX_NESTING_DEPTH} levels") from None


class _RepeatedKeys(dict[str, Any]):
    """A JSON object in which a key appeared more than once (``repeated`` names them)."""

    repeated: tuple[str, ...] = ()


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict, marked when a key repeats: the last value would silently win
    (``"tokens": []`` after the real list would empty the map), so the loader refuses it."""
    built = dict(pairs)
    if len(built) == len(pairs):
        return built
    seen: set[str] = set()
    marked = _RepeatedKeys(built)
    repeated = []
    for key, _ in pairs:
        if key in seen:
            repeated.append(key)
        seen.add(key)
    marked.repeated = tuple(repeated)
    return marked


def check_json_tree(value: Any) -> None:
    """Refuse repeated keys, non-finite numbers and nesting deeper than the limit, naming the
    first offender.

    Examples
    --------
    >>> try:
    ...     check_json_tree(parse_json(b'{"map": {"tokens": [{"id": "a"}], "tokens": []}}'))
    ... except FieldProblem as refused:
    ...     print(refused.field, "|", refused.problem[:37])
    map.tokens | the key appears more than once in its
    """
    if _clean(value, 0):
        return
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if depth > MAX_NESTING_DEPTH:
            raise FieldProblem(path, f"nested deeper than {MAX_NESTING_DEPTH} levels")
        if isinstance(item, float) and not math.isfinite(item):
            raise FieldProblem(path, "not a finite number")
        if isinstance(item, _RepeatedKeys):
            key = item.repeated[0]
            raise FieldProblem(f"{path}.{key}" if path else key,
                               "the key appears more than once in its object; which one is "
                               "meant is unclear, so nothing was loaded")
        if isinstance(item, dict):
            children = [(v, f"{path}.{k}" if path else str(k), depth + 1) for k, v in item.items()]
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(reversed([(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(item)]))


def _clean(item: Any, depth: int) -> bool:
    """Whether the tree under ``item`` has no repeated key, no non-finite number and no nesting
    past the limit: the quick walk of a good file (no paths built; :func:`check_json_tree`
    walks again, naming the first offender, only when this says no)."""
    if depth > MAX_NESTING_DEPTH:
        return False
    kind = type(item)
    if kind is list:
        values = item
    elif kind is dict:
        values = item.values()
    elif kind is float:
        return math.isfinite(item)
    else:
        return kind is not _RepeatedKeys
    if values and depth >= MAX_NESTING_DEPTH:  # its values lie deeper than the limit
        return False
    for value in values:
        kind = type(value)
        if kind is float:
            if value - value != 0.0:  # NaN or an infinity
                return False
        elif (kind is list or kind is dict or kind is _RepeatedKeys) and not _clean(
                value, depth + 1):
            return False
    return True


def problem_from_msgspec(err: msgspec.ValidationError) -> FieldProblem:
    """msgspec's "Expected `float`, got `str` - at `$.a[0].x`" as ``a[0].x: expected float, ...``.

    Examples
    --------
    >>> str(problem_from_msgspec(msgspec.ValidationError("Expected `int`, got `str` - at `$.b`")))
    'b: expected int, got str'
    """
    match = _MSGSPEC_PATH.match(str(err))
    assert match is not None  # the pattern matches every string
    path = (match.group("path") or "").removeprefix(".")
    problem = match.group("problem").replace("`", "")
    return FieldProblem(path, problem[:1].lower() + problem[1:])
