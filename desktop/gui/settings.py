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


def uvtt_import_choices() -> tuple[float | None, float]:
    """The object height (None: full height) and outline tolerance in cells the GM chose at
    the last Universal VTT import; full height and every point kept until then."""
    height = _positive_float(settings().value("import/uvtt_object_height"))
    tolerance = _positive_float(settings().value("import/uvtt_simplify"))
    return height, tolerance or 0.0


def set_uvtt_import_choices(object_height: float | None, tolerance: float) -> None:
    """Remember the choices of a Universal VTT import for the next one."""
    if object_height is None:
        settings().remove("import/uvtt_object_height")
    else:
        settings().setValue("import/uvtt_object_height", object_height)
    settings().setValue("import/uvtt_simplify", tolerance)


def _positive_float(value: object) -> float | None:
    """``value`` as a finite number above 0, or None (absent, unreadable, 0, negative)."""
    if not isinstance(value, (int, float, str)):
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    return number if 0.0 < number < float("inf") else None
