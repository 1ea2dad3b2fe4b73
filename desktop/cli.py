"""The ``battlemap`` command: the GUI by default, headless subcommands by name.

``battlemap`` opens the GM window on the demo encounter, ``battlemap FILE`` opens a file, and
``battlemap SUBCOMMAND ...`` runs one of the subcommands listed in :data:`SUBCOMMANDS`. Each
subcommand is a module in :mod:`battlemap.desktop.commands` with ``add_arguments(parser)`` and
``run(args) -> int``; only ``render`` and the GUI import Qt.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import os
import sys
from collections.abc import Iterator, Mapping, Sequence

from battlemap.desktop import installed_version
from battlemap.desktop.core.assets import demo_for
from battlemap.desktop.core.progress import ticking
from battlemap.desktop.core.terminal import escaped_streams

SUBCOMMANDS: dict[str, str] = {
    # name -> one-line help; the module is battlemap.desktop.commands.<name with - as _>
    "render": "render the scene offscreen to a PNG, no window shown",
    "import-uvtt": "import a Universal VTT map (.dd2vtt/.uvtt/.df2vtt) into an encounter file",
    "export-uvtt": "export an encounter's map, walls, doors and lights as Universal VTT",
    "print": "print the map to scale as a PDF (1 cell = 1 inch), tiled over pages",
    "attack": "resolve one attack from the map: range, cover, dice, damage; --write saves it",
    "odds": "exact odds of a Savage Pathfinder trait roll (--trait d8 --wild --mod -2 --tn 4)",
    "survey": "measure one attack: range, cover, line of sight, obstacles, bystanders, ...",
    "template": "who is beneath a blast, cone or stream template, and who is protected",
    "import-character": "add a token from a character sheet (GCS .gcs, Foundry SWADE .json)",
    "import-statblock": "make tokens from stat blocks pasted as text, or give one to --token",
    "roll": "roll any attribute or skill of a token with every modifier that applies now",
    "sightlines": "who a token can hit and who can hit it; with --to, a move's exposure",
    "turn": "the turn order (initiative): show it, or press deal, next, hold, ... (--write)",
    "move": "move a token as a drag does: its cost in a way of moving (--mode climb), refusals",
    "settings": "the encounter's rules settings (10s, range bands, ...): list or set (--write)",
    "new": "make an empty encounter for a game system (--system gurps, storypath, fate, ...)",
    "bench": "benchmark a subsystem's hot paths against naive loops (bench geometry)",
}


class _VersionAction(argparse.Action):
    """``--version``: print the installed version and exit (read only when asked for)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"battlemap {installed_version()}")
        parser.exit()


def _gui_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="battlemap",
        description="Battlemap: a battle map for in-person tabletop combat. "
        "Subcommands: " + ", ".join(SUBCOMMANDS) + " (battlemap SUBCOMMAND --help).",
    )
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument("file", nargs="?", help="an encounter file to open (default: the demo)")
    parser.add_argument("--demo", metavar="NAME", help="open a bundled demo by its name or its "
                        "game system's (gurps, storypath, fate, spf)")
    parser.add_argument("--camera-source", metavar="SOURCE", help="follow the minis with a "
                        "camera: its number (0), or a video file or folder of images standing "
                        "in for it (needs battlemap[camera])")
    return parser


def _run_subcommand(name: str, argv: Sequence[str]) -> int:
    module = importlib.import_module(f"battlemap.desktop.commands.{name.replace('-', '_')}")
    parser = argparse.ArgumentParser(prog=f"battlemap {name}", description=SUBCOMMANDS[name])
    module.add_arguments(parser)
    args = parser.parse_args(list(argv))
    # the progress line goes to the terminal itself (its own escapes), never through the escaping
    with ticking(f"battlemap {name}", getattr(sys.stderr, "inner", sys.stderr)):
        code: int = module.run(args)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``battlemap`` console script.

    Everything it prints goes through :func:`battlemap.desktop.core.terminal.escaped_streams` (names
    read from files never reach the terminal as control sequences), and a reader that closes the
    pipe early (``battlemap sightlines ... | head``) ends it quietly.
    """
    with _quiet_broken_pipe(), escaped_streams():
        return _main(list(sys.argv[1:] if argv is None else argv))


@contextlib.contextmanager
def _quiet_broken_pipe() -> Iterator[None]:
    """Turn the reader closing our standard output into a quiet exit status 141 (as a shell
    reports a process ended by SIGPIPE), not a traceback."""
    try:
        yield
        sys.stdout.flush()  # inside: the last buffered lines may be the ones that find no reader
    except BrokenPipeError:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # the interpreter's last flush goes nowhere
        raise SystemExit(141) from None


def _main(args: list[str]) -> int:
    if args and args[0] in SUBCOMMANDS:
        return _run_subcommand(args[0], args[1:])
    parser = _gui_parser()
    options = parser.parse_args(args)
    file = options.file
    if options.demo is not None:
        try:
            file = str(demo_for(options.demo))
        except ValueError as error:
            parser.error(str(error))
    problem = no_display_problem(os.environ, sys.platform)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    gc.disable()  # no collection pauses (about 30 ms) before the map's first frame: run_app
    # turns the collector back on once that frame has painted
    from battlemap.desktop.gui.app import run_app  # imported late: headless commands never load Qt

    return run_app(file, camera_source=options.camera_source)


def no_display_problem(environ: Mapping[str, str], platform: str) -> str | None:
    """Why the window cannot open here, in one line with what to do instead; None when a
    display may be there (Windows and macOS always have one; elsewhere Qt needs X11 or
    Wayland, or a platform named in QT_QPA_PLATFORM). Checked before Qt starts: Qt's own
    answer is an abort (exit 134) with a misleading hint about libxcb-cursor0.

    >>> no_display_problem({"DISPLAY": ":0"}, "linux") is None
    True
    >>> no_display_problem({}, "linux").startswith("battlemap: no display found")
    True
    """
    if platform.startswith(("win", "darwin", "cygwin")):
        return None
    if any(environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")):
        return None
    return ("battlemap: no display found (DISPLAY and WAYLAND_DISPLAY are unset), so the window "
            "cannot open; render an image instead with `battlemap render FILE out.png`, or run "
            "the window with QT_QPA_PLATFORM=offscreen or under `xvfb-run battlemap`")


if __name__ == "__main__":
    sys.exit(main())
