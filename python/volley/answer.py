"""An answer, as ``volley odds --format json`` gives it, with its tables as
polars DataFrames and an HTML view for notebooks."""

from __future__ import annotations

import copy
import html
from typing import Any, Optional

import polars as pl

from .documents import _Document


class Answer(_Document):
    """One answered question: ``to_dict()`` is ``volley odds ... --format
    json``, read like a dict."""

    @property
    def headline(self) -> Optional[str]:
        """The outcome stated first, as a sentence (``P(works) = 35.34%``)."""
        headline = self._data.get("headline")
        return headline["text"] if headline else None

    def probability(self, variable: str, value: Any) -> float:
        """P(variable = value); ``KeyError`` when the answer has no such outcome."""
        value = "true" if value is True else "false" if value is False else str(value)
        for row in self._data["outcomes"]:
            if row["variable"] == variable and row["value"] == value:
                return float(row["probability"])
        raise KeyError(f"no outcome {variable}={value}")

    @property
    def outcomes(self) -> pl.DataFrame:
        """variable, value, probability, ci_low, ci_high (the interval is the
        value itself when exact)."""
        return pl.DataFrame(
            self._data["outcomes"],
            schema={"variable": pl.Utf8, "value": pl.Utf8, "probability": pl.Float64,
                    "ci_low": pl.Float64, "ci_high": pl.Float64},
        )

    @property
    def means(self) -> pl.DataFrame:
        """variable, mean, ci_low, ci_high."""
        return pl.DataFrame(
            self._data["means"],
            schema={"variable": pl.Utf8, "mean": pl.Float64, "ci_low": pl.Float64,
                    "ci_high": pl.Float64},
        )

    @property
    def curves(self) -> pl.DataFrame:
        """Per-turn curves of an engagement: variable, turn, value, ci_low, ci_high."""
        return pl.DataFrame(
            self._data.get("curves", []),
            schema={"variable": pl.Utf8, "turn": pl.Int64, "value": pl.Float64,
                    "ci_low": pl.Float64, "ci_high": pl.Float64},
        )

    @property
    def readings(self) -> list[dict[str, Any]]:
        """The card's unsure readings the answer rests on, and what the others
        make of it."""
        return copy.deepcopy(self._data["readings"])

    def __repr__(self) -> str:
        method = "exact" if self.exact else f"Monte Carlo, {self._data['trials']} trials"
        return f"<volley {self._data['system']} {self._data['action']}: {self.headline} ({method})>"

    def _repr_html_(self) -> str:
        rows = []
        for row in self._data["outcomes"]:
            p = row["probability"]
            cell = f"{100 * p:.2f}%"
            if not self.exact:
                cell += f" [{100 * row['ci_low']:.2f}, {100 * row['ci_high']:.2f}]"
            rows.append(f"<tr><td>{html.escape(row['variable'])}</td>"
                        f"<td>{html.escape(row['value'])}</td><td>{cell}</td></tr>")
        title = html.escape(f"{self._data['system']} {self._data['action']}")
        head = html.escape(self.headline or "")
        method = "exact" if self.exact else f"Monte Carlo, {self._data['trials']:,} trials"
        return (f"<div><b>{title}</b>: {head} <i>({method})</i>"
                "<table><tr><th>variable</th><th>value</th><th>probability</th></tr>"
                + "".join(rows) + "</table></div>")


class Comparison(_Document):
    """A question against its variants. ``to_dict()`` is ``volley compare
    --format json``; ``differences`` every variant's paired differences."""

    @property
    def baseline(self) -> Answer:
        return Answer(copy.deepcopy(self._data["baseline"]))

    def variant(self, name: str) -> Answer:
        """One variant's own answer."""
        for v in self._data["variants"]:
            if v["name"] == name:
                return Answer(copy.deepcopy(v["result"]))
        raise KeyError(f"no variant {name}")

    @property
    def differences(self) -> pl.DataFrame:
        """variant, variable, value (null for a mean), difference, ci_low,
        ci_high, p_value (null when exact): each variant minus the baseline."""
        rows = [
            {"variant": v["name"], **d}
            for v in self._data["variants"]
            for d in v["differences"]
        ]
        return pl.DataFrame(
            rows,
            schema={"variant": pl.Utf8, "variable": pl.Utf8, "value": pl.Utf8,
                    "difference": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64,
                    "p_value": pl.Float64},
        )

    def __repr__(self) -> str:
        names = ", ".join(v["name"] for v in self._data["variants"])
        return f"<volley comparison {self._data['system']} {self._data['action']}: {names}>"
