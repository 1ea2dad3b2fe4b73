"""Keeping an encounter's image files where its file may read them: in its own folder.

An encounter opened from a file shows only images inside that file's folder (or below it),
so a shared encounter cannot put any file of the GM's disk on the players' screen
(:func:`battlemap.desktop.core.images.image_file`). When the GM picks an image elsewhere (relinking
a map, a token picture from another folder) and saves, :func:`gather_images` copies it into the
encounter's folder, never replacing a file already there, so the saved encounter finds it.

Examples
--------
>>> import tempfile, struct
>>> from battlemap.desktop.core.model import Background, Encounter
>>> png = b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR" + struct.pack(">II", 4, 4)
>>> pictures, folder = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
>>> (pictures / "cave.png").write_bytes(png)
24
>>> encounter = Encounter(background=Background(path=str(pictures / "cave.png")))
>>> gathered, copied = gather_images(encounter, folder)
>>> Path(gathered.background.path) == folder / "cave.png", copied
(True, ('cave.png',))
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from battlemap.desktop.core.atomic import atomic_write_bytes, same_file
from battlemap.desktop.core.images import ImageError, image_file, read_image_file
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.reading import read_regular_file


def inside(path: str | Path, folder: Path) -> bool:
    """True if the image ``path`` may be shown by an encounter saved in ``folder``.

    Examples
    --------
    >>> inside("/maps/cave.png", Path("/maps")), inside("/etc/cave.png", Path("/maps"))
    (True, False)
    """
    try:
        image_file(path, folder)
    except ImageError:
        return False
    return True


def copy_into(path: str | Path, folder: Path) -> Path:
    """The image ``path`` if it is inside ``folder``, else a copy of it made there (named like
    it, or ``NAME-2.png``... when another file has the name). ``ImageError`` if unreadable.

    Examples
    --------
    >>> import tempfile, struct
    >>> png = b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR" + struct.pack(">II", 2, 2)
    >>> elsewhere, folder = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
    >>> _ = (elsewhere / "orc.png").write_bytes(png), (folder / "orc.png").write_text("mine")
    >>> copy_into(elsewhere / "orc.png", folder).name, (folder / "orc.png").read_text()
    ('orc-2.png', 'mine')
    """
    if inside(path, folder):
        return Path(path)
    source = Path(path)
    data = read_image_file(source)
    target, number = folder / source.name, 1
    while target.exists() and not same_file(target, source):
        if _holds(target, data):
            return target
        number += 1
        target = folder / f"{source.stem}-{number}{source.suffix}"
    atomic_write_bytes(target, data)
    return target


def _holds(file: Path, data: bytes) -> bool:
    """True if ``file`` is a regular file holding exactly ``data`` (read no further)."""
    try:
        return read_regular_file(file, len(data)) == data
    except OSError:
        return False


def image_paths(encounter: Encounter) -> frozenset[str]:
    """Every image path ``encounter`` names (map and tokens).

    Examples
    --------
    >>> from battlemap.desktop.core.model import Background, Token
    >>> sorted(image_paths(Encounter(background=Background(path="/m/cave.png"),
    ...                              tokens=(Token("a", "A", 0, 0, image="/m/orc.png"),))))
    ['/m/cave.png', '/m/orc.png']
    """
    background = encounter.background
    paths = {background.path} if background is not None and background.path else set()
    return frozenset(paths | {t.image for t in encounter.tokens if t.image})


def gather_images(
    encounter: Encounter, folder: Path, refused: frozenset[str] = frozenset()
) -> tuple[Encounter, tuple[str, ...]]:
    """``encounter`` with each map or token image outside ``folder`` copied into it, and the
    names of the copies. An image that cannot be read is left as it is, and so is one of the
    ``refused`` paths: those outside its folder the encounter named when it was opened from a
    file, which were not shown and must not be copied in by a save."""
    copied: list[str] = []

    def gathered(path: str | None) -> str | None:
        if path is None or path in refused or inside(path, folder):
            return path
        try:
            copy = copy_into(path, folder)
        except (ImageError, OSError):
            return path
        copied.append(copy.name)
        return str(copy.resolve())

    background = encounter.background
    if background is not None and background.path:
        background = replace(background, path=gathered(background.path))
    tokens = tuple(replace(t, image=gathered(t.image)) for t in encounter.tokens)
    return replace(encounter, background=background, tokens=tokens), tuple(dict.fromkeys(copied))


def without_refused_inside(
    encounter: Encounter, folder: Path, refused: frozenset[str]
) -> tuple[Encounter, tuple[str, ...]]:
    """``encounter`` to save into ``folder``, without the ``refused`` images that would lie
    inside it, and their names.

    An image refused when the encounter was opened (``../outside/secret.png``) is kept by path
    so that it stays refused; saved into a parent folder, that path would become
    ``outside/secret.png``, inside the new folder, and the next open would show it on the
    player view. Such an image is left out of the file instead (a map image takes the
    background with it) and the GM is told; the encounter in the window keeps it.

    Examples
    --------
    >>> from battlemap.desktop.core.model import Token
    >>> enc = Encounter(tokens=(Token("g", "Goblin", 1, 1, image="/x/outside/secret.png"),))
    >>> refused = frozenset({"/x/outside/secret.png"})
    >>> saved, dropped = without_refused_inside(enc, Path("/x"), refused)
    >>> saved.tokens[0].image, dropped
    (None, ('/x/outside/secret.png',))
    >>> without_refused_inside(enc, Path("/x/shared"), refused)[1]
    ()
    """
    exposed = {path for path in refused if inside(path, folder)}
    if not exposed:
        return encounter, ()
    background = encounter.background
    if background is not None and background.path in exposed:
        background = None
    tokens = tuple(replace(t, image=None) if t.image in exposed else t for t in encounter.tokens)
    shown = sorted({os.path.normpath(path) for path in exposed})
    return replace(encounter, background=background, tokens=tokens), tuple(shown)
