"""Imports go downwards: a lower package never reaches up, not even from inside a function, and no
module imports itself back through others."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import nmt_cli

PACKAGE = Path(nmt_cli.__file__).parent


def imports_of(path: Path) -> set[str]:
    """The nmt_cli modules ``path`` imports anywhere in it (lazy imports included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("nmt_cli."):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("nmt_cli."))
    return found


def module_name(path: Path) -> str:
    return ".".join(("nmt_cli", *path.relative_to(PACKAGE).with_suffix("").parts))


GRAPH = {module_name(p): imports_of(p) for p in PACKAGE.rglob("*.py")}


@pytest.mark.parametrize(
    "lower, higher",
    [
        ("align", ("training", "inference", "cli")),
        ("search", ("training", "inference", "align", "cli")),
        ("buckets", ("training", "inference", "align", "search", "model", "cli")),
    ],
)
def test_a_lower_package_imports_nothing_above_it(lower, higher):
    for module, imported in GRAPH.items():
        if module == f"nmt_cli.{lower}" or module.startswith(f"nmt_cli.{lower}."):
            up = [m for m in imported if m.split(".")[1] in higher]
            assert not up, f"{module} imports {up}"


def test_no_module_imports_itself_back():
    def reaches(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for m in GRAPH.get(todo.pop(), ()):
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        return seen

    circles = [m for m in GRAPH if m in reaches(m)]
    assert not circles, f"import circles through {circles}"
