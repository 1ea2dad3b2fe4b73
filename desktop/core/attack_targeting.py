"""The attack tool, Qt-free: choose an attacker, hover a target to preview, click to resolve.

It follows the map-tool protocol of :mod:`battlemap.desktop.core.tools` (``feed``, ``cancel``,
``finish``); the GUI feeds it pointer events and draws :attr:`AttackTool.aim` (the line of
fire and the preview card). A click on a token with no attacker chosen makes it the attacker
(Ctrl+click always does); a click on another token resolves the attack through the encounter's
game system (:mod:`battlemap.desktop.core.table_pipeline`) with the dice the ``dice`` factory hands
out (the program's, or a dialog asking the GM for physical dice) and returns one
:class:`~battlemap.desktop.core.tools.Commit`. A Shift+click adds a token to a volley (several
targets of one attack: the next plain click fires at each token of the volley and at the clicked
one). An action picked from the action menu (:attr:`AttackTool.pending`, one of the system's
actions aimed at a token) is performed on the next token clicked; :meth:`AttackTool.perform`
does an action with no target at once. When the system pauses for a choice (a defense, a
stunt, an escape's free or reverse) - after an attack or an action alike - ``ask`` (the GUI's
generic prompt) answers it; the attack or action is then resolved with the same dice. A
cancelled prompt, or an answer the rules refuse, does not throw the roll away: it is held
(:attr:`AttackTool.held`) and its prompt comes back at that token's next click or action, with
the same dice, until it is answered (no free reroll). A bad input (an impossible die, a clash
of options) leaves the encounter alone and sets :attr:`AttackTool.message`; every click that
does nothing (a refusal, empty ground, the attacker himself, an unanswered question) also tells
:attr:`AttackTool.on_refusal` why.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.desktop.core.model import Encounter, Side, Token
>>> from battlemap.desktop.core.tools import PointerEvent, PointerKind
>>> hero = Token("h", "Hero", 1.5, 1.5, side=Side.HERO, stats={"skills": {"fighting": "d8"}})
>>> orc = Token("o", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={})
>>> enc = Encounter(tokens=(hero, orc))
>>> tool = AttackTool(lambda: ScriptedDice([6, 2, 3]), attacker="h")
>>> tool.feed(PointerEvent(PointerKind.MOVE, 2.5, 1.5, frozenset()), enc)
>>> tool.aim.preview.data["target_number"]
2
>>> tool.feed(PointerEvent(PointerKind.PRESS, 2.5, 1.5), enc).label
'Attack: Hero attacks Orc (unarmed)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.edits import token_at
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.table_pipeline import (
    Paused,
    TableResult,
    perform,
    preview,
    preview_action,
    resolve,
    weapon_names,
)
from battlemap.desktop.core.tools import Button, Commit, Modifier, PointerEvent, PointerKind
from battlemap.desktop.core.tools import Preview as ToolPreview
from battlemap.rules.dice import DiceSource
from battlemap.rules.interface import ActionRequest, AttackRequest, Decision, Preview
from battlemap.rules.registry import RulesError
from battlemap.rules.table import MapFacts

__all__ = ["OUT_OF_TURN", "Aim", "Answer", "AttackChoices", "AttackTool", "Held",
           "PendingAction"]

OUT_OF_TURN = "out_of_turn"
"""The key of the GM's *Out of turn* ruling in a request's ``params`` (``"yes"``)."""

AHEAD_MOST = 12
"""The most tokens previewed ahead of the hover for one attacker (:meth:`AttackTool.ahead`)."""

Answer = Callable[[Decision], tuple[str, ...] | None]
"""Asks somebody a decision's question; None when they cancel."""


@dataclass(frozen=True, slots=True)
class Aim:
    """What the tool shows: the attacker, the hovered target, the system's preview and the
    line of fire measured (or why not)."""

    attacker: str
    target: str | None = None
    preview: Preview | None = None
    error: str | None = None
    facts: MapFacts | None = None
    weapon: str | None = None
    """The weapon picked for this target when the default one does not reach it (the first
    of the attacker's weapons the system previews without a problem); None: the choice."""


@dataclass(slots=True)
class AttackChoices:
    """What the GM picked in the action bar for the next attack: the weapon, the system's
    options, the GM's ``overrides`` of measured facts, the system's declarations
    (``params``: its ``attack_inputs``), and ``out_of_turn`` (the GM lets the attacker act
    although it is not its turn)."""

    weapon: str | None = None
    options: tuple[str, ...] = ()
    overrides: dict[str, str] = field(default_factory=dict)
    params: dict[str, str] = field(default_factory=dict)
    out_of_turn: bool = False


@dataclass(frozen=True, slots=True)
class PendingAction:
    """An action picked from the menu, waiting for the GM to click its target, with the
    choices the menu made (``params``: a Test's skill and effect, a Disarm's aim, ...)."""

    action: str
    params: dict[str, str] = field(default_factory=dict)
    title: str = ""


@dataclass(frozen=True, slots=True)
class Held:
    """A roll paused for a choice that was not made (the prompt cancelled, or the answer
    refused): the request as it stood and the pause with its dice, to ask again."""

    request: AttackRequest | ActionRequest
    paused: Paused

    @property
    def actor(self) -> str:
        request = self.request
        return request.attacker if isinstance(request, AttackRequest) else request.actor

    @property
    def targets(self) -> tuple[str, ...]:
        request = self.request
        if isinstance(request, AttackRequest):
            return (request.target, *request.also)
        return (request.target,) if request.target else ()


class KeptAims:
    """The aims previewed on one snapshot in one situation (attacker, choices, pending action,
    volley), by target; any other snapshot or situation starts afresh. The snapshot is held
    (compared by identity: snapshots are never changed in place)."""

    def __init__(self) -> None:
        self._on: Encounter | None = None
        self._situation: tuple[object, ...] = ()
        self._aims: dict[str, Aim] = {}

    def get(self, encounter: Encounter, situation: tuple[object, ...], target: str) -> Aim | None:
        if encounter is not self._on or situation != self._situation:
            return None
        return self._aims.get(target)

    def put(self, encounter: Encounter, situation: tuple[object, ...], target: str,
            aim: Aim) -> None:
        if encounter is not self._on or situation != self._situation:
            self._on, self._situation, self._aims = encounter, situation, {}
        self._aims[target] = aim


class AttackTool:
    """Point-and-click attacks; ``listeners`` are called whenever :attr:`aim` changes."""

    preview: ToolPreview = None

    def __init__(self, dice: Callable[[], DiceSource], attacker: str | None = None,
                 ask: Answer | None = None) -> None:
        self.dice = dice
        self.ask = ask
        self.choices = AttackChoices()
        self.aim: Aim | None = Aim(attacker) if attacker else None
        self.message = ""
        self.last_result: TableResult | None = None
        self.listeners: list[Callable[[], None]] = []
        self.pending: PendingAction | None = None
        self.volley: tuple[str, ...] = ()
        self.held: Held | None = None
        self._previewed: Encounter | None = None
        self._kept = KeptAims()
        self.on_refusal: Callable[[str], None] = lambda _text: None
        """Told, in words, why a click did nothing (the GM window's status bar and log)."""

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
        """Do ``request`` now; the commit to apply, or None with :attr:`message` set. A roll
        of this token held for a choice is asked again first (and stands if not answered)."""
        try:
            held = self._held_for(request.actor)
            result = (self._resumed(encounter, held) if held is not None
                      else self._answered(encounter, request,
                                          perform(encounter, request, self.dice())))
        except (RulesError, ValueError) as error:
            self.refuse(str(error))
            return None
        if result is None:
            return None
        self.message, self.last_result = "", result
        self._notify()
        return Commit(result.resolution.title.split(":")[0], result.encounter)

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
            self._show(self._hovered_aim(encounter, target))

    def _hovered_aim(self, encounter: Encounter, target: str | None) -> Aim | None:
        """The aim at ``target``, kept from an earlier hover of it when the snapshot and the
        choices are the same (one preview per target while the mouse goes between tokens)."""
        if self.aim is None or target is None or target == self.aim.target:
            return self.preview_on(encounter, target)  # (this aim's own weapon is reused)
        situation = self._situation()
        kept = self._kept.get(encounter, situation, target)
        if kept is not None:
            self._previewed = encounter
            return kept
        aim = self.preview_on(encounter, target)
        if aim is not None:
            self._kept.put(encounter, situation, target, aim)
        return aim

    def ahead(self, encounter: Encounter) -> list[str]:
        """The tokens a first hover would preview, not kept yet: the :data:`AHEAD_MOST`
        nearest tokens in sight but the attacker and the aim's own target, foes of the
        attacker first (nothing while an action waits for its target or a volley is
        gathered: those previews are the hover's own)."""
        if self.aim is None or self.pending is not None or self.volley:
            return []
        attacker = next((t for t in encounter.tokens if t.id == self.aim.attacker), None)
        if attacker is None:
            return []
        others = sorted((t for t in encounter.tokens if not t.hidden and t.id != attacker.id),
                        key=lambda t: (t.side is attacker.side,
                                       (t.x - attacker.x) ** 2 + (t.y - attacker.y) ** 2))
        situation = self._situation()
        return [t.id for t in others[:AHEAD_MOST] if t.id != self.aim.target
                and self._kept.get(encounter, situation, t.id) is None]

    def keep_ahead(self, encounter: Encounter, target: str) -> Aim | None:
        """Keep the aim at ``target`` a first hover of it would show, without showing it:
        the hover then shows the kept aim (the same preview, made earlier); it is returned
        (None: nothing kept). What the shown aim was measured on stays as it was."""
        if self.aim is None or target == self.aim.target:
            return None
        previewed = self._previewed
        aim = self.preview_on(encounter, target)
        self._previewed = previewed
        if aim is not None:
            self._kept.put(encounter, self._situation(), target, aim)
        return aim

    def _situation(self) -> tuple[object, ...]:
        """All a preview reads besides the snapshot and the target: the attacker, the bar's
        choices, the pending action and the volley."""
        c = self.choices
        return (self.attacker, c.weapon, c.options, sorted(c.overrides.items()),
                sorted(c.params.items()), c.out_of_turn, self.pending, self.volley)

    def request(self, target: str, weapon: str | None = None) -> AttackRequest:
        """The attack the choices make on ``target`` (the volley's tokens first), with
        ``weapon``, else the bar's weapon, else the one picked because it reaches."""
        attacker = self.aim.attacker if self.aim else ""
        c = self.choices
        if weapon is None and c.weapon is None and self.aim is not None and (
                self.aim.target == target):
            weapon = self.aim.weapon
        first, *rest = (*self.volley, target)
        return AttackRequest(attacker, first, weapon or c.weapon, c.options,
                             dict(c.overrides), self._params(), gm_override=c.out_of_turn,
                             also=tuple(rest))

    def _params(self) -> dict[str, str]:
        """The declarations, and ``out_of_turn: yes`` when the GM ticked *Out of turn* (the
        generic flag every system may read; ``gm_override`` says the same)."""
        c = self.choices
        return {**c.params, **({OUT_OF_TURN: "yes"} if c.out_of_turn else {})}

    def action_request(self, target: str | None) -> ActionRequest:
        """The pending action on ``target``, with the bar's weapon and declarations."""
        pending = self.pending or PendingAction("")
        c = self.choices
        params = {**self._params(), **({"weapon": c.weapon} if c.weapon else {}),
                  **({"wild_attack": "yes"} if "wild-attack" in c.options else {}),
                  **pending.params, **({"title": pending.title} if pending.title else {})}
        return ActionRequest(pending.action, self.aim.attacker if self.aim else "", target,
                             params, gm_override=c.out_of_turn)

    def preview_on(self, encounter: Encounter, target: str | None) -> Aim | None:
        """The aim at ``target`` with the current choices (None target: just the attacker)."""
        self._previewed = encounter
        if self.aim is None or target is None:
            return Aim(self.aim.attacker) if self.aim else None
        attacker = self.aim.attacker
        # the weapon picked because it reaches this target stays this aim's (request() uses
        # it): an aim made again (an undo, another commit) that forgot it previewed it once,
        # then the default's problem, and the click after that was refused
        kept = self.aim.weapon if self.aim.target == target and not self.choices.weapon \
            else None
        try:
            facts = board_of(encounter).map().facts(attacker, target)
            if self.pending is not None:
                shown = preview_action(encounter, self.action_request(target))
            else:
                shown = preview(encounter, self.request(target, self.choices.weapon))
                if shown.problem is not None and self.choices.weapon is None:
                    found = self._weapon_that_reaches(encounter, target)
                    if found is not None:
                        return Aim(attacker, target, found[1], facts=facts, weapon=found[0])
        except (RulesError, ValueError, KeyError) as error:
            return Aim(attacker, target, error=str(error).strip("'"))
        return Aim(attacker, target, shown, facts=facts,
                   weapon=kept if self.pending is None else None)

    def _weapon_that_reaches(self, encounter: Encounter,
                             target: str) -> tuple[str, Preview] | None:
        """The first of the attacker's weapons the system previews on ``target`` without a
        problem, and that preview; None when none does (the default's problem stands)."""
        assert self.aim is not None
        for weapon in weapon_names(encounter, self.aim.attacker):
            try:
                shown = preview(encounter, self.request(target, weapon))
            except (RulesError, ValueError, KeyError):
                continue
            if shown.problem is None:
                return weapon, shown
        return None

    def refresh(self, encounter: Encounter) -> None:
        """Re-preview after the choices or the encounter changed; a token no longer in the
        encounter (another file opened, an undo) is no longer the attacker or the target."""
        if self.aim is None:
            return
        self._kept = KeptAims()
        present = {token.id for token in encounter.tokens}
        if self.held is not None and not {self.held.actor, *self.held.targets} <= present:
            self.held = None  # its tokens are gone (another file, an undo): nothing to answer
        if self.aim.attacker not in present:
            self.pending, self.volley = None, ()
            self._show(None)
            return
        self.volley = tuple(v for v in self.volley if v in present)
        target = self.aim.target if self.aim.target in present else None
        self._show(self.preview_on(encounter, target))

    def _name(self, encounter: Encounter) -> str:
        """The attacker's name (its id if the encounter no longer has it)."""
        attacker = self.attacker or ""
        return next((t.name for t in encounter.tokens if t.id == attacker), attacker)

    def _stale(self, encounter: Encounter) -> bool:
        """True when the shown preview was measured on another snapshot."""
        return encounter is not self._previewed

    def refuse(self, text: str) -> None:
        """Nothing done, and why: :attr:`message` and :attr:`on_refusal` say ``text``."""
        self.message = text.strip("'\"")
        self.on_refusal(self.message)
        self._notify()

    def _click(self, event: PointerEvent, encounter: Encounter) -> Commit | None:
        token = token_at(encounter, *event.point)
        if token is None:
            self.refuse("no token there: click a token to choose who attacks" if self.aim is None
                        else f"no token there: click {self._name(encounter)}'s target")
            return None
        if self.aim is None or Modifier.CTRL in event.modifiers:
            self.set_attacker(token.id)
            return None
        if token.id == self.aim.attacker:
            self.refuse(f"{token.name} is the one acting: click a target "
                        "(Ctrl+click picks another attacker)")
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
        action = self.pending is not None
        try:
            result = self._resolved(encounter, target)
        except (RulesError, ValueError) as error:
            self.refuse(str(error))
            return None
        if result is None:
            return None
        self.message, self.last_result = "", result
        self.pending, self.volley = None, ()
        self._show(Aim(self.aim.attacker))
        verb = "Action" if action else "Attack"
        return Commit(f"{verb}: {result.resolution.title.split(':')[0]}", result.encounter)

    def _resolved(self, encounter: Encounter, target: str) -> TableResult | None:
        held = self._held_for(self.aim.attacker if self.aim else "")
        if held is not None:
            return self._resumed(encounter, held)
        if self.pending is not None:
            action = self.action_request(target)
            return self._answered(encounter, action, perform(encounter, action, self.dice()))
        request = self.request(target)
        return self._answered(encounter, request, resolve(encounter, request, self.dice()))

    def _resumed(self, encounter: Encounter, held: Held) -> TableResult | None:
        """The held roll again on the encounter as it is now, its prompt asked again; a roll
        the rules no longer allow (its target gone out of reach, another's turn) is void."""
        request = held.request
        try:
            again = (perform(encounter, request, held.paused.dice)
                     if isinstance(request, ActionRequest)
                     else resolve(encounter, request, held.paused.dice))
        except (RulesError, ValueError) as error:
            self.held = None
            raise RulesError(f"the held roll no longer stands ({error}); roll again") from error
        return self._answered(encounter, request, again)

    def _held_for(self, actor: str) -> Held | None:
        """The roll of ``actor`` still waiting for its choice, if any."""
        return self.held if self.held is not None and self.held.actor == actor else None

    def _answered(self, encounter: Encounter, request: AttackRequest | ActionRequest,
                  outcome: TableResult | Paused) -> TableResult | None:
        """Ask each decision the attack or action pauses for and resolve again with the same
        dice; a choice not made (cancelled, or refused by the rules) holds the roll."""
        while isinstance(outcome, Paused):
            answer = self.ask(outcome.decision) if self.ask is not None else None
            if answer is None:
                self.held = Held(request, outcome)
                self.refuse(f"{outcome.decision.prompt}: not answered; the roll stands and its "
                            f"choice comes back at the next click")
                return None
            answered = replace(request, answers={**request.answers,
                                                 outcome.decision.id: answer})
            try:
                again = (perform(encounter, answered, outcome.dice)
                         if isinstance(answered, ActionRequest)
                         else resolve(encounter, answered, outcome.dice))
            except (RulesError, ValueError) as error:
                self.held = Held(request, outcome)
                raise RulesError(f"{error} (the roll stands: choose again at the next "
                                 f"click)") from error
            request, outcome = answered, again
        self.held = None
        return outcome

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
