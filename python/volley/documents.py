"""A command's JSON document in Python (``to_dict()``, and read like a
dict), the ground of every answer's class; here the answers of ``volley
effects`` and ``volley solve``, each with its table as a polars DataFrame."""

from __future__ import annotations

import copy
from typing import Any, Iterator, KeysView, Optional

import polars as pl


class _Document:
    """A command's JSON document, read like a dict."""

    def __init__(self, data: dict[str, Any]):
        self._data = data

    def to_dict(self) -> dict[str, Any]:
        """The document as the command's ``--format json`` prints it."""
        return copy.deepcopy(self._data)

    def __getitem__(self, key: str) -> Any:
        return copy.deepcopy(self._data[key])

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def keys(self) -> KeysView[str]:  # noqa: D102 - as a dict's
        return self._data.keys()

    @property
    def exact(self) -> bool:
        """Every figure exact (else each carries its interval)."""
        return bool(self._data.get("method") == "exact")


class Effects(_Document):
    """What each field is worth: ``volley effects ... --format json``."""

    @property
    def table(self) -> pl.DataFrame:
        """One row a step, largest change first: field, from, to, probability
        (the headline's, or the shown outcome's, after the step), difference,
        ci_low, ci_high, p_value (null when exact), mean_difference."""
        return pl.DataFrame(
            self._data["effects"],
            schema={"field": pl.Utf8, "from": pl.Utf8, "to": pl.Utf8,
                    "probability": pl.Float64, "difference": pl.Float64,
                    "ci_low": pl.Float64, "ci_high": pl.Float64, "p_value": pl.Float64,
                    "mean_difference": pl.Float64},
        )

    def __repr__(self) -> str:
        return (f"<volley effects {self._data['system']} {self._data['action']}: "
                f"{len(self._data['effects'])} steps>")


class Solved(_Document):
    """The value of a field that meets a target: ``volley solve ... --format json``."""

    @property
    def value(self) -> Optional[str]:
        """The value found (``None`` when no value tried meets the target)."""
        value: Optional[str] = self._data["value"]
        return value

    @property
    def answers(self) -> pl.DataFrame:
        """One row a value tried, in the field's order: value, probability
        (or mean), ci_low, ci_high, meets, decided, exact."""
        return pl.DataFrame(
            [{k: row.get(k) for k in ("value", "probability", "mean", "ci_low", "ci_high",
                                      "meets", "decided", "exact")}
             for row in self._data["answers"]],
            schema={"value": pl.Utf8, "probability": pl.Float64, "mean": pl.Float64,
                    "ci_low": pl.Float64, "ci_high": pl.Float64, "meets": pl.Boolean,
                    "decided": pl.Boolean, "exact": pl.Boolean},
        )

    def __repr__(self) -> str:
        return (f"<volley solve {self._data['system']} {self._data['action']}: "
                f"{self._data['field']} = {self.value} for {self._data['target']}>")


class Plan(_Document):
    """Best play: ``volley plan ... --format json``."""

    @property
    def best(self) -> float:
        """The goal's value under best play (exact)."""
        return float(self._data["best"]["value"])

    @property
    def fixed(self) -> dict[str, float]:
        """Each fixed policy's value, by name (``always fire``, ...)."""
        return {f["name"]: f["value"] for f in self._data["fixed"]}

    @property
    def policy(self) -> pl.DataFrame:
        """One row a decision state best play reaches: turn, side (who
        chooses there: the decider, or the opponent at its best), the state's
        axes, reach, one ``value_CHOICE`` column a choice (null where not
        open), choice and gain."""
        choices = list(self._data["choices"])
        choices += [c for c in self._data["opponent_choices"] if c not in choices]
        rows = []
        for r in self._data["policy"]:
            row = {"turn": r["turn"], "side": r["side"], **r["state"], "reach": r["reach"]}
            for c in choices:
                row[f"value_{c}"] = r["values"].get(c)
            row.update(choice=r["choice"], gain=r["gain"])
            rows.append(row)
        return pl.DataFrame(rows, infer_schema_length=None)

    def __repr__(self) -> str:
        return (f"<volley plan {self._data['system']} {self._data['action']}: "
                f"{self._data['goal']} = {self.best:.6g} under best play>")
