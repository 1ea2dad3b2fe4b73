"""A Savage Pathfinder stat block as a form: dice, skills, Edges, weapons and condition.

The form shows the engine's own reading of a stat block (``combatant_to_dict`` of the parsed
combatant) and writes back a stat-block dict; keys the form does not show (size, injuries,
a weapon's shots, ...) are kept as they were. The rules engine parses what the form writes, so
Parry and Toughness shown here are the engine's, and a bad value is the engine's message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.gui.statblock_tables import SkillsTable, WeaponsTable, die_combo
from rules.registry import GameSystem, RulesError
from rules.savage_pathfinder.statblock import ATTRIBUTES, Edge

CONDITION_FLAGS = ("shaken", "stunned", "prone", "distracted", "vulnerable", "bound",
                   "entangled", "incapacitated")
"""The condition check boxes, in the order the form shows them."""

_RUNNING_DICE = ("d4", "d6", "d8", "d10", "d12")
_NUMBERS = {"pace": (0, 30), "armor": (0, 30), "parry_bonus": (-10, 10),
            "toughness_bonus": (-10, 30), "bennies": (0, 20)}
_NUMBER_LABELS = {"pace": "Pace", "armor": "Armor", "parry_bonus": "Parry bonus",
                  "toughness_bonus": "Toughness bonus", "bennies": "Bennies"}


def _spin_box(low: int, high: int) -> QSpinBox:
    """A whole-number box from ``low`` to ``high``."""
    box = QSpinBox()
    box.setRange(low, high)
    return box


class StatBlockForm(QWidget):
    """The stat block of one combatant, editable; ``edited`` fires on every change.

    Call :meth:`load` to show a token's stats and :meth:`stats` to read the edited block.
    """

    edited = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.wild_card = QCheckBox("Wild Card (unchecked: Extra)")
        self.derived = QLabel("")
        self.derived.setStyleSheet("font-weight: bold; font-size: 14pt")
        self.derived.setToolTip("Worked out by the rules engine from the block below")
        self.attributes = {name: die_combo("d6") for name in ATTRIBUTES}
        self.running_die = die_combo("d6", _RUNNING_DICE)
        self.numbers = {key: _spin_box(*limits) for key, limits in _NUMBERS.items()}
        self.skills, self.weapons = SkillsTable(), WeaponsTable()
        self.edges = QListWidget()
        self.flags = {name: QCheckBox(name.capitalize()) for name in CONDITION_FLAGS}
        self.wounds, self.fatigue = _spin_box(0, 3), _spin_box(0, 2)
        self._base: dict[str, Any] = {}
        self._system: GameSystem | None = None
        self._token_id = ""
        self._loading = False
        self._lay_out()
        self._watch_changes()

    def _lay_out(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(self.derived)
        layout.addWidget(self.wild_card)
        layout.addWidget(self._group("Attributes", self._attribute_grid()))
        layout.addWidget(self._group("Skills", self.skills))
        layout.addWidget(self._group("Movement, defence, Bennies", self._numbers_grid()))
        layout.addWidget(self._group("Edges", self.edges))
        layout.addWidget(self._group("Weapons", self.weapons))
        layout.addWidget(self._group("Condition", self._condition_grid()))

    @staticmethod
    def _group(title: str, content: QWidget | QGridLayout) -> QGroupBox:
        group = QGroupBox(title)
        if isinstance(content, QWidget):
            QVBoxLayout(group).addWidget(content)
        else:
            group.setLayout(content)
        return group

    def _attribute_grid(self) -> QGridLayout:
        grid = QGridLayout()
        for n, (name, combo) in enumerate(self.attributes.items()):
            grid.addWidget(QLabel(name.capitalize()), n // 3, 2 * (n % 3))
            grid.addWidget(combo, n // 3, 2 * (n % 3) + 1)
        return grid

    def _numbers_grid(self) -> QGridLayout:
        grid = QGridLayout()
        boxes: list[tuple[str, QWidget]] = [(label, self.numbers[key])
                                            for key, label in _NUMBER_LABELS.items()]
        boxes.insert(1, ("Running die", self.running_die))
        for n, (label, box) in enumerate(boxes):
            grid.addWidget(QLabel(label), n // 2, 2 * (n % 2))
            grid.addWidget(box, n // 2, 2 * (n % 2) + 1)
        return grid

    def _condition_grid(self) -> QGridLayout:
        grid = QGridLayout()
        for n, box in enumerate(self.flags.values()):
            grid.addWidget(box, n // 4, n % 4)
        grid.addWidget(QLabel("Wounds"), 2, 0)
        grid.addWidget(self.wounds, 2, 1)
        grid.addWidget(QLabel("Fatigue"), 2, 2)
        grid.addWidget(self.fatigue, 2, 3)
        return grid

    def _watch_changes(self) -> None:
        for combo in (*self.attributes.values(), self.running_die):
            combo.currentTextChanged.connect(self._on_edit)
        for box in (self.wild_card, *self.flags.values()):
            box.toggled.connect(self._on_edit)
        for spin in (*self.numbers.values(), self.wounds, self.fatigue):
            spin.valueChanged.connect(self._on_edit)
        self.skills.edited.connect(self._on_edit)
        self.weapons.edited.connect(self._on_edit)
        self.edges.itemChanged.connect(self._on_edit)

    def load(self, stats: Mapping[str, Any], system: GameSystem, token_id: str) -> None:
        """Show ``stats`` as the engine reads them (``RulesError`` if it cannot read them)."""
        combatant = system.combatant_from_dict(stats, "stats", token_id)
        self._system, self._token_id = system, token_id
        self._base = system.combatant_to_dict(combatant)
        self._loading = True
        self._fill(self._base, combatant.max_wounds)
        self._loading = False
        self._show_derived(combatant)

    def _fill(self, block: dict[str, Any], max_wounds: int) -> None:
        self.wild_card.setChecked(block["wild_card"])
        for name, combo in self.attributes.items():
            _choose(combo, block["attributes"][name])
        _choose(self.running_die, block["running_die"])
        for key, spin in self.numbers.items():
            spin.setValue(block[key])
        self.skills.load(list(block["skills"].items()))
        self.weapons.load(block["weapons"])
        self._fill_edges(block["edges"])
        condition = block["condition"]
        for name, box in self.flags.items():
            box.setChecked(condition[name])
        self.wounds.setMaximum(max(max_wounds, condition["wounds"]))
        self.wounds.setValue(condition["wounds"])
        self.fatigue.setMaximum(max(2, condition["fatigue"]))
        self.fatigue.setValue(condition["fatigue"])

    def _fill_edges(self, chosen: list[str]) -> None:
        self.edges.clear()
        known = [edge.value for edge in Edge]
        wanted = {name.lower() for name in chosen}
        for name in known + [e for e in chosen if e.lower() not in map(str.lower, known)]:
            item = QListWidgetItem(name, self.edges)
            item.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
            item.setCheckState(Qt.CheckState.Checked if name.lower() in wanted else
                               Qt.CheckState.Unchecked)
        rows = sum(self.edges.sizeHintForRow(n) for n in range(self.edges.count()))
        self.edges.setFixedHeight(rows + 2 * self.edges.frameWidth())

    def stats(self) -> dict[str, Any]:
        """The edited stat block (the loaded one with the form's fields written over it)."""
        edges = [self.edges.item(n) for n in range(self.edges.count())]
        return {
            **self._base,
            "wild_card": self.wild_card.isChecked(),
            "attributes": {name: c.currentText() for name, c in self.attributes.items()},
            "skills": self.skills.skills(), "running_die": self.running_die.currentText(),
            **{key: spin.value() for key, spin in self.numbers.items()},
            "edges": [i.text() for i in edges if i.checkState() == Qt.CheckState.Checked],
            "weapons": self.weapons.weapons(),
            "condition": {**self._base.get("condition", {}), "wounds": self.wounds.value(),
                          "fatigue": self.fatigue.value(),
                          **{name: box.isChecked() for name, box in self.flags.items()}},
        }

    def parse(self) -> Any:
        """The engine's combatant for the edited block (``RulesError`` naming a bad field)."""
        if self._system is None:
            raise RulesError("stats: no stat block is shown")
        return self._system.combatant_from_dict(self.stats(), "stats", self._token_id)

    def _on_edit(self) -> None:
        if self._loading:
            return
        try:
            self._show_derived(self.parse())
        except RulesError:
            self.derived.setText("Parry ?  Toughness ?")
        self.edited.emit()

    def _show_derived(self, combatant: Any) -> None:
        """Parry and Toughness as the engine works them out; Wounds up to the engine's limit."""
        self.wounds.setMaximum(max(combatant.max_wounds, self.wounds.value()))
        self.derived.setText(f"Parry {combatant.parry}  Toughness {combatant.toughness}"
                             f" ({combatant.armor})")


def _choose(combo: QComboBox, die: str) -> None:
    if combo.findText(die) < 0:
        combo.addItem(die)
    combo.setCurrentText(die)
