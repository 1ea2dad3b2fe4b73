"""Decides what happens: game systems behind one registry. Standard library only."""
