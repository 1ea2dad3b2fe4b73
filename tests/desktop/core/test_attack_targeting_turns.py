"""The attack tool honours the turn order, and the GM's "Out of turn" ruling lets a token act.

Savage Pathfinder combat text, "Action Cards": characters act when their card comes up in the
countdown. Harsk holds the Two of Clubs and Goblin 5's group the King of Spades, so the goblins
act first and Harsk's shot is refused until the GM rules otherwise.
"""

from support.spf_on_map import acting_tokens, begin_combat

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.attack_targeting import AttackTool
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.savage_pathfinder.cards import PhysicalCards

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"


def _goblins_acting() -> Encounter:
    # Dealt in order: Valeros, Kyra, Merisiel (Quick: a Seven, so no redraw), Harsk, the
    # goblins' group, the boss. The King of Spades is highest: the goblins act first.
    encounter, _ = begin_combat(load_encounter(DEMO),
                                PhysicalCards(["3H", "4H", "7H", "2C", "KS", "6H"]))
    return encounter


def test_a_token_out_of_turn_is_refused_with_whose_turn_it_is() -> None:
    encounter = _goblins_acting()
    assert "goblin-5" in acting_tokens(encounter)
    tool = AttackTool(lambda: ScriptedDice([7, 2, 4, 3]), attacker="harsk")
    assert tool.resolve(encounter, "goblin-5") is None
    assert "turn" in tool.message and "Harsk" in tool.message


def test_the_gm_ruling_lets_the_shot_go_and_is_logged() -> None:
    encounter = _goblins_acting()
    tool = AttackTool(lambda: ScriptedDice([7, 2, 4, 3]), attacker="harsk")
    tool.choices.out_of_turn = True
    commit = tool.resolve(encounter, "goblin-5")
    assert commit is not None
    entry = commit.encounter.log[-1]
    assert any(line.startswith("GM override: Harsk acts out of turn") for line in entry.lines)
    # Shooting d8 7, Wild d6 2 -> 7, -2 light cover -> 5 vs TN 4: hit; damage d6 4 + d6 3 = 7
    # vs Toughness 5: success -> Shaken (combat text, "Damage" and the results table).
    assert commit.encounter.token("goblin-5").stats["condition"]["shaken"] is True
