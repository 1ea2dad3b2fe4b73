"""Physical Fudge dice are entered by their faces, - blank +, not as 1/2/3 (issue 25).

The rules name a die's faces in its purpose (``battlemap.rules.dice.with_faces``); the physical-dice
dialog then offers the faces to pick from, and a numbered die keeps its number box.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QInputDialog

from battlemap.desktop.gui.attack_tool import PhysicalDiceDialog
from battlemap.rules.dice import AskingDice, ScriptedDice
from battlemap.rules.fate.fudge import roll_4df


def test_a_fudge_die_is_picked_by_its_face(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[list[str]] = []
    shown = iter(["+  (3)", "-  (1)", "blank  (2)", "+  (3)"])

    def pick(_parent: object, _title: str, _label: str, items: list[str], *_rest: object
             ) -> tuple[str, bool]:
        asked.append(items)
        return next(shown), True

    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(pick))
    monkeypatch.setattr(QInputDialog, "getInt", staticmethod(lambda *_a: (_ for _ in ()).throw(
        AssertionError("a Fudge die is not typed as a number"))))
    faces = roll_4df(AskingDice(PhysicalDiceDialog(None)), "the attack")
    assert [d.faces[0] for d in faces] == [1, -1, 0, 1]  # + - blank +
    assert asked[0] == ["-  (1)", "blank  (2)", "+  (3)"]
    # the same faces as scripted dice 3, 1, 2, 3 give
    assert faces == roll_4df(ScriptedDice([3, 1, 2, 3]), "the attack")


def test_a_numbered_die_keeps_its_number_box(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QInputDialog, "getInt", staticmethod(lambda *_a: (5, True)))
    assert AskingDice(PhysicalDiceDialog(None)).roll(6, "damage") == 5
