"""The corporation registry: one line per corporation plug-in, in the order the engine has always merged them.

Why a module of its own: the base rules read only ``plugin.py``'s tables, so they import no corporation module;
this module, imported last by the package (``__init__.py``), is the one place that names them all. A new
corporation is its module (building a ``plugin.CorporationPlugin``), its ``data/corporations.toml`` entry, one
line here and its tests (``docs/engine_template.md``, "Adding a corporation").
"""

from __future__ import annotations

from . import cosmos, flux, jump_drive, makeshift, powers, wormhole
from .plugin import register, registered

register(powers.REPUBLIC)
register(powers.HORIZON)
register(powers.OASIS)
register(jump_drive.PLUGIN)
register(wormhole.PLUGIN)
register(flux.PLUGIN)
register(makeshift.PLUGIN)
register(cosmos.PLUGIN)

#: Every registered corporation plug-in by name (``plugin.registered``), re-exported by the package.
PLUGINS = registered()
