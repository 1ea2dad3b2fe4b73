"""Another weapon's facts for the same pair of tokens come from the pair's first survey with
the weapon's own range band (issue 28, the hover card's first visits: the tool's line of fire
and each weapon the system tried surveyed the pair again). Each answer equals the survey a
fresh snapshot makes for that question alone."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.geometry import survey as survey_module

QUESTIONS: list[tuple[tuple[float, ...] | None, float]] = [
    (None, 0.0), ((12.0, 24.0, 48.0), 0.0), (None, 1.0), ((3.0, 6.0, 12.0), 0.0),
    ((1.0, 2.0, 4.0), 0.5), (None, 6.0)]
"""Weapon ranges (encounter units) and reach: melee, a bow, a spear, a knife, a sling."""


def counting(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The pairs geometry surveys, in order."""
    surveyed: list[tuple[str, str]] = []
    real = survey_module.survey

    def counted(field: Any, attacker: str, target: str, **options: Any) -> Any:
        surveyed.append((attacker, target))
        return real(field, attacker, target, **options)

    monkeypatch.setattr(survey_module, "survey", counted)
    return surveyed


def fresh(encounter: Encounter, attacker: str, target: str,
          question: tuple[tuple[float, ...] | None, float]) -> object:
    """The facts of a copy of ``encounter`` (another snapshot, never measured) asked alone."""
    return board_of(replace(encounter)).map().facts(attacker, target, *question)


@pytest.mark.parametrize("demo", ["goblin-ambush.json", "gurps-duel.json",
                                  "storypath-firefight.json", "fate-arena.json"])
def test_every_weapon_of_every_pair_is_what_a_fresh_survey_says(
        monkeypatch: pytest.MonkeyPatch, demo: str) -> None:
    encounter = load_encounter(ASSETS_DIR / "demo" / demo)
    ids = [t.id for t in encounter.tokens][:6]
    asked = [(pair, q) for pair in itertools.permutations(ids, 2) for q in QUESTIONS]
    random.Random(7).shuffle(asked)
    expected = [fresh(encounter, a, t, q) for (a, t), q in asked]
    surveyed = counting(monkeypatch)
    measurer = board_of(encounter).map()
    assert [measurer.facts(a, t, *q) for (a, t), q in asked] == expected
    assert sorted(surveyed) == sorted(itertools.permutations(ids, 2))  # once a pair


def test_the_weapons_bands_differ_and_each_is_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    archer, orc = Token("a", "Archer", 2.5, 2.5, side=Side.HERO), Token("o", "Orc", 8.5, 2.5)
    encounter = Encounter(tokens=(archer, orc), width=12, height=8)
    surveyed = counting(monkeypatch)
    measurer = board_of(encounter).map()
    bands = [measurer.facts("a", "o", *q).range_band for q in QUESTIONS]
    assert bands == ["out_of_range", "short", "out_of_range", "medium", "extreme", "reach"]
    assert surveyed == [("a", "o")]
    assert [measurer.facts("a", "o", *q) for q in QUESTIONS] == [
        fresh(encounter, "a", "o", q) for q in QUESTIONS]
