"""``battlemap import-statblock`` without ``--token`` (issue 26): every block pasted makes a new
token on the free cells nearest ``--at``, with what was not read in the output and the log."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"

TWO_BLOCKS = """Bog Lurker
Attributes: Agility d6, Smarts d4 (A), Spirit d6, Strength d8, Vigor d8
Skills: Fighting d6, Notice d6, Stealth d8
Pace: 4; Parry: 5; Toughness: 8
Special Abilities:
\u2022 Bite: Str+d6.
\u2022 Size +2: Long as a cart.
\u2022 Mud Sense: Feels footsteps.

\u2605 Fen Witch
Attributes: Agility d6, Smarts d10, Spirit d8, Strength d4, Vigor d6
Skills: Fighting d4, Spellcasting d10, Notice d8
Pace: 6; Parry: 4; Toughness: 6 (1)
Gear: Staff (Str+d4, Parry +1, Reach 1, two hands), hide coat (+1)
"""


def test_two_pasted_blocks_make_two_new_tokens(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Lurker: Toughness 2 + d8/2 4 + Size 2 = 8 as printed; Witch: Parry 2 + d4/2 2 + staff 1
    = 5, printed 4: the GM is told; Toughness 2 + 3 + 1 = 6 agrees."""
    path, text = tmp_path / "ambush.json", tmp_path / "fen.txt"
    shutil.copy(DEMO, path)
    text.write_text(TWO_BLOCKS)
    before = load_encounter(path)
    assert main(["import-statblock", str(text), str(path), "--at", "2,2"]) == 0
    out = capsys.readouterr().out
    assert "Mud Sense: Feels footsteps.: special ability with no rule in the app" in out
    assert "printed figures differ:" in out and "parry: printed 4, derived 5" in out
    after = load_encounter(path)
    added = after.tokens[len(before.tokens):]
    assert [(t.id, t.name, t.side.value) for t in added] == [
        ("bog-lurker", "Bog Lurker", "villain"), ("fen-witch", "Fen Witch", "villain")]
    assert f"added Bog Lurker as bog-lurker at ({added[0].x:g}, {added[0].y:g})" in out
    assert added[0].stats["toughness_bonus"] == 2 and added[1].stats["wild_card"] is True
    assert (added[0].x, added[0].y) != (added[1].x, added[1].y)
    assert all(abs(t.x - 2) <= 2 and abs(t.y - 2) <= 2 for t in added)  # near --at
    entry = after.log[-1]
    assert entry.title == "Pasted stat blocks: Bog Lurker, Fen Witch"
    assert "Bog Lurker, not read: Mud Sense: Feels footsteps.: special ability with no rule " \
           "in the app" in entry.lines
    # A dry run says what it would add and writes nothing.
    saved = path.read_bytes()
    assert main(["import-statblock", str(text), str(path), "--dry-run"]) == 0
    assert "would add Bog Lurker 2 as bog-lurker-2" in capsys.readouterr().out
    assert path.read_bytes() == saved
    # Pasting again keeps ids unique.
    assert main(["import-statblock", str(text), str(path)]) == 0
    ids = [t.id for t in load_encounter(path).tokens]
    assert "bog-lurker-2" in ids and len(ids) == len(set(ids))


def test_a_block_that_cannot_be_used_adds_nothing(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path, text = tmp_path / "ambush.json", tmp_path / "junk.txt"
    shutil.copy(DEMO, path)
    text.write_text(TWO_BLOCKS + "\nShopping list\nAttributes: bread, milk\n")
    before = path.read_bytes()
    assert main(["import-statblock", str(text), str(path)]) == 2
    err = capsys.readouterr().err
    assert "stat block 3 (Shopping list): nothing in the text reads as a stat block" in err
    assert path.read_bytes() == before
    text.write_text("  \n\n")
    assert main(["import-statblock", str(text), str(path)]) == 2
    assert "nothing in the text reads as a stat block" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_with_token_the_block_still_goes_to_that_token(tmp_path: Path) -> None:
    path, text = tmp_path / "ambush.json", tmp_path / "one.txt"
    shutil.copy(DEMO, path)
    text.write_text(TWO_BLOCKS.split("\n\n")[0])
    count = len(load_encounter(path).tokens)
    assert main(["import-statblock", str(text), str(path), "--token", "goblin-1"]) == 0
    after = load_encounter(path)
    assert len(after.tokens) == count and after.token("goblin-1").stats["size"] == 2
    text.write_text(TWO_BLOCKS)  # two blocks for one token: refused, nothing changed
    saved = path.read_bytes()
    assert main(["import-statblock", str(text), str(path), "--token", "goblin-1"]) == 2
    assert path.read_bytes() == saved


def test_the_same_block_pasted_twice_makes_tokens_of_two_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two pasted Bog Lurkers are 'Bog Lurker' and 'Bog Lurker 2' (the log and the map name
    tokens by name: two of one name could not be told apart)."""
    path, text = tmp_path / "ambush.json", tmp_path / "lurker.txt"
    shutil.copy(DEMO, path)
    text.write_text(TWO_BLOCKS.split("\n\n")[0])
    assert main(["import-statblock", str(text), str(path)]) == 0
    assert main(["import-statblock", str(text), str(path)]) == 0
    assert "added Bog Lurker 2 as bog-lurker-2" in capsys.readouterr().out
    names = [t.name for t in load_encounter(path).tokens]
    assert names.count("Bog Lurker") == 1 and names.count("Bog Lurker 2") == 1
    assert load_encounter(path).log[-1].title == "Pasted stat block: Bog Lurker 2"
