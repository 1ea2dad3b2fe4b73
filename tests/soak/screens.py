"""Screenshots of the GM window and the player view on two real screens, for looking at.

Run it under an X server with two 1920 x 1080 screens (the player view refuses the GM window's
own screen, so it goes to the other one)::

    Xvfb :7 -screen 0 1920x1080x24 -screen 1 1920x1080x24 &
    DISPLAY=:7 python tests/soak/screens.py OUT [--demo gurps --demo fate ...] [--hover A:B]
        [--hud | --drag]

For each demo it opens the GM window (maximized on the first head) as ``battlemap --demo``
does, opens View > Player View, picks the Attack tool, clicks the attacker and hovers the
target (``--hover ATTACKER:TARGET``, by token id; the first hero and the first foe by default),
lets both windows paint, and saves what each X screen shows: ``OUT/<demo>-screen0.png`` (the
GM's) and ``OUT/<demo>-screen1.png`` (the table's), and the two windows alone
(``<demo>-gm.png``, ``<demo>-player.png``).

Instead of the attack, ``--hud`` clicks the acting token (else the attacker) with the Select
tool on the GM map, so its token HUD shows; ``--drag`` presses the attacker on the table and
holds it half way to the target, so the ruler and the exposure numbers along the path show.
Their files are named ``<demo>-hud-...`` and ``<demo>-drag-...``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from battlemap.desktop.core.assets import demo_for
from battlemap.desktop.gui import app, scene
from battlemap.desktop.gui.style import CELL


def settle(seconds: float) -> None:
    """Let the event loop run (paints, the map's worker, animations) for ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.01)


def mouse(widget: QWidget, kind: QMouseEvent.Type, at: QPoint) -> None:
    buttons = Qt.MouseButton.NoButton if kind is QMouseEvent.Type.MouseMove \
        else Qt.MouseButton.LeftButton
    event = QMouseEvent(kind, QPointF(at), QPointF(widget.mapToGlobal(at)),
                        Qt.MouseButton.LeftButton if buttons else Qt.MouseButton.NoButton,
                        buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, event)


def on_screen(window: app.GMWindow, token_id: str) -> QPoint:
    token = window.state.encounter.token(token_id)
    return window.view.mapFromScene(QPointF(token.x * CELL, token.y * CELL))


def pair(window: app.GMWindow, wanted: str | None) -> tuple[str, str] | None:
    """The attacker and the target to hover: ``A:B`` or the first hero and the first foe."""
    if wanted:
        attacker, target = wanted.split(":", 1)
        return attacker, target
    tokens = window.state.encounter.tokens
    heroes = [t.id for t in tokens if t.side.value == "hero" and not t.hidden]
    foes = [t.id for t in tokens if t.side.value == "villain" and not t.hidden]
    return (heroes[0], foes[0]) if heroes and foes else None


def click(widget: QWidget, at: QPoint) -> None:
    """A press, a move on the spot and a release at ``at``: a click, as a hand makes it."""
    for kind in (QMouseEvent.Type.MouseButtonPress, QMouseEvent.Type.MouseMove,
                 QMouseEvent.Type.MouseButtonRelease):
        mouse(widget, kind, at)


def hover_attack(window: app.GMWindow, attacker: str, target: str) -> None:
    """The Attack tool: a click on the attacker, the pointer resting on the target."""
    viewport = window.view.viewport()
    window.view.centerOn(window.view.mapToScene(on_screen(window, attacker)))
    window.actions_by_name["tool_attack"].trigger()
    settle(0.5)
    click(viewport, on_screen(window, attacker))
    settle(0.3)
    mouse(viewport, QMouseEvent.Type.MouseMove, on_screen(window, target))


def select_acting(window: app.GMWindow, attacker: str) -> None:
    """The Select tool: a click on the token whose turn it is (else ``attacker``), so its
    HUD shows."""
    acting = sorted(scene.acting(window.state.encounter)) or [attacker]
    window.actions_by_name["tool_select"].trigger()
    window.view.centerOn(window.view.mapToScene(on_screen(window, acting[0])))
    settle(0.3)
    click(window.view.viewport(), on_screen(window, acting[0]))


def hold_drag(window: app.GMWindow, attacker: str, target: str) -> QPoint | None:
    """On the table, ``attacker`` pressed and carried cell by cell half way to ``target``,
    held there (the ruler and the exposure numbers show); where the hand is, or None (no
    table)."""
    player = window.player_window
    if player is None:
        return None
    view, encounter = player.view, window.state.encounter
    start, end = encounter.token(attacker), encounter.token(target)
    viewport = view.viewport()
    press = view.mapFromScene(QPointF(start.x * CELL, start.y * CELL))
    mouse(viewport, QMouseEvent.Type.MouseButtonPress, press)
    steps = max(2, round(max(abs(end.x - start.x), abs(end.y - start.y)) / 2))
    at = press
    for n in range(1, steps + 1):
        x = start.x + (end.x - start.x) * n / (2 * steps)
        y = start.y + (end.y - start.y) * n / (2 * steps)
        at = view.mapFromScene(QPointF(x * CELL, y * CELL))
        mouse(viewport, QMouseEvent.Type.MouseMove, at)
        settle(0.05)
    return at


def save_screens(window: app.GMWindow, out: Path, name: str) -> None:
    """What each X screen shows (with ImageMagick's ``import``) and each window alone, as
    ``OUT/<name>-...png``."""
    display = os.environ.get("DISPLAY", ":0").split(".")[0]
    if shutil.which("import") is None:
        print("no ImageMagick import: the two windows alone, not the X screens")
    for screen in (0, 1) if shutil.which("import") else ():
        subprocess.run(["import", "-display", f"{display}.{screen}", "-window", "root",
                        str(out / f"{name}-screen{screen}.png")], check=False)
    window.grab().save(str(out / f"{name}-gm.png"))
    if window.player_window is not None:
        window.player_window.grab().save(str(out / f"{name}-player.png"))


def shoot(demo: str, out: Path, hover: str | None, show: str = "") -> None:
    """The screenshots of one demo; ``show``: "" (an attack hovered), "hud" or "drag"."""
    source = Path(demo)
    window = app.open_window(str(source if source.is_file() else demo_for(demo)))
    demo = source.stem if source.is_file() else demo
    window.showMaximized()
    settle(2.0)
    window.toggle_player_view()
    settle(2.0)
    chosen = pair(window, hover)
    held: QPoint | None = None
    if chosen is not None and show == "hud":
        select_acting(window, chosen[0])
    elif chosen is not None and show == "drag":
        held = hold_drag(window, *chosen)
    elif chosen is not None:
        hover_attack(window, *chosen)
    settle(1.5)
    save_screens(window, out, f"{demo}-{show}" if show else demo)
    if held is not None and window.player_window is not None:
        mouse(window.player_window.view.viewport(), QMouseEvent.Type.MouseButtonRelease, held)
    if window.player_window is not None:
        window.toggle_player_view()
    window.state.mark_saved()
    window.close()
    settle(0.5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--demo", action="append", default=[],
                        help="a demo by name or system, or an encounter file (default: "
                             "the four demos)")
    parser.add_argument("--hover", help="ATTACKER:TARGET token ids (one demo)")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--hud", action="store_const", const="hud", dest="show", default="",
                       help="select the acting token on the GM map: its HUD shows")
    shown.add_argument("--drag", action="store_const", const="drag", dest="show",
                       help="hold the attacker half way to the target on the table: the "
                            "ruler and the exposure numbers show")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    QApplication(sys.argv[:1])
    for demo in args.demo or ["spf", "gurps", "storypath", "fate"]:
        shoot(demo, args.out, args.hover, args.show)
        name = Path(demo).stem + (f"-{args.show}" if args.show else "")
        print(f"wrote {args.out / name}-screen0.png and -screen1.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
