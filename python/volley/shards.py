"""One question split into shards: ``volley.odds(..., trials=N, shard=(k,
n))`` plays only the blocks of trials of shard ``k`` and gives its
:class:`Tally`, which pickles (to travel to and from a worker); ``volley.merge``
adds the tallies of every shard up into the answer of the single run, byte
for byte. Trials are played in blocks of 65,536, each on its own random
streams derived from (seed, block), so the split may fall anywhere."""

from __future__ import annotations

import copy
import json
from typing import Any, Sequence, Union, overload

from . import _volley
from ._errors import named
from ._request import Asked, How
from .answer import Answer
from .experiments import Results, Slice


class Tally:
    """Shard ``shard[0]`` of ``shard[1]`` of one Monte Carlo run: its raw
    counts (``to_dict()`` is the tally file ``volley odds --shard K/N
    --save-tally`` saves) and the question it answers."""

    def __init__(self, asked: Asked, how: How, data: dict[str, Any]):
        self.asked = asked
        self.how = how
        self._data = data

    @property
    def shard(self) -> tuple[int, int]:
        shard = self._data["shard"]
        return (shard["index"], shard["count"])

    def to_dict(self) -> dict[str, Any]:
        return copy.deepcopy(self._data)

    @property
    def text(self) -> str:
        """The tally file as JSON text (what ``volley merge`` reads)."""
        return json.dumps(self._data)

    @property
    def request(self) -> dict[str, Any]:
        """The run the tally is a shard of: system, action, fields, trials,
        seed, confidence and house rules."""
        return {"system": self.asked["system"], "action": self.asked["action"],
                "fields": list(self.asked["fields"]), "trials": self.how["trials"],
                "seed": self.how["seed"], "confidence": self.how["confidence"],
                "house_rules": list(self.asked["house_rules"])}

    def __repr__(self) -> str:
        k, n = self.shard
        return (f"<volley tally {k}/{n} of {self.asked['system']} "
                f"{self.asked['action']}, {self.how['trials']} trials>")


@overload
def merge(parts: Sequence[Tally]) -> Answer: ...
@overload
def merge(parts: Sequence[Slice]) -> Results: ...
@named
def merge(parts: Sequence[Union[Tally, Slice]]) -> Union[Answer, Results]:
    """Put the shards of one run back together: tallies into the
    :class:`Answer` the single run gives, slices into its :class:`Results`.
    Every shard must be there once; shards of different runs are refused."""
    if not parts:
        raise _volley.InputError("merge: give the tallies or slices of every shard")
    tallies = [p for p in parts if isinstance(p, Tally)]
    slices = [p for p in parts if isinstance(p, Slice)]
    if len(tallies) == len(parts):
        first = tallies[0]
        if any((p.asked, p.how) != (first.asked, first.how) for p in tallies):
            raise _volley.InputError("merge: these tallies answer different questions")
        return Answer(_volley.merge_tallies(first.asked, first.how, [p._data for p in tallies]))
    if len(slices) == len(parts):
        experiment = slices[0].experiment
        if any(p.experiment.text != experiment.text for p in slices):
            raise _volley.InputError("merge: these slices are of different experiments")
        return experiment.merge(slices, max_points=2**63 - 1)
    raise _volley.InputError("merge: tallies with tallies, slices with slices")
