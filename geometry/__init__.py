"""Measures the battlefield: pure, typed shapely 2 + numpy. No Qt, no game rules.

Build a :class:`battlemap.geometry.index.Battlefield` once per map snapshot from the input types of
:mod:`battlemap.geometry.shapes`, then ask it questions; ``docs/geometry.md`` explains every model.

- :mod:`battlemap.geometry.survey` -- everything about one attack in one call (the attack pipeline's
  entry);
- :mod:`battlemap.geometry.cover` -- the 2.5D cover fraction and category, for one target or all at
  once;
- :mod:`battlemap.geometry.threat_view` -- the all-at-once cover on a worker thread, off the GUI
  thread;
- :mod:`battlemap.geometry.measure`, :mod:`battlemap.geometry.grid` -- distances, edge gaps, range
  bands, cells;
- :mod:`battlemap.geometry.line_of_fire` -- obstacles to shoot through, innocent bystanders;
- :mod:`battlemap.geometry.templates`, :mod:`battlemap.geometry.deviation` -- area templates and
  missed blasts;
- :mod:`battlemap.geometry.adjacency`, :mod:`battlemap.geometry.facing`,
  :mod:`battlemap.geometry.zones`, :mod:`battlemap.geometry.movement`,
  :mod:`battlemap.geometry.illumination` -- the rest of the table's questions;
- :mod:`battlemap.geometry.testing`, :mod:`battlemap.geometry.naive` -- the oracle and the naive
  baselines.

Examples
--------
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Body, Occluder
>>> from battlemap.geometry.survey import survey
>>> field = Battlefield.build(
...     bodies=[Body("archer", 0.5, 0.5), Body("orc", 8.5, 0.5)],
...     occluders=[Occluder("post", 6.0, 0.5, 6.0, 2.0)],
... )
>>> report = survey(field, "archer", "orc", weapon_ranges=(12, 24, 48))
>>> report.range_band.value, report.cover.value, report.cover_fraction
('short', 'medium', 0.5)
"""
