"""The house holds (docs/architecture.md): solver/'s top level stays small, no modules import each
other in a circle, the kernels below import nothing from above, a kernel's name becomes its module
in one place, and no code outside the engine registry picks an engine by comparing its name."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOST_TOP_LEVEL_MODULES = 12


def modules() -> dict[str, Path]:
    """Every module of cli.py, solver/ and kernels/ by its dotted name."""
    found = {"cli": ROOT / "cli.py"}
    for folder in ("solver", "kernels"):
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(known: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's imports of the others, at the top or inside a function alike: `from a import b`
    names module a.b where there is one, else a."""
    graph = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges |= {alias.name for alias in node.names if alias.name in known}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join([*package.split(".")[:len(package.split(".")) - node.level + 1], base]).strip(".")
                for alias in node.names:
                    target = f"{base}.{alias.name}"
                    edges.add(target if target in known else base)
        graph[name] = {target for target in edges if target in known and target != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_solver_top_level_is_small():
    """solver/ holds its roles in folders; at most 12 modules stand at its top level."""
    top = sorted(path.name for path in (ROOT / "solver").glob("*.py"))
    assert len(top) <= MOST_TOP_LEVEL_MODULES, top


def test_no_circle_of_imports():
    """No modules of cli.py, solver/ and kernels/ import each other, directly or around a circle."""
    assert circles(imports(modules())) == []


def test_the_circle_check_finds_a_circle():
    """The check itself sees a circle of three and one of two."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert sorted(circles(graph)) == [["a", "b", "c"], ["d", "e"]]


def test_kernels_import_nothing_from_solver():
    """The ground floor stands alone: nothing under kernels/ imports solver (or cli)."""
    graph = imports(modules())
    upward = {(name, target) for name, targets in graph.items() if name.startswith("kernels")
              for target in targets if not target.startswith("kernels")}
    assert not upward, sorted(upward)


def calls(name: str) -> set[str]:
    """The files of cli.py, solver/ and kernels/ that call the function `name`."""
    found = set()
    for path in modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == name:
                found.add(path.relative_to(ROOT).as_posix())
    return found


def test_kernel_module_is_called_in_one_place():
    """A kernel's name becomes its module in kernels/__init__.py alone; the rest holds a Kernel."""
    assert calls("kernel_module") == {"kernels/__init__.py"}


def test_no_engine_is_picked_by_its_name_outside_the_registry():
    """No `spec.name == "..."` (or !=, in) outside solver/engines/: commands ask the engine's record."""
    picked = set()
    for path in modules().values():
        if path.is_relative_to(ROOT / "solver" / "engines"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) and node.left.attr == "name"
                    and isinstance(node.left.value, ast.Name) and node.left.value.id == "spec"):
                picked.add(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not picked, sorted(picked)
