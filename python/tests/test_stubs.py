"""The compiled core's type stubs (`volley/_volley.pyi`) against the
extension itself: every function the extension exports is stubbed, with the
same parameters in the same order, and the stubs name nothing it lacks."""

import ast
import inspect
from pathlib import Path

from volley import _volley

STUBS = Path(__file__).resolve().parent.parent / "volley" / "_volley.pyi"


def stubbed_functions():
    tree = ast.parse(STUBS.read_text())
    return {
        node.name: [a.arg for a in node.args.args]
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }


def exported_functions():
    return {
        name: list(inspect.signature(obj).parameters)
        for name, obj in vars(_volley).items()
        if callable(obj) and not isinstance(obj, type) and not name.startswith("_")
    }


def test_every_exported_function_is_stubbed_with_its_parameters():
    stubs, exported = stubbed_functions(), exported_functions()
    assert exported, "the extension exports functions"
    assert sorted(stubs) == sorted(exported)
    for name, parameters in exported.items():
        # PyO3 passes the interpreter itself, which Python never sees.
        parameters = [p for p in parameters if p != "py"]
        assert stubs[name] == parameters, name
