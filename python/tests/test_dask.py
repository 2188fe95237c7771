"""volley on a Dask cluster of two worker processes: the distributed answer
and frame equal the single process's, byte for byte."""

from typing import Any, Iterator

import pytest

import volley

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


def test_odds_over_the_cluster_is_the_single_process_answer(client: Any) -> None:
    whole = volley.odds("micro-force", "firefight", trials=400_000, seed=9)
    spread = volley.dask.odds(client, "micro-force", "firefight", trials=400_000, seed=9)
    assert spread.to_dict() == whole.to_dict()
    # Both workers took part.
    assert len(client.scheduler_info()["workers"]) == 2


def test_a_sweep_over_the_cluster_is_the_single_process_frame(client: Any) -> None:
    args: dict[str, Any] = dict(sweep={"b_cover": ["open", "light"], "turns": [4, 8]},
                                trials=100_000, seed=3,
                                variants={"card": [],
                                          "ff2av": "house_rules/mf_first_fire_av.toml"})
    whole = volley.sweep("micro-force", "firefight", **args)
    spread = volley.dask.sweep(client, "micro-force", "firefight", **args)
    assert spread.frame.equals(whole.frame)
    assert spread.meta == whole.meta
    exact = volley.dask.run(client, "experiments/ms_fire_table.toml", shards=3)
    assert exact.frame.equals(volley.run("experiments/ms_fire_table.toml").frame)
