"""The template tool, Qt-free: a Blast, Cone or Stream follows the pointer; click to attack.

Blasts are centred on the pointer; Cones and Streams start at the attacker and point at it
(:mod:`battlemap.desktop.core.template_attack`). :meth:`TemplateTool.rotate` turns a Cone or Stream
further (the mouse wheel). While it moves, :attr:`TemplateTool.aim` holds the placed template,
who is beneath it and who is protected by an obstacle; a click rolls the attack with the dice
from the ``dice`` factory and returns one :class:`~battlemap.desktop.core.tools.Commit` (the result
is kept in :attr:`TemplateTool.last_result` for the animations). A missed blast deviates.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.desktop.core.model import Encounter, Side, Token
>>> from battlemap.desktop.core.tools import PointerEvent, PointerKind
>>> flask = {"skills": {"athletics": "d8"}, "weapons": [{"name": "Flask", "damage": "2d6",
...          "range": [4, 8, 16], "thrown": True}]}
>>> enc = Encounter(tokens=(Token("h", "Hero", 1.5, 1.5, side=Side.HERO, stats=flask),
...                         Token("o", "Orc", 4.5, 1.5, side=Side.VILLAIN, stats={})))
>>> tool = TemplateTool(lambda: ScriptedDice([6, 2, 3]), attacker="h")
>>> tool.feed(PointerEvent(PointerKind.MOVE, 4.5, 1.5, frozenset()), enc)
>>> [hit.id for hit in tool.aim.placed.victims.hits]
['o']
>>> tool.feed(PointerEvent(PointerKind.PRESS, 4.5, 1.5), enc).label
'Attack: Hero throws a Medium Blast on Orc (Flask)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlemap.desktop.core.attack_targeting import AttackChoices
from battlemap.desktop.core.model import Encounter, Point, Token
from battlemap.desktop.core.table_pipeline import Paused
from battlemap.desktop.core.template_attack import (
    TemplateAttack,
    TemplatePreview,
    preview_template,
    resolve_template,
)
from battlemap.desktop.core.tools import Button, Commit, PointerEvent, PointerKind, Preview
from battlemap.geometry.facing import bearing_to
from battlemap.rules.dice import DiceSource
from battlemap.rules.interface import Decision

__all__ = ["TemplateAim", "TemplateTool"]

ROTATION_STEP = 15.0
"""Degrees one wheel step turns a Cone or Stream (three times that with Shift)."""


@dataclass(frozen=True, slots=True)
class TemplateAim:
    """The template where the pointer puts it, who is beneath it, or why it cannot go there."""

    shape: str
    at: Point
    placed: TemplatePreview | None = None
    error: str | None = None


class TemplateTool:
    """Place and fire area templates; ``listeners`` are called whenever :attr:`aim` changes."""

    preview: Preview = None

    def __init__(self, dice: Callable[[], DiceSource], attacker: str | None = None,
                 shape: str = "mbt") -> None:
        self.dice, self.attacker, self.shape = dice, attacker, shape
        self.choices = AttackChoices()
        self.rotation = 0.0
        self.aim: TemplateAim | None = None
        self.message = ""
        self.last_result: TemplateAttack | None = None
        self.listeners: list[Callable[[], None]] = []
        self.on_refusal: Callable[[str], None] = lambda _text: None
        """Told, in words, why a click fired nothing (the GM window's status bar and log)."""
        self.confirm_friendly_fire: Callable[[tuple[Token, ...]], bool] = lambda friends: True
        """Asked, with the attacker and his allies beneath the template, before it fires; a
        False answer fires nothing."""
        self.ask: Callable[[Decision], tuple[str, ...] | None] | None = None
        """Puts a decision the area attack pauses for (a victim's defense) to the table (the
        GUI's decision prompt); None or a cancelled prompt fires nothing."""

    def feed(self, event: PointerEvent, encounter: Encounter) -> Commit | None:
        if event.kind is PointerKind.CANCEL:
            self.cancel()
        elif event.kind is PointerKind.MOVE:
            self.place(encounter, event.point)
        elif event.kind is PointerKind.PRESS and Button.LEFT in event.buttons:
            return self.fire(encounter, event.point)
        return None

    def place(self, encounter: Encounter, at: Point) -> None:
        """Put the template at ``at`` and find who is beneath it."""
        if self.attacker is None:
            self._show(TemplateAim(self.shape, at, error="choose who attacks first"))
            return
        try:
            placed = preview_template(encounter, self.attacker, self.shape, at,
                                      self._rotated(encounter, at))
        except (ValueError, KeyError) as error:
            self._show(TemplateAim(self.shape, at, error=str(error)))
            return
        self.message = ""  # the last click's refusal was told; this place is another
        self._show(TemplateAim(self.shape, at, placed))

    def _rotated(self, encounter: Encounter, at: Point) -> float | None:
        """The bearing of a Cone or Stream turned by the wheel, or None to point at ``at``."""
        if self.rotation == 0.0 or self.shape in ("sbt", "mbt", "lbt") or not self.attacker:
            return None
        token = encounter.token(self.attacker)
        return (bearing_to((token.x, token.y), at) + self.rotation) % 360.0

    def rotate(self, encounter: Encounter, steps: float) -> None:
        """Turn a Cone or Stream by ``steps`` wheel steps (positive: clockwise)."""
        self.rotation = (self.rotation + ROTATION_STEP * steps) % 360.0
        if self.aim is not None:
            self.place(encounter, self.aim.at)

    def fire(self, encounter: Encounter, at: Point) -> Commit | None:
        """Roll the area attack at ``at``; the commit, or None with :attr:`message` (also told
        to :attr:`on_refusal`)."""
        if self.attacker is None:
            self.refuse("no template fired: select who attacks first, then the Template tool")
            return None
        friends = self._friends_beneath(encounter, at)
        if friends and not self.confirm_friendly_fire(friends):
            self.refuse("not fired: " + ", ".join(t.name for t in friends) + " beneath it")
            return None
        try:
            result = resolve_template(encounter, self.attacker, self.shape, at, self.dice(),
                                      rotation=self._rotated(encounter, at),
                                      weapon=self.choices.weapon, options=self.choices.options,
                                      overrides=self.choices.overrides,
                                      params=self.choices.params, ask=self.ask)
        except ValueError as error:
            self.refuse(f"no template fired: {error}")
            return None
        if isinstance(result, Paused):
            self.refuse(f"no template fired: {result.decision.prompt}: not answered")
            return None
        self.message, self.last_result = "", result
        self._notify()
        return Commit(f"Attack: {result.entry.title.split(':')[0]}", result.encounter)

    def refuse(self, text: str) -> None:
        """Nothing fired, and why: :attr:`message` and :attr:`on_refusal` say ``text``."""
        self.message = text.strip("'\"")
        self.on_refusal(self.message)
        self._notify()

    def _friends_beneath(self, encounter: Encounter, at: Point) -> tuple[Token, ...]:
        """The attacker and the tokens of his side the template at ``at`` would hit."""
        assert self.attacker is not None
        try:
            placed = preview_template(encounter, self.attacker, self.shape, at,
                                      self._rotated(encounter, at))
        except (ValueError, KeyError):
            return ()  # the attack itself will say what is wrong
        side = encounter.token(self.attacker).side
        hit = {h.id for h in placed.victims.hits}
        return tuple(t for t in encounter.tokens
                     if t.id in hit and (t.id == self.attacker or t.side is side))

    def cancel(self) -> None:
        self._show(None)

    def finish(self, encounter: Encounter) -> Commit | None:
        return None

    def _show(self, aim: TemplateAim | None) -> None:
        self.aim = aim
        self._notify()

    def _notify(self) -> None:
        for listener in self.listeners:
            listener()
