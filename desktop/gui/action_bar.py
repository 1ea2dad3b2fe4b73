"""The attack action bar: attacker, actions, weapon, options, declarations, overrides, dice.

Every change goes into the attack tool's :class:`~desktop.core.attack_targeting.AttackChoices`
and re-previews the hovered target at once, so the card always shows what a click will do.
The options are the active system's (:data:`ATTACK_OPTIONS` for Savage Pathfinder); the rules
refuse combinations that do not go together and the card says why. *Actions* lists the
registry's non-attack actions (:mod:`desktop.gui.action_menu`); *Declare* holds what the
attacker declares for the turn (Multi-Action, running, Rate of Fire, mounted).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QMenu,
    QSpinBox,
    QToolBar,
    QToolButton,
)

from desktop.core.model import Encounter
from desktop.core.savage_context import OVERRIDABLE, Declared
from desktop.gui.action_menu import Pick, fill_action_menu
from rules.savage_pathfinder.situational.mounted import CHARGE_DISTANCE
from rules.savage_pathfinder.situational.options import ATTACK_OPTIONS
from rules.savage_pathfinder.situational.scale import Scale

MEASURED = "measured"
OVERRIDE_CHOICES: dict[str, tuple[str, ...]] = {
    "range_band": ("short", "medium", "long", "extreme"),
    "cover": ("none", "light", "medium", "heavy", "near_total"),
    "illumination": ("bright", "dim", "dark", "pitch"),
    "gang_up": ("0", "1", "2", "3", "4"),
}
"""The values the GM can pick instead of the measurement, per overridable fact."""
TEMPLATE_SHAPES = ("sbt", "mbt", "lbt", "cone", "stream")


class ActionBar(QToolBar):
    """A tool bar bound to an attack controller's tool; ``changed`` re-previews."""

    def __init__(self, encounter: Callable[[], Encounter], changed: Callable[[], None],
                 pick: Pick, attacker: Callable[[], str | None]) -> None:
        super().__init__("Attack")
        self.setObjectName("AttackBar")
        self._encounter, self._changed = encounter, changed
        self._pick, self._attacker = pick, attacker
        self.attacker_label = QLabel("Attacker: (click a token)")
        self.actions_button = self._actions_button()
        self.weapon = QComboBox()
        self.weapon.setToolTip("Weapon (default: a hand weapon next to the target, else ranged)")
        self.options = self._options_button()
        self.declare = self._declare_button()
        self.override = self._override_button()
        self.template = self._template_box()
        self.soak = QSpinBox(prefix="soak: ", suffix=" Bennies", maximum=5)
        self.soak.setToolTip("Bennies the target will spend to Soak Wounds (one roll, rerolls)")
        self.evadable = QCheckBox("Evadable")
        self.evadable.setToolTip("The area attack may be Evaded (dragon's breath...): each "
                                 "victim rolls Agility -2 and steps clear of the template")
        self.push = QCheckBox("Push")
        self.push.setToolTip("A click Pushes the target instead of attacking (opposed Strength)")
        self.out_of_turn = QCheckBox("Out of turn")
        self.out_of_turn.setToolTip("GM ruling: the selected token may act although it is not "
                                    "its turn (noted in the log)")
        self.physical = QCheckBox("Physical dice")
        self.physical.setToolTip("Type in the dice rolled at the table, one by one")
        self.message = QLabel("")
        self.message.setStyleSheet("color: #c62828;")
        self._add_widgets()

    def _add_widgets(self) -> None:
        for widget in (self.attacker_label, self.message, self.actions_button, self.weapon,
                       self.options, self.declare, self.override, self.template,
                       self.evadable, self.soak, self.push, self.out_of_turn, self.physical):
            if isinstance(widget, QComboBox):
                widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
                widget.currentIndexChanged.connect(lambda _n: self._changed())
            if isinstance(widget, QCheckBox):
                widget.toggled.connect(lambda _on: self._changed())
            if isinstance(widget, QSpinBox):
                widget.valueChanged.connect(lambda _n: self._changed())
            self.addWidget(widget)

    def _template_box(self) -> QComboBox:
        box = QComboBox()
        for shape in TEMPLATE_SHAPES:
            box.addItem(f"template: {shape.upper()}", shape)
        box.setCurrentIndex(1)
        box.setToolTip("The area template the Template tool places")
        return box

    def _actions_button(self) -> QToolButton:
        button, menu = menu_button(
            "Actions", "ActionsButton",
            "Defend, Grapple, Test, Support, Push, ... (… then click the target)")
        menu.aboutToShow.connect(lambda: self._fill_actions(menu))
        return button

    def _fill_actions(self, menu: QMenu) -> None:
        """Rebuilt on each opening: the acting token's skills fill Test and Support."""
        menu.clear()
        fill_action_menu(menu, self._encounter(), self._attacker(), self._pick)

    def _declare_button(self) -> QToolButton:
        """What the attacker declares for the turn, as one menu: Multi-Action, Rate of Fire,
        running, mounted; the button's text sums it up."""
        button, menu = menu_button(
            "", "DeclareButton", "Multi-Action (-2 per extra action), Rate of Fire (Shift+click "
            "tokens to give each one die), running (-2), mounted")
        self._numbers = {
            "actions": self._exclusive_menu(menu, "Actions this turn",
                                            [(str(n), n) for n in (1, 2, 3)], self._on_declare),
            "rof": self._exclusive_menu(menu, "Rate of Fire (dice)",
                                        [(str(n), n) for n in range(1, 7)], self._on_declare)}
        self._part_scale = self._exclusive_menu(
            menu, "Called Shot at an item: its size",
            [("-", None), *((s.value, s.name) for s in Scale if s.modifier < 0)],
            self._on_declare)
        self._flags = {name: QAction(text, menu, checkable=True) for name, text in
                       (("running", "Running (-2)"),
                        ("mounted", "Mounted (lower of Fighting and Riding)"),
                        ("charge", 'Charging: 5" or more straight (mounted: +4 damage)'),
                        ("through", "Through the creatures in the way (each: -Toughness)"))}
        for flag in self._flags.values():
            flag.toggled.connect(lambda _on: self._on_declare())
            menu.addAction(flag)
        button.setText("Declare")
        return button

    @staticmethod
    def _exclusive_menu(menu: QMenu, title: str, items: list[tuple[str, object]],
                        changed: Callable[[], None]) -> QActionGroup:
        """A submenu of exclusive choices, the first checked; ``changed`` on every pick."""
        sub = menu.addMenu(title)
        group = QActionGroup(sub)
        for n, (text, data) in enumerate(items):
            action = QAction(text, sub, checkable=True, checked=n == 0)
            action.setData(data)
            group.addAction(action)
            sub.addAction(action)
        group.triggered.connect(lambda _a: changed())
        return group

    def _on_declare(self) -> None:
        """Sum the declarations up on the button and re-preview."""
        declared = self.chosen_declared()
        parts = [f"{declared.actions} actions" * (declared.actions > 1),
                 f"RoF {declared.shots}" * (declared.shots > 1),
                 "running" * declared.running, "mounted" * declared.mounted,
                 "charging" * bool(declared.straight_run),
                 "through creatures" * declared.through_creatures,
                 f"item {declared.part_scale.value}" if declared.part_scale else ""]
        shown = ", ".join(p for p in parts if p)
        self.declare.setText(f"Declare: {shown}" if shown else "Declare")
        self._changed()

    def set_declared(self, actions: int = 1, rof: int = 1, *ticked: str) -> None:
        """Declare as the GM would in the menu: ``ticked`` names the flags (running, mounted,
        charge, through); no arguments clears every declaration (a new turn)."""
        for name, value in (("actions", actions), ("rof", rof)):
            for action in self._numbers[name].actions():
                action.setChecked(action.data() == value)
        for name, flag in self._flags.items():
            flag.setChecked(name in ticked)
        self._part_scale.actions()[0].setChecked(True)
        self._on_declare()

    def _options_button(self) -> QToolButton:
        button, menu = menu_button("Options")
        for option in ATTACK_OPTIONS.values():
            action = QAction(option.name, menu, checkable=True)
            action.setData(option.id)
            action.setToolTip(option.description)
            action.toggled.connect(lambda _on: self._on_options())
            menu.addAction(action)
        return button

    def _on_options(self) -> None:
        """Name the chosen options on the button and re-preview."""
        names = [ATTACK_OPTIONS[o].name for o in self.chosen_options()]
        self.options.setText(f"Options: {', '.join(names)}" if names else "Options")
        self._changed()

    def _override_button(self) -> QToolButton:
        """The GM's rulings instead of the measurements, one submenu per overridable fact."""
        button, menu = menu_button(
            "Override", "OverrideButton",
            "Override a measured range band, Cover, light or Gang Up (the log says so)")
        self._overrides = {
            name: self._exclusive_menu(
                menu, name.replace("_", " ").capitalize(),
                [(MEASURED, None), *((v.replace("_", " "), v) for v in OVERRIDE_CHOICES[name])],
                self._on_override)
            for name in OVERRIDABLE}
        return button

    def _on_override(self) -> None:
        chosen = self.chosen_overrides()
        shown = ", ".join(f"{k.replace('_', ' ')} {v.replace('_', ' ')}"
                          for k, v in chosen.items())
        self.override.setText(f"Override: {shown}" if shown else "Override")
        self._changed()

    def show_attacker(self, name: str | None, weapons: list[str]) -> None:
        """Name the attacker and list its weapons (keeping the choice if it still exists)."""
        self.attacker_label.setText(f"Attacker: {name}" if name else "Attacker: (click a token)")
        kept = self.weapon.currentData()
        self.weapon.blockSignals(True)
        self.weapon.clear()
        self.weapon.addItem("weapon: default", None)
        for weapon in weapons:
            self.weapon.addItem(weapon, weapon)
        self.weapon.setCurrentIndex(max(0, self.weapon.findData(kept)))
        self.weapon.blockSignals(False)

    def chosen_template(self) -> str:
        return str(self.template.currentData())

    def chosen_weapon(self) -> str | None:
        data = self.weapon.currentData()
        return str(data) if data is not None else None

    def chosen_options(self) -> tuple[str, ...]:
        menu = self.options.menu()
        return tuple(str(a.data()) for a in menu.actions() if a.isChecked()) if menu else ()

    def chosen_overrides(self) -> dict[str, str]:
        found = {name: group.checkedAction() for name, group in self._overrides.items()}
        return {name: str(action.data()) for name, action in found.items()
                if action is not None and action.data() is not None}

    def set_override(self, name: str, value: str | None) -> None:
        """Pick an override (None: back to the measurement), as the GM would in the bar."""
        for action in self._overrides[name].actions():
            action.setChecked(action.data() == value)
        self._on_override()

    def chosen_declared(self) -> Declared:
        """What the attacker declares: Multi-Actions, running, Rate of Fire, mounted."""
        def number(name: str) -> int:
            checked = self._numbers[name].checkedAction()
            return int(checked.data()) if checked is not None else 1
        part = self._part_scale.checkedAction()
        scale = Scale[str(part.data())] if part is not None and part.data() else None
        return Declared(actions=number("actions"), running=self._flags["running"].isChecked(),
                        shots=number("rof"), mounted=self._flags["mounted"].isChecked(),
                        straight_run=CHARGE_DISTANCE * self._flags["charge"].isChecked(),
                        through_creatures=self._flags["through"].isChecked(),
                        part_scale=scale)

    def show_message(self, text: str, error: bool = True) -> None:
        """A problem (red) or a hint (blue) beside the attacker, wide enough to read."""
        self.message.setStyleSheet(f"color: {'#c62828' if error else '#1565c0'};")
        self.message.setText(text)
        self.message.setMinimumWidth(self.message.fontMetrics().horizontalAdvance(text) + 8)


def menu_button(text: str, name: str = "", tooltip: str = "") -> tuple[QToolButton, QMenu]:
    """A tool-bar button named ``name`` that opens its (still empty) menu at a click."""
    button = QToolButton()
    button.setText(text)
    button.setObjectName(name)
    button.setToolTip(tooltip)
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    menu = QMenu(button)
    button.setMenu(menu)
    return button, menu
