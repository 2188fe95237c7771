"""The package's types held to its code: ``mypy --strict`` over the package
and these tests, and ``stubtest`` holding the compiled core's stubs
(``volley/_volley.pyi``) to the module itself: every function with the same
parameters, every constant, nothing the module lacks."""

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent


def mypy(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A mypy tool run by this interpreter (the one the package is installed in)."""
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=600)


def test_the_package_and_its_tests_type_check_strictly(tmp_path: Path) -> None:
    out = mypy("mypy", "--strict", "--cache-dir", str(tmp_path), "volley", "tests", cwd=PACKAGE)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_compiled_cores_stubs_are_the_module(tmp_path: Path) -> None:
    # From a folder without the package's sources, so that the installed
    # package (with its compiled module) is the one imported.
    out = mypy("mypy.stubtest", "volley._volley", "--mypy-config-file", "/dev/null",
               cwd=tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
