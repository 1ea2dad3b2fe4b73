"""The attack tool keeps the aim it previewed at each target while the snapshot and the
choices stay (issue 28: the mouse going from token to token previewed every target anew):
a target hovered again shows the same aim without asking the system; a new snapshot, a new
choice, a pending action or a refresh previews again."""

from __future__ import annotations

from dataclasses import replace

import pytest

from battlemap.desktop.core import attack_targeting
from battlemap.desktop.core.attack_targeting import AttackTool, PendingAction
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.rules.dice import ScriptedDice

HERO = Token("h", "Hero", 1.5, 1.5, side=Side.HERO, stats={"skills": {"fighting": "d8"}})
ORC = Token("o", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={})
GOBLIN = Token("g", "Goblin", 1.5, 2.5, side=Side.VILLAIN, stats={})
ENCOUNTER = Encounter(tokens=(HERO, ORC, GOBLIN))


@pytest.fixture
def previews(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The targets the system is asked to preview, in order."""
    asked: list[str] = []
    real = attack_targeting.preview

    def counted(encounter: Encounter, request: attack_targeting.AttackRequest) -> object:
        asked.append(request.target)
        return real(encounter, request)

    monkeypatch.setattr(attack_targeting, "preview", counted)
    return asked


def hover(tool: AttackTool, encounter: Encounter, token: Token) -> None:
    tool.hover(encounter, token.x, token.y)


def test_a_target_hovered_again_shows_the_aim_kept(previews: list[str]) -> None:
    tool = AttackTool(lambda: ScriptedDice([]), attacker="h")
    hover(tool, ENCOUNTER, ORC)
    first = tool.aim
    hover(tool, ENCOUNTER, GOBLIN)
    hover(tool, ENCOUNTER, ORC)
    assert tool.aim is first
    assert previews == ["o", "g"]


def test_a_new_snapshot_or_choice_previews_again(previews: list[str]) -> None:
    tool = AttackTool(lambda: ScriptedDice([]), attacker="h")
    hover(tool, ENCOUNTER, ORC)
    hover(tool, ENCOUNTER, GOBLIN)
    moved = replace(ENCOUNTER, tokens=(HERO, replace(ORC, y=0.5), GOBLIN))
    hover(tool, moved, GOBLIN)
    hover(tool, moved, replace(ORC, y=0.5))
    assert previews == ["o", "g", "g", "o"]
    tool.choices.options = ("wild-attack",)
    hover(tool, moved, GOBLIN)
    assert previews[-1] == "g" and len(previews) == 5
    assert tool.aim is not None and tool.aim.preview is not None


def test_a_refresh_or_a_pending_action_previews_again(previews: list[str]) -> None:
    tool = AttackTool(lambda: ScriptedDice([]), attacker="h")
    hover(tool, ENCOUNTER, ORC)
    hover(tool, ENCOUNTER, GOBLIN)
    attacked = tool.aim
    tool.refresh(ENCOUNTER)
    hover(tool, ENCOUNTER, ORC)
    assert previews == ["o", "g", "g", "o"]
    tool.await_target(PendingAction("test"))
    hover(tool, ENCOUNTER, GOBLIN)
    assert previews == ["o", "g", "g", "o"]  # the action's own preview, not the attack's
    assert tool.aim is not None and tool.aim.target == "g" and tool.aim is not attacked
