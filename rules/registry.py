"""The registry of game systems: one :class:`GameSystem` per system, found by name.

A game system lives in its own subpackage of :mod:`rules` and registers one subclass of
:class:`GameSystem` with :func:`register`. Systems never import each other; the desktop finds
the one an encounter uses with :func:`find_system` and talks to it only through the methods
below, so adding GURPS or FATE touches no other system.

Examples
--------
>>> find_system("Savage Pathfinder").name
'savage-pathfinder'
>>> find_system("chess")
Traceback (most recent call last):
...
ValueError: unknown game system 'chess'; known systems: savage-pathfinder (spf, savage pathfinder)
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from rules.dice import DiceSource
from rules.events import Outcome

__all__ = ["SYSTEMS", "GameSystem", "RulesError", "find_system", "register"]


class RulesError(ValueError):
    """Bad rules input: a stat block field, a weapon or an option that cannot be used.

    The message names the field path (``tokens[g1].stats.skills.fighting``) and what is wrong.
    """


class GameSystem(ABC):
    """What every game system offers the desktop; each system implements every method.

    ``name`` is the id written in encounter files; ``aliases`` are other spellings users type.
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def combatant_from_dict(self, data: Mapping[str, Any], where: str, token_id: str) -> Any:
        """Parse a token's ``stats`` into the system's combatant (``RulesError`` at ``where``)."""

    @abstractmethod
    def combatant_to_dict(self, combatant: Any) -> dict[str, Any]:
        """The JSON stat block (with condition) for a combatant; parses back to an equal one."""

    @abstractmethod
    def resolve_attack(
        self, attacker: Any, defender: Any, weapon: str | None, context: Any, dice: DiceSource
    ) -> Outcome[Any]:
        """Resolve one attack: the events and the new states of the combatants."""

    @abstractmethod
    def attack_odds(self, attacker: Any, defender: Any, weapon: str | None, context: Any) -> Any:
        """Exact probabilities of the attack's results, without rolling."""


SYSTEMS: dict[str, GameSystem] = {}
"""Every registered system by its ``name``."""


def register(system: type[GameSystem]) -> type[GameSystem]:
    """Class decorator: add one instance of ``system`` to :data:`SYSTEMS`."""
    SYSTEMS[system.name] = system()
    return system


def find_system(name: str) -> GameSystem:
    """The system called ``name`` or one of its aliases (case and spacing ignored)."""
    _load_builtin_systems()
    wanted = _normalise(name)
    for system in SYSTEMS.values():
        if wanted in {_normalise(system.name), *map(_normalise, system.aliases)}:
            return system
    known = "; ".join(f"{s.name} ({', '.join(s.aliases)})" for s in SYSTEMS.values())
    raise ValueError(f"unknown game system {name!r}; known systems: {known}")


def _normalise(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


BUILTIN_SYSTEMS = ("rules.savage_pathfinder",)
"""The packages that register a system when imported; a new system adds its package here."""


def _load_builtin_systems() -> None:
    for package in BUILTIN_SYSTEMS:
        importlib.import_module(package)
