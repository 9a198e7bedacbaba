#!/usr/bin/env bash
# docs/user-kernels.md's table of examples says what the gate says of each; where a device run
# (docs/device-runs/) has put an example through the gate, its row must not still say it was never
# run on a GPU, and must link a run that exists (issue 22: cute_sm80_gemm.cu read "not yet run on a
# GPU" after session 17 ran it exact on an H100).
set -euo pipefail
root=${1:?usage: test_example_verdicts.sh SOURCE_ROOT}
python3 - "$root" <<'PY'
import glob, os, re, sys
root = sys.argv[1]
doc = os.path.join(root, "docs", "user-kernels.md")
runs = {p: open(p, encoding="utf-8").read()
        for p in glob.glob(os.path.join(root, "docs", "device-runs", "**", "*.md"), recursive=True)}
bad, rows = [], 0
for line in open(doc, encoding="utf-8"):
    m = re.match(r"\| `([\w.]+\.cu)` \|", line)
    if not m:
        continue
    rows += 1
    example = m.group(1)
    ran = [p for p, text in runs.items() if re.search(r"gate --kernel\s+examples/kernels/" + re.escape(example), text)]
    if not ran:
        continue
    if "not yet run" in line:
        bad.append(f"{example}: the row says 'not yet run' but {os.path.relpath(ran[0], root)} ran it")
    links = re.findall(r"\]\((device-runs/[^)#]+)", line)
    if not links:
        bad.append(f"{example}: the row links no device run (ran in {os.path.relpath(ran[0], root)})")
    for l in links:
        if not os.path.exists(os.path.join(root, "docs", l)):
            bad.append(f"{example}: the row links {l}, which does not exist")
if rows == 0:
    bad.append("no example rows found in docs/user-kernels.md")
print("\n".join(bad) if bad else f"{rows} example rows agree with the device runs")
sys.exit(1 if bad else 0)
PY
