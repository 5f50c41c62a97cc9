"""The package's shape, as a newcomer reads it from the imports: floors that import only
downwards, no import circle, and modules and functions of a size one can read.

The floors, top to bottom (a room may import from its own folder and from any floor below
its own, never from beside or above; every import counts, also one inside a function or under
``TYPE_CHECKING``: a lazy import hides a circle, it does not remove it):
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "nmt_cli"

FLOORS = [
    {"__main__"},
    {"cli"},
    {"documents"},
    {"training", "inference"},
    {"formats"},  # files of translation units: read by training, scoring and documents
    {"model", "search", "align", "evaluation", "markup"},
    {"settings", "output", "hardware", "buckets", "length_penalty", "protect"},
    {"textio"},
    {"errors", "vocab", "__init__"},  # __init__: the package's face, __version__
]
__doc__ += "\n".join(f"    {k}. {', '.join(sorted(floor))}" for k, floor in enumerate(FLOORS))

MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
MAX_CLI_LINES = 920  # 900, and app._run: click's own usage errors in one line, as ours
MIN_REPEATED_LINES = 6
MAX_LOOSE_MODULES = 8  # modules at the top of nmt_cli/, besides __init__ and __main__
MAX_INFERENCE_PARAMETERS = 8  # a function or constructor of inference/ (self and cls not counted)


def _modules() -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path) -> set[str]:
    """The package's modules that ``name`` imports, anywhere in its file."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = name.split(".")[: len(name.split(".")) - node.level + is_package]
                base = ".".join(parent + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # a module imported
    return {m for m in found if m == "nmt_cli" or m.startswith("nmt_cli.")}


def _import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {
        name: {m for m in _imports(name, path) if m in modules and m != name}
        for name, path in modules.items()
    }


def _room(module: str) -> str:
    """nmt_cli.training.run -> training; nmt_cli.vocab -> vocab; nmt_cli -> __init__."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _floor(room: str) -> int:
    for k, floor in enumerate(FLOORS):
        if room in floor:
            return k
    raise AssertionError(f"nmt_cli/{room} has no floor: add it to FLOORS in {__file__}")


def test_every_import_goes_down_a_floor():
    upwards = []
    for module, imported in _import_graph().items():
        room = _room(module)
        for target in imported:
            other = _room(target)
            if other != room and _floor(other) <= _floor(room):
                upwards.append(f"{module} -> {target}")
    assert not upwards, "imports from beside or above: " + ", ".join(sorted(upwards))


def test_no_import_circle_between_modules():
    graph = _import_graph()
    # the package __init__ files re-export their modules: an arrow into a package is an arrow
    # into the modules it names, so only edges between plain modules are followed
    circles = [c for c in _strongly_connected(graph) if len(c) > 1]
    assert not circles, "import circles: " + "; ".join(" <-> ".join(sorted(c)) for c in circles)


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, iterative."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[set[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                out.append(component)
    return out


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("module", sorted(_modules()))
def test_a_module_is_at_most_400_lines(module):
    assert _lines(_modules()[module]) <= MAX_MODULE_LINES


def test_a_function_is_at_most_60_lines():
    long = []
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                start = min([node.lineno] + [d.lineno for d in node.decorator_list])
                if node.end_lineno - start + 1 > MAX_FUNCTION_LINES:
                    long.append(f"{name}.{node.name} ({node.end_lineno - start + 1})")
    assert not long, "functions over 60 lines: " + ", ".join(long)


def _packages() -> list[Path]:
    return sorted(p.parent for p in PACKAGE.glob("*/__init__.py"))


@pytest.mark.parametrize("package", [p.name for p in _packages()])
def test_every_package_says_what_it_holds_in_its_docstring_and_the_readme(package):
    init = PACKAGE / package / "__init__.py"
    assert ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))), f"{init}: no docstring"
    readme = (PACKAGE.parent / "README.md").read_text(encoding="utf-8")
    design = readme[readme.index("## Design") :]
    assert f"**`nmt_cli/{package}/`**" in design, f"README's Design: no paragraph on {package}/"


def test_at_most_8_modules_stand_loose_at_the_top_of_the_package():
    loose = sorted(p.stem for p in PACKAGE.glob("*.py") if not p.stem.startswith("__"))
    assert len(loose) <= MAX_LOOSE_MODULES, f"loose modules: {', '.join(loose)}"


def test_no_function_of_inference_takes_more_than_8_parameters():
    """Settings travel as typed option objects (inference/options.py), not as long lists."""
    many = []
    for name, path in _modules().items():
        if _room(name) != "inference":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = node.args
                names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
                names += [x.arg for x in (a.vararg, a.kwarg) if x is not None]
                count = len([n for n in names if n not in ("self", "cls")])
                if count > MAX_INFERENCE_PARAMETERS:
                    many.append(f"{name}.{node.name} ({count})")
    assert not many, "functions over 8 parameters: " + ", ".join(many)


def test_the_command_line_layer_is_at_most_920_lines():
    total = sum(_lines(p) for p in (PACKAGE / "cli").glob("*.py"))
    assert total <= MAX_CLI_LINES, f"nmt_cli/cli/ has {total} lines"


_PASSED_OVER = re.compile(r"^(#.*|[()\[\]{},:;]*|(from \S+ )?import .*|\"\"\"|@\w+.*)$")


def test_no_block_of_six_lines_is_written_twice():
    """Six or more consecutive lines of code (white space folded; blank lines, comments,
    imports, lone brackets and decorators passed over) that stand in two places."""
    seen: dict[tuple[str, ...], str] = {}
    repeated = defaultdict(set)
    for name, path in _modules().items():
        code = []
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = " ".join(raw.split())
            if line and not _PASSED_OVER.match(line):
                code.append((number, line))
        for k in range(len(code) - MIN_REPEATED_LINES + 1):
            run = tuple(line for _, line in code[k : k + MIN_REPEATED_LINES])
            place = f"{name}:{code[k][0]}"
            first = seen.setdefault(run, place)
            if first != place and not _same_run(first, place):
                repeated[first].add(place)
    assert not repeated, "repeated blocks: " + "; ".join(
        f"{a} ~ {', '.join(sorted(b))}" for a, b in sorted(repeated.items())
    )


def _same_run(a: str, b: str) -> bool:
    """Two windows of one file that overlap are one run seen twice (a run of one line
    repeated six times inside a single block)."""
    (ma, la), (mb, lb) = a.rsplit(":", 1), b.rsplit(":", 1)
    return ma == mb and abs(int(la) - int(lb)) < MIN_REPEATED_LINES
