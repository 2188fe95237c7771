"""Experiments in Python: ``volley.run(path)`` answers an experiment file as
``volley run`` does, and ``volley.sweep(...)`` one written from its arguments;
each gives the results frame (the columns, types and metadata of
``results.parquet``). Both can be cut into shards (``shard=(k, n)``) whose
slices ``volley.merge`` puts back together, to the last bit."""

from __future__ import annotations

import copy
import json
import math
import os
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional, Sequence, Union, overload

import polars as pl

from . import _volley
from ._errors import named, sweep_arguments
from ._volley import InputError

#: Sweep points an experiment may have (``volley run --max-points``).
MAX_POINTS: int = _volley.MAX_POINTS

_DTYPES = {
    "text": pl.Utf8, "optional_text": pl.Utf8, "optional_int": pl.Int64,
    "float": pl.Float64, "optional_float": pl.Float64, "flag": pl.Boolean,
    "optional_flag": pl.Boolean, "optional_turn": pl.UInt32, "optional_count": pl.UInt64,
}


class Results:
    """An experiment's results: ``frame``, the tidy frame of ``results.parquet``
    (one row a figure: variant, the sweep columns, kind, variable, value, turn,
    estimate, ci_low, ci_high, exact, method, trials, and each variant's paired
    difference to the first), and ``meta``, what ``meta.json`` says of it (less
    the figures, which ``volley run`` draws)."""

    def __init__(self, data: dict[str, Any]):
        self._meta = data["meta"]
        columns = {}
        for column in data["columns"]:
            values = column["values"]
            # A figure of a condition that never happens is null in the
            # document (as in JSON, which has no NaN), and NaN again here, as
            # in the Parquet file.
            if column["dtype"] == "float":
                values = [math.nan if v is None else v for v in values]
            columns[column["name"]] = pl.Series(column["name"], values,
                                                dtype=_DTYPES[column["dtype"]])
        self.frame: pl.DataFrame = pl.DataFrame(list(columns.values()))

    @property
    def meta(self) -> dict[str, Any]:
        """The experiment, its method, seed, fixed fields, sweep, variants,
        headline, readings and what each column means."""
        return copy.deepcopy(self._meta)

    def write_parquet(self, path: Union[str, os.PathLike[str]]) -> None:
        """Write the frame as Parquet with its metadata under ``volley`` (as
        JSON), as ``results.parquet`` carries it."""
        text = json.dumps(self._meta, indent=2, sort_keys=True)
        self.frame.write_parquet(os.fspath(path), metadata={"volley": text})

    def __repr__(self) -> str:
        return (f"<volley results {self._meta['experiment']}: {self.frame.height} rows, "
                f"{self._meta['headline'] or 'no headline'}>")


class Slice:
    """One shard's slice of an experiment (picklable): the work of shard
    ``shard[0]`` of ``shard[1]``, for :func:`volley.merge`."""

    def __init__(self, experiment: "_Experiment", shard: tuple[int, int], data: dict[str, Any]):
        self.experiment = experiment
        self.shard = shard
        self._data = data

    def to_dict(self) -> dict[str, Any]:
        """The slice as ``volley run --shard K/N`` saves it."""
        return copy.deepcopy(self._data)

    @property
    def text(self) -> str:
        """The slice as JSON text (what ``volley merge`` reads)."""
        return json.dumps(self._data)

    def __repr__(self) -> str:
        return f"<volley slice {self.shard[0]}/{self.shard[1]} of {self.experiment.label}>"


class _Experiment:
    """An experiment's text, the label errors name it by, the folder its
    house-rule paths are read from, and (written by ``volley.sweep``) the
    keyword argument behind each line, by line number."""

    def __init__(self, label: str, text: str, folder: str,
                 arguments: Optional[Mapping[int, str]] = None):
        self.label = label
        self.text = text
        self.folder = folder
        self.arguments: Mapping[int, str] = arguments or {}

    def answer(self, max_points: int) -> Results:
        return Results(_volley.experiment(self.label, self.text, self.folder, max_points))

    def slice(self, shard: tuple[int, int], max_points: int) -> Slice:
        k, n = shard
        return Slice(self, (k, n), _volley.experiment_slice(
            self.label, self.text, self.folder, max_points, k, n))

    def merge(self, slices: Sequence[Slice], max_points: int) -> Results:
        return Results(_volley.experiment_merge(
            self.label, self.text, self.folder, max_points, [s._data for s in slices]))


def _file(path: Union[str, os.PathLike[str]]) -> _Experiment:
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as error:
        raise _volley.InputError(f"{path}: cannot read the experiment: {error.strerror}")
    return _Experiment(str(path), text, str(path.parent))


def _toml(value: Any) -> str:
    """A value as TOML writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(str(value))


def _written(system: str, action: str, sweep: Mapping[str, Any], fixed: Mapping[str, Any],
             variants: Optional[Mapping[str, Union[str, Iterable[str]]]], name: str,
             method: str, trials: Optional[int], precision: Optional[float], seed: int,
             confidence: float, budget: Optional[int]) -> _Experiment:
    """The experiment file ``volley.sweep``'s arguments make."""
    lines = [f"name = {_toml(name)}", f"system = {_toml(system)}",
             f"action = {_toml(action)}", f"seed = {seed}", f"confidence = {confidence!r}"]
    # Refused as a run refuses them, by the core.
    _volley.check_method(method, trials, precision)
    if method == "exact":
        lines.append("exact = true")
    if trials is not None:
        lines.append(f"trials = {int(trials)}")
    elif precision is not None:
        lines.append(f"precision = {float(precision)!r}")
    elif method == "monte-carlo":
        lines.append(f"trials = {_volley.AUTO_TRIALS}")
    if budget is not None:
        lines.append(f"budget = {int(budget)}")
    # Each line's keyword argument, by line number (from 1), for errors.
    arguments: dict[int, str] = {}
    lines.append("[fields]")
    for field, value in fixed.items():
        lines.append(f"{field} = {_toml(value)}")
        arguments[len(lines)] = f"fixed[{field!r}]"
    lines.append("[sweep]")
    for field, values in sweep.items():
        if isinstance(values, range):
            values = list(values)
        lines.append(f"{field} = {_toml(values)}")
        arguments[len(lines)] = f"sweep[{field!r}]"
    for variant, rules in (variants or {}).items():
        rules = [rules] if isinstance(rules, (str, os.PathLike)) else list(rules)
        lines += ["[[variant]]", f"name = {_toml(variant)}",
                  f"house_rules = {_toml([str(r) for r in rules])}"]
        arguments[len(lines)] = f"variants[{variant!r}]"
    return _Experiment("volley.sweep", "\n".join(lines) + "\n", os.getcwd(), arguments)


# The two shapes of `run` for type checkers: results, or a shard's slice.
@overload
def run(path: Union[str, os.PathLike[str]], *, max_points: int = ...,
        shard: None = ...) -> Results: ...
@overload
def run(path: Union[str, os.PathLike[str]], *, max_points: int = ...,
        shard: tuple[int, int]) -> Slice: ...
@named
def run(path: Union[str, os.PathLike[str]], *, max_points: int = MAX_POINTS,
        shard: Optional[tuple[int, int]] = None) -> Union[Results, Slice]:
    """Answer the experiment file at ``path`` as ``volley run`` does: its
    results frame and metadata (the figures and report are ``volley run``'s).
    With ``shard=(k, n)``, only shard ``k`` of ``n``: a :class:`Slice`."""
    experiment = _file(path)
    if shard is not None:
        return experiment.slice(shard, max_points)
    return experiment.answer(max_points)


# The two shapes of `sweep` for type checkers: results, or a shard's slice.
@overload
def sweep(system: str, action: str, *, sweep: Mapping[str, Any], fixed: Mapping[str, Any] = ...,
          variants: Optional[Mapping[str, Union[str, Iterable[str]]]] = ..., name: str = ...,
          method: str = ..., trials: Optional[int] = ..., precision: Optional[float] = ...,
          seed: int = ..., confidence: float = ..., budget: Optional[int] = ...,
          max_points: int = ..., shard: None = ...) -> Results: ...
@overload
def sweep(system: str, action: str, *, sweep: Mapping[str, Any], fixed: Mapping[str, Any] = ...,
          variants: Optional[Mapping[str, Union[str, Iterable[str]]]] = ..., name: str = ...,
          method: str = ..., trials: Optional[int] = ..., precision: Optional[float] = ...,
          seed: int = ..., confidence: float = ..., budget: Optional[int] = ...,
          max_points: int = ..., shard: tuple[int, int]) -> Slice: ...
@named
def sweep(system: str, action: str, *, sweep: Mapping[str, Any],
          fixed: Mapping[str, Any] = {},
          variants: Optional[Mapping[str, Union[str, Iterable[str]]]] = None,
          name: str = "sweep", method: str = "auto", trials: Optional[int] = None,
          precision: Optional[float] = None, seed: int = _volley.DEFAULT_SEED,
          confidence: float = _volley.DEFAULT_CONFIDENCE,
          budget: Optional[int] = None, max_points: int = MAX_POINTS,
          shard: Optional[tuple[int, int]] = None) -> Union[Results, Slice]:
    """Answer ``action`` of ``system`` at every point of ``sweep`` (each field
    mapped to its values: a list, or a ``range``), with the ``fixed`` fields,
    under each of ``variants`` (a name mapped to its house-rule files; the
    first is the one the others are compared with, on the same dice): the
    results frame an experiment file of the same content gives. With
    ``shard=(k, n)``, only shard ``k`` of ``n``: a :class:`Slice`."""
    experiment = _written(system, action, sweep, fixed, variants, name, method, trials,
                          precision, seed, confidence, budget)
    try:
        if shard is not None:
            return experiment.slice(shard, max_points)
        return experiment.answer(max_points)
    except InputError as error:
        raise InputError(sweep_arguments(str(error), experiment.arguments)) from None
