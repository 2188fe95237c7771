"""Experiments, solve and shards in Python against the command line: the
frame of `volley run`, the JSON of `volley solve`, and runs cut into shards
that merge back into the single run's answer or frame, bit for bit."""

import json
import os
import pickle
import subprocess
from pathlib import Path
from typing import Any

import polars as pl
import pytest

import volley

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(os.environ.get("VOLLEY_CLI", ROOT / "target" / "release" / "volley"))
needs_cli = pytest.mark.skipif(not CLI.exists(), reason="needs the release binary")


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(CLI), *args], cwd=cwd, check=True, capture_output=True, text=True)


@needs_cli
@pytest.mark.parametrize("name", ["mf_firefight", "ms_fire_table"])
def test_run_gives_the_frame_and_metadata_of_volley_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    # Variants paired exactly (a firefight), and a 65-point sweep.
    cli("run", f"experiments/{name}.toml", "--reports", str(tmp_path))
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    monkeypatch.chdir(ROOT)
    results = volley.run(f"experiments/{name}.toml")
    theirs = pl.read_parquet(folder / "results.parquet")
    assert results.frame.schema == theirs.schema
    assert results.frame.equals(theirs)
    meta = json.loads((folder / "meta.json").read_text())
    ours = results.meta
    # The figures are what `volley run` draws.
    assert {k for k in meta if meta[k] != ours.get(k)} == {"figures"}
    assert ours["headline"] == meta["headline"] and ours["readings"] == meta["readings"]
    # Written back out, the frame carries its metadata as results.parquet does.
    results.write_parquet(tmp_path / "again.parquet")
    assert pl.read_parquet(tmp_path / "again.parquet").equals(theirs)
    written = pl.read_parquet_metadata(tmp_path / "again.parquet")
    assert json.loads(written["volley"]) == ours


@needs_cli
def test_a_sweep_is_the_experiment_file_of_the_same_content(tmp_path: Path) -> None:
    rule = str(ROOT / "house_rules" / "woods_plus_6.toml")
    (tmp_path / "exp.toml").write_text(
        'name = "sweep"\nsystem = "micro-squad"\naction = "fire"\ntrials = 30000\nseed = 7\n'
        '[fields]\nterrain = "woods"\n[sweep]\ndie_mod = [-1, 0, 1]\n'
        f'[[variant]]\nname = "card"\nhouse_rules = []\n'
        f'[[variant]]\nname = "woods6"\nhouse_rules = [{json.dumps(rule)}]\n')
    cli("run", str(tmp_path / "exp.toml"), "--reports", str(tmp_path / "r"))
    ours = volley.sweep("micro-squad", "fire", sweep={"die_mod": range(-1, 2)},
                        fixed={"terrain": "woods"}, variants={"card": [], "woods6": rule},
                        trials=30_000, seed=7)
    assert ours.frame.equals(pl.read_parquet(tmp_path / "r" / "sweep" / "results.parquet"))
    woods6 = ours.frame.filter((pl.col("variant") == "woods6") & (pl.col("value") == "ok"))
    assert (woods6["difference"] > 0).all(), "woods +6 protects more, on the same dice"


def test_hand_computed_sweep() -> None:
    # The CRT at differential +2 gives E on 2D6 <= 3: 3/36; at +3, 2D6 <= 4: 6/36.
    frame = volley.sweep("micro-squad", "crt", sweep={"firepower": [6]}).frame
    e = frame.filter((pl.col("variable") == "result") & (pl.col("value") == "E"))
    assert e["estimate"].to_list() == pytest.approx([3 / 36], abs=1e-15)
    assert e["exact"].to_list() == [True]


@needs_cli
def test_solve_is_the_command_lines() -> None:
    ours = volley.solve("micro-force", "charge", vary="defender_stands",
                        target="P(works=yes) <= 0.5")
    theirs = json.loads(cli("solve", "micro-force", "charge", "--vary", "defender_stands",
                            "--target", "P(works=yes) <= 0.5", "--format", "json").stdout)
    assert ours.to_dict() == theirs
    assert ours.value == "2"
    assert ours.answers["value"].to_list()[:2] == ["1", "2"]
    assert ours.answers["meets"].to_list()[:2] == [False, True]
    # The advice names the keyword argument, not the command line's flag.
    with pytest.raises(volley.InputError, match=r"the one searched \(`vary=`\)") as raised:
        volley.solve("micro-force", "charge", vary="defender_stands", target="P(works=yes) <= 0.5",
                     defender_stands=3)
    assert "--" not in str(raised.value)


def test_shards_of_a_question_merge_into_its_answer_byte_for_byte() -> None:
    whole = volley.odds("micro-squad", "engagement", b_firepower=6, trials=300_000, seed=5)
    tallies = [volley.odds("micro-squad", "engagement", b_firepower=6, trials=300_000, seed=5,
                           shard=(k, 3)) for k in range(3)]
    # A tally travels: pickled to and from a worker.
    tallies = [pickle.loads(pickle.dumps(t)) for t in reversed(tallies)]
    assert volley.merge(tallies).to_dict() == whole.to_dict()
    with pytest.raises(volley.InputError, match="shards missing: 1/3"):
        volley.merge([tallies[0], tallies[2]])
    other = volley.odds("micro-squad", "engagement", trials=300_000, seed=6, shard=(1, 3))
    with pytest.raises(volley.InputError, match="different questions"):
        volley.merge([tallies[0], tallies[1], other])
    with pytest.raises(volley.InputError, match="needs trials"):
        volley.odds("micro-squad", "engagement", shard=(0, 2))


@needs_cli
def test_a_tally_is_the_file_volley_odds_saves(tmp_path: Path) -> None:
    ours = volley.odds("micro-squad", "engagement", trials=140_000, seed=2, shard=(1, 2))
    cli("odds", "micro-squad", "engagement", "--trials", "140000", "--seed", "2",
        "--shard", "1/2", "--save-tally", str(tmp_path / "t.json"))
    assert ours.to_dict() == json.loads((tmp_path / "t.json").read_text())


def test_slices_of_an_experiment_merge_into_its_frame() -> None:
    args: dict[str, Any] = dict(sweep={"a_firepower": [9, 11]}, fixed={"b_terrain": "woods"},
                                trials=150_000, seed=4)
    whole = volley.sweep("micro-squad", "engagement", **args)
    slices = [volley.sweep("micro-squad", "engagement", shard=(k, 4), **args) for k in range(4)]
    merged = volley.merge([pickle.loads(pickle.dumps(s)) for s in slices])
    assert merged.frame.equals(whole.frame)
    assert merged.meta == whole.meta


@needs_cli
def test_a_slice_from_python_merges_with_the_command_lines(tmp_path: Path) -> None:
    # The same slice whichever front end ran it.
    path = ROOT / "experiments" / "ms_fire_table.toml"
    ours = volley.run(path, shard=(0, 2))
    cli("run", str(path), "--reports", str(tmp_path), "--shard", "0/2")
    theirs = json.loads((tmp_path / "ms-fire-table" / "slices" / "0-of-2.json").read_text())
    assert ours.to_dict() == theirs


@needs_cli
def test_plan_is_the_command_lines() -> None:
    ours = volley.plan("deadly-field", "firefight", turns=2, check_trials=20_000)
    theirs = json.loads(cli("plan", "deadly-field", "firefight", "turns=2", "--check-trials",
                            "20000", "--format", "json").stdout)
    assert ours.to_dict() == theirs
    assert ours.best >= max(ours.fixed.values()) - 1e-12
    policy = ours.policy
    assert policy["reach"][0] == 1.0 and policy["turn"][0] == 1
    assert set(policy["choice"].unique()) <= {"fire", "reform", "charge"}
    with pytest.raises(volley.InputError, match="no choices to plan"):
        volley.plan("micro-squad", "fire")


@needs_cli
def test_a_plan_against_the_opponent_at_its_best_is_the_command_lines() -> None:
    ours = volley.plan("deadly-field", "firefight", turns=2, opponent="best", check_trials=0)
    theirs = json.loads(cli("plan", "deadly-field", "firefight", "turns=2", "--opponent", "best",
                            "--check-trials", "0", "--format", "json").stdout)
    assert ours.to_dict() == theirs
    assert set(ours.policy["side"].unique()) == {"a", "b"}
    usual = volley.plan("deadly-field", "firefight", turns=2, check_trials=0)
    assert ours.best <= usual.best + 1e-12
    with pytest.raises(volley.InputError, match="opponent"):
        volley.plan("deadly-field", "firefight", opponent="worst")
