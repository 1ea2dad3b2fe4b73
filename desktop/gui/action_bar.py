"""The attack action bar: attacker, actions, weapon, options, declarations, overrides, dice.

Every change goes into the attack tool's
:class:`~battlemap.desktop.core.attack_targeting.AttackChoices` and re-previews the hovered target
at once, so the card always shows what a click will do. Everything game-specific comes from the
encounter's system: the *Options* menu lists its attack options, *Declare* its declarations
(:meth:`~battlemap.rules.registry.GameSystem.attack_inputs` of the group "Declare": Multi-Action,
Rate of Fire, running, ... for Savage Pathfinder), the widgets beside it its inputs about the target
and the click (group "Target": a Soak, a Push), and *Override* the measured facts the GM may rule
otherwise. *Actions* lists its non-attack actions (:mod:`battlemap.desktop.gui.action_menu`). The
bar rebuilds itself when the encounter's system changes.
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
    QWidget,
)

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.gui.action_menu import Pick, fill_action_menu
from battlemap.rules.interface import ActionKind, ActionSpec, FieldKind, StatField
from battlemap.rules.registry import GameSystem, find_system

MEASURED = "measured"
TEMPLATE_SHAPES = ("sbt", "mbt", "lbt", "cone", "stream")
DECLARE, TARGET = "Declare", "Target"
"""The groups of the system's attack inputs the bar shows: a menu, and widgets."""


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
        self.weapon.setToolTip("Weapon (default: as the game system picks it)")
        self.options, self._options_menu = menu_button("Options")
        self.declare, self._declare_menu = menu_button(
            DECLARE, "DeclareButton", "What the attacker declares for this turn")
        self.override, self._override_menu = menu_button(
            "Override", "OverrideButton", "Rule a measured fact otherwise (the log says so)")
        self.template = self._template_box()
        self.out_of_turn = QCheckBox("Out of turn")
        self.out_of_turn.setToolTip("GM ruling: the selected token may act although it is not "
                                    "its turn (noted in the log)")
        self.physical = QCheckBox("Physical dice")
        self.physical.setToolTip("Type in the dice rolled at the table, one by one")
        self.message = QLabel("")
        self.message.setStyleSheet("color: #c62828;")
        self.inputs: dict[str, QSpinBox | QCheckBox] = {}
        self._menu_inputs: dict[str, QActionGroup | QAction] = {}
        self._overrides: dict[str, QActionGroup] = {}
        self._fields: dict[str, StatField] = {}
        self._system = ""
        self._typed: dict[str, dict[str, str]] = {}
        self.ask_inputs: Callable[[ActionSpec], dict[str, str] | None] = lambda _spec: None
        self._slots: dict[QWidget, QAction] = {}
        self._has_attacker = False
        self._shown_attacker: str | None = None
        self._shown_weapons: tuple[str, ...] | None = None
        self._add_widgets()
        self.sync_system(encounter().system)

    def _add_widgets(self) -> None:
        for widget in (self.attacker_label, self.message, self.actions_button, self.weapon,
                       self.options, self.declare, self.override, self.template):
            self._watch(widget)
            self._slots[widget] = self.addWidget(widget)
        self._inputs_at = self.addSeparator()
        for widget in (self.out_of_turn, self.physical):
            self._watch(widget)
            self.addWidget(widget)

    def _watch(self, widget: QWidget) -> None:
        if isinstance(widget, QComboBox):
            widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            widget.currentIndexChanged.connect(lambda _n: self._changed())
        if isinstance(widget, QCheckBox):
            widget.toggled.connect(lambda _on: self._changed())
        if isinstance(widget, QSpinBox):
            widget.valueChanged.connect(lambda _n: self._changed())

    def sync_system(self, name: str) -> None:
        """Rebuild the system's menus and widgets when the encounter's system is another."""
        if name == self._system:
            return
        self._system = name
        system = find_system(name)
        self._fill_options(system)
        self._fill_inputs(system)
        self._fill_overrides(system)

    def _template_box(self) -> QComboBox:
        box = QComboBox()
        for shape in TEMPLATE_SHAPES:
            box.addItem(f"template: {shape.upper()}", shape)
        box.setCurrentIndex(1)
        box.setToolTip("The area template the Template tool places")
        return box

    def _actions_button(self) -> QToolButton:
        button, menu = menu_button(
            "Actions", "ActionsButton", "The game system's actions (… then click the target)")
        menu.aboutToShow.connect(lambda: self._fill_actions(menu))
        return button

    def _fill_actions(self, menu: QMenu) -> None:
        """Rebuilt on each opening: the acting token's skills fill its submenus."""
        menu.clear()
        fill_action_menu(menu, self._encounter(), self._attacker(), self._pick)

    def _fill_options(self, system: GameSystem) -> None:
        self._options_menu.clear()
        for option in (a for a in system.actions() if a.kind is ActionKind.OPTION):
            action = QAction(option.name, self._options_menu, checkable=True)
            action.setData(option.id)
            action.setToolTip(option.help)
            action.toggled.connect(lambda on, spec=option, item=action:
                                   self._on_option(spec, item, on))
            self._options_menu.addAction(action)
        self._on_options(quiet=True)

    def _fill_inputs(self, system: GameSystem) -> None:
        """The Declare menu and the target's widgets, from the system's attack inputs."""
        self._declare_menu.clear()
        for widget in self.inputs.values():
            self.removeAction(self._slots.pop(widget))
            widget.deleteLater()
        self.inputs, self._menu_inputs = {}, {}
        fields = system.attack_inputs()
        self._fields = {f.key: f for f in fields}
        for item in (f for f in fields if f.group == DECLARE):
            self._menu_inputs[item.key] = self._menu_input(item)
        for item in (f for f in fields if f.group == TARGET):
            widget = _widget(item)
            self._watch(widget)
            self.inputs[item.key] = widget
            self._slots[widget] = self.insertWidget(self._inputs_at, widget)
        self._show_what_applies()
        self._on_declare(quiet=True)

    def _menu_input(self, item: StatField) -> QActionGroup | QAction:
        if item.kind is FieldKind.FLAG:
            flag = QAction(item.label, self._declare_menu, checkable=True)
            flag.setToolTip(item.help)
            flag.toggled.connect(lambda _on: self._on_declare())
            self._declare_menu.addAction(flag)
            return flag
        return self._exclusive_menu(self._declare_menu, item.label,
                                    [(_choice_text(v), v) for v in _values(item)],
                                    self._on_declare)

    def _fill_overrides(self, system: GameSystem) -> None:
        self._override_menu.clear()
        self._overrides = {
            item.key: self._exclusive_menu(
                self._override_menu, item.label,
                [(MEASURED, None), *((v.replace("_", " "), v) for v in item.choices)],
                self._on_override)
            for item in system.overridable()}
        self._show_what_applies()
        self._on_override(quiet=True)

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

    def _on_declare(self, quiet: bool = False) -> None:
        """Sum the declarations up on the button and re-preview."""
        shown = ", ".join(_short(self._fields[k]) + ("" if v == "yes" else f" {v}")
                          for k, v in self.chosen_params().items() if k in self._menu_inputs)
        self.declare.setText(f"{DECLARE}: {shown}" if shown else DECLARE)
        if not quiet:
            self._changed()

    def set_input(self, key: str, value: str | None) -> None:
        """Set one of the system's inputs as the GM would (None: back to its default)."""
        item = self._fields[key]
        found = self._menu_inputs.get(key) or self.inputs[key]
        wanted = _default(item) if value is None else value
        if isinstance(found, QAction):
            found.setChecked(wanted == "yes")
        elif isinstance(found, QActionGroup):
            for action in found.actions():
                action.setChecked(str(action.data()) == wanted)
        elif isinstance(found, QCheckBox):
            found.setChecked(wanted == "yes")
        else:
            found.setValue(int(wanted or 0))
        if key in self._menu_inputs:
            self._on_declare()

    def reset_choices(self) -> None:
        """Weapon, options, declarations, the target's inputs and *Out of turn* back to their
        defaults, quietly (the caller re-previews once)."""
        for widget in (self.weapon, self.out_of_turn, *self.inputs.values()):
            widget.blockSignals(True)
        self.weapon.setCurrentIndex(0)
        self.out_of_turn.setChecked(False)
        for action in self._options_menu.actions():
            action.blockSignals(True)
            action.setChecked(False)
            action.blockSignals(False)
        self._typed.clear()
        for key in (*self._menu_inputs, *self.inputs):  # those the bar shows
            self.set_input(key, None)
        for widget in (self.weapon, self.out_of_turn, *self.inputs.values()):
            widget.blockSignals(False)
        self._on_options(quiet=True)
        self._on_declare(quiet=True)

    def clear_declared(self) -> None:
        """Every declaration back to its default (a new turn)."""
        for key in self._menu_inputs:
            self.set_input(key, None)
        self._on_declare()

    def _on_option(self, spec: ActionSpec, item: QAction, on: bool) -> None:
        """An option that needs typed text (``asks``) asks for it when checked; cancelled, it
        stays unchecked."""
        self._typed.pop(spec.id, None)
        if on and spec.asks:
            typed = self.ask_inputs(spec)
            if typed is None:
                item.setChecked(False)
                return
            self._typed[spec.id] = typed
        self._on_options()

    def _on_options(self, quiet: bool = False) -> None:
        """Name the chosen options on the button and re-preview."""
        names = [a.text() for a in self._options_menu.actions() if a.isChecked()]
        self.options.setText(f"Options: {', '.join(names)}" if names else "Options")
        if not quiet:
            self._changed()

    def _on_override(self, quiet: bool = False) -> None:
        chosen = self.chosen_overrides()
        shown = ", ".join(f"{k.replace('_', ' ')} {v.replace('_', ' ')}"
                          for k, v in chosen.items())
        self.override.setText(f"Override: {shown}" if shown else "Override")
        if not quiet:
            self._changed()

    def show_attacker(self, name: str | None, weapons: list[str]) -> None:
        """Name the attacker and list its weapons (keeping the choice if it still exists).
        The same attacker with the same weapons (each hover redraws the bar) changes nothing:
        the list is not rebuilt."""
        if name == self._shown_attacker and tuple(weapons) == self._shown_weapons:
            self._show_what_applies()
            return
        self._shown_weapons = tuple(weapons)
        self.attacker_label.setText(f"Attacker: {name}" if name else "Attacker: (click a token)")
        before = self.weapon.currentData()
        kept = before if name == self._shown_attacker else None
        self._shown_attacker = name
        self.weapon.blockSignals(True)
        self.weapon.clear()
        self.weapon.addItem("weapon: default", None)
        for weapon in weapons:
            self.weapon.addItem(weapon, weapon)
        self.weapon.setCurrentIndex(max(0, self.weapon.findData(kept)))
        self.weapon.blockSignals(False)
        if self.weapon.currentData() != before:
            self._changed()  # another attacker's weapon is never chosen for this one
        self._has_attacker = name is not None
        self._show_what_applies()

    def _show_what_applies(self) -> None:
        """Weapon, options, declarations, overrides and the target's inputs show only once an
        attacker is chosen, and each only when the game system has some."""
        acting = self._has_attacker
        shown: dict[QWidget, bool] = {
            self.weapon: acting and self.weapon.count() > 1,
            self.options: acting and bool(self._options_menu.actions()),
            self.declare: acting and bool(self._menu_inputs),
            self.override: acting and bool(self._overrides),
            **{widget: acting for widget in self.inputs.values()}}
        for widget, visible in shown.items():
            if widget in self._slots:
                self._slots[widget].setVisible(visible)

    def chosen_template(self) -> str:
        return str(self.template.currentData())

    def chosen_weapon(self) -> str | None:
        data = self.weapon.currentData()
        return str(data) if data is not None else None

    def chosen_options(self) -> tuple[str, ...]:
        return tuple(str(a.data()) for a in self._options_menu.actions() if a.isChecked())

    def chosen_overrides(self) -> dict[str, str]:
        found = {name: group.checkedAction() for name, group in self._overrides.items()}
        return {name: str(action.data()) for name, action in found.items()
                if action is not None and action.data() is not None}

    def set_override(self, name: str, value: str | None) -> None:
        """Pick an override (None: back to the measurement), as the GM would in the bar."""
        for action in self._overrides[name].actions():
            action.setChecked(action.data() == value)
        self._on_override()

    def chosen_params(self) -> dict[str, str]:
        """The system's inputs as set now, leaving out those at their default."""
        found = {k: v for typed in self._typed.values() for k, v in typed.items()}
        for key, item in self._fields.items():
            value = self._value(key)
            if value is not None and value not in (_default(item), "", "no"):
                found[key] = value
        return found

    def _value(self, key: str) -> str | None:
        found = self._menu_inputs.get(key) or self.inputs.get(key)
        if isinstance(found, QAction):
            return "yes" if found.isChecked() else "no"
        if isinstance(found, QActionGroup):
            checked = found.checkedAction()
            return str(checked.data()) if checked is not None else None
        if isinstance(found, QCheckBox):
            return "yes" if found.isChecked() else "no"
        return str(found.value()) if found is not None else None

    def show_message(self, text: str, error: bool = True) -> None:
        """A problem (red) or a hint (blue) beside the attacker, wide enough to read."""
        style = f"color: {'#c62828' if error else '#1565c0'};"
        if self.message.styleSheet() != style:  # (set again, it re-polishes: each hover)
            self.message.setStyleSheet(style)
        text = text[:1].upper() + text[1:]  # a sentence, as on the status bar
        self.message.setText(text)
        self.message.setMinimumWidth(self.message.fontMetrics().horizontalAdvance(text) + 8)


def _default(item: StatField) -> str:
    """The text of ``item``'s default (none and off read as empty)."""
    return "" if item.default is None or item.default is False else str(item.default)


def _short(item: StatField) -> str:
    """The label before its explanation: ``Running`` of ``Running (-2)``."""
    return item.label.split(" (")[0]


def _values(item: StatField) -> list[str]:
    """The values a menu offers for ``item``: its choices, else its whole numbers."""
    if item.choices:
        return list(item.choices)
    low, high = int(item.minimum or 0), int(item.maximum or 0)
    return [str(n) for n in range(low, high + 1)]


def _choice_text(value: str) -> str:
    return value.replace("_", " ") if value else "-"


def _widget(item: StatField) -> QSpinBox | QCheckBox:
    """A widget beside the menus for an input about the target or the click."""
    if item.kind is FieldKind.FLAG:
        box = QCheckBox(_short(item))
        box.setToolTip(item.help or item.label)
        return box
    spin = QSpinBox(minimum=int(item.minimum or 0), maximum=int(item.maximum or 99))
    spin.setPrefix(f"{_short(item).lower()}: ")
    spin.setToolTip(item.help or item.label)
    return spin


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
