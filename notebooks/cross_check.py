"""Independent cross-check of volley's exact Micro Squad fire table with icepool.

Reads reports/ms-fire-table/results.csv and recomputes P(result) for the clear-terrain
rows from the CRT in src/rules/micro_squad.toml, with icepool's 2D6 and d20.
"""
import csv
import tomllib
from pathlib import Path

import icepool

root = Path(__file__).resolve().parent.parent
rules = tomllib.loads((root / "src/rules/micro_squad.toml").read_text())
crt = rules["crt"]["a"]["rows"]
columns = rules["crt"]["columns"]
cohesion = rules["options"]["ms_cohesion"]

p_fire = sum(1 for n in range(1, 21) if n == 1 or (n != 20 and n <= cohesion)) / 20
worst = 0.0
with open(root / "reports/ms-fire-table/results.csv") as f:
    for row in csv.DictReader(f):
        if row["terrain"] != "clear" or row["variable"] != "result" or row["value"] in ("no-fire", "none"):
            continue
        column = columns[int(row["differential"]) + 3]
        dist = (icepool.d6 + icepool.d6).map(lambda r: crt[str(min(max(r, 0), 19))][column])
        total = dist.denominator()
        wanted = {"S": ("S", "(S)"), "D": ("D",), "E": ("E",)}[row["value"]]
        p = p_fire * sum(dist.quantity(c) for c in wanted) / total
        worst = max(worst, abs(p - float(row["estimate"])))
print(f"largest difference between volley and icepool: {worst:.2e}")
assert worst < 1e-12
