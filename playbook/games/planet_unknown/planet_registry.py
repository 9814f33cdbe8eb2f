"""The planet registry: one line per planet plug-in (``planet_plugin.py``).

Why a module of its own: the base rules read only ``planet_plugin.py``'s tables, so they import no planet module;
this module, imported last by the package (``__init__.py``), is the one place that names them all. A new planet is
its ``data/planets.toml`` entry, its module (building a ``planet_plugin.PlanetPlugin``) when it has a rule of its
own, one line here and its tests; a planet whose differences are only data (Charybdis's first squares, Lacuna's
holes, Oblivion's void and medals) needs no module.
"""

from __future__ import annotations

from . import arashi, cerberus, gaia, k273, kaax, pajitnov, persephone, petra, tartarus
from .planet_plugin import register_planet, registered_planets

register_planet(arashi.PLUGIN)
register_planet(cerberus.PLUGIN)
register_planet(gaia.PLUGIN)
register_planet(k273.PLUGIN)
register_planet(kaax.PLUGIN)
register_planet(pajitnov.PLUGIN)
register_planet(persephone.PLUGIN)
register_planet(petra.PLUGIN)
register_planet(tartarus.PLUGIN)

#: Every registered planet plug-in by name (``planet_plugin.registered_planets``), re-exported by the package.
PLANET_PLUGINS = registered_planets()
