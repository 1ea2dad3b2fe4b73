"""Screenshots of the GM window and the player view on two real screens, for looking at.

Run it under an X server with two 1920 x 1080 screens (the player view refuses the GM window's
own screen, so it goes to the other one)::

    Xvfb :7 -screen 0 1920x1080x24 -screen 1 1920x1080x24 &
    DISPLAY=:7 python tests/soak/screens.py OUT [--demo gurps --demo fate ...] [--hover A:B]

For each demo it opens the GM window (maximized on the first head) as ``battlemap --demo``
does, opens View > Player View, picks the Attack tool, clicks the attacker and hovers the
target (``--hover ATTACKER:TARGET``, by token id; the first hero and the first foe by default),
lets both windows paint, and saves what each X screen shows: ``OUT/<demo>-screen0.png`` (the
GM's) and ``OUT/<demo>-screen1.png`` (the table's), and the two windows alone
(``<demo>-gm.png``, ``<demo>-player.png``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from desktop.core.assets import demo_for
from desktop.gui import app
from desktop.gui.style import CELL


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


def shoot(demo: str, out: Path, hover: str | None) -> None:
    source = Path(demo)
    window = app.open_window(str(source if source.is_file() else demo_for(demo)))
    demo = source.stem if source.is_file() else demo
    window.showMaximized()
    settle(2.0)
    window.toggle_player_view()
    settle(2.0)
    chosen = pair(window, hover)
    if chosen is not None:
        attacker, target = chosen
        viewport = window.view.viewport()
        window.view.centerOn(window.view.mapToScene(on_screen(window, attacker)))
        window.actions_by_name["tool_attack"].trigger()
        settle(0.5)
        at = on_screen(window, attacker)
        for kind in (QMouseEvent.Type.MouseButtonPress, QMouseEvent.Type.MouseMove,
                     QMouseEvent.Type.MouseButtonRelease):
            mouse(viewport, kind, at)
        settle(0.3)
        mouse(viewport, QMouseEvent.Type.MouseMove, on_screen(window, target))
    settle(1.5)
    display = os.environ.get("DISPLAY", ":0").split(".")[0]
    for screen in (0, 1):
        subprocess.run(["import", "-display", f"{display}.{screen}", "-window", "root",
                        str(out / f"{demo}-screen{screen}.png")], check=False)
    window.grab().save(str(out / f"{demo}-gm.png"))
    if window.player_window is not None:
        window.player_window.grab().save(str(out / f"{demo}-player.png"))
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
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    QApplication(sys.argv[:1])
    for demo in args.demo or ["spf", "gurps", "storypath", "fate"]:
        shoot(demo, args.out, args.hover)
        print(f"wrote {args.out / Path(demo).stem}-screen0.png and -screen1.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
