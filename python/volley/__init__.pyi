from typing import Any, Iterable, Optional, Union, overload

from . import dask as dask
from .answer import Answer as Answer
from .answer import Comparison as Comparison
from .documents import Effects as Effects
from .documents import Plan as Plan
from .documents import Solved as Solved
from .experiments import Results as Results
from .experiments import Slice as Slice
from .experiments import run as run
from .experiments import sweep as sweep
from .shards import Tally as Tally
from .shards import merge as merge

class InputError(ValueError): ...

def systems() -> list[str]: ...
def actions(system: str) -> list[str]: ...
def fields(system: str, action: str) -> list[dict[str, Any]]: ...
@overload
def odds(
    system: str,
    action: str,
    *,
    method: str = "auto",
    trials: Optional[int] = None,
    precision: Optional[float] = None,
    seed: int = 1,
    confidence: float = 0.95,
    budget: Optional[int] = None,
    house_rules: Iterable[str] = (),
    shard: None = None,
    **fields: Any,
) -> Answer: ...
@overload
def odds(
    system: str,
    action: str,
    *,
    method: str = "auto",
    trials: Optional[int] = None,
    precision: Optional[float] = None,
    seed: int = 1,
    confidence: float = 0.95,
    budget: Optional[int] = None,
    house_rules: Iterable[str] = (),
    shard: tuple[int, int],
    **fields: Any,
) -> Tally: ...
def compare(
    system: str,
    action: str,
    *,
    variants: dict[str, str] | Iterable[str],
    method: str = "auto",
    trials: Optional[int] = None,
    seed: int = 1,
    confidence: float = 0.95,
    budget: Optional[int] = None,
    house_rules: Iterable[str] = (),
    **fields: Any,
) -> Comparison: ...
def effects(
    system: str,
    action: str,
    *,
    only: Iterable[str] = (),
    show: Optional[str] = None,
    method: str = "auto",
    trials: Optional[int] = None,
    seed: int = 1,
    confidence: float = 0.95,
    budget: Optional[int] = None,
    house_rules: Iterable[str] = (),
    **fields: Any,
) -> Effects: ...
def solve(
    system: str,
    action: str,
    *,
    vary: str,
    target: str,
    values: Union[str, Iterable[Any], None] = None,
    largest: bool = False,
    method: str = "auto",
    trials: Optional[int] = None,
    seed: int = 1,
    confidence: float = 0.95,
    budget: Optional[int] = None,
    house_rules: Iterable[str] = (),
    **fields: Any,
) -> Solved: ...
def plan(
    system: str,
    action: str,
    *,
    choices: Optional[str] = None,
    goal: Optional[str] = None,
    check_trials: int = 200_000,
    seed: int = 1,
    confidence: float = 0.95,
    budget: Optional[int] = None,
    house_rules: Iterable[str] = (),
    **fields: Any,
) -> Plan: ...
