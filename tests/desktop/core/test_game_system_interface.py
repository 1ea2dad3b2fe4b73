"""The game-system interface (issue 12): what Savage Pathfinder declares, the board the desktop
hands a system, the dice replayed after a pause, and ``battlemap new``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest

from battlemap.desktop.cli import main
from battlemap.desktop.core.board import board_of, encounter_after
from battlemap.desktop.core.model import Encounter, LogEntry, Side, Token
from battlemap.desktop.core.table_pipeline import Paused, ReplayDice, TableResult, resolve
from battlemap.desktop.gui.token_item import marks_of
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import (
    ActionKind,
    ActionSpec,
    AttackRequest,
    Choice,
    Decision,
    Resolution,
    StatField,
)
from battlemap.rules.registry import SYSTEMS, GameSystem, find_system
from battlemap.rules.savage_pathfinder.situational.options import ACTIONS, ATTACK_OPTIONS
from battlemap.rules.savage_pathfinder.statblock import ATTRIBUTES
from battlemap.rules.table import Board


def test_savage_pathfinder_declares_every_attribute_option_and_action() -> None:
    system = find_system("spf")
    keys = {f.key for f in system.statblock_schema()}
    assert {f"attributes.{a}" for a in ATTRIBUTES} <= keys
    assert {"pace", "skills", "weapons", "edges", "condition.wounds"} <= keys
    ids = {a.id for a in system.actions()}
    assert set(ATTACK_OPTIONS) | set(ACTIONS) <= ids


@pytest.mark.parametrize(("condition", "shown"), [
    ({"shaken": True, "fatigue": 2, "wounds": 1}, ["SHAKEN", "FAT 2"]),
    ({"stunned": True, "prone": True}, ["STUN", "PRONE"]),
    ({"fatigue": 1}, ["FAT 1"]),
    ({"bound": True, "entangled": True, "distracted": True, "vulnerable": True},
     ["BOUND", "ENTANGLED", "DISTRACTED", "VULNERABLE"]),
])
def test_the_map_shows_the_badges_the_system_gives(condition: dict[str, Any],
                                                    shown: list[str]) -> None:
    token = Token("a", "A", 0.5, 0.5, stats={"condition": condition})
    marks = marks_of(Encounter(tokens=(token,)))["a"]
    assert [b.text for b in marks.badges] == shown
    assert marks.harm == condition.get("wounds", 0) and not marks.down


def test_a_board_goes_back_into_the_encounter_with_what_the_system_changed() -> None:
    hero = Token("h", "Hero", 1.5, 1.5, side=Side.HERO, color="#123456", stats={"pace": 6})
    orc = Token("o", "Orc", 2.5, 1.5, side=Side.VILLAIN)
    enc = Encounter(tokens=(hero, orc), notes="GM only")
    board = board_of(enc)
    hurt = board.with_token(board.token("o").moved_to(5.5, 1.5))
    hurt = hurt.with_combat({"round": 2}).with_log(LogEntry("Hero shoves Orc"))
    after = encounter_after(enc, hurt)
    assert (after.token("o").x, after.token("o").y) == (5.5, 1.5)
    assert after.token("h") is hero  # untouched tokens keep their colour, image, notes
    assert after.combat == {"round": 2} and after.log[-1].title == "Hero shoves Orc"
    assert after.notes == "GM only"


class _Coin(GameSystem):
    """A one-die test system: the target chooses heads or tails after the d6 is rolled."""

    name: ClassVar[str] = "coin-test"
    title: ClassVar[str] = "Coin"

    def statblock_schema(self) -> tuple[StatField, ...]:
        return ()

    def combatant_from_dict(self, data: Mapping[str, Any], where: str, token_id: str) -> Any:
        return dict(data)

    def combatant_to_dict(self, combatant: Any) -> dict[str, Any]:
        return dict(combatant)

    def actions(self) -> tuple[ActionSpec, ...]:
        return (ActionSpec("attack", "Attack", ActionKind.ATTACK, needs_target=True),)

    def resolve_attack(self, board: Board, request: AttackRequest, dice: Any) -> Resolution:
        rolled = dice.roll(6, "attack")
        answer = request.answer("call")
        if answer is None:
            ask = Decision("call", "call it", request.target,
                           (Choice("heads", "Heads", probability=0.5),
                            Choice("tails", "Tails", probability=0.5)))
            return Resolution((), board, decision=ask)
        second = dice.roll(6, "after the call")
        return Resolution((), board, f"{rolled}, {second}, {answer[0]}")


def test_a_paused_attack_replays_its_dice_when_answered() -> None:
    SYSTEMS["coin-test"] = _Coin()
    try:
        enc = Encounter(system="coin-test", tokens=(Token("a", "A", 0.5, 0.5),
                                                     Token("b", "B", 3.5, 0.5)))
        first = resolve(enc, AttackRequest("a", "b"), ScriptedDice([5, 2]))
        assert isinstance(first, Paused) and first.decision.id == "call"
        again = resolve(enc, AttackRequest("a", "b", answers={"call": ("tails",)}), first.dice)
        assert isinstance(again, TableResult)
        assert again.resolution.title == "5, 2, tails"  # the 5 rolled before the pause, kept
    finally:
        del SYSTEMS["coin-test"]


def test_replay_dice_hand_out_the_remembered_faces_first() -> None:
    dice = ReplayDice(ScriptedDice([3, 4, 6]))
    assert [dice.roll(6), dice.roll(6)] == [3, 4]
    again = dice.replayed()
    assert [again.roll(6), again.roll(6), again.roll(6)] == [3, 4, 6]


def test_new_makes_an_empty_encounter_on_the_systems_grid(tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    assert main(["new", str(path), "--system", "savage pathfinder"]) == 0
    data = json.loads(path.read_text())
    assert data["system"] == "savage-pathfinder" and data.get("tokens", []) == []
    assert main(["new", str(path)]) == 2  # never over an existing file
    assert main(["new", str(tmp_path / "x.json"), "--system", "chess"]) == 2
    assert not (tmp_path / "x.json").exists()
