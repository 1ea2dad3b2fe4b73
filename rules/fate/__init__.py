"""FATE (the Roman combat rules): 4dF on the Fate ladder, exchanges, stress, maneuvers,
grapples, mobs of mooks. Importing the package registers the system."""

from battlemap.rules.fate.system import Fate

__all__ = ["Fate"]
