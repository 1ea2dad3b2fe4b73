"""The attack tool, Qt-free: choose an attacker, hover a target to preview, click to resolve.

It follows the map-tool protocol of :mod:`desktop.core.tools` (``feed``, ``cancel``,
``finish``); the GUI feeds it pointer events and draws :attr:`AttackTool.aim` (the line of
fire and the preview card). A click on a token with no attacker chosen makes it the attacker
(Ctrl+click always does); a click on another token resolves the attack with the dice the
``dice`` factory hands out (the program's, or a dialog asking the GM for physical dice) and
returns one :class:`~desktop.core.tools.Commit`. With ``choices.push`` a click Pushes
instead (:mod:`desktop.core.push_action`). A Shift+click adds a token to a volley (Rate of
Fire at several targets, :mod:`desktop.core.volley`): the next plain click fires one die at
each token of the volley and one at the clicked token. An action picked from the action menu
(:attr:`AttackTool.pending`, one of the rules' ``ACTIONS`` aimed at a token) is performed on the
next token clicked (:mod:`desktop.core.actions`); :meth:`AttackTool.perform` does an action
with no target at once. A bad input (an impossible die, a clash of options) leaves the
encounter alone and sets :attr:`AttackTool.message`.

Examples
--------
>>> from rules.dice import ScriptedDice
>>> from desktop.core.model import Encounter, Side, Token
>>> from desktop.core.tools import PointerEvent, PointerKind
>>> hero = Token("h", "Hero", 1.5, 1.5, side=Side.HERO, stats={"skills": {"fighting": "d8"}})
>>> orc = Token("o", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={})
>>> enc = Encounter(tokens=(hero, orc))
>>> tool = AttackTool(lambda: ScriptedDice([6, 2, 3]), attacker="h")
>>> tool.feed(PointerEvent(PointerKind.MOVE, 2.5, 1.5, frozenset()), enc)
>>> tool.aim.preview.target_number
2
>>> tool.feed(PointerEvent(PointerKind.PRESS, 2.5, 1.5), enc).label
'Attack: Hero attacks Orc (unarmed)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from desktop.core.actions import ActionRequest, ActionResult, perform_action
from desktop.core.edits import token_at
from desktop.core.model import Encounter
from desktop.core.pipeline import AttackError, AttackPreview, AttackResult, preview_attack
from desktop.core.pipeline import resolve_attack as resolve
from desktop.core.push_action import PushAttack, resolve_push
from desktop.core.savage_context import NOTHING_DECLARED, Declared
from desktop.core.tools import Button, Commit, Modifier, PointerEvent, PointerKind, Preview
from desktop.core.volley import resolve_volley
from rules.dice import DiceSource

__all__ = ["Aim", "AttackChoices", "AttackTool", "PendingAction"]

Resolved = AttackResult | PushAttack | ActionResult


@dataclass(frozen=True, slots=True)
class Aim:
    """What the tool shows: the attacker, the hovered target and its preview (or why not)."""

    attacker: str
    target: str | None = None
    preview: AttackPreview | None = None
    error: str | None = None


@dataclass(slots=True)
class AttackChoices:
    """What the GM picked in the action bar for the next attack (``evadable``: an area attack
    its victims may Evade; ``out_of_turn``: the GM lets the attacker act out of turn)."""

    weapon: str | None = None
    options: tuple[str, ...] = ()
    overrides: dict[str, str] = field(default_factory=dict)
    push: bool = False
    soak: int = 0
    declared: Declared = NOTHING_DECLARED
    evadable: bool = False
    out_of_turn: bool = False


@dataclass(frozen=True, slots=True)
class PendingAction:
    """An action picked from the menu, waiting for the GM to click its target."""

    action: str
    skill: str | None = None
    effect: str = "Distracted"
    part: str = "hand"


class AttackTool:
    """Point-and-click attacks; ``listeners`` are called whenever :attr:`aim` changes."""

    preview: Preview = None

    def __init__(self, dice: Callable[[], DiceSource], attacker: str | None = None) -> None:
        self.dice = dice
        self.choices = AttackChoices()
        self.aim: Aim | None = Aim(attacker) if attacker else None
        self.message = ""
        self.last_result: Resolved | None = None
        self.listeners: list[Callable[[], None]] = []
        self.pending: PendingAction | None = None
        self.volley: tuple[str, ...] = ()
        self._previewed: Encounter | None = None

    @property
    def attacker(self) -> str | None:
        return self.aim.attacker if self.aim else None

    def set_attacker(self, token_id: str | None) -> None:
        self.volley = ()
        self._show(Aim(token_id) if token_id else None)

    def await_target(self, pending: PendingAction | None) -> None:
        """The next token clicked is the target of ``pending`` (None: back to attacking)."""
        self.pending = pending
        self.message = ""
        self._notify()

    def perform(self, encounter: Encounter, request: ActionRequest) -> Commit | None:
        """Do ``request`` now; the commit to apply, or None with :attr:`message` set."""
        try:
            result = perform_action(encounter, request, self.dice())
        except ValueError as error:
            self.message = str(error)
            self._notify()
            return None
        self.message, self.last_result = "", result
        self._notify()
        return Commit(result.entry.title.split(":")[0], result.encounter)

    def feed(self, event: PointerEvent, encounter: Encounter) -> Commit | None:
        if event.kind is PointerKind.CANCEL:
            self.cancel()
        elif event.kind is PointerKind.MOVE:
            self.hover(encounter, *event.point)
        elif event.kind is PointerKind.PRESS and Button.LEFT in event.buttons:
            return self._click(event, encounter)
        return None

    def hover(self, encounter: Encounter, x: float, y: float) -> None:
        """Preview the attack on the token under ``(x, y)`` (nothing over empty ground)."""
        if self.aim is None:
            return
        token = token_at(encounter, x, y)
        target = token.id if token is not None and token.id != self.aim.attacker else None
        if target != self.aim.target or self._stale(encounter):
            self._show(self.preview_on(encounter, target))

    def preview_on(self, encounter: Encounter, target: str | None) -> Aim | None:
        """The aim at ``target`` with the current choices (None target: just the attacker)."""
        self._previewed = encounter
        if self.aim is None or target is None:
            return Aim(self.aim.attacker) if self.aim else None
        try:
            preview = preview_attack(encounter, self.aim.attacker, target, self.choices.weapon,
                                     self.choices.options, self.choices.overrides,
                                     self.choices.declared)
        except (AttackError, ValueError) as error:
            return Aim(self.aim.attacker, target, error=str(error))
        return Aim(self.aim.attacker, target, preview)

    def refresh(self, encounter: Encounter) -> None:
        """Re-preview after the choices or the encounter changed; a token no longer in the
        encounter (another file opened, an undo) is no longer the attacker or the target."""
        if self.aim is None:
            return
        present = {token.id for token in encounter.tokens}
        if self.aim.attacker not in present:
            self.pending, self.volley = None, ()
            self._show(None)
            return
        self.volley = tuple(v for v in self.volley if v in present)
        target = self.aim.target if self.aim.target in present else None
        self._show(self.preview_on(encounter, target))

    def _stale(self, encounter: Encounter) -> bool:
        """True when the shown preview was measured on another snapshot."""
        return encounter is not self._previewed

    def _click(self, event: PointerEvent, encounter: Encounter) -> Commit | None:
        token = token_at(encounter, *event.point)
        if token is None:
            return None
        if self.aim is None or Modifier.CTRL in event.modifiers:
            self.set_attacker(token.id)
            return None
        if token.id == self.aim.attacker:
            return None
        if Modifier.SHIFT in event.modifiers and self.pending is None:
            self.volley = (*self.volley, token.id)
            self.message = f"volley: {len(self.volley)} shot(s) assigned; click the last target"
            self._notify()
            return None
        return self.resolve(encounter, token.id)

    def resolve(self, encounter: Encounter, target: str) -> Commit | None:
        """Roll the attack on ``target``; the commit to apply, or None with :attr:`message`."""
        if self.aim is None:
            return None
        try:
            result = self._resolved(encounter, target)
        except ValueError as error:
            self.message = str(error)
            self._notify()
            return None
        self.message, self.last_result = "", result
        self.pending, self.volley = None, ()
        self._show(Aim(self.aim.attacker))
        verb = "Action" if isinstance(result, ActionResult) else "Attack"
        return Commit(f"{verb}: {result.entry.title.split(':')[0]}", result.encounter)

    def _resolved(self, encounter: Encounter, target: str) -> Resolved:
        attacker = self.aim.attacker if self.aim else ""
        c = self.choices
        if self.pending is not None:
            return perform_action(encounter, ActionRequest(
                self.pending.action, attacker, target, weapon=c.weapon,
                skill=self.pending.skill, effect=self.pending.effect, part=self.pending.part,
                wild_attack="wild-attack" in c.options, dice_count=c.declared.shots,
                gm_override=c.out_of_turn),
                self.dice())
        if c.push:
            return resolve_push(encounter, attacker, target, self.dice())
        if self.volley:
            return resolve_volley(encounter, attacker, [*self.volley, target], self.dice(),
                                  c.weapon, c.options, c.overrides, c.soak, c.declared,
                                  gm_override=c.out_of_turn)
        return resolve(encounter, attacker, target, self.dice(), c.weapon, c.options,
                       c.overrides, c.soak, c.declared, gm_override=c.out_of_turn)

    def cancel(self) -> None:
        """Esc: forget the hovered target, the pending action and the volley (the attacker
        stays chosen)."""
        self.pending, self.volley, self.message = None, (), ""
        if self.aim is not None:
            self._show(Aim(self.aim.attacker))

    def finish(self, encounter: Encounter) -> Commit | None:
        return None

    def _show(self, aim: Aim | None) -> None:
        self.aim = aim
        self._notify()

    def _notify(self) -> None:
        for listener in self.listeners:
            listener()
