"""The Python package against the command line it stands beside: the same
answers, byte for byte once parsed, the same errors, and hand-computed odds."""

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import polars as pl
import pytest

import volley

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(os.environ.get("VOLLEY_CLI", ROOT / "target" / "release" / "volley"))


def cli_json(*args: str) -> Any:
    """`volley ARGS --format json`, read."""
    out = subprocess.run([str(CLI), *args, "--format", "json"], cwd=ROOT,
                         check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def every_action() -> list[tuple[str, str]]:
    return [(s, a) for s in volley.systems() for a in volley.actions(s)]


def test_the_systems_are_the_command_lines() -> None:
    assert volley.systems() == [
        "micro-force", "micro-squad", "micro-armour", "hex-acw", "stand-and-die", "deadly-field",
    ]
    assert "charge" in volley.actions("micro-force")


@pytest.mark.skipif(not CLI.exists(), reason="needs the release binary (cargo build --release)")
@pytest.mark.parametrize("system,action", every_action())
def test_every_actions_default_answer_is_the_command_lines_json(system: str, action: str) -> None:
    assert volley.odds(system, action).to_dict() == cli_json("odds", system, action)


@pytest.mark.skipif(not CLI.exists(), reason="needs the release binary (cargo build --release)")
def test_fields_methods_and_house_rules_mean_what_the_flags_mean() -> None:
    ours = volley.odds("micro-squad", "engagement", a_stands=2, b_stands=2, trials=20_000, seed=3)
    theirs = cli_json("odds", "micro-squad", "engagement", "a_stands=2", "b_stands=2",
                      "--trials", "20000", "--seed", "3")
    assert ours.to_dict() == theirs
    assert not ours.exact
    rule = str(ROOT / "house_rules" / "woods_plus_6.toml")
    ours = volley.odds("micro-squad", "fire", terrain="woods", house_rules=[rule])
    theirs = cli_json("odds", "micro-squad", "fire", "terrain=woods", "--house-rule", rule)
    assert ours.to_dict() == theirs


def test_hand_computed_odds() -> None:
    # The CRT's +2 column (firepower 6 against defense 4): E on 2D6 <= 3, 3/36.
    answer = volley.odds("micro-squad", "crt")
    assert answer.exact
    assert answer.probability("result", "E") == pytest.approx(3 / 36, abs=1e-15)
    # A Deadly Field check at MMP 7 passes on 2D6 >= 7: 21/36.
    check = volley.odds("deadly-field", "morale-check", mmp=7)
    assert check.probability("passed", "yes") == pytest.approx(21 / 36, abs=1e-15)
    assert check.headline == "P(passed) = 58.33%"


def test_a_rule_that_changes_a_roll_holds_in_python_as_on_the_command_line() -> None:
    # Green regiments check against an MMP one higher: 2D6 >= 8, 15/36.
    rule = str(ROOT / "house_rules" / "adf_green_nerves.toml")
    check = volley.odds("deadly-field", "morale-check", mmp=7, quality="green", house_rules=[rule])
    assert check.probability("passed", "yes") == pytest.approx(15 / 36, abs=1e-15)
    compared = volley.compare("deadly-field", "morale-check", mmp=7, quality="green",
                              variants={"nerves": rule})
    assert compared["variants"][0]["differences"][0]["difference"] == pytest.approx(-6 / 36)
    # A scripted rule: a failed check at MMP 7 (15/36) is taken again on 4+ of 1D6.
    rule = str(ROOT / "house_rules" / "adf_colonel_rally.toml")
    check = volley.odds("deadly-field", "morale-check", mmp=7, house_rules=[rule])
    failed = 15 / 36 * (1 / 2 + 1 / 2 * 15 / 36)
    assert check.probability("passed", "yes") == pytest.approx(1 - failed, abs=1e-15)


def test_tables_are_dataframes() -> None:
    answer = volley.odds("micro-squad", "engagement", a_stands=2, b_stands=2)
    outcomes = answer.outcomes
    assert outcomes.columns == ["variable", "value", "probability", "ci_low", "ci_high"]
    winner = outcomes.filter(outcomes["variable"] == "winner")
    assert winner["probability"].sum() == pytest.approx(1.0, abs=1e-12)
    assert answer.curves.height > 0 and "turns" in answer.means["variable"].to_list()
    assert "<table>" in answer._repr_html_()


def test_bad_input_is_an_input_error_naming_the_keyword_argument() -> None:
    with pytest.raises(volley.InputError) as raised:
        volley.odds("micro-squad", "fire", firepower=99)
    assert isinstance(raised.value, ValueError)
    assert str(raised.value) == (
        "volley.odds(): argument `firepower`: 99 is out of range (allowed: 0 to 60)")
    with pytest.raises(volley.InputError, match="unknown system `nope`"):
        volley.odds("nope", "fire")
    with pytest.raises(volley.InputError, match="did you mean `defense`"):
        volley.odds("micro-squad", "fire", defence=5)
    # A run's refusal names the keyword arguments, not the command line's flags.
    with pytest.raises(volley.InputError,
                       match=r'^volley\.odds\(\): method="exact": .*\(or raise budget\)$'):
        volley.odds("micro-squad", "engagement", a_stands=10, b_stands=10, method="exact")
    with pytest.raises(volley.InputError, match="not a method"):
        volley.odds("micro-squad", "fire", method="guess")
    # A sweep's error names the keyword argument that set the value, not a
    # line of the experiment file the sweep writes.
    with pytest.raises(volley.InputError) as raised:
        volley.sweep("micro-squad", "fire", sweep={"firepower": [1, 99]})
    assert str(raised.value) == (
        "volley.sweep(): sweep['firepower']: 99 is out of range (allowed: 0 to 60)")
    with pytest.raises(volley.InputError, match=r"^volley\.sweep\(\): fixed\['range'\]: 999 "):
        volley.sweep("micro-squad", "fire", sweep={"firepower": [1, 2]}, fixed={"range": 999})


def test_fields_list_what_help_lists() -> None:
    names = [f["name"] for f in volley.fields("micro-squad", "fire")]
    assert names[:3] == ["firepower", "defense", "cohesion"]
    firepower = volley.fields("micro-squad", "fire")[0]
    assert firepower["default"] == "6" and firepower["help"]


def test_ctrl_c_stops_a_long_run() -> None:
    # A billion trials, interrupted after a second: the run lets go within a block.
    script = (
        "import os, signal, threading, time, volley\n"
        "threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
        "started = time.monotonic()\n"
        "try:\n"
        "    volley.odds('micro-squad', 'engagement', trials=10**9)\n"
        "except KeyboardInterrupt:\n"
        "    print('stopped after', time.monotonic() - started)\n"
    )
    import sys
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, cwd=ROOT / "python" / "tests")
    assert out.stdout.startswith("stopped after"), out.stdout + out.stderr
    assert float(out.stdout.split()[-1]) < 30


@pytest.mark.skipif(not CLI.exists(), reason="needs the release binary (cargo build --release)")
def test_a_comparison_is_the_command_lines() -> None:
    rule = str(ROOT / "house_rules" / "woods_plus_6.toml")
    ours = volley.compare("micro-squad", "engagement", b_terrain="woods", a_firepower=11,
                          variants={"woods6": rule, "inline": "terrain.woods.personnel=6"})
    theirs = cli_json("compare", "micro-squad", "engagement", "b_terrain=woods", "a_firepower=11",
                      "--variant", f"woods6:{rule}", "--variant", "inline:terrain.woods.personnel=6")
    assert ours.to_dict() == theirs
    assert ours.exact
    a_wins = ours.differences.filter((pl.col("variant") == "woods6") & (pl.col("value") == "a"))
    assert a_wins["difference"][0] < -0.3
    # Monte Carlo on the same seed.
    ours = volley.compare("micro-squad", "fire", variants={"d": "die_mod=1"}, trials=5000, seed=2)
    theirs = cli_json("compare", "micro-squad", "fire", "--variant", "d:die_mod=1",
                      "--trials", "5000", "--seed", "2")
    assert ours.to_dict() == theirs and not ours.exact
    # A variant that changes nothing says where it would.
    spec = "ff2av:" + str(ROOT / "house_rules" / "mf_first_fire_av.toml")
    ours = volley.compare("micro-force", "firefight", variants=[spec])
    assert ours.to_dict() == cli_json("compare", "micro-force", "firefight", "--variant", spec)
    assert ours.to_dict()["variants"][0]["differs_at"][0].startswith("a_av_per_stand=")


@pytest.mark.skipif(not CLI.exists(), reason="needs the release binary (cargo build --release)")
def test_effects_are_the_command_lines() -> None:
    found = volley.effects("deadly-field", "charge")
    assert found.to_dict() == cli_json("effects", "deadly-field", "charge")
    assert found.table.height == len(found["effects"])
    assert found.table["difference"].to_list() == [e["difference"] for e in found["effects"]]
    ours = volley.effects("micro-squad", "fire", only=["die_mod", "terrain"], show="result=D",
                          trials=4000, seed=5)
    theirs = cli_json("effects", "micro-squad", "fire", "--only", "die_mod", "--only", "terrain",
                      "--show", "result=D", "--trials", "4000", "--seed", "5")
    assert ours.to_dict() == theirs
    with pytest.raises(volley.InputError, match="has no field `nope`"):
        volley.effects("micro-squad", "fire", only=["nope"])


def test_a_wrong_type_names_the_keyword_argument() -> None:
    # Read by the core from the request the package builds, named as
    # Python's own errors name an argument, never the dict that carried it.
    with pytest.raises(TypeError,
                       match=r"^argument 'trials': 'float' object cannot be interpreted"):
        volley.odds("micro-squad", "fire", trials=2.5)  # type: ignore[call-overload]
    with pytest.raises(OverflowError, match=r"^argument 'seed': "):
        volley.odds("micro-squad", "fire", seed=-1)
    with pytest.raises(TypeError, match=r"^argument 'system': "):
        volley.odds(3, "fire")  # type: ignore[call-overload]
