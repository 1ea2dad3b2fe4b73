"""A Cone or Stream "emanating from the attacker" is placed the same way by the template preview
(``battlemap template --from``), the map's Template tool and the attack (``battlemap attack
--template``): from the edge of his footprint. Before, the attack started it at his centre,
half a cell short, and the preview and the attack disagreed about who was hit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import save_encounter
from battlemap.desktop.core.model import Encounter, Side, Token

DRAGON = {"wild_card": True, "skills": {"shooting": "d8"},
          "weapons": [{"name": "Breath", "damage": "2d6", "range": [9, 18, 36]}]}


@pytest.mark.parametrize("shape", ["cone", "stream"])
@pytest.mark.parametrize("far", [9.0, 9.4, 9.8, 10.2])
def test_preview_and_attack_agree_on_who_is_beneath(shape: str, far: float, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Goblins straight ahead at the far end of the template: near its tip, the half cell the
    attack used to lose decides whether they are beneath it."""
    tokens = (Token("d", "Dragon", 2.5, 5.5, side=Side.VILLAIN, stats=DRAGON),
              Token("g", "Goblin", 2.5 + far, 5.5, side=Side.HERO, stats={}),
              Token("h", "Hobgoblin", 4.5, 5.5, side=Side.HERO, stats={}))
    path = tmp_path / "lair.json"
    save_encounter(Encounter(width=30, height=12, tokens=tokens), path)
    at = f"{2.5 + far},5.5"
    assert main(["template", str(path), "--shape", shape, "--at", at, "--from", "d",
                 "--json"]) == 0
    previewed = sorted(h["id"] for h in json.loads(capsys.readouterr().out)["hits"])
    assert main(["attack", str(path), "--attacker", "d", "--template", shape, "--at", at,
                 "--dice", "7,2,3,3,3,3", "--json"]) == 0
    attacked = sorted(json.loads(capsys.readouterr().out)["template"]["victims"])
    assert attacked == previewed and "h" in attacked
