"""A request as the package hands it to the compiled core: what is asked (the
question) and how to answer it (the method), each one dict built here from
the keyword arguments, in one place, and read by the core into its own typed
request, which checks it as every front end's."""

from __future__ import annotations

from typing import Any, Iterable, Optional, TypedDict


class Asked(TypedDict):
    """The question: a system's action, its fields as the command line's
    ``field=value`` pairs, on these house-rule files (in order)."""

    system: str
    action: str
    fields: list[tuple[str, str]]
    house_rules: list[str]


class How(TypedDict):
    """How to answer: ``method`` (``"auto"``, ``"exact"``, ``"monte-carlo"``),
    a trial count or a precision (Monte Carlo), the seed, the intervals'
    confidence, the exact method's budget."""

    method: str
    trials: Optional[int]
    precision: Optional[float]
    seed: int
    confidence: float
    budget: Optional[int]


def text(value: Any) -> str:
    """A field's value as the command line writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "+".join(str(v) for v in value)
    return str(value)


def asked(system: str, action: str, fields: dict[str, Any],
          house_rules: Iterable[Any]) -> Asked:
    """The question the keyword arguments ask."""
    return {"system": system, "action": action,
            "fields": [(name, text(value)) for name, value in fields.items()],
            "house_rules": [str(path) for path in house_rules]}


def how(method: str, trials: Optional[int], precision: Optional[float], seed: int,
        confidence: float, budget: Optional[int]) -> How:
    """How the keyword arguments ask it answered."""
    return {"method": method, "trials": trials, "precision": precision, "seed": seed,
            "confidence": confidence, "budget": budget}
