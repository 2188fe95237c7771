from typing import Any, Iterable, Optional

from .answer import Answer as Answer
from .answer import Comparison as Comparison

class InputError(ValueError): ...

def systems() -> list[str]: ...
def actions(system: str) -> list[str]: ...
def fields(system: str, action: str) -> list[dict[str, Any]]: ...
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
    **fields: Any,
) -> Answer: ...
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
) -> dict[str, Any]: ...
