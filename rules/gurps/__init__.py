"""GURPS combat with active defenses (issue 14): 3d6 roll-under, Dodge/Parry/Block, damage.

The system registers itself as ``gurps`` (:mod:`rules.gurps.system`).
"""

from rules.gurps.system import Gurps

__all__ = ["Gurps"]
