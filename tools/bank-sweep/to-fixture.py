#!/usr/bin/env python3
"""Trims a bank sweep table (run.sh's bank-sweep.csv) to the fixture the unit test reads:
op,pattern,offsets,wavefronts,bank_conflicts for the ops named (default: all).
  to-fixture.py bank-sweep.csv tests/fixtures/bank-sweep/h200-DATE.csv [OP ...]
PATTERN=text keeps only the patterns whose name contains it (a rerun's new family alone).
A fixture is pinned by its name: record a new run under a new name, never over an old one."""
import csv, os, sys

src, dst, ops = sys.argv[1], sys.argv[2], set(sys.argv[3:])
if os.path.exists(dst):
    sys.exit(f"{dst} exists: fixtures are pinned, record a new run under a new name")
want = os.environ.get("PATTERN", "")
rows = [r for r in csv.DictReader(open(src)) if (not ops or r["op"] in ops) and want in r["pattern"]]
with open(dst, "w") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["op", "pattern", "offsets", "wavefronts", "bank_conflicts"])
    for r in rows:
        w.writerow([r["op"], r["pattern"], r["offsets"], r["wavefronts"], r["bank_conflicts"]])
print(f"{len(rows)} rows to {dst}")
