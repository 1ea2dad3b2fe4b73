"""The map scene: one QGraphicsScene per audience (GM or players) mirroring the battle state.

The scene listens to :attr:`BattleState.changed` and updates only what changed: tokens are
diffed by id, walls by tile, regions by id, glows by their light and its walls in reach; the
grid and background are rebuilt only when the map itself changes. A player scene never holds
GM-only things (hidden tokens, notes, selection).

Items sit in :class:`Layer` z-bands, so later overlays (line of fire, attack previews,
animations) add their own items with :meth:`MapScene.add_overlay` without touching this module.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from enum import IntEnum, StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Signal
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsScene, QWidget

from battlemap.desktop.core.edits import faced_on_grid
from battlemap.desktop.core.fog import PartySight, shown_to_players, tracker_for
from battlemap.desktop.core.images import ImageError
from battlemap.desktop.core.model import Encounter, HarmShown, Light, Region, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.table_pipeline import acting_tokens
from battlemap.desktop.gui.background_item import BackgroundItem
from battlemap.desktop.gui.fog_item import FogItem
from battlemap.desktop.gui.grid_item import GridItem
from battlemap.desktop.gui.label_layout import LabelMemo, place_labels
from battlemap.desktop.gui.map_image import shared_map_image
from battlemap.desktop.gui.marks_item import MapMarksItem, marks_on_map
from battlemap.desktop.gui.region_item import RegionItem
from battlemap.desktop.gui.style import CELL, MAP_FILL
from battlemap.desktop.gui.token_image import request_token_image
from battlemap.desktop.gui.token_item import (
    NO_MARKS,
    Marks,
    TokenItem,
    TokenStyle,
    marks_of,
    without_harm,
)
from battlemap.desktop.gui.wall_items import TileKey, WallBatchItem, group_by_tile

if TYPE_CHECKING:
    from battlemap.desktop.gui.light_item import LightItem, WallPieces

HIDDEN_OPACITY = 0.45
"""How a hidden token looks to the GM: translucent."""


class Audience(StrEnum):
    GM = "gm"
    PLAYER = "player"


class Layer(IntEnum):
    """z-values of the scene's bands, bottom to top."""

    MAP = 0
    GRID = 10
    REGIONS = 20
    LIGHTS = 25
    WALLS = 30
    TOKENS = 40
    LABELS = 45
    """Token name tags: above every token disc, so no neighbour covers a name."""
    TOOL = 50
    EFFECTS = 60
    FOG = 65
    """The fog covers attack animations too: an unseen archer's arrow comes out of the dark."""
    PLAYER_LABELS = 67
    """Name tags on the player view: above the fog (only the tokens the heroes see have one),
    so a name reaching past the edge of their sight is not cut."""
    HUD = 70


def token_marks(encounter: Encounter) -> dict[str, Marks]:
    """Every token's badges, harm and down state (none if a stat block is unreadable); worked
    out once per snapshot (both windows ask at every step of a drag)."""
    last = _MARKS[0]
    if last is not None and last[0] is encounter:
        return last[1]
    try:
        marks = marks_of(encounter)
    except ValueError:
        marks = {}
    _MARKS[0] = (encounter, marks)
    return marks


def acting(encounter: Encounter) -> frozenset[str]:
    """Ids of the tokens whose turn it is (none if the state is unreadable), once a snapshot."""
    last = _ACTING[0]
    if last is not None and last[0] is encounter:
        return last[1]
    try:
        ids = frozenset(acting_tokens(encounter))
    except ValueError:
        ids = frozenset()
    _ACTING[0] = (encounter, ids)
    return ids


_MARKS: list[tuple[Encounter, dict[str, Marks]] | None] = [None]
_ACTING: list[tuple[Encounter, frozenset[str]] | None] = [None]
"""The last snapshot each was asked about and its answer (snapshots never change)."""


def tokens_drawn(item: QGraphicsItem, encounter: Encounter, for_players: bool) -> dict[str, Token]:
    """The tokens an overlay ``item`` may point at: every token for the GM; for players, those
    its scene draws (none hidden, none the heroes cannot see)."""
    scene = item.scene()
    if not for_players:
        return {t.id: t for t in encounter.tokens}
    if isinstance(scene, MapScene):
        return {t.id: t for t in encounter.tokens if scene.token_item(t.id) is not None}
    return {t.id: t for t in encounter.tokens if not t.hidden}


class MapScene(QGraphicsScene):
    """The scene of one audience, kept in step with ``state``."""

    image_refused = Signal(str)
    """A token image that cannot be shown, in words naming the token and the file (once a
    file; also kept in :attr:`image_problems`, for what was said before anyone listened)."""

    def __init__(
        self, state: BattleState, audience: Audience = Audience.GM, base_dir: Path | None = None
    ) -> None:
        super().__init__()
        # No BSP index: tokens, rulers and animations move at every frame, and a query of the
        # BSP index by area (label_layout.covered_near) crashed in Qt's tree walk after a run
        # of random edits (the GUI soak); a linear scan of the few hundred items is cheap.
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.state, self.audience, self.base_dir = state, audience, base_dir
        self.background_error: str | None = None
        self._map_items: list[QGraphicsItem] = []
        self._tokens: dict[str, TokenItem] = {}
        self._held: dict[str, Marks] = {}
        """Marks an animation keeps showing until its beat (:meth:`hold_marks`)."""
        self._walls: dict[TileKey, WallBatchItem] = {}
        self._turned = False
        """Whether the scene's view is turned a quarter (:meth:`set_turned`)."""
        self._regions: dict[str, RegionItem] = {}
        self._lights: list[LightItem] = []
        self._wall_pieces: WallPieces | None = None
        self._images: dict[str, QImage | None] = {}
        self.image_problems: list[str] = []
        self._shown = Encounter(tokens=(), width=0, height=0)
        self._tokens_synced: tuple[Encounter, frozenset[str]] | None = None
        """The snapshot and tokens the token items were last brought in line with."""
        self._lights_moved: Encounter | None = None
        """What the glows were last brought in line with during a drag (the shown snapshot
        itself while no light is dragged)."""
        self._faced: tuple[object, dict[int, tuple[Token, Token]]] = (None, {})
        """Each token shown last as :func:`faced_on_grid` gave it on the grid then (by token)."""
        self._labels = LabelMemo()
        """Where the tags were placed last (a drop or a drag step looks again only near what
        changed)."""
        self.marks = MapMarksItem()
        self.marks.setZValue(Layer.LABELS - 1)
        self.addItem(self.marks)
        self.token_style = TokenStyle()
        self.fog_item = FogItem(audience.value)
        self.fog_item.setZValue(Layer.FOG)
        self.addItem(self.fog_item)
        self.peek = False
        """Show the players everything for now (the GM's button), fog or not."""
        self._tracker = tracker_for(state)
        self.sight: PartySight | None = None
        self.sync(state.encounter)
        state.changed.connect(self._on_state_change)
        self._tracker.moving_changed.connect(self._on_moving)

    def detach(self) -> None:
        """Stop following the state (call before dropping the scene)."""
        self.state.changed.disconnect(self._on_state_change)
        self._tracker.moving_changed.disconnect(self._on_moving)

    def set_peek(self, on: bool) -> None:
        """Show the players everything (``on``) or their fogged view again."""
        self.peek = on
        self._sync_sight(self._shown)

    def set_turned(self, turned: bool) -> None:
        """The scene's view turned a quarter (90 or 270 degrees) or not: the wall tiles keep
        their own device cache there (:mod:`~battlemap.desktop.gui.turned_cache`)."""
        self._turned = turned
        for item in self._walls.values():
            item.set_turned(turned)

    def add_overlay(self, item: QGraphicsItem, layer: Layer = Layer.EFFECTS) -> QGraphicsItem:
        """Add an overlay item (attack preview, animation) in ``layer``'s z-band."""
        item.setZValue(item.zValue() + layer)
        self.addItem(item)
        return item

    def set_token_style(self, style: TokenStyle) -> None:
        """Draw every token with ``style`` (the table's label size, ring only)."""
        self.token_style = style
        for item in self._tokens.values():
            item.set_style(style)
        self._place_labels()

    def token_items(self) -> list[TokenItem]:
        return list(self._tokens.values())

    def token_item(self, token_id: str) -> TokenItem | None:
        return self._tokens.get(token_id)

    def background_size(self) -> tuple[int, int] | None:
        """The map image's size in pixels, if one is shown."""
        for item in self._map_items:
            if isinstance(item, BackgroundItem):
                rect = item.boundingRect()
                return (round(rect.width()), round(rect.height()))
        return None

    def map_rect(self) -> QRectF:
        """The map rectangle in scene pixels."""
        return QRectF(0, 0, self._shown.width * CELL, self._shown.height * CELL)

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        self.sync(new)

    def sync(self, new: Encounter) -> None:
        """Bring the items in line with ``new``, touching only what differs from the last."""
        old, self._shown = self._shown, new
        if (old.width, old.height, old.grid, old.background) != (
            new.width, new.height, new.grid, new.background
        ):
            self._rebuild_map(new)
        if old.walls != new.walls:
            self._sync_walls(new)
        if old.regions != new.regions:
            self._sync_regions(new.regions)
        if (old.lights, old.walls) != (new.lights, new.walls):
            self._sync_lights(new)
        marked = (old.combat, old.tokens, old.regions, old.system) != (
            new.combat, new.tokens, new.regions, new.system
        ) and self.marks.show_marks(marks_on_map(new, self.audience is Audience.PLAYER),
                                    self.map_rect())
        if self._sync_sight(new) or old.walls != new.walls or marked:
            self._place_labels()  # a token, a wall or a grapple's label moved: tags move too

    def _on_moving(self) -> None:
        """A drag moved: glows follow a dragged light, the fog a dragged hero or light."""
        lit = self._tracker.lit(self._shown)
        if not (lit is self._shown and self._lights_moved is self._shown):  # (a token drag's
            self._sync_lights(lit)  # steps leave the glows as the shown snapshot has them)
        self._lights_moved = lit
        if self._sync_sight(self._shown):
            self._place_labels()

    def _sync_sight(self, encounter: Encounter) -> bool:
        """Work out what the heroes see (fog and vision on), then the tokens and the fog;
        whether any token item changed."""
        fog = encounter.fog
        seeing = fog.enabled and fog.vision
        self.sight = self._tracker.sight(encounter, acting(encounter)) if seeing else None
        changed = self._sync_tokens(encounter)
        self.fog_item.show_fog(encounter, self.sight)
        self.fog_item.setVisible(fog.enabled and not self.peek)
        return changed

    def _rebuild_map(self, encounter: Encounter) -> None:
        for item in self._map_items:
            self.removeItem(item)
        fill = QGraphicsRectItem(0, 0, encounter.width * CELL, encounter.height * CELL)
        fill.setBrush(MAP_FILL)
        fill.setPen(fill.pen().color().darker())
        self._map_items = [fill, *self._background_items(encounter)]
        columns, rows = round(encounter.width), round(encounter.height)
        self._map_items.append(GridItem(encounter.grid.kind, columns, rows))
        for item in self._map_items:
            item.setZValue(Layer.GRID if isinstance(item, GridItem) else Layer.MAP)
            self.addItem(item)
        margin = 2 * CELL
        self.setSceneRect(self.map_rect().adjusted(-margin, -margin, margin, margin))

    def _background_items(self, encounter: Encounter) -> list[QGraphicsItem]:
        self.background_error = None
        if encounter.background is None:
            return []
        try:
            image = shared_map_image(encounter.background, self.base_dir)
        except ImageError as error:
            self.background_error = str(error)
            return []
        return [BackgroundItem(encounter.background, image)]

    def _sync_walls(self, encounter: Encounter) -> None:
        groups = group_by_tile(encounter.walls)
        for key in [k for k in self._walls if k not in groups]:
            self.removeItem(self._walls.pop(key))
        for key, walls in groups.items():
            current = self._walls.get(key)
            if current is not None and current.walls == walls:
                continue
            if current is not None:
                self.removeItem(current)
            item = WallBatchItem(walls, self._turned)
            item.setZValue(Layer.WALLS)
            self.addItem(item)
            self._walls[key] = item

    def keep_at_rest(self, viewport: QWidget) -> bool:
        """The view whose viewport is ``viewport`` rests: one piece of what the items keep for
        it made now (the fog's layer, then each region's outline), so its next paints copy it.
        Whether there was one (call again, after the events waiting, for the next)."""
        if self.fog_item.fill_at_rest(viewport):
            return True
        return any(item.keep_at_rest() for item in self._regions.values())

    def _sync_regions(self, regions: tuple[Region, ...]) -> None:
        wanted = {r.id: r for r in regions}
        for rid in list(self._regions):
            item = self._regions[rid]
            if wanted.get(rid) != item.region:
                self.removeItem(self._regions.pop(rid))
        for region in regions:
            if region.id not in self._regions:
                item = RegionItem(region)
                item.setZValue(Layer.REGIONS)
                self.addItem(item)
                self._regions[region.id] = item

    def _sync_lights(self, encounter: Encounter) -> None:
        """Bring the glows in line: a light keeps its item while it and its walls in reach
        stay the same; only the others are rebuilt, each clipped by the walls it reaches."""
        if not (encounter.lights or self._lights):
            return  # nothing lit, nothing to take away
        spare: dict[Light, list[LightItem]] = defaultdict(list)
        for item in self._lights:
            spare[item.light].append(item)
        reaches = self._light_pieces().walls_in_reach(encounter.lights, encounter.walls)
        self._lights = [
            self._light_item(spare[light], light, walls)
            for light, walls in zip(encounter.lights, reaches, strict=True)
        ]
        for item in itertools.chain.from_iterable(spare.values()):
            self.removeItem(item)
        for order, item in enumerate(self._lights):
            item.setZValue(Layer.LIGHTS + order / 10000)

    def _light_pieces(self) -> WallPieces:
        """The walls as light sees them, made for the first light (numpy and geometry: a map
        without lights starts without them)."""
        if self._wall_pieces is None:
            from battlemap.desktop.gui.light_item import WallPieces

            self._wall_pieces = WallPieces()
        return self._wall_pieces

    def _light_item(
        self, spare: list[LightItem], light: Light, walls: tuple[Wall, ...]
    ) -> LightItem:
        """An item of ``spare`` (taken out of it) cut by the same ``walls``, or a new item."""
        from battlemap.desktop.gui.light_item import LightItem

        for item in spare:
            if item.walls == walls:
                spare.remove(item)
                return item
        item = LightItem(light, self._light_pieces().lit_rings(light, walls), walls)
        self.addItem(item)
        return item

    def _sync_tokens(self, encounter: Encounter) -> bool:
        """Bring the token items in line (those this audience sees); whether any was added,
        removed or changed."""
        shown = self._shown_ids(encounter)
        before = self._tokens_synced
        if before is not None and before[0] is encounter and before[1] == shown:
            return False  # a drag step: the same snapshot, the same tokens shown
        self._tokens_synced = (encounter, shown)
        # a drag step that shows other tokens of the same snapshot: those shown before are
        # as that snapshot has them (their items were brought in line with it)
        kept = before[1] if before is not None and before[0] is encounter else frozenset()
        # the facing mark shows the facing the rules measure (a hex side on hexes); each is
        # stacked by its place among all the tokens, so a token coming into the players'
        # sight restacks (and repaints) no other
        kind, faced = encounter.grid.kind, self._faced
        if faced[0] is not kind:
            faced = self._faced = (kind, {})
        known, faced_now = faced[1], {}
        visible, wanted = [], set()
        for order, t in enumerate(encounter.tokens):
            if t.id not in shown:
                continue
            wanted.add(t.id)
            found = known.get(id(t))  # the same token faced the same way as last time
            if found is None or found[0] is not t:
                found = (t, faced_on_grid(t, kind))
            faced_now[id(t)] = found
            if not (t.id in kept and t.id in self._tokens):
                visible.append((order, found[1]))
        self._faced = (kind, faced_now)
        gone_ids = [tid for tid in self._tokens if tid not in wanted]
        for tid in gone_ids:
            gone = self._tokens.pop(tid)
            self.removeItem(gone.label)
            self.removeItem(gone)
        if not visible:
            return bool(gone_ids)
        marks, acting_ids = token_marks(encounter), acting(encounter)
        changed = [  # out of the fight (down): no turn halo
            self._sync_token(token, marks.get(token.id, NO_MARKS), token.id in acting_ids
                             and not marks.get(token.id, NO_MARKS).down, order)
            for order, token in visible]
        return bool(gone_ids) or any(changed)

    def _place_labels(self) -> None:
        place_labels(list(self._tokens.values()), self._shown.walls, self.map_rect(),
                     self.marks.label_boxes(), self._labels)

    def hold_marks(self, token_id: str, marks: Marks) -> None:
        """Show ``marks`` on the token (as it was before an attack) until
        :meth:`release_marks`, whatever the encounter says meanwhile."""
        self._held[token_id] = marks
        item = self._tokens.get(token_id)
        if item is not None:
            item.set_token(item.token, item.image, self.shown_marks(item.token, marks),
                           item.acting)

    def release_marks(self, token_id: str) -> None:
        """The token shows its own marks again (its animation beat has come)."""
        if self._held.pop(token_id, None) is None:
            return
        item = self._tokens.get(token_id)
        if item is not None:
            own = token_marks(self._shown).get(token_id, NO_MARKS)
            item.set_token(item.token, item.image, self.shown_marks(item.token, own),
                           item.acting)

    def shown_marks(self, token: Token, marks: Marks) -> Marks:
        """``marks`` as this audience sees them: players without a foe's exact harm."""
        if self.audience is Audience.PLAYER and token.shows_harm is not HarmShown.ALWAYS:
            return without_harm(marks)
        return marks

    def pointer_at(self, x: float, y: float) -> None:
        """The pointer rests at ``(x, y)`` cells: the token there, if its harm shows on hover,
        shows it; every other one hides it again."""
        for item in self._tokens.values():
            if item.hover_marks is not None or item.pointer_over:
                token = item.token
                item.set_pointer_over((x - token.x) ** 2 + (y - token.y) ** 2
                                      <= token.radius ** 2)

    def _sync_token(self, token: Token, marks: Marks, is_acting: bool, order: int) -> bool:
        """Show ``token``; whether its item is new or changed. Players see its exact harm
        only as the GM lets them (:attr:`~battlemap.desktop.core.model.Token.shows_harm`)."""
        marks = self._held.get(token.id, marks)  # an animation has not shown the new ones yet
        full, marks = marks, self.shown_marks(token, marks)
        item = self._tokens.get(token.id)
        changed = item is None or (item.token, item.marks, item.acting) != (
            token, marks, is_acting)
        if item is None:
            item = TokenItem(token, self._image(token), marks, is_acting, self.token_style)
            self.addItem(item)
            self.addItem(item.label)
            self._tokens[token.id] = item
        elif changed:
            item.set_token(token, self._image(token), marks, is_acting)
        hover = full if marks != full and token.shows_harm is HarmShown.HOVER else None
        if hover != item.hover_marks:
            item.show_on_hover(hover)
        labels = Layer.LABELS if self.audience is Audience.GM else Layer.PLAYER_LABELS
        opacity = HIDDEN_OPACITY if token.hidden else 1.0
        if (item.zValue(), item.label.zValue(), item.opacity()) != (
                Layer.TOKENS + order / 10000, labels + order / 10000, opacity):
            item.setZValue(Layer.TOKENS + order / 10000)  # each set asks itemChange (Python)
            item.label.setZValue(labels + order / 10000)
            item.setOpacity(opacity)
        return changed

    def _shown_ids(self, encounter: Encounter) -> frozenset[str]:
        """The tokens this audience sees: all for the GM, the players' share for players."""
        if self.audience is Audience.GM:
            return frozenset(t.id for t in encounter.tokens)
        if self.peek:
            return frozenset(t.id for t in encounter.tokens if not t.hidden)
        return shown_to_players(encounter, self.sight)

    def _image(self, token: Token) -> QImage | None:
        """``token``'s image, read once a file; one that cannot be shown is said. A picture
        over 4096 px is decoded in the thread pool: the disc shows until it comes
        (:meth:`_image_came`)."""
        path = token.image
        if path is None:
            return None
        if path not in self._images:
            now = request_token_image(path, self.base_dir, self._image_came)
            self._images[path], problem = now or (None, "")
            self._say_image_problem(token.name, problem)
        return self._images[path]

    def _image_came(self, path: str, image: QImage | None, problem: str) -> None:
        """The image at ``path`` decoded in the pool: the tokens showing it get it."""
        self._images[path] = image
        items = [item for item in self._tokens.values() if item.token.image == path]
        named = next((t.name for t in self.state.encounter.tokens if t.image == path), path)
        self._say_image_problem(named, problem)
        for item in items:
            item.set_token(item.token, image, item.marks, item.acting)

    def _say_image_problem(self, name: str, problem: str) -> None:
        if problem:
            words = f"{name}'s image is not shown ({problem}); the token shows its disc"
            self.image_problems.append(words)
            self.image_refused.emit(words)
