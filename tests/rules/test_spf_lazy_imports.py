"""Savage Pathfinder loads its attack, action and text-reading modules at their first use
(issue 28: a window on a Savage Pathfinder map draws its first frame with the system's stat
block, badges and turn order alone), and each works when it is first used."""

from __future__ import annotations

import subprocess
import sys

import battlemap.rules.savage_pathfinder as spf
from battlemap.rules.savage_pathfinder import system

SPF = "battlemap.rules.savage_pathfinder"
DEFERRED = tuple(f"{SPF}.{name}" for name in (
    "attack", "odds", "foundry_actor", "statblock_text", "table.actions", "table.action_steps",
    "table.pipeline", "table.mounts", "table.menu", "table.summary", "table.volley",
    "table.template_attack", "table.turn_rolls", "table.rolls", "table.turn_limits",
    "situational.options", "situational.mounted", "damage", "table.timed_states",
    "situational.states", "situational.support", "dealing", "hold"))

FIRST_USES = """
import sys
from battlemap.rules.registry import find_system
from battlemap.rules.table import Piece
from battlemap.rules.testing import open_board
from battlemap.rules.savage_pathfinder.table.riders import with_mount
DEFERRED = %r
def loaded():
    return [m for m in DEFERRED if m in sys.modules]
spf = find_system("spf")
knight, horse = Piece("k", "Knight", 0.5, 0.5), Piece("h", "Horse", 2.0, 0.5, 2.0)
board = open_board((knight, horse))
# what the first frame asks of the system
spf.statblock_schema(), spf.turn_order(board), spf.badges(knight, board), spf.harm(knight)
spf.check_combat(board.combat)
print(spf.links(board), loaded())
print([link.label for link in spf.links(with_mount(board, "k", "h"))], loaded())
print(spf.statblock_from_text("Goblin\\nAttributes: Agility d8").name, loaded())
print(len(spf.action_menu(board, "k")) > 0, len(spf.actions()) > 0,
      [f.key for f in spf.attack_inputs()][-1], loaded())
print(spf.preview_attack(board, __import__("battlemap.rules.interface", fromlist=["x"])
      .AttackRequest("k", "h")).attacker, loaded())
import battlemap.rules.savage_pathfinder as package
print(package.roll_trait.__module__, package.AttackOdds.__name__, loaded())
"""


def test_the_first_frames_questions_load_none_of_the_attack_and_text_modules() -> None:
    """A fresh interpreter: the stat block, turn order, badges, harm and links of a board with
    no rider import none of :data:`DEFERRED`; a rider's link loads the mounts' rules (and the
    pipeline they import); reading a stat block, the action menu, an attack's preview and the
    package's public names each load their own modules, and answer."""
    done = subprocess.run([sys.executable, "-c", FIRST_USES % (DEFERRED,)],
                          capture_output=True, text=True, timeout=120, check=True)
    lines = done.stdout.splitlines()
    assert lines[0] == "() []"
    assert lines[1].startswith("['Knight rides Horse'] [")
    assert f"{SPF}.table.mounts" in lines[1] and f"{SPF}.table.pipeline" in lines[1]
    assert f"{SPF}.statblock_text" not in lines[1]
    assert lines[2].startswith("Goblin [") and f"{SPF}.statblock_text" in lines[2]
    assert lines[3].startswith("True True items [")
    assert f"{SPF}.table.menu" in lines[3] and f"{SPF}.situational.mounted" in lines[3]
    assert lines[4].startswith("k [") and f"{SPF}.table.summary" in lines[4]
    assert lines[5].startswith(f"{SPF}.traits AttackOdds [")
    assert f"{SPF}.odds" in lines[5]


def test_every_public_name_of_the_package_is_its_modules_own() -> None:
    """Each name in ``__all__`` comes from the module :data:`_SOURCES` names (the same object),
    is listed by ``dir``; a name the package does not have is an ``AttributeError``."""
    assert set(spf._MODULE_OF) | {"SavagePathfinder"} == set(spf.__all__)
    for name, module in spf._MODULE_OF.items():
        assert getattr(spf, name) is getattr(sys.modules[f"{SPF}.{module}"], name)
        assert name in dir(spf)
    assert spf.SavagePathfinder is system.SavagePathfinder
    assert system.ATTACK_INPUTS is system.attack_inputs()  # the module's names, made once
    assert "head" in system.CALLED_SHOTS and system.CALLED_SHOTS is system.called_shots()
    try:
        spf.roll_dice_of_doom  # noqa: B018
    except AttributeError as error:
        assert "roll_dice_of_doom" in str(error)
    else:
        raise AssertionError("an unknown name was found")
