"""Settings remembered between runs (QSettings): window layout, recent files, per-screen
physical scale, preferences. Declared once here with their keys and defaults.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings

RECENT_LIMIT = 8


def settings() -> QSettings:
    return QSettings("Battlemap", "battlemap")


def screen_ppi(screen_name: str) -> float | None:
    """The calibrated pixels per inch of the named screen, if the GM measured it."""
    value = settings().value(f"screens/{screen_name}/ppi")
    try:
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def set_screen_ppi(screen_name: str, ppi: float) -> None:
    settings().setValue(f"screens/{screen_name}/ppi", ppi)


def player_screen_name() -> str | None:
    """The screen the GM last put the player view on."""
    value = settings().value("player/screen")
    return str(value) if value else None


def set_player_screen_name(name: str) -> None:
    settings().setValue("player/screen", name)


def recent_files() -> list[str]:
    value = settings().value("recent", [])
    return [str(v) for v in value] if isinstance(value, list) else []


def add_recent_file(path: str) -> None:
    files = [path, *[f for f in recent_files() if f != path]][:RECENT_LIMIT]
    settings().setValue("recent", files)


def snap_by_default() -> bool:
    return settings().value("preferences/snap", True, type=bool) is True


def set_snap_by_default(snap: bool) -> None:
    settings().setValue("preferences/snap", snap)
