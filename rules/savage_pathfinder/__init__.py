"""Savage Pathfinder: trait rolls, attacks, damage, wounds and exact odds."""
