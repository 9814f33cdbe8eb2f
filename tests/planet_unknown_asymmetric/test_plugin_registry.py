"""The plug-in registries keep their promises (issue 23, point 2; ``docs/engine_template.md``, "Adding a
corporation"): only ``corporations.py`` names a corporation module and only ``planet_registry.py`` a planet module,
no module of the package imports inside a function (the cycles those imports dodged are gone), and every shipped
corporation but Universal Coalition is a registered plug-in whose own rules ``rules_of`` finds by its data key."""

from __future__ import annotations

import ast
from pathlib import Path

import playbook.games.planet_unknown as pu
from playbook.games.planet_unknown.planet_plugin import registered_planets
from playbook.games.planet_unknown.plugin import STANDARD, registered, rules_of
from playbook.games.planet_unknown.variants import corporation_entry, corporation_keys

PACKAGE = Path(pu.__file__).parent
#: The eight corporations besides Universal Coalition, each a module of its own.
SHIPPED = ("cosmos", "flux", "horizon", "jump_drive", "makeshift", "oasis", "republic", "wormhole")
#: The package's modules, by name.
MODULES = {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.glob("*.py"))}
#: The planets with rules of their own, each a module of its own.
PLANETS = ("arashi", "cerberus", "gaia", "k273", "kaax", "pajitnov", "persephone", "petra", "tartarus")


def _plugin_modules(kind: str) -> set[str]:
    """The modules that build a plug-in of ``kind`` (``PLUGIN = CorporationPlugin(...)`` or ``PlanetPlugin``)."""
    return {
        name
        for name, tree in MODULES.items()
        for node in tree.body
        if isinstance(node, ast.Assign)
        and ast.unparse(node.targets[0]) == "PLUGIN"
        and isinstance(node.value, ast.Call)
        and ast.unparse(node.value.func) == kind
    }


CORPORATION_MODULES = _plugin_modules("CorporationPlugin")
PLANET_MODULES = _plugin_modules("PlanetPlugin")
#: Imports inside functions that stay, and why: ``components.Rules`` (the data layer every module imports) reads
#: ``variants``, ``tuning`` and ``card_data``, which are built on ``components``; pandas is an optional dependency.
KEPT_INNER_IMPORTS = {
    "components": {"variants", "tuning", "card_data"},
    "kpis": {"pandas"},
}


def _imported(node: ast.AST) -> set[str]:
    """The package modules (or top-level packages) one import statement names."""
    if isinstance(node, ast.ImportFrom):
        if node.level == 1 and node.module is None:
            return {alias.name for alias in node.names}
        if node.level == 1 and node.module:
            return {node.module.split(".")[0]}
        prefix = "playbook.games.planet_unknown."
        if node.module and node.module.startswith(prefix):
            return {node.module[len(prefix) :].split(".")[0]}
        if node.module == "playbook.games.planet_unknown":
            return {alias.name for alias in node.names}
        return {(node.module or "").split(".")[0]}
    if isinstance(node, ast.Import):
        return {alias.name.split(".")[0] for alias in node.names}
    return set()


def _inner_imports(tree: ast.Module) -> set[str]:
    """What the module imports inside function bodies (``if TYPE_CHECKING:`` blocks are at module level)."""
    found: set[str] = set()
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(function):
                found |= _imported(node)
    return found


def test_the_plug_in_modules_are_the_registered_plug_ins() -> None:
    assert set(registered()) == CORPORATION_MODULES == set(SHIPPED)
    assert set(registered_planets()) == PLANET_MODULES == set(PLANETS)


def _importers(modules: set[str]) -> dict[str, list[str]]:
    found: dict[str, set[str]] = {}
    for name, tree in MODULES.items():
        for node in ast.walk(tree):
            if _imported(node) & modules:
                found.setdefault(name, set()).update(_imported(node) & modules)
    return {name: sorted(names) for name, names in found.items()}


def test_only_the_registries_import_a_plug_in_module() -> None:
    """The base rules call the corporations' and planets' hooks through ``plugin.py``'s and ``planet_plugin.py``'s
    tables: a ninth corporation or a new planet touches no base module. A plug-in may use another's code only
    through the same tables."""
    assert _importers(CORPORATION_MODULES) == {"corporations": list(SHIPPED)}
    assert _importers(PLANET_MODULES) == {"planet_registry": list(PLANETS)}


def test_the_views_words_import_no_corporation_module() -> None:
    words = Path(pu.__file__).parents[2] / "widgets" / "planet_unknown" / "words.py"
    imported = {name for node in ast.walk(ast.parse(words.read_text(encoding="utf-8"))) for name in _imported(node)}
    assert not imported & (CORPORATION_MODULES | PLANET_MODULES)


def test_no_module_imports_inside_a_function_but_the_data_layer() -> None:
    found = {name: _inner_imports(tree) for name, tree in MODULES.items() if _inner_imports(tree)}
    assert found == KEPT_INNER_IMPORTS


def test_rules_of_finds_each_corporation_by_its_data_key() -> None:
    for key in corporation_keys():
        assert rules_of(corporation_entry(key)) is registered()[key]
    assert rules_of(pu.Rules.standard().corporation(0)) is STANDARD
    assert all(getattr(STANDARD, name) is None for name in ("advance", "medals", "lifepod_collected", "read_entry"))
