"""Hard limits on what a loaded file may contain, so a hostile file cannot exhaust the machine.

Every loader (encounter JSON, Universal VTT, images) checks these before it builds anything and
names the limit in its error message. They are generous for real maps: the largest real
Universal VTT export we have seen has 206 wall points and a 2560 x 2560 px image.

Examples
--------
>>> MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS, MAX_DECODED_PIXELS
(16384, 268435456, 100000000)
"""

from __future__ import annotations

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Largest encounter file read (64 MiB, embedded image included), and the most JSON parsed
from any file."""

MAX_UVTT_FILE_BYTES = 512 * 1024 * 1024
"""Largest Universal VTT or Foundry scene file read (512 MiB): its embedded image is decoded
as a stream into a file (:mod:`battlemap.desktop.core.uvtt_stream`), never held whole."""

MAX_UVTT_JSON_BYTES = MAX_FILE_BYTES
"""Most JSON outside the embedded image of a Universal VTT file (64 MiB), which is parsed
whole."""

MAX_IMAGE_FILE_BYTES = 384 * 1024 * 1024
"""Largest map or token image file read, or image decoded from a Universal VTT file
(384 MiB: what the base64 of a 512 MiB file decodes to at most); its pixel size is checked
separately."""

MAX_NESTING_DEPTH = 32
"""Deepest nesting of JSON arrays/objects anywhere in a file (stat blocks included)."""

MAX_COORDINATE = 100_000.0
"""Largest absolute coordinate, length or radius, in grid cells."""

MAX_TOKEN_SIZE = 50.0
"""Widest token, in cells: beyond the largest creature of any of the four systems (a Savage
Pathfinder Size 20 dragon is about 10 cells; a GURPS giant of SM +10, 30 hexes). A token of
100,000 cells took the render to 22 GB."""

MAX_LIGHT_RADIUS = 1_000.0
"""Farthest a light reaches, in cells."""

MAX_TOKENS = 5_000
MAX_WALLS = 50_000
MAX_REGIONS = 10_000
MAX_LIGHTS = 500
"""Most lights on a map: each is cast against the walls once (about 10 ms on this 2-core machine
under load), so 5,000 took `battlemap sightlines` 64 s; a torch-lit Dungeondraft dungeon has
dozens."""
MAX_LIGHT_WALL_PIECES = 5_000
"""Most wall pieces within the lights' reach, summed over the lights (a piece in the reach
box of three lights counts three times). Each glow is cut by the walls it reaches, about a
millisecond a piece on this 2-core machine under load: 10 lights over 1,000 walls (10,000
pieces) took the render 12 s of CPU, 500 lights over 2,000 walls (a million) minutes. A
torch-lit Dungeondraft dungeon has a few thousand."""
MAX_LOG_ENTRIES = 100_000
MAX_LOG_LINES = 500_000
"""Most lines in the whole log (each entry's title counts as one): the log dock shows them
all, and a file of 3 million lines would take the window to gigabytes."""

MAX_POINTS_PER_SHAPE = 50_000
"""Most points in one wall polyline or region polygon."""

MAX_TOTAL_POINTS = 500_000
"""Most points in all walls and regions together."""

MAX_FOG_SIDE = 4_096
"""Most fog squares along either side of a fog mask (a quarter cell each: 1,024 cells; a larger
map's fog covers its first 1,024 x 1,024 cells and hides the rest)."""

MAX_TEXT = 100_000
"""Longest name, id, note or other text field, in characters."""

MAX_ID = 200
"""Longest token, wall, region or light id, in characters."""

MAX_IMAGE_SIDE = 16_384
"""Widest or tallest image accepted, in pixels (read from the header, before decoding)."""

MAX_IMAGE_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE
"""Most pixels in an image (16,384 x 16,384 = 268 Mpx): larger ones are refused. Beyond
:data:`MAX_DECODED_PIXELS` only a PNG map is taken, decoded a strip at a time into a file
(:mod:`battlemap.desktop.gui.png_strips`), never whole."""

MAX_DECODED_PIXELS = 100_000_000
"""Most pixels in an image decoded whole (100 Mpx, 400 MB at 4 bytes a pixel): a JPEG or
WebP, or a PNG that cannot be decoded in strips (16-bit, a palette, interlaced), is refused
beyond it, with what to do (save it as an 8-bit RGB or RGBA PNG)."""

MAX_IMAGE_OFFSET = float(MAX_IMAGE_SIDE)
"""Farthest a scene's map image may be shifted from its grid, in image pixels, either way
(Foundry's ``background.offsetX``/``Y``): the widest image's width; beyond, no part of the
image would be on the map."""
