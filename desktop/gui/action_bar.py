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

from PySide6.QtGui import QAction
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
from rules.savage_pathfinder.situational.options import ATTACK_OPTIONS

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
        self.multi = QSpinBox(prefix="actions this turn: ", minimum=1, maximum=3)
        self.multi.setToolTip("Multi-Action: actions declared this turn, -2 per extra action")
        self.running = QCheckBox("Running")
        self.running.setToolTip("The attacker runs this turn: -2")
        self.rof = QSpinBox(prefix="RoF ", minimum=1, maximum=6)
        self.rof.setToolTip("Rate of Fire: dice at the target (Shift+click tokens first to "
                            "give each one die instead)")
        self.mounted = QCheckBox("Mounted")
        self.mounted.setToolTip("Fighting from a mount: the lower of Fighting and Riding")
        self.overrides = {name: self._override_box(name) for name in OVERRIDABLE}
        self.template = self._template_box()
        self.soak = QSpinBox(prefix="target soaks with ", suffix=" Bennies", maximum=5)
        self.soak.setToolTip("Bennies the target will spend to Soak Wounds (one roll, rerolls)")
        self.push = QCheckBox("Push")
        self.push.setToolTip("A click Pushes the target instead of attacking (opposed Strength)")
        self.physical = QCheckBox("Physical dice")
        self.physical.setToolTip("Type in the dice rolled at the table, one by one")
        self.message = QLabel("")
        self.message.setStyleSheet("color: #c62828;")
        self._add_widgets()

    def _add_widgets(self) -> None:
        for widget in (self.attacker_label, self.actions_button, self.weapon, self.options,
                       self.multi, self.running, self.rof, self.mounted, *self.overrides.values(),
                       self.template, self.soak, self.push, self.physical, self.message):
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
        button = QToolButton()
        button.setText("Actions")
        button.setObjectName("ActionsButton")
        button.setToolTip("Defend, Grapple, Test, Support, Push, ... (… then click the target)")
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(button)
        menu.aboutToShow.connect(lambda: self._fill_actions(menu))
        button.setMenu(menu)
        return button

    def _fill_actions(self, menu: QMenu) -> None:
        """Rebuilt on each opening: the acting token's skills fill Test and Support."""
        menu.clear()
        attacker = self._attacker()
        token = next((t for t in self._encounter().tokens if t.id == attacker), None)
        fill_action_menu(menu, token.stats if token is not None else {}, self._pick)

    def _options_button(self) -> QToolButton:
        button = QToolButton()
        button.setText("Options")
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(button)
        for option in ATTACK_OPTIONS.values():
            action = QAction(option.name, menu, checkable=True)
            action.setData(option.id)
            action.setToolTip(option.description)
            action.toggled.connect(lambda _on: self._changed())
            menu.addAction(action)
        button.setMenu(menu)
        return button

    def _override_box(self, name: str) -> QComboBox:
        box = QComboBox()
        label = name.replace("_", " ")
        box.addItem(f"{label}: {MEASURED}", None)
        for value in OVERRIDE_CHOICES[name]:
            box.addItem(f"{label}: {value.replace('_', ' ')}", value)
        box.setToolTip(f"Override the measured {label} (the log says so)")
        return box

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
        return {name: str(box.currentData()) for name, box in self.overrides.items()
                if box.currentData() is not None}

    def set_override(self, name: str, value: str | None) -> None:
        """Pick an override (None: back to the measurement), as the GM would in the bar."""
        box = self.overrides[name]
        box.setCurrentIndex(max(0, box.findData(value)))

    def chosen_declared(self) -> Declared:
        """What the attacker declares: Multi-Actions, running, Rate of Fire, mounted."""
        return Declared(actions=self.multi.value(), running=self.running.isChecked(),
                        shots=self.rof.value(), mounted=self.mounted.isChecked())
