#!/usr/bin/env bash
# The device tool carries at most 64 MiB (the tree and the carried paths together); the GUI runtime
# alone is 39 MB. This packs the tree's large committed files (the recorded device reports) into
# .carry/big-files.tar.xz (xz: about 0.6 MB for 30 MB of JSON) and takes them out of the working
# tree, so a call carrying .carry/big-files.tar.xz fits; device-run.sh and device-gui.sh unpack it
# on the device (tools/device-unslim.sh), so no test there misses a committed report.
#   tools/device-slim.sh        pack and remove every tracked file over 4 MB
#   tools/device-slim.sh back   restore them here from git (after the call)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
pack=.carry/big-files.tar.xz
if [ "${1:-}" = back ]; then
  [ -f "$pack" ] || { echo "device-slim: no $pack: nothing to restore"; exit 0; }
  mapfile -t packed < <(python3 -c 'import sys, tarfile; print("\n".join(m.name for m in tarfile.open(sys.argv[1]) if m.isfile()))' "$pack")
  git checkout -- "${packed[@]}"
  echo "device-slim: restored ${#packed[@]} files from git: ${packed[*]}"
  exit 0
fi
[ $# -eq 0 ] || { echo "usage: tools/device-slim.sh [back]" >&2; exit 64; }
mapfile -t big < <(git ls-files -z | xargs -0 stat -c '%s %n' 2>/dev/null | awk '$1 > 4194304 {print $2}')
[ ${#big[@]} -gt 0 ] || { echo "device-slim: no tracked file over 4 MB is in the tree"; exit 0; }
mkdir -p .carry
tar -cJf "$pack" "${big[@]}"
rm -f "${big[@]}"
echo "device-slim: ${#big[@]} files into $pack ($(stat -c %s "$pack") bytes); carry it; 'tools/device-slim.sh back' restores them"
printf '  %s\n' "${big[@]}"
