"""A Savage Pathfinder preview is made once from the same inputs (issue 28, the hover card's
tail: a first visit of a target the default weapon cannot reach previewed that weapon twice,
as the default and then by its name). What is kept is what recomputing gives, for the same
weapon only, and a snapshot with other walls is measured afresh."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core import table_pipeline
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter, Wall
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.table import pipeline


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The targets the situational rules are asked about (one per preview made), from an
    empty memo."""
    asked: list[str] = []
    real = pipeline.translate

    def counted(situation: Any, *args: Any) -> Any:
        asked.append(situation.target.id)
        return real(situation, *args)

    monkeypatch.setattr(pipeline, "translate", counted)
    monkeypatch.setattr(pipeline, "PREVIEWS", pipeline.KeptPreviews())
    return asked


def _shown(encounter: Encounter, target: str, weapon: str | None = None) -> object:
    try:
        return table_pipeline.preview(encounter, AttackRequest("valeros", target, weapon))
    except RulesError as error:
        return str(error)


def _fresh(encounter: Encounter, target: str, weapon: str | None = None) -> object:
    pipeline.PREVIEWS = pipeline.KeptPreviews()
    return _shown(encounter, target, weapon)


def _demo() -> Encounter:
    return load_encounter(ASSETS_DIR / "demo" / "goblin-ambush.json")


def test_the_default_weapon_by_its_name_is_previewed_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    encounter = _demo()
    asked = counting(monkeypatch)
    default = _shown(encounter, "goblin-3")  # Valeros's Longsword does not reach it
    assert "reach" in str(getattr(default, "problem", ""))
    assert _shown(encounter, "goblin-3", "Longsword") == default
    assert asked == ["goblin-3"]
    assert default == _fresh(encounter, "goblin-3")
    assert _fresh(encounter, "goblin-3", "Longsword") == default


def test_the_previews_of_the_demo_are_those_made_afresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    encounter = _demo()
    targets = [t.id for t in encounter.tokens if t.id != "valeros"]
    weapons = (None, "Longsword", "Improvised (Light)")
    fresh = [_fresh(encounter, t, w) for t in targets for w in weapons]
    asked = counting(monkeypatch)
    for _ in range(2):
        assert [_shown(encounter, t, w) for t in targets for w in weapons] == fresh
    assert len(asked) == 2 * 2 * len(targets)  # None and Longsword are one, twice round


def test_another_snapshot_with_a_wall_between_is_measured_afresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    encounter = _demo()
    asked = counting(monkeypatch)
    before = _shown(encounter, "goblin-1", "Improvised (Light)")
    walled = replace(encounter, walls=(*encounter.walls,
                                       Wall("across", ((10.0, 11.5), (19.0, 11.5)))))
    after = _shown(walled, "goblin-1", "Improvised (Light)")
    assert asked == ["goblin-1", "goblin-1"]
    assert after != before  # the same pieces, combat and log: only the measurer differs
    assert after == _fresh(walled, "goblin-1", "Improvised (Light)")


def test_two_weapons_of_one_name_are_not_taken_for_each_other(
        monkeypatch: pytest.MonkeyPatch) -> None:
    encounter = _demo()
    valeros = encounter.token("valeros")
    stats = {**valeros.stats, "weapons": [
        {"name": "Dagger", "damage": "str+d4", "min_str": "d4"},
        {"name": "Dagger", "damage": "str+d4", "range": [3, 6, 12], "min_str": "d4"}]}
    two = replace(encounter, tokens=tuple(replace(t, stats=stats) if t.id == "valeros" else t
                                          for t in encounter.tokens))
    asked = counting(monkeypatch)
    default, named = _shown(two, "goblin-1"), _shown(two, "goblin-1", "Dagger")
    assert asked == ["goblin-1", "goblin-1"]
    assert default != named  # the default: the ranged one; by name: the first (in hand)
    assert (default, named) == (_fresh(two, "goblin-1"), _fresh(two, "goblin-1", "Dagger"))
