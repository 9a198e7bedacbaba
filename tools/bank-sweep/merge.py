#!/usr/bin/env python3
"""Joins the bank sweep's patterns (launch order) with ncu's per-kernel counters (ID order).
Prints op,pattern,offsets,wavefronts,bank_conflicts,instructions: wavefronts and conflicts are
op_st's for stores and op_ld's for loads; for cp.async (LDGSTS) the conflicts are op_ldgsts's and
the wavefronts op_ldgsts's where ncu has that counter, else every shared wavefront of the kernel
(the only shared access it makes); instructions is the shared instructions ncu counted (1 expected). Stops with an error when a count or an order does not line up."""
import csv, os, sys

out = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(out, "patterns.csv"))))
w = csv.writer(sys.stdout, lineterminator="\n")
w.writerow(["op", "pattern", "offsets", "wavefronts", "bank_conflicts", "instructions"])
ops = []
for r in rows:
    if not ops or ops[-1] != r["op"]:
        ops.append(r["op"])
for op in ops:
    mine = [r for r in rows if r["op"] == op]
    path = os.path.join(out, f"ncu-{op}.csv")
    if not os.path.exists(path):
        print(f"merge: no {path}: {op} left out", file=sys.stderr)
        continue
    text = open(path).read().splitlines()
    start = next(i for i, l in enumerate(text) if l.startswith('"ID"'))
    per_id = {}
    for m in csv.DictReader(text[start:]):
        v = m["Metric Value"].replace(",", "")
        per_id.setdefault(int(m["ID"]), {})[m["Metric Name"]] = float(v) if v else 0.0
    ids = sorted(per_id)
    if len(ids) != len(mine):
        sys.exit(f"{op}: {len(mine)} patterns, {len(ids)} profiled kernels")
    kind = "ldgsts" if op.startswith("cpasync") else "st" if op.startswith("st") else "ld"
    for r, i in zip(mine, ids):
        m = per_id[i]
        if kind == "ldgsts":
            wf = m.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
                       m["l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"])
            bc = m["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum"]
            for d in ("ld", "st"):
                if m.get(f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{d}.sum", 0):
                    sys.exit(f"{op} {r['pattern']}: op_{d} wavefronts in a cp.async kernel")
            inst = sum(v for k, v in m.items() if k.startswith("smsp__inst_executed_op_"))
            w.writerow([op, r["pattern"], r["offsets"], int(wf), int(bc), int(inst)])
            continue
        wf = m[f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{kind}.sum"]
        bc = m[f"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{kind}.sum"]
        other = m.get(f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{'ld' if kind == 'st' else 'st'}.sum", 0)
        if other:
            sys.exit(f"{op} {r['pattern']}: {other} wavefronts of the other direction")
        inst = sum(v for k, v in m.items() if k.startswith("smsp__inst_executed_op_"))
        w.writerow([op, r["pattern"], r["offsets"], int(wf), int(bc), int(inst)])
