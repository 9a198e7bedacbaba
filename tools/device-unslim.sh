#!/usr/bin/env bash
# On the device: puts back the large committed files tools/device-slim.sh took out of the carried
# tree, from .carry/big-files.tar.xz, never over a file that is there. Silent when there is nothing
# to do. Run by device-run.sh and device-gui.sh.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pack="$root/.carry/big-files.tar.xz"
[ -f "$pack" ] || exit 0
python3 - "$pack" "$root" <<'PY' || { echo "device-unslim: cannot unpack $pack" >&2; exit 1; }
import os, sys, tarfile
put = []
with tarfile.open(sys.argv[1], "r:xz") as t:
    for m in t.getmembers():
        if m.isfile() and not os.path.exists(os.path.join(sys.argv[2], m.name)):
            t.extract(m, sys.argv[2])
            put.append(m.name)
if put:
    print(f"device-unslim: {len(put)} large committed files back from {sys.argv[1]}: {' '.join(put)}")
PY
