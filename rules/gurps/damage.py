"""Damage: dice, DR, wounding multipliers, injury, shock and the major wound.

Damage is ``Nd+A type`` (``2d+1 cut``); the basic damage is the dice plus the adds, at least 1
(0 for crushing). DR is subtracted; what penetrates is multiplied by the wounding multiplier of
the damage type (cut x1.5, imp x2, pi- x0.5, pi+ x1.5, pi++ x2, others x1), rounded down, at
least 1 when anything penetrated. Injury costs HP. Shock: -1 per HP of injury (per HP/10 at
20+ HP), at most -4, to DX and IQ on the next turn, ignored with High Pain Threshold. A major
wound (one injury over half the HP) needs an HT roll (HT+3 with High Pain Threshold) or the
victim is stunned and knocked down; a critical failure knocks him out.

Examples
--------
>>> spec = parse_damage("2d+1 cut")
>>> spec.dice, spec.adds, spec.kind, spec.text()
(2, 1, 'cut', '2d+1 cut')
>>> injury(10, 4, "cut"), injury(3, 4, "cut"), injury(5, 4, "imp"), injury(3, 2, "pi-")
(9, 0, 2, 1)
>>> shock(3, 12), shock(9, 12), shock(5, 30)
(-3, -4, -1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import DieRoll, Modifier, RollMade

__all__ = ["WOUNDING", "DamageSpec", "injury", "parse_damage", "roll_damage", "shock"]

WOUNDING: dict[str, float] = {
    "cr": 1.0, "cut": 1.5, "imp": 2.0, "pi-": 0.5, "pi": 1.0, "pi+": 1.5, "pi++": 2.0,
    "burn": 1.0, "cor": 1.0, "tox": 1.0, "fat": 1.0, "aff": 1.0, "spec": 1.0, "ctrl": 0.0,
}
"""The wounding multiplier of each damage type (torso hits); ``ctrl`` is a grapple's control
points (GCS), which cost no HP."""

MAX_DICE = 2_000
"""Most dice of one damage (a swing at ST 10,000, the top of its range, rolls about 1,000d)."""
MAX_ADDS = 10_000
"""The largest adds or fixed damage, either sign."""

_DAMAGE = re.compile(
    r"^\s*(?:(\d+)d(?:\s*([+-])\s*(\d+))?|(\d+)(?![\d.]))"   # 2d+1, 1d, or a fixed 2
    r"\s*(?:\((\d*\.?\d+)\))?"                               # an armour divisor (2), (0.5)
    r"\s*([a-z][a-z+-]*)?\s*(.*)$")                               # the type, then GCS's remark


@dataclass(frozen=True, slots=True)
class DamageSpec:
    """``dice`` d6 plus ``adds`` of damage type ``kind``; ``divisor`` the armour divisor (DR
    divided by it: ``(2)`` halves DR, ``(0.5)`` doubles it); ``note`` is GCS's remark."""

    dice: int
    adds: int
    kind: str
    note: str = ""
    divisor: float = 1.0

    def text(self) -> str:
        base = f"{self.dice}d{self.adds:+d}" if self.dice and self.adds else \
            f"{self.dice}d" if self.dice else f"{self.adds}"
        divisor = f"({self.divisor:g})" if self.divisor != 1.0 else ""
        kind = f" {self.kind}" if self.kind else ""
        note = f" {self.note}" if self.note else ""
        return f"{base}{divisor}{kind}{note}"

    @property
    def minimum(self) -> int:
        return 0 if self.kind == "cr" else 1

    @property
    def wounding(self) -> float:
        """The torso wounding multiplier: x1 for a type the table does not list (``cold``,
        ``ctrl`` or none written)."""
        return WOUNDING.get(self.kind, 1.0)

    def effective_dr(self, dr: int) -> int:
        """DR against this damage: divided by the armour divisor, fractions dropped.

        >>> parse_damage("1d+4(2) pi").effective_dr(5), parse_damage("3d(0.5) cr").effective_dr(3)
        (2, 6)
        """
        return int(dr / self.divisor)


def parse_damage(text: str) -> DamageSpec:
    """Read ``2d+1 cut``, ``1d-4 imp (may stick)``, ``1d cr``, an armour divisor
    (``1d-1(2) pi``), a fixed amount (``2 burn``), damage without a type (``1d+1``) or of a type
    the wounding table lacks (``2d+1 ctrl``, x1); ValueError otherwise.

    >>> parse_damage("1d-4 imp (may stick)").note
    '(may stick)'
    >>> [parse_damage(t).text() for t in ("1d-1(2) pi", "2 burn", "1d+1", "1d(5) cold")]
    ['1d-1(2) pi', '2 burn', '1d+1', '1d(5) cold']
    >>> parse_damage("lots")
    Traceback (most recent call last):
    ...
    ValueError: cannot read damage 'lots' (expected dice, adds and type: 2d+1 cut)
    >>> parse_damage("999999999d+2 imp")
    Traceback (most recent call last):
    ...
    ValueError: damage '999999999d+2 imp' rolls 999999999 dice: at most 2000
    """
    found = _DAMAGE.match(text)
    divisor = float(found.group(5)) if found and found.group(5) else 1.0
    if found is None or divisor <= 0:
        raise ValueError(f"cannot read damage {text!r} (expected dice, adds and type: 2d+1 cut)")
    if found.group(4) is not None:
        dice, adds = 0, int(found.group(4))
    else:
        dice = int(found.group(1))
        adds = int(found.group(3) or 0) * (-1 if found.group(2) == "-" else 1)
    if dice > MAX_DICE:
        raise ValueError(f"damage {text!r} rolls {dice} dice: at most {MAX_DICE}")
    if abs(adds) > MAX_ADDS:
        raise ValueError(f"damage {text!r} adds {adds}: outside the allowed range "
                         f"-{MAX_ADDS} to {MAX_ADDS}")
    return DamageSpec(dice, adds, found.group(6) or "", found.group(7).strip(), divisor)


def roll_damage(dice: DiceSource, actor: str, label: str,
                spec: DamageSpec) -> tuple[RollMade, int]:
    """Roll the damage dice; the basic damage is their sum plus adds, at least the minimum.

    >>> from battlemap.rules.dice import ScriptedDice
    >>> made, total = roll_damage(ScriptedDice([1, 1]), "o", "Falchion", parse_damage("2d-3 cut"))
    >>> total, made.purpose
    (1, 'Falchion damage 2d-3 cut')
    """
    purpose = f"{label} damage {spec.text()}"
    dies = tuple(DieRoll(6, (dice.roll(6, f"{label} damage"),), f"{label} damage")
                 for _ in range(spec.dice))
    total = max(spec.minimum, sum(d.total for d in dies) + spec.adds)
    adds = (Modifier(spec.adds, "adds"),) if spec.adds else ()
    return RollMade(actor, purpose, dies, adds, total, None, ""), total


def injury(damage: int, dr: int, kind: str) -> int:
    """The HP an attack costs: penetrating damage times the wounding multiplier, rounded down,
    at least 1 when any damage penetrated (a type the table lacks: x1)."""
    penetrating = max(0, damage - dr)
    multiplier = WOUNDING.get(kind, 1.0)
    if penetrating == 0 or multiplier == 0:
        return 0
    return max(1, int(penetrating * multiplier))


def shock(injury_taken: int, hp: int) -> int:
    """The shock penalty (negative) an injury causes, at most -4."""
    per = max(1, hp // 10) if hp >= 20 else 1
    return -min(4, injury_taken // per)
