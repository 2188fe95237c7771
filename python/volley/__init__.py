"""volley in Python: exact and Monte Carlo answers about tabletop wargame
combat tables, from the same core as the ``volley`` command line.

>>> import volley
>>> answer = volley.odds("micro-force", "charge", defender_stands=2)
>>> answer.headline
'P(works) = ...'

Names follow the command line: ``volley.odds(system, action, field=value, ...)``
is ``volley odds SYSTEM ACTION field=value ...``, and ``answer.to_dict()`` is
what ``--format json`` prints. Bad input raises :class:`InputError` (a
``ValueError``) whose message names the function and the keyword argument
(``volley.odds(): argument `firepower`: 99 is out of range ...``). A run releases the GIL and
stops on Ctrl-C.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Union, overload

from . import _volley, dask
from . import _request
from ._errors import named
from ._volley import InputError
from .answer import Answer, Comparison
from .documents import Effects, Plan, Solved
from .experiments import Results, Slice, run, sweep
from .shards import Tally, merge

__all__ = [
    "Answer", "Comparison", "Effects", "InputError", "Plan", "Results", "Slice", "Solved", "Tally",
    "actions", "compare", "dask", "effects", "fields", "merge", "odds", "plan", "run", "solve",
    "sweep", "systems",
]


@named
def systems() -> list[str]:
    """The rule systems volley knows, by name (``volley systems``)."""
    return [s["name"] for s in _volley.systems()]


@named
def actions(system: str) -> list[str]:
    """The actions of ``system``, by name."""
    for s in _volley.systems():
        if s["name"] == system:
            return [a["name"] for a in s["actions"]]
    # The core's own message for an unknown system.
    _volley.fields(system, "")
    raise InputError(f"unknown system `{system}`")  # not reached


@named
def fields(system: str, action: str) -> list[dict[str, Any]]:
    """The fields of an action as ``volley odds SYSTEM ACTION --help`` lists
    them: each with its ``name``, ``default``, ``allowed`` values, ``help`` and
    ``kind`` (and ``min``/``max`` or ``choices`` where it has them)."""
    fields: list[dict[str, Any]] = _volley.fields(system, action)["fields"]
    return fields


# The two shapes of `odds` for type checkers: an answer, or a shard's tally.
@overload
def odds(system: str, action: str, *, method: str = ..., trials: Optional[int] = ...,
         precision: Optional[float] = ..., seed: int = ..., confidence: float = ...,
         budget: Optional[int] = ..., house_rules: Iterable[str] = ..., shard: None = ...,
         **fields: Any) -> Answer: ...
@overload
def odds(system: str, action: str, *, method: str = ..., trials: Optional[int] = ...,
         precision: Optional[float] = ..., seed: int = ..., confidence: float = ...,
         budget: Optional[int] = ..., house_rules: Iterable[str] = ...,
         shard: tuple[int, int], **fields: Any) -> Tally: ...
@named
def odds(
    system: str,
    action: str,
    *,
    method: str = "auto",
    trials: Optional[int] = None,
    precision: Optional[float] = None,
    seed: int = _volley.DEFAULT_SEED,
    confidence: float = _volley.DEFAULT_CONFIDENCE,
    budget: Optional[int] = None,
    house_rules: Iterable[str] = (),
    shard: Optional[tuple[int, int]] = None,
    **fields: Any,
) -> Union[Answer, Tally]:
    """Answer one question: the outcome distribution of one action.

    ``method`` is ``"auto"`` (exact where it fits, else Monte Carlo),
    ``"exact"`` or ``"monte-carlo"``; ``trials`` or ``precision`` mean Monte
    Carlo, as on the command line. ``house_rules`` are house-rule files, applied
    in order. Every other keyword is a scenario field (``defender_stands=2``).

    With ``shard=(k, n)`` (and ``trials``), only shard ``k`` of ``n`` of the
    run is played: its :class:`Tally`, which :func:`merge` adds up with the
    others' into the single run's answer.
    """
    question = _request.asked(system, action, fields, house_rules)
    if shard is not None:
        if trials is None or method == "exact" or precision is not None:
            raise InputError("shard: a shard is a fixed slice of a fixed run: it needs trials")
        sharded = _request.how("monte-carlo", int(trials), None, seed, confidence, None)
        k, n = shard
        return Tally(question, sharded, _volley.odds_shard(question, sharded, k, n))
    return Answer(_volley.odds(
        question, _request.how(method, trials, precision, seed, confidence, budget)))


@named
def compare(
    system: str,
    action: str,
    *,
    variants: "dict[str, str] | Iterable[str]",
    method: str = "auto",
    trials: Optional[int] = None,
    seed: int = _volley.DEFAULT_SEED,
    confidence: float = _volley.DEFAULT_CONFIDENCE,
    budget: Optional[int] = None,
    house_rules: Iterable[str] = (),
    **fields: Any,
) -> Comparison:
    """A question against its variants on the same dice (or exactly): what
    ``volley compare SYSTEM ACTION field=value... --variant NAME:SPEC...`` gives.

    ``variants`` maps each name to its spec (house-rule files, chart patches
    and ``field=value`` overrides, comma-separated: ``{"woods6":
    "terrain.woods.personnel=6"}``), or lists ``"NAME:SPEC"`` strings.
    """
    if isinstance(variants, dict):
        specs = [f"{name}:{spec}" for name, spec in variants.items()]
    else:
        specs = list(variants)
    return Comparison(_volley.compare(
        _request.asked(system, action, fields, house_rules),
        _request.how(method, trials, None, seed, confidence, budget), specs))


@named
def effects(
    system: str,
    action: str,
    *,
    only: Iterable[str] = (),
    show: Optional[str] = None,
    method: str = "auto",
    trials: Optional[int] = None,
    seed: int = _volley.DEFAULT_SEED,
    confidence: float = _volley.DEFAULT_CONFIDENCE,
    budget: Optional[int] = None,
    house_rules: Iterable[str] = (),
    **fields: Any,
) -> Effects:
    """What each field is worth: every field moved one step (``only`` those
    given), the change in the headline (or in ``show``, ``"VARIABLE=VALUE"``),
    largest first: the document ``volley effects ... --format json`` prints (read
    it like a dict, or ``to_dict()``), its steps as a DataFrame (``table``)."""
    return Effects(_volley.effects(
        _request.asked(system, action, fields, house_rules),
        _request.how(method, trials, None, seed, confidence, budget), list(only), show))


@named
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
    seed: int = _volley.DEFAULT_SEED,
    confidence: float = _volley.DEFAULT_CONFIDENCE,
    budget: Optional[int] = None,
    house_rules: Iterable[str] = (),
    **fields: Any,
) -> Solved:
    """The smallest (or ``largest``) value of the field ``vary`` that meets
    ``target`` (``"P(works=yes) >= 0.5"``, ``"mean(b_lost) <= 2"``), trying
    ``values`` (``"1..6"``, a list; default the field's whole range) in the
    field's order: what ``volley solve ... --format json`` prints, with every
    value tried as a DataFrame (``answers``)."""
    listed = values if values is None or isinstance(values, str) else ",".join(
        _request.text(v) for v in values)
    return Solved(_volley.solve(
        _request.asked(system, action, fields, house_rules),
        _request.how(method, trials, None, seed, confidence, budget), vary, target, listed,
        largest))


@named
def plan(
    system: str,
    action: str,
    *,
    choices: Optional[str] = None,
    goal: Optional[str] = None,
    opponent: str = "usual",
    check_trials: int = _volley.CHECK_TRIALS,
    seed: int = _volley.DEFAULT_SEED,
    confidence: float = _volley.DEFAULT_CONFIDENCE,
    budget: Optional[int] = None,
    house_rules: Iterable[str] = (),
    **fields: Any,
) -> Plan:
    """Best play over the action's choices (charge now, or fire again?),
    exact: what ``volley plan ... --format json`` prints, with the policy as a
    DataFrame (``policy``). ``choices`` is ``"a:fire,charge"`` (default every
    choice), ``goal`` ``"P(breaks_first=b)"`` (default the headline) or a sum of
    ``P(...)`` and ``mean(...)`` terms; ``opponent`` ``"usual"`` (the other side
    plays its fixed way) or ``"best"`` (it answers at its best: minimax);
    ``check_trials`` Monte Carlo trials play the policy found as a check (0:
    none)."""
    return Plan(_volley.plan(
        _request.asked(system, action, fields, house_rules),
        _request.how("auto", None, None, seed, confidence, budget), choices, goal, opponent,
        check_trials))
