"""Savage Pathfinder situational rules: every maneuver and circumstance as data + functions.

One module per group of rules; :mod:`.options` lists the attack options and actions for the
action menu and the CLI. The engine's attack resolution takes the modifiers these return through
``AttackContext.attack_modifiers`` and ``damage_modifiers``.
"""
