"""Writes the photographs of printed base-marker sheets in this folder (see SOURCES.md).

Run from the repository's root: ``python tests/data/camera/make_photos.py``. Seeded: the same
OpenCV gives the same files.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from battlemap.desktop.camera.markers import BASE_IDS
from battlemap.desktop.camera.synthetic import printed_photo

HERE = Path(__file__).parent
SIZES = ((1280, 720), (1920, 1080))


def main() -> None:
    rng = np.random.default_rng(0)
    truth = {}
    for i in range(6):
        photo = printed_photo(rng, BASE_IDS, size=SIZES[i % 2], fill=rng.uniform(0.75, 0.95))
        name = f"sheet-{i}.jpg"
        (HERE / name).write_bytes(photo.jpeg)
        truth[name] = {str(m): list(p) for m, p in photo.truth.items()}
    (HERE / "truth.json").write_text(json.dumps(truth, indent=1) + "\n")


if __name__ == "__main__":
    main()
