"""Area attacks on the map: who is beneath a template, and rolling it through the game system.

:func:`preview_template` places a Blast, Cone or Stream (:mod:`battlemap.desktop.core.areas`) and
says who is beneath it, with the obstacle sheltering each; :func:`resolve_template` asks the
encounter's game system to roll it (:meth:`battlemap.rules.registry.GameSystem.resolve_area`: the
system asks the map where a missed blast lands and where an evader goes through the board's
measurer) and returns the encounter after it with where the template was aimed and where it
went off, for the burst to be drawn.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Side, Token
>>> hero = Token("h", "Hero", 1.5, 5.5, side=Side.HERO, stats={"skills": {"athletics": "d8"},
...     "weapons": [{"name": "Flask", "damage": "2d6", "range": [4, 8, 16], "thrown": True}]})
>>> orc = Token("o", "Orc", 6.5, 5.5, side=Side.VILLAIN, stats={})
>>> [v.id for v in preview_template(Encounter(tokens=(hero, orc)), "h", "sbt",
...                                 (6.5, 5.0)).victims.hits]
['o']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from battlemap.desktop.core.areas import beneath, outline_of, placed
from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, LogEntry, Point
from battlemap.desktop.core.table_pipeline import Paused, ReplayDice, logged
from battlemap.geometry.templates import Template, TemplateResult
from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event
from battlemap.rules.interface import AreaRequest, Decision
from battlemap.rules.registry import RulesError, find_system

__all__ = ["TemplateAttack", "TemplateError", "TemplatePreview", "preview_template",
           "resolve_template"]


class TemplateError(ValueError):
    """An area attack that cannot be placed or made; the message says why, for the GM."""


@dataclass(frozen=True, slots=True)
class TemplatePreview:
    """A template placed on the map and who is beneath it (with any protection)."""

    template: Template
    victims: TemplateResult


@dataclass(frozen=True, slots=True)
class TemplateAttack:
    """A resolved area attack: where it was aimed and where it went off, the victims there,
    the events, the encounter after it and its log entry."""

    aimed: Template
    landed: Template
    victims: tuple[str, ...]
    events: tuple[Event, ...]
    encounter: Encounter
    entry: LogEntry
    data: Mapping[str, Any]

    @property
    def deviated(self) -> bool:
        return (self.aimed.x, self.aimed.y) != (self.landed.x, self.landed.y)

    def outline(self) -> tuple[Point, ...]:
        """The template where it went off, as polygon points (for drawing its burst)."""
        return outline_of(self.landed)


def preview_template(encounter: Encounter, attacker_id: str, shape: str, at: Point,
                     rotation: float | None = None) -> TemplatePreview:
    """The template placed at ``at`` (see the module), who is beneath it, who is protected."""
    try:
        template = placed(encounter, attacker_id, shape, at, rotation)
    except (ValueError, KeyError) as error:
        raise TemplateError(str(error).strip("'")) from None
    return TemplatePreview(template, beneath(encounter, attacker_id, template))


def resolve_template(encounter: Encounter, attacker_id: str, shape: str, at: Point,
                     dice: DiceSource, *, rotation: float | None = None,
                     weapon: str | None = None, options: Sequence[str] = (),
                     overrides: Mapping[str, str] | None = None,
                     params: Mapping[str, str] | None = None,
                     answers: Mapping[str, tuple[str, ...]] | None = None,
                     ask: Callable[[Decision], tuple[str, ...] | None] | None = None,
                     ) -> TemplateAttack | Paused:
    """Roll an area attack with a ``shape`` template (sbt, mbt, lbt, cone, stream) at ``at``.

    ``params`` are the system's attack inputs (Savage Pathfinder: ``evadable``). The dice are
    asked for in the system's order (see its rules page). ``TemplateError``
    (nothing applied) when the attack cannot be made. A decision the system pauses for (a
    victim's defense: GURPS's diving for cover) is put to ``ask`` and the attack rolled again
    with the same dice and the answer; unanswered (no ``ask``, or cancelled) it comes back as
    a :class:`~battlemap.desktop.core.table_pipeline.Paused`, nothing applied (``answers`` give
    them).
    """
    system = find_system(encounter.system)
    aimed = preview_template(encounter, attacker_id, shape, at, rotation).template
    request = AreaRequest(attacker_id, shape, at, rotation, weapon, tuple(options),
                          dict(overrides or {}), dict(params or {}), answers=dict(answers or {}))
    replay = dice.replayed() if isinstance(dice, ReplayDice) else ReplayDice(dice)
    try:
        done = system.resolve_area(board_of(encounter), request, replay)
        while done.decision is not None:
            answer = ask(done.decision) if ask is not None else None
            if answer is None:
                return Paused(done.decision, done, replay)
            request = replace(request, answers={**request.answers, done.decision.id: answer})
            replay = replay.replayed()
            done = system.resolve_area(board_of(encounter), request, replay)
    except RulesError as error:
        raise TemplateError(str(error)) from None
    after = logged(encounter, done)
    entry = after.log[-1] if len(after.log) > len(encounter.log) else LogEntry(done.title)
    where = done.data["template"]
    landed = replace(aimed, x=float(where["landed_at"][0]), y=float(where["landed_at"][1]))
    return TemplateAttack(aimed, landed, tuple(where["victims"]), done.events, after, entry,
                          done.data)
