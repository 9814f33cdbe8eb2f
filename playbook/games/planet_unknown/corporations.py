"""The corporation registry: one line per corporation plug-in, in the order the engine has always merged them.

Why a module of its own: the base rules read only ``plugin.py``'s tables, so they import no corporation module;
this module, imported last by the package (``__init__.py``), is the one place that names them all. A new
corporation is its module (building a ``plugin.CorporationPlugin``), its ``data/corporations.toml`` entry, one
line here and its tests (``docs/engine_template.md``, "Adding a corporation").
"""

from __future__ import annotations

from . import cosmos, flux, horizon, jump_drive, makeshift, oasis, republic, wormhole
from .plugin import register, registered

register(republic.PLUGIN)
register(horizon.PLUGIN)
register(oasis.PLUGIN)
register(jump_drive.PLUGIN)
register(wormhole.PLUGIN)
register(flux.PLUGIN)
register(makeshift.PLUGIN)
register(cosmos.PLUGIN)

#: Every registered corporation plug-in by name (``plugin.registered``), re-exported by the package.
PLUGINS = registered()
