"""Helpers shared by test folders (tests/conftest.py puts tests/ on the path)."""
