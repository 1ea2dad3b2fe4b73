"""What a side does in an exchange: attack, full defense, a maneuver or a grappling move, and
the skill each side rolls for it.

Stance ids (the attack options; :data:`EXCHANGE_REPLIES` are also the choices of the
``stance`` decision, ``--answer stance=...``): ``attack``, ``full-defense``, ``maneuver:blinding``,
``maneuver:disarming``, ``maneuver:pinned`` and ``maneuver:off-balance`` (the two indirect
attacks of the text), ``maneuver:aspect`` and ``maneuver:remove-aspect`` (any temporary aspect,
``params["aspect"]``, placed on the target or with ``params["on"] = "zone"`` on its zone, or
removed from either fighter or their zones), ``maneuver:push``, ``maneuver:throw`` (Throw or
Knockback), and the grappling moves ``grapple`` (start one), ``grapple:break-free``,
``grapple:reverse``, ``grapple:draw-dagger`` (the grappled side's list), ``grapple:pin``,
``grapple:squeeze`` (the Fists roll against armour and shield), ``grapple:throw`` (the
grappling side's list; ``grapple:draw-dagger`` is on both). ``defend`` is the roll of a side
that only resists: the turn-based defender, and in an exchange the target of a maneuver
rolled against his Athletics.

Skills: ``attack`` is the skill of the weapon in hand (Weapons, Fists unarmed, Archery with a
bow, or the weapon's own), ``best:fists,might`` the better of the two.

Examples
--------
>>> STANCES["maneuver:blinding"].skill, STANCES["maneuver:blinding"].defense
('attack', 'athletics')
>>> from battlemap.rules.fate.statblock import Combatant
>>> skill_for(Combatant("b", skills={"fists": 2, "might": 3}), "best:fists,might")
'might'
"""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.rules.fate.statblock import Combatant

__all__ = [
    "EXCHANGE_REPLIES", "GRAPPLED_MOVES", "GRAPPLING_MOVES", "STANCES", "Stance", "skill_for",
]


@dataclass(frozen=True, slots=True)
class Stance:
    """A stance: its name, the skill its side rolls, the skill the other side rolls against
    it (None: the other side's own stance decides, as in an exchange), a bonus on the roll,
    the aspect a maneuver places, and whether it ends in damage."""

    name: str
    skill: str
    defense: str | None = None
    bonus: int = 0
    aspect: str | None = None


STANCES: dict[str, Stance] = {
    "attack": Stance("attack", "attack"),
    "full-defense": Stance("full defense", "attack", bonus=2),
    "defend": Stance("defend", "attack"),
    "maneuver:blinding": Stance("Blinding", "attack", "athletics", aspect="Blinded"),
    "maneuver:disarming": Stance("Disarming", "attack", "attack"),
    "maneuver:pinned": Stance("Indirect attack (Pinned)", "might", "athletics",
                              aspect="Pinned"),
    "maneuver:off-balance": Stance("Indirect attack (Off-balance)", "attack", "athletics",
                                   aspect="Off-balance"),
    "maneuver:aspect": Stance("place an aspect", "attack", "athletics"),
    "maneuver:remove-aspect": Stance("remove an aspect", "best:athletics,weapons", "attack"),
    "maneuver:push": Stance("Pushing", "best:fists,might", "attack"),
    "maneuver:throw": Stance("Throw or Knockback", "best:fists,might", "attack"),
    "grapple": Stance("Grapple", "fists", "attack"),
    "grapple:break-free": Stance("break free", "fists", "fists"),
    "grapple:reverse": Stance("reverse the grapple", "fists", "fists"),
    "grapple:draw-dagger": Stance("draw a dagger", "best:fists,might", "best:fists,might",
                                  bonus=1),
    "grapple:pin": Stance("pin", "fists", "fists"),
    "grapple:squeeze": Stance("squeeze (Fists against armour and shield)", "fists", "armour"),
    "grapple:throw": Stance("throw to the ground", "fists", "fists"),
}
"""Every stance by id."""

EXCHANGE_REPLIES = (
    "attack", "full-defense", "maneuver:disarming", "maneuver:push", "maneuver:throw",
)
"""What the other side may choose in an exchange-based fight (the ``stance`` decision). The
maneuvers rolled against the target's Athletics (Blinding, the indirect attacks) are not
among them: the text has the target resist them with Athletics, which a side fighting back
does not roll; the other side makes them on its own click."""

GRAPPLED_MOVES = ("grapple:break-free", "grapple:reverse", "grapple:draw-dagger")
GRAPPLING_MOVES = ("grapple:pin", "grapple:squeeze", "grapple:draw-dagger", "grapple:throw")


def skill_for(combatant: Combatant, skill: str) -> str:
    """The skill name ``combatant`` rolls for a stance's ``skill`` (``attack``, ``best:...``)."""
    if skill == "attack":
        return combatant.attack_skill
    if skill.startswith("best:"):
        choices = skill.removeprefix("best:").split(",")
        return max(choices, key=lambda name: (combatant.rating(name), -choices.index(name)))
    return skill
