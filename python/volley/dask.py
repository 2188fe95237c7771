"""volley over a Dask cluster: the shards of one question, or of a sweep,
spread over the workers of a ``dask.distributed`` client and merged back on
the client. The answer (or frame) is the one a single process gives, byte for
byte: each shard plays fixed blocks of trials on streams derived from (seed,
block), and tallies add up exactly.

>>> from dask.distributed import Client, LocalCluster
>>> client = Client(LocalCluster(n_workers=2, processes=True))
>>> volley.dask.odds(client, "micro-squad", "engagement", trials=2_000_000)

Needs ``dask[distributed]`` (``pip install './python[dask]'``), and volley
installed on every worker.
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Mapping, Optional, Union, cast

from . import _volley, experiments
from . import shards as _shards
from .answer import Answer
from .experiments import MAX_POINTS, Results

#: Trials in one block: the smallest piece a run's trials are split into.
BLOCK_TRIALS: int = _volley.BLOCK_TRIALS


def _workers(client: Any) -> int:
    return max(1, len(client.scheduler_info().get("workers", {})))


def _odds_shard(index: int, count: int, system: str, action: str, trials: int, seed: int,
                confidence: float, house_rules: list[str], fields: dict[str, Any]) -> _shards.Tally:
    # On a worker: the same call a single process makes, for one shard.
    from . import odds
    return odds(system, action, trials=trials, seed=seed, confidence=confidence,
                house_rules=house_rules, shard=(index, count), **fields)


def odds(client: Any, system: str, action: str, *, trials: int,
         seed: int = _volley.DEFAULT_SEED, confidence: float = _volley.DEFAULT_CONFIDENCE,
         house_rules: Iterable[str] = (), shards: Optional[int] = None, **fields: Any) -> Answer:
    """``volley.odds(system, action, trials=trials, ...)`` on the cluster:
    ``shards`` shards (default four a worker, at most one a block of
    65,536 trials), one task each, merged on the client. The workers read
    ``house_rules`` by the paths given (a shared file system)."""
    blocks = -(-int(trials) // BLOCK_TRIALS)
    count = shards or min(blocks, 4 * _workers(client))
    house_rules = [str(p) for p in house_rules]
    futures = client.map(_odds_shard, range(count), count=count, system=system, action=action,
                         trials=trials, seed=seed, confidence=confidence,
                         house_rules=house_rules, fields=fields, pure=False)
    tallies = client.gather(futures)
    # The merge re-asks the question the shards answered (house rules by
    # the same paths): hand it the request they carried.
    return cast(Answer, _shards.merge(tallies))


def _slice(index: int, count: int, experiment: experiments._Experiment,
           max_points: int) -> experiments.Slice:
    return experiment.slice((index, count), max_points)


def _spread(client: Any, experiment: Any, shards: Optional[int],
            max_points: int) -> Results:
    count = shards or 4 * _workers(client)
    futures = client.map(_slice, range(count), count=count, experiment=experiment,
                         max_points=max_points, pure=False)
    return cast(Results, _shards.merge(client.gather(futures)))


def sweep(client: Any, system: str, action: str, *, sweep: Mapping[str, Any],
          fixed: Mapping[str, Any] = {},
          variants: Optional[Mapping[str, Union[str, Iterable[str]]]] = None,
          name: str = "sweep", method: str = "auto", trials: Optional[int] = None,
          precision: Optional[float] = None, seed: int = _volley.DEFAULT_SEED,
          confidence: float = _volley.DEFAULT_CONFIDENCE,
          budget: Optional[int] = None, max_points: int = MAX_POINTS,
          shards: Optional[int] = None) -> Results:
    """``volley.sweep(...)`` on the cluster: its points (and, with a trial
    count, their blocks of trials) dealt to ``shards`` shards (default
    four a worker; a shard may be left idle), merged on the client. House
    rules are read from the client's working folder (a shared file system)."""
    experiment = experiments._written(system, action, sweep, fixed, variants, name, method,
                                      trials, precision, seed, confidence, budget)
    return _spread(client, experiment, shards, max_points)


def run(client: Any, path: Union[str, os.PathLike[str]], *, max_points: int = MAX_POINTS,
        shards: Optional[int] = None) -> Results:
    """``volley.run(path)`` on the cluster. The workers read the experiment's
    house-rule files by its paths, from their working folder (a shared file
    system)."""
    return _spread(client, experiments._file(path), shards, max_points)
