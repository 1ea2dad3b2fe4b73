"""GURPS combat with active defenses (issue 14): 3d6 roll-under, Dodge/Parry/Block, damage.

The system registers itself as ``gurps`` (:mod:`battlemap.rules.gurps.system`).
"""

from battlemap.rules.gurps.system import Gurps

__all__ = ["Gurps"]
