"""Measures the battlefield: pure, typed shapely 2 + numpy. No Qt, no game rules.

Build a :class:`geometry.index.Battlefield` once per map snapshot from the input types of
:mod:`geometry.shapes`, then ask it questions; ``docs/geometry.md`` explains every model.

- :mod:`geometry.survey` -- everything about one attack in one call (the attack pipeline's entry);
- :mod:`geometry.cover` -- the 2.5D cover fraction and category, for one target or all at once;
- :mod:`geometry.threat_view` -- the all-at-once cover on a worker thread, off the GUI thread;
- :mod:`geometry.measure`, :mod:`geometry.grid` -- distances, edge gaps, range bands, cells;
- :mod:`geometry.line_of_fire` -- obstacles to shoot through, innocent bystanders;
- :mod:`geometry.templates`, :mod:`geometry.deviation` -- area templates and missed blasts;
- :mod:`geometry.adjacency`, :mod:`geometry.facing`, :mod:`geometry.zones`,
  :mod:`geometry.movement`, :mod:`geometry.illumination` -- the rest of the table's questions;
- :mod:`geometry.testing`, :mod:`geometry.naive` -- the oracle and the naive baselines.

Examples
--------
>>> from geometry.index import Battlefield
>>> from geometry.shapes import Body, Occluder
>>> from geometry.survey import survey
>>> field = Battlefield.build(
...     bodies=[Body("archer", 0.5, 0.5), Body("orc", 8.5, 0.5)],
...     occluders=[Occluder("post", 6.0, 0.5, 6.0, 2.0)],
... )
>>> report = survey(field, "archer", "orc", weapon_ranges=(12, 24, 48))
>>> report.range_band.value, report.cover.value, report.cover_fraction
('short', 'medium', 0.5)
"""
