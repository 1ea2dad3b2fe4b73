"""Settings remembered between runs (QSettings): window layout, recent files, per-screen
physical scale, preferences. Declared once here with their keys and defaults.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings

from battlemap.desktop.core.table_rules import TablePermissions

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


DEFAULT_LABEL_MM = 8.0
"""The height of a capital letter of the table's names and badges, in millimetres."""
LABEL_MM_RANGE = (4.0, 20.0)


def table_permissions() -> TablePermissions:
    """What the players may do from the table (Preferences > The table)."""
    store, default = settings(), TablePermissions()
    return TablePermissions(
        heroes_only=store.value("table/heroes_only", default.heroes_only, type=bool) is True,
        on_turn_only=store.value("table/on_turn_only", default.on_turn_only, type=bool) is True,
        doors=store.value("table/doors", default.doors, type=bool) is True,
    )


def set_table_permissions(permissions: TablePermissions) -> None:
    store = settings()
    store.setValue("table/heroes_only", permissions.heroes_only)
    store.setValue("table/on_turn_only", permissions.on_turn_only)
    store.setValue("table/doors", permissions.doors)


def table_camera_locked() -> bool:
    """Whether wheel, pinch and drags leave the table's camera alone (the default)."""
    return settings().value("table/camera_locked", True, type=bool) is True


def set_table_camera_locked(locked: bool) -> None:
    settings().setValue("table/camera_locked", locked)


def table_label_mm() -> float:
    """The capital height of the table's names and badges, in millimetres at one cell per
    inch (an unreadable or out-of-range value falls back to the default)."""
    value = _positive_float(settings().value("table/label_mm"))
    low, high = LABEL_MM_RANGE
    return value if value is not None and low <= value <= high else DEFAULT_LABEL_MM


def set_table_label_mm(millimetres: float) -> None:
    settings().setValue("table/label_mm", millimetres)


def table_rings_only() -> bool:
    """Whether the table draws tokens as a ring around a physical mini (no disc, no initials)."""
    return settings().value("table/rings_only", False, type=bool) is True


def set_table_rings_only(rings_only: bool) -> None:
    settings().setValue("table/rings_only", rings_only)


def table_rotation() -> int:
    """The table view's rotation in degrees clockwise: 0, 90, 180 or 270."""
    value = settings().value("table/rotation", 0)
    try:
        degrees = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return 0
    return degrees if degrees in (0, 90, 180, 270) else 0


def set_table_rotation(degrees: int) -> None:
    settings().setValue("table/rotation", degrees)
