"""Each stat block is parsed once while it stays the same (issue 28, the hover card: a hover
on the Savage Pathfinder demo previewed up to three attacks and listed the attacker's weapons,
each parsing the same blocks again). The same block gives the same parsed value; a block
changed in place, or a bad one, is parsed again each time; the previews are what they were."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core import table_pipeline
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.rules.gurps import statblock as gurps_statblock
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder import parsing as spf_parsing


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[object]:
    """The blocks ``module.name`` (the parse behind the memo) is called on, in order."""
    seen: list[object] = []
    real: Callable[..., object] = getattr(module, name)

    def counted(data: object, *args: object) -> object:
        seen.append(data)
        return real(data, *args)

    monkeypatch.setattr(module, name, counted)
    module._PARSED.clear()
    return seen


def test_a_savage_block_is_parsed_once_and_again_when_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = counting(monkeypatch, spf_parsing, "_parse_combatant")
    block: dict[str, Any] = {"skills": {"fighting": "d8"}, "weapons": [{"name": "Sword",
                                                                         "damage": "str+d8"}]}
    first = spf_parsing.combatant_from_dict(block, "tokens[h].stats", "h")
    assert spf_parsing.combatant_from_dict(block, "tokens[h].stats", "h") is first
    assert len(parsed) == 1
    # another token's id or another path is another parse (the id is in the value)
    assert spf_parsing.combatant_from_dict(block, "tokens[h].stats", "g").id == "g"
    assert len(parsed) == 2
    block["weapons"].append({"name": "Dagger", "damage": "str+d4"})  # changed in place
    again = spf_parsing.combatant_from_dict(block, "tokens[h].stats", "h")
    assert [w.name for w in again.weapons] == ["Sword", "Dagger"]
    assert again == spf_parsing._parse_combatant(block, "tokens[h].stats", "h")
    assert len(parsed) == 4
    equal = {"skills": {"fighting": "d8"}, "weapons": [{"name": "Sword", "damage": "str+d8"}]}
    assert spf_parsing.combatant_from_dict(equal, "tokens[h].stats", "h") == first


def test_a_bad_savage_block_raises_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = counting(monkeypatch, spf_parsing, "_parse_combatant")
    bad = {"skills": {"fighting": "d7"}}
    for _ in range(2):
        with pytest.raises(RulesError, match="d7"):
            spf_parsing.combatant_from_dict(bad, "tokens[g].stats", "g")
    assert len(parsed) == 2


def test_a_gurps_block_is_parsed_once_and_again_when_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = counting(monkeypatch, gurps_statblock, "_parse_character")
    block: dict[str, Any] = {"st": 12, "condition": {"posture": "standing"}}
    first = gurps_statblock.character_from_dict(block, "tokens[k].stats")
    assert gurps_statblock.character_from_dict(block, "tokens[k].stats") is first
    assert len(parsed) == 1
    block["condition"]["posture"] = "prone"
    assert gurps_statblock.character_from_dict(block, "tokens[k].stats").condition.posture \
        == "prone"
    assert len(parsed) == 2
    block["st"] = "twelve"
    with pytest.raises(RulesError, match="st"):
        gurps_statblock.character_from_dict(block, "tokens[k].stats")


@pytest.mark.parametrize(("demo", "module", "name"), [
    ("goblin-ambush.json", spf_parsing, "_parse_combatant"),
    ("gurps-duel.json", gurps_statblock, "_parse_character"),
])
def test_the_demo_previews_parse_each_block_once_and_say_the_same(
        monkeypatch: pytest.MonkeyPatch, demo: str, module: Any, name: str) -> None:
    encounter = load_encounter(ASSETS_DIR / "demo" / demo)
    attacker, *targets = (t.id for t in encounter.tokens)
    fresh = []
    for target in targets:  # the system as it was: every block parsed at every question
        module._PARSED.clear()
        fresh.append(_preview_or_refusal(encounter, attacker, target))
    parsed = counting(monkeypatch, module, name)
    for _ in range(3):
        kept = [_preview_or_refusal(encounter, attacker, target) for target in targets]
        names = table_pipeline.weapon_names(encounter, attacker)
        assert kept == fresh
    assert names
    blocks = [id(b) for b in parsed]
    assert len(blocks) == len(set(blocks)) <= len(encounter.tokens)


def _preview_or_refusal(encounter: Any, attacker: str, target: str) -> object:
    try:
        return table_pipeline.preview(encounter, AttackRequest(attacker, target))
    except RulesError as error:
        return str(error)
