"""Measures the battlefield: pure, typed shapely 2 + numpy. No Qt, no game rules."""
