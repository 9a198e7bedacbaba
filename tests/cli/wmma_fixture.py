#!/usr/bin/env python3
"""A SYNTHETIC WMMA report for tests: not a measurement (its device is named "test fixture, not a
GPU"). The f32 accumulator of m16n16k16 holds, in lane l's x[i], element c(i % 4) of an
mma.m16n8k16 C tile at columns 8 * (i // 4) (PTX ISA, "Matrix Fragments for mma.m16n8k16": row =
groupID, + 8 for c2 and c3; col = threadID_in_group * 2 + (i & 1)); its bytes are written here
from the report format's digits (docs/report-format.md), not by fragviz.

Usage: wmma_fixture.py BASE.json OUT.json [LANE I J]
BASE is a version-2 probe report (tests/fuzz/corpus/report/v2-probe-small.json); with LANE I J,
that lane's x[I] and x[J] trade cells.
"""
import json
import struct
import sys

KIND = "wmma.m16n16k16.accumulator.row.f32"


def cell(lane, i):
    g, t, e = lane >> 2, lane % 4, i % 4
    return (g + (8 if e >= 2 else 0)) * 16 + 8 * (i // 4) + 2 * t + (e & 1)


def main():
    base, out = sys.argv[1], sys.argv[2]
    r = json.load(open(base))
    r["version"] = 3
    p = r["probe"]
    p["device"]["name"] = "test fixture, not a GPU"
    p["wgmma"], p["moves"], p["hopper_ms"] = [], [], 0
    cells = [cell(l, i) for l in range(32) for i in range(8)]
    if len(sys.argv) == 6:
        lane, i, j = (int(a) for a in sys.argv[3:6])
        a, b = lane * 8 + i, lane * 8 + j
        cells[a], cells[b] = cells[b], cells[a]
    # 256 cells: 9 label bits, one f32 digit per labelling; labelling 1 is the complement within
    # 9 bits. Each x[i] is the f32 value of its digit, little-endian.
    raw = [b"".join(struct.pack("<f", float(c if lab == 0 else c ^ 511)) for c in cells).hex() for lab in (0, 1)]
    p["wmma"] = [{"name": KIND, "ran": True, "skipped": "", "raw": raw, "cells": " ".join(map(str, cells))}]
    json.dump(r, open(out, "w"))


main()
