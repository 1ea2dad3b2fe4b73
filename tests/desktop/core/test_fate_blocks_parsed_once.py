"""FATE stat blocks are parsed once while they stay the same (issue 28, the attack click on
the FATE demo: its plans, the stance replies and the card read every fighter's block again,
about 70 parses a click). The same block gives the same parsed value; a block changed in
place, or a bad one, is parsed again; the previews and a resolved attack are what they were."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core import table_pipeline
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.rules.dice import RandomDice
from battlemap.rules.fate import parsing as fate_parsing
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import RulesError


def counting(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The blocks the parse behind the memo is called on, in order."""
    seen: list[object] = []
    real = fate_parsing._parse_combatant

    def counted(data: Any, where: str, token_id: str) -> Any:
        seen.append(data)
        return real(data, where, token_id)

    monkeypatch.setattr(fate_parsing, "_parse_combatant", counted)
    fate_parsing._PARSED.clear()
    return seen


def test_a_fate_block_is_parsed_once_and_again_when_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = counting(monkeypatch)
    block: dict[str, Any] = {"skills": {"weapons": "Good"}, "condition": {"stress": []}}
    first = fate_parsing.combatant_from_dict(block, "tokens[h].stats", "h")
    assert fate_parsing.combatant_from_dict(block, "tokens[h].stats", "h") is first
    assert len(parsed) == 1
    assert fate_parsing.combatant_from_dict(block, "tokens[h].stats", "g").id == "g"
    assert len(parsed) == 2
    block["condition"]["stress"].append(1)  # changed in place
    again = fate_parsing.combatant_from_dict(block, "tokens[h].stats", "h")
    assert again.condition.stress == (1,)
    assert again == fate_parsing._parse_combatant(block, "tokens[h].stats", "h")
    equal = {"skills": {"weapons": "Good"}, "condition": {"stress": []}}
    assert fate_parsing.combatant_from_dict(equal, "tokens[h].stats", "h") == first


def test_a_bad_fate_block_raises_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = counting(monkeypatch)
    bad = {"armour": "plate"}
    for _ in range(2):
        with pytest.raises(RulesError, match="plate"):
            fate_parsing.combatant_from_dict(bad, "tokens[g].stats", "g")
    assert len(parsed) == 2


def _outcome(encounter: Any, attacker: str, target: str) -> object:
    try:
        preview = table_pipeline.preview(encounter, AttackRequest(attacker, target))
        result = table_pipeline.resolve(encounter, AttackRequest(attacker, target),
                                        RandomDice(7))
    except RulesError as error:
        return str(error)
    resolution = getattr(result, "resolution", None)
    return preview, getattr(resolution, "title", None), getattr(resolution, "lines", None), \
        getattr(getattr(result, "encounter", None), "tokens", None)


def test_the_fate_demo_previews_and_attacks_say_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    encounter = load_encounter(ASSETS_DIR / "demo" / "fate-arena.json")
    ids = [t.id for t in encounter.tokens]
    pairs = [(a, b) for a in ids for b in ids if a != b]
    with monkeypatch.context() as patched:  # every block parsed at every question, as before
        patched.setattr(fate_parsing._PARSED, "get", lambda _data, _key, parse: parse())
        fresh = [_outcome(encounter, attacker, target) for attacker, target in pairs]
    parsed = counting(monkeypatch)
    for _ in range(2):
        assert [_outcome(encounter, a, b) for a, b in pairs] == fresh
    assert any(not isinstance(f, str) for f in fresh)  # some attacks stand, some are refused
    assert any(isinstance(f, str) for f in fresh)
    assert len(parsed) == len({id(b) for b in parsed}) <= len(encounter.tokens)
