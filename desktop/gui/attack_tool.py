"""The attack tool on the map: line of fire, the preview card, and the action bar.

:class:`AttackController` owns a Qt-free
:class:`~battlemap.desktop.core.attack_targeting.AttackTool` and shows what it aims at: on every
scene (GM and players) a line of fire from the attacker to the hovered target, the bystanders
ringed, the blocked share of the target shaded; on the GM's scene only, a compact card beside the
target (the game system's preview lines); both drawn by :mod:`battlemap.desktop.gui.aim_overlay`.
Actions picked from the *Actions* menu run at once or wait for a click on their target
(:meth:`AttackController.pick_action`). The :class:`ActionBar` picks the weapon, the options, the
GM's overrides and whether the dice are the program's or physical ones typed in
(:class:`PhysicalDiceDialog`). When an attack is applied to the battle state its events play as
animations on every scene.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QInputDialog, QWidget

from battlemap.desktop.core.attack_targeting import Aim, AttackChoices, AttackTool, PendingAction
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.storyboard import storyboard, visible_events
from battlemap.desktop.core.table_pipeline import acting_tokens, weapon_names
from battlemap.desktop.core.wording import with_names
from battlemap.desktop.gui.action_bar import ActionBar
from battlemap.desktop.gui.aim_overlay import AimOverlay, PreviewCard
from battlemap.desktop.gui.animations import AttackAnimator
from battlemap.desktop.gui.decision_dialog import DecisionDialog
from battlemap.desktop.gui.motion import MotionPreferences
from battlemap.desktop.gui.scene import Audience, Layer, MapScene
from battlemap.desktop.gui.style import to_scene
from battlemap.rules.dice import AskingDice, DiceError, DiceSource, RandomDice, faces_of
from battlemap.rules.interface import ActionSpec, Preview
from battlemap.rules.registry import find_system


def pending_name(pending: PendingAction, encounter: Encounter) -> str:
    """What the waiting action is called: the menu's title for it (``Test (Intimidation →
    Vulnerable)``), else the system's name of the action."""
    if pending.title:
        return pending.title
    specs = {a.id: a.name for a in find_system(encounter.system).actions()}
    return specs.get(pending.action, pending.action)


def card_lines(shown: Preview, target: str, encounter: Encounter) -> list[str]:
    """The card's lines: the system's, with names for ids; a refusal the system gave no lines
    for is still a card, naming the target and why."""
    lines = [with_names(line, encounter) for line in shown.lines]
    problem = with_names(shown.problem or "", encounter)
    if problem and not any(problem in line for line in lines):
        lines = [*(lines or [target]), problem]
    return lines


def _acting(encounter: Encounter) -> tuple[str, ...]:
    """Whose turn it is (nobody when the turn order cannot be read)."""
    try:
        return acting_tokens(encounter)
    except ValueError:
        return ()


class PhysicalDiceDialog:
    """Asks the GM for each die the engine needs, in order, by die type."""

    def __init__(self, parent: QWidget | None) -> None:
        self.parent = parent

    def __call__(self, sides: int, purpose: str) -> int:
        faces = faces_of(purpose)
        if len(faces) == sides:  # a die whose faces are not numbers (Fudge: - blank +)
            items = [f"{face}  ({number})" for number, face in enumerate(faces, 1)]
            picked, ok = QInputDialog.getItem(self.parent, f"Roll a d{sides}",
                                              f"{purpose}: the die shows", items, 0, False)
            value = items.index(picked) + 1 if ok else 0
        else:
            value, ok = QInputDialog.getInt(self.parent, f"Roll a d{sides}",
                                            f"{purpose or 'die'}: the d{sides} shows", 1, 1,
                                            sides)
        if not ok:
            raise DiceError(f"dice entry cancelled at the {purpose or f'd{sides}'}")
        return value


class TypedInputsDialog:
    """Asks the GM to type what an action needs (its ``asks``): a text box each, in order."""

    def __init__(self, parent: QWidget | None) -> None:
        self.parent = parent

    def __call__(self, action: ActionSpec) -> dict[str, str] | None:
        """The typed values by key (blank ones left out), or None when the GM cancels."""
        typed = {}
        for item in action.asks:
            text, ok = QInputDialog.getText(self.parent, action.name,
                                            f"{item.label} ({item.help})" if item.help
                                            else item.label)
            if not ok:
                return None
            if text.strip():
                typed[item.key] = text.strip()
        return typed


class AttackController:
    """The attack tool of the GM window: aims, previews, resolves, animates on every scene.

    ``scenes`` returns the scenes showing the battle now (the GM's first, then the players'
    if that window is open); ``parent`` is the widget physical-dice dialogs belong to.
    """

    def __init__(self, state: BattleState, scenes: Callable[[], list[MapScene]],
                 parent: QWidget | None = None,
                 motion: MotionPreferences | None = None) -> None:
        self.state, self.scenes, self.parent = state, scenes, parent
        self.tool = AttackTool(self.dice, ask=DecisionDialog(parent))
        self.bar = ActionBar(lambda: state.encounter, self._on_choices, self.pick_action,
                             lambda: self.tool.attacker)
        self.animator = AttackAnimator([], motion, parent)
        self.card = PreviewCard()
        self._overlays: dict[int, tuple[MapScene, AimOverlay]] = {}
        self.tool.listeners.append(self.redraw)
        self.ahead = QTimer(parent)
        """Previews the chosen attacker's targets in idle slices, one a slice (see
        :meth:`_preview_ahead`)."""
        self.ahead.setSingleShot(True)
        self.ahead.setInterval(0)
        self.ahead.timeout.connect(self._preview_ahead)
        self._ahead_of: tuple[str | None, Encounter | None] = (None, None)
        # *Area effect attack* in the action menu: switch to the Template tool (the GM window's)
        self.use_templates: Callable[[], None] | None = None
        self.ask_inputs: Callable[[ActionSpec], dict[str, str] | None] = TypedInputsDialog(parent)
        self.bar.ask_inputs = lambda spec: self.ask_inputs(spec)
        state.changed.connect(self._on_state_change)

    @property
    def physical_dice(self) -> bool:
        return self.bar.physical.isChecked()

    def activate(self, attacker: str | None) -> None:
        """Make ``attacker`` (or nobody yet) the acting token of the tool."""
        self.tool.set_attacker(attacker)

    def _on_choices(self) -> None:
        self.tool.choices = AttackChoices(self.bar.chosen_weapon(), self.bar.chosen_options(),
                                          self.bar.chosen_overrides(), self.bar.chosen_params(),
                                          self.bar.out_of_turn.isChecked())
        self.tool.refresh(self.state.encounter)

    def pick_action(self, action: str, choices: dict[str, str]) -> None:
        """An action picked from a menu: at once for the acting token alone, else it waits
        for the GM to click its target."""
        attacker = self.tool.attacker
        if attacker is None:
            self.tool.refuse("nobody acts yet: click the acting token first")
            return
        if action == "area-attack" and self.use_templates is not None:
            self.use_templates()
            return
        specs = {a.id: a for a in find_system(self.state.encounter.system).actions()}
        title = choices.pop("title", "")
        if action in specs and specs[action].asks:
            typed = self.ask_inputs(specs[action])
            if typed is None:
                return
            choices = {**choices, **typed}
        pending = PendingAction(action, choices, title)
        if action in specs and specs[action].needs_target:
            self.tool.await_target(pending)
            self.redraw()
            return
        self.tool.pending = pending
        request = self.tool.action_request(None)
        self.tool.pending = None
        commit = self.tool.perform(self.state.encounter, request)
        if commit is not None:
            self.state.apply(commit.label, commit.encounter)

    def dice(self) -> DiceSource:
        """The program's dice, or a dialog asking the GM for each physical die."""
        return AskingDice(PhysicalDiceDialog(self.parent)) if self.physical_dice else RandomDice()

    def _overlay(self, scene: MapScene) -> AimOverlay:
        found = self._overlays.get(id(scene))
        if found is None or found[0] is not scene:
            shown = self.scenes()  # let a closed player view's scene go
            self._overlays = {k: f for k, f in self._overlays.items() if f[0] in shown}
            overlay = AimOverlay(scene.audience is Audience.PLAYER)
            scene.add_overlay(overlay, Layer.TOOL)
            found = (scene, overlay)
            self._overlays[id(scene)] = found
        return found[1]

    def redraw(self) -> None:
        """Show the tool's aim on every scene and the card on the GM's; update the bar."""
        encounter, aim = self.state.encounter, self.tool.aim
        self._show_attacker(encounter)
        pending = self.tool.pending
        if pending is not None and not self.tool.message:
            self.bar.show_message(f"{pending_name(pending, encounter)}: click the target · Esc "
                                  "cancels",
                                  error=False)
        else:
            self.bar.show_message(with_names(self.tool.message, encounter))
        scenes = self.scenes()
        for scene in scenes:
            self._overlay(scene).show_aim(aim, encounter, self.tool.pending is not None)
        self._show_card(scenes[0] if scenes else None, aim, encounter)

    def _start_ahead(self, encounter: Encounter) -> None:
        """A newly chosen attacker: his targets' previews are made in idle slices."""
        attacker = self.tool.attacker
        if attacker == self._ahead_of[0]:
            return
        self._ahead_of = (attacker, encounter)
        if attacker is None:
            self.ahead.stop()
        else:
            self.ahead.start()

    def _preview_ahead(self) -> None:
        """One slice: the preview of one target of the attacker chosen, kept for the hover's
        first visit of it (the same aim the hover would make), and the images of its line of
        fire on every scene's views (those the first drawing would make). The slices stop when
        the attacker or the snapshot changes; each is one target, so an input waits for at
        most one (the event loop runs between slices)."""
        encounter = self.state.encounter
        attacker, on = self._ahead_of
        if self.tool.attacker != attacker or encounter is not on:
            return
        targets = self.tool.ahead(encounter)
        aim = self.tool.keep_ahead(encounter, targets[0]) if targets else None
        if aim is not None:
            for scene in self.scenes():
                self._overlay(scene).make_line_ahead(aim, encounter)
        if len(targets) > 1:
            self.ahead.start()

    def _show_attacker(self, encounter: Encounter) -> None:
        self._start_ahead(encounter)
        attacker = self.tool.attacker
        token = next((t for t in encounter.tokens if t.id == attacker), None)
        names = weapon_names(encounter, token.id) if token is not None else ()
        self.bar.show_attacker(token.name if token else None, list(names))

    def _show_card(self, scene: MapScene | None, aim: Aim | None, encounter: Encounter) -> None:
        if scene is not None and self.card.scene() is not scene:
            scene.add_overlay(self.card, Layer.HUD)
        names = {t.id: t.name for t in encounter.tokens}
        if aim is None or aim.target is None:
            self.card.show_lines([], False)
            return
        target = encounter.token(aim.target)
        if aim.preview is None:
            self.card.show_lines([names[aim.target], with_names(aim.error or "", encounter)],
                                 True)
        else:
            lines = card_lines(aim.preview, names[aim.target], encounter)
            if aim.weapon is not None:
                lines = [f"with {aim.weapon}: the default weapon cannot attack from here", *lines]
            self.card.show_lines(lines, aim.preview.problem is not None)
        self.card.place(to_scene((target.x + target.radius + 0.3, target.y - target.radius)),
                        to_scene((target.x - target.radius - 0.3, target.y - target.radius)))

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        self.bar.sync_system(new.system)
        result = self.tool.last_result
        if result is not None and result.encounter is new:
            self.tool.last_result = None
            joker = result.resolution.flourish
            shown = joker if joker and not old.token(joker).hidden else None
            self.animator.scenes = self.scenes()
            events = result.resolution.events
            self.animator.play(storyboard(old, events, joker_of=joker),
                               storyboard(old, visible_events(old, events),
                                          joker_of=shown), before=old)
        before, now = _acting(old), _acting(new)
        if before != now:
            self.follow_turn(before, now, new)
        self.tool.refresh(new)

    def follow_turn(self, before: tuple[str, ...], now: tuple[str, ...],
                    encounter: Encounter) -> None:
        """The acting token changed: it becomes the attacker unless the GM picked another
        (one who was not acting), and the bar's weapon, options, declarations and *Out of
        turn* go back to their defaults (they were chosen for one turn)."""
        attacker = self.tool.attacker
        present = {t.id for t in encounter.tokens}
        if now and (attacker is None or attacker in before or attacker not in present):
            self.tool.set_attacker(now[0])
        self.bar.reset_choices()
        self._on_choices()
