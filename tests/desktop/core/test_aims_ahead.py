"""The attacker's targets previewed ahead of the hover (issue 28, the hover card's first
visits): what is kept is the aim a first hover would have made, the hover then previews
nothing, and the aim shown keeps the snapshot it was measured on."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core import attack_targeting
from battlemap.desktop.core.attack_targeting import AttackTool, PendingAction
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter, Wall
from battlemap.rules.dice import RandomDice
from battlemap.rules.savage_pathfinder.table import pipeline


def _demo() -> Encounter:
    return load_encounter(ASSETS_DIR / "demo" / "goblin-ambush.json")


def _tool() -> AttackTool:
    return AttackTool(lambda: RandomDice(1), attacker="valeros")


def _hover(tool: AttackTool, encounter: Encounter, target: str) -> None:
    token = encounter.token(target)
    tool.hover(encounter, token.x, token.y)


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The targets the tool asks the system to preview, from an empty memo."""
    asked: list[str] = []
    real = attack_targeting.preview

    def counted(encounter: Encounter, request: Any) -> Any:
        asked.append(request.target)
        return real(encounter, request)

    monkeypatch.setattr(attack_targeting, "preview", counted)
    monkeypatch.setattr(pipeline, "PREVIEWS", pipeline.KeptPreviews())
    return asked


def test_ahead_is_the_nearest_tokens_in_sight_foes_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    encounter, tool = _demo(), _tool()
    assert tool.ahead(encounter) == ["goblin-1", "goblin-2", "goblin-5", "goblin-3",
                                     "goblin-boss", "merisiel", "kyra", "harsk"]
    monkeypatch.setattr(attack_targeting, "AHEAD_MOST", 3)
    assert tool.ahead(encounter) == ["goblin-1", "goblin-2", "goblin-5"]
    monkeypatch.undo()
    _hover(tool, encounter, "goblin-2")  # the aim's own target is the hover's
    assert "goblin-2" not in tool.ahead(encounter)
    tool.await_target(PendingAction("push"))
    assert tool.ahead(encounter) == []


def test_kept_ahead_is_what_the_first_hover_shows_and_it_previews_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    encounter, tool = _demo(), _tool()
    targets = tool.ahead(encounter)
    fresh = {}
    for target in targets:
        other = _tool()
        pipeline.PREVIEWS = pipeline.KeptPreviews()
        _hover(other, encounter, target)
        fresh[target] = other.aim
    asked = counting(monkeypatch)
    for target in targets:
        tool.keep_ahead(encounter, target)
    assert tool.ahead(encounter) == []
    made = len(asked)
    assert made >= len(targets)
    for target in targets:
        _hover(tool, encounter, target)
        assert tool.aim == fresh[target]
    assert len(asked) == made  # every first visit shows the kept aim
    again = replace(encounter, tokens=tuple(encounter.tokens))  # another snapshot
    assert tool.ahead(again) == [t for t in targets if t != tool.aim.target]


def test_keeping_ahead_leaves_the_shown_aim_stale_on_a_new_snapshot() -> None:
    encounter, tool = _demo(), _tool()
    _hover(tool, encounter, "goblin-1")
    shown = tool.aim
    walled = replace(encounter, walls=(*encounter.walls,
                                       Wall("new", ((13.0, 11.5), (16.0, 11.5)))))
    tool.keep_ahead(walled, "goblin-2")
    _hover(tool, walled, "goblin-1")  # the same target on another snapshot: measured again
    assert tool.aim is not shown
    assert tool.aim is not None and tool.aim.facts != shown.facts
