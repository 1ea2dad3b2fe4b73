"""Per-encounter settings, kept in ``board.combat["settings"]`` (every key optional).

The text leaves these open, so each is a documented default the GM can change per encounter::

    {"tens": "none",            # "none" | "double" (a 10 is two successes) | "reroll"
                                #   (a 10 is a success and rolls one more die, again on a 10)
     "bands": {"close": 2, "short": 10, "medium": 40, "long": 100, "extreme": 300},
                                # the farthest distance in metres of each range band
     "cover": {"light": 1, "medium": 1, "heavy": 2, "near total": 3},
                                # increased Difficulty of a Shoot or Thrown attack by cover
     "attributes": {"ranged": {"close": "dexterity", ..., "long": "composure", ...},
                    "thrown": {"close": "might", "short": "might", "medium": "dexterity", ...}},
                                # the Attribute added to Firearms / Athletics at each band
     "ammo_check_dice": 1,      # the ammunition check after Emptying the Clip: this many d10,
                                # one success keeps ammunition
     "stunt_budget": "beyond-defense",
                                # "beyond-defense": the successes above the Difficulty buy
                                #   stunts (a bare hit leaves 1); "beyond-hit": those above
                                #   the successes the hit needed (a bare hit leaves 0)
     "complication": "before-hit"}
                                # Pin's Complication bought off: "before-hit" from the roll,
                                #   before the hit is judged; "from-stunts" from the successes
                                #   left after the hit (the hit is judged on the whole roll)

*Attacking* (L3): Athletics and Firearms "use different Attributes depending on the range of
the target", without naming them. Battlemap's default: Firearms takes Dexterity up to medium
range and Composure (a steady aim) at long and extreme; a Thrown attack, "with your raw
physical strength", takes Might at close and short range and Dexterity (accuracy) beyond.

Examples
--------
>>> s = settings_from_combat({"settings": {"tens": "double", "bands": {"short": 12}}})
>>> s.tens, s.bands["short"], s.bands["medium"]
('double', 12.0, 40.0)
>>> settings_from_combat({"settings": {"tens": "explode"}})
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: combat.settings.tens: 'explode' is not one of none, double, \
reroll
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from battlemap.rules.interface import FieldKind, StatField
from battlemap.rules.registry import RulesError
from battlemap.rules.storypath.reading import check_keys, read_int, read_mapping, read_str
from battlemap.rules.storypath.statblock import ATTRIBUTES, BANDS

__all__ = ["SETTINGS_SCHEMA", "TENS_RULES", "Settings", "settings_from_combat",
           "settings_to_dict"]

TENS_RULES = ("none", "double", "reroll")
DEFAULT_BANDS = {"close": 2.0, "short": 10.0, "medium": 40.0, "long": 100.0, "extreme": 300.0}
DEFAULT_COVER = {"none": 0, "light": 1, "medium": 1, "heavy": 2, "near total": 3}
DEFAULT_ATTRIBUTES = {
    "ranged": {"close": "dexterity", "short": "dexterity", "medium": "dexterity",
               "long": "composure", "extreme": "composure"},
    "thrown": {"close": "might", "short": "might", "medium": "dexterity", "long": "dexterity",
               "extreme": "dexterity"},
}
STUNT_BUDGETS = ("beyond-defense", "beyond-hit")
COMPLICATION_READINGS = ("before-hit", "from-stunts")


@dataclass(frozen=True, slots=True)
class Settings:
    """One encounter's settings (see the module text for each key and its default)."""

    tens: str = "none"
    bands: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_BANDS))
    cover: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_COVER))
    attributes: Mapping[str, Mapping[str, str]] = field(
        default_factory=lambda: {k: dict(v) for k, v in DEFAULT_ATTRIBUTES.items()})
    ammo_check_dice: int = 1
    stunt_budget: str = "beyond-defense"
    complication: str = "before-hit"


def settings_from_combat(combat: Mapping[str, Any]) -> Settings:
    """The settings in ``combat["settings"]`` over the defaults."""
    where = "combat.settings"
    data = read_mapping(combat, "settings", "combat")
    check_keys(data, ("tens", "bands", "cover", "attributes", "ammo_check_dice", "stunt_budget",
                      "complication"), where)
    return Settings(
        tens=read_str(data, "tens", where, "none", TENS_RULES),
        bands=_bands(read_mapping(data, "bands", where), f"{where}.bands"),
        cover=_cover(read_mapping(data, "cover", where), f"{where}.cover"),
        attributes=_attributes(read_mapping(data, "attributes", where), f"{where}.attributes"),
        ammo_check_dice=read_int(data, "ammo_check_dice", where, 1, minimum=1, maximum=20),
        stunt_budget=read_str(data, "stunt_budget", where, "beyond-defense", STUNT_BUDGETS),
        complication=read_str(data, "complication", where, "before-hit",
                              COMPLICATION_READINGS),
    )


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    """The JSON of ``settings`` (every key written)."""
    return {"tens": settings.tens, "bands": dict(settings.bands), "cover": dict(settings.cover),
            "attributes": {k: dict(v) for k, v in settings.attributes.items()},
            "ammo_check_dice": settings.ammo_check_dice, "stunt_budget": settings.stunt_budget,
            "complication": settings.complication}


def _bands(data: Mapping[str, Any], where: str) -> dict[str, float]:
    check_keys(data, BANDS, where)
    bands = dict(DEFAULT_BANDS)
    for name, value in data.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            raise RulesError(f"{where}.{name}: expected a positive number of metres, "
                             f"got {value!r}")
        bands[name] = float(value)
    limits = [bands[b] for b in BANDS]
    if limits != sorted(limits):
        raise RulesError(f"{where}: each band must reach at least as far as the one before "
                         f"({', '.join(f'{b} {bands[b]:g}' for b in BANDS)})")
    return bands


def _cover(data: Mapping[str, Any], where: str) -> dict[str, int]:
    check_keys(data, DEFAULT_COVER, where)
    cover = dict(DEFAULT_COVER)
    cover.update({name: read_int(data, name, where, 0) for name in data})
    return cover


def _attributes(data: Mapping[str, Any], where: str) -> dict[str, dict[str, str]]:
    check_keys(data, DEFAULT_ATTRIBUTES, where)
    result = {k: dict(v) for k, v in DEFAULT_ATTRIBUTES.items()}
    for kind in data:
        by_band = read_mapping(data, kind, where)
        check_keys(by_band, BANDS, f"{where}.{kind}")
        for band in by_band:
            result[kind][band] = read_str(by_band, band, f"{where}.{kind}", None, ATTRIBUTES)
    return result


def _schema() -> tuple[StatField, ...]:
    """Every setting as a field of the rules-settings dialog and ``battlemap settings`` (keys
    are paths in ``combat.settings``)."""
    fields = [
        StatField("tens", "10s", FieldKind.CHOICE, "Dice", TENS_RULES, default="none",
                  help="none: a 10 is one success; double: two; reroll: one and one more die"),
        StatField("stunt_budget", "Stunt successes", FieldKind.CHOICE, "Dice", STUNT_BUDGETS,
                  default="beyond-defense",
                  help="beyond-defense: the successes above the Difficulty (a bare hit leaves "
                       "1); beyond-hit: above the successes the hit needed (a bare hit leaves "
                       "0)"),
        StatField("complication", "Pin's Complication bought off", FieldKind.CHOICE, "Dice",
                  COMPLICATION_READINGS, default="before-hit",
                  help="before-hit: from the roll, before the hit is judged; from-stunts: "
                       "from the successes left after the hit"),
        StatField("ammo_check_dice", "Ammunition check dice", FieldKind.INTEGER, "Dice",
                  minimum=1, maximum=20, default=1,
                  help="d10 rolled after Emptying the Clip; one success keeps ammunition"),
    ]
    fields += [StatField(f"bands.{b}", f"{b.title()} band (m)", FieldKind.NUMBER, "Range bands",
                         minimum=0.5, maximum=10000, default=DEFAULT_BANDS[b],
                         help="the farthest distance of the band; each at least the one before")
               for b in BANDS]
    fields += [StatField(f"cover.{c}", f"{c.title()} cover", FieldKind.INTEGER, "Cover",
                         minimum=0, maximum=10, default=DEFAULT_COVER[c],
                         help="increased Difficulty of Shoot and Thrown attacks")
               for c in DEFAULT_COVER if c != "none"]
    for kind, skill in (("ranged", "Firearms"), ("thrown", "Athletics (thrown)")):
        fields += [StatField(f"attributes.{kind}.{b}", f"{skill} at {b}", FieldKind.CHOICE,
                             "Attributes by range", ATTRIBUTES,
                             default=DEFAULT_ATTRIBUTES[kind][b],
                             help=f"the Attribute added to {skill.split()[0]} at {b} range")
                   for b in BANDS]
    return tuple(fields)


SETTINGS_SCHEMA = _schema()
"""The settings as :meth:`battlemap.rules.registry.GameSystem.settings_schema` declares them."""
