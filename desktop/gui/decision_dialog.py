"""The one prompt for every game system's decisions: a defense, stunts, a stance.

:class:`DecisionDialog` shows a :class:`battlemap.rules.interface.Decision`: who chooses and why,
then each :class:`~battlemap.rules.interface.Choice` with its cost and its exact chance of success,
greyed with the reason where it is not allowed. One choice: radio buttons. Several within a budget
(stunts bought with leftover successes): a count per choice (at most what the choice allows:
once-only stunts once), the total cost shown against the budget, and OK disabled with the
reason while the answer breaks the decision's limits
(:meth:`battlemap.rules.interface.Decision.refusal`: beyond the budget, an extra without what it
goes with, two choices that exclude each other). The answer is the tuple of chosen ids (an id bought
twice stands twice); Cancel answers None and the roll is held for that token's next click
(:mod:`battlemap.desktop.core.attack_targeting`).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlemap.rules.interface import Choice, Decision

__all__ = ["DecisionDialog", "DecisionForm", "choice_text"]


def choice_text(choice: Choice) -> str:
    """``Dodge 9 · cost 0 · 37.5 %`` (the chance rounded as a GM reads it).

    >>> choice_text(Choice("dodge", "Dodge 9", probability=0.375))
    'Dodge 9 · 37.5 %'
    >>> choice_text(Choice("shove", "Shove", cost=1, allowed=False, why_not="needs 1 success"))
    'Shove · cost 1 · not now: needs 1 success'
    """
    parts = [choice.label]
    if choice.cost:
        parts.append(f"cost {choice.cost}")
    if choice.probability is not None:
        parts.append(f"{100 * choice.probability:.1f} %")
    if not choice.allowed:
        parts.append(f"not now: {choice.why_not or 'not allowed'}")
    return " · ".join(parts)


class DecisionForm(QWidget):
    """The choices of one decision as widgets; :meth:`answer` reads what is picked."""

    def __init__(self, decision: Decision) -> None:
        super().__init__()
        self.decision = decision
        self.group = QButtonGroup(self)
        self.counts: dict[str, QSpinBox] = {}
        self.total = QLabel()
        grid = QGridLayout(self)
        for row, choice in enumerate(decision.choices):
            if decision.several:
                count = QSpinBox(maximum=_most(decision, choice))
                count.setFixedWidth(count.fontMetrics().horizontalAdvance("000") + 40)
                count.setEnabled(choice.allowed)
                count.valueChanged.connect(self._show_total)
                self.counts[choice.id] = count
                grid.addWidget(count, row, 0)
                grid.addWidget(QLabel(choice_text(choice)), row, 1)
            else:
                button = QRadioButton(choice_text(choice))
                button.setEnabled(choice.allowed)
                button.setProperty("choice", choice.id)
                self.group.addButton(button)
                grid.addWidget(button, row, 0, 1, 2)
        first = next((b for b in self.group.buttons() if b.isEnabled()), None)
        if first is not None:
            first.setChecked(True)
        grid.addWidget(self.total, len(decision.choices), 0, 1, 2)
        self._show_total()

    def spent(self) -> int:
        costs = {c.id: c.cost for c in self.decision.choices}
        return sum(costs[key] * box.value() for key, box in self.counts.items())

    def within_budget(self) -> bool:
        return self.decision.budget is None or self.spent() <= self.decision.budget

    def refusal(self) -> str | None:
        """Why the answer picked now cannot be given (None: it can)."""
        return self.decision.refusal(self.answer())

    def answer(self) -> tuple[str, ...]:
        """The chosen ids: one for a single choice; each bought id as often as bought."""
        if self.decision.several:
            return tuple(key for key, box in self.counts.items() for _ in range(box.value()))
        checked = self.group.checkedButton()
        return (str(checked.property("choice")),) if checked is not None else ()

    def _show_total(self) -> None:
        if not self.decision.several:
            return
        budget = self.decision.budget
        why = self.refusal()
        self.total.setText(f"spent {self.spent()}" + (f" of {budget}" if budget is not None
                                                      else "") + (f" · {why}" if why else ""))


def _most(decision: Decision, choice: Choice) -> int:
    if not choice.allowed:
        return 0
    paid = decision.budget is None or choice.cost == 0
    most = 1 if paid else (decision.budget or 0) // choice.cost
    return most if choice.most is None else min(most, choice.most)


class DecisionDialog:
    """Asks the GM a decision in a modal dialog; None when cancelled."""

    def __init__(self, parent: QWidget | None) -> None:
        self.parent = parent

    def __call__(self, decision: Decision) -> tuple[str, ...] | None:
        dialog = QDialog(self.parent)
        dialog.setWindowTitle(decision.prompt)
        form = DecisionForm(decision)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(form.refusal() is None)
        for box in form.counts.values():
            box.valueChanged.connect(lambda _n: ok.setEnabled(form.refusal() is None))
        layout = QVBoxLayout(dialog)
        layout.addWidget(QLabel(decision.prompt))
        layout.addWidget(form)
        layout.addWidget(buttons)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        dialog.deleteLater()
        return form.answer() if accepted else None
