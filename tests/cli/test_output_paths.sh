#!/usr/bin/env bash
# Every fragviz-cli option that writes a file (gate/probe --json, bench --csv, export --svg/--png/
# --pdf/--tikz): a path that cannot be written is refused before any work (exit 5, the option and
# the reason named), no earlier file is written and an existing file is left as it was; '-' is
# standard output (export's bytes read back by Python's XML parser, the JSON by Python's json).
# Usage: test_output_paths.sh <fragviz-cli> <source-dir>
set -u
cli="$1"
src="$2"
fails=0
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
gpu=no
"$cli" device >/dev/null 2>&1 && gpu=yes

# refused CODE WORDS -- ARGS...: exit CODE, WORDS on standard error, nothing on standard output and
# nothing new in the folder (the existing keep.* files unchanged).
printf 'keep me\n' >keep.json
printf 'keep me\n' >keep.csv
refused() {
  local want="$1" words="$2"
  shift 3
  local before out rc
  before=$(ls -l --time-style=+%s.%N; cat keep.json keep.csv)
  out=$(timeout 60 "$cli" "$@" 2>err)
  rc=$?
  [ "$rc" = "$want" ] || fail "$*: exit $rc, want $want ($(head -2 err))"
  grep -qF -- "$words" err || fail "$*: standard error lacks '$words': $(head -2 err)"
  [ -z "$out" ] || fail "$*: printed on standard output: $(head -2 <<<"$out")"
  rm -f err
  [ "$before" = "$(ls -l --time-style=+%s.%N; cat keep.json keep.csv)" ] ||
    fail "$*: the folder changed: $(ls)"
  echo "ok: $* -> $rc"
}
mkdir folder
M=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
for cmd in "gate --n 256 --runs 1 --no-cublas --json" "probe --instr none --no-cycles --json" \
  "bench --sizes 256 --runs 1 --csv"; do
  read -ra args <<<"$cmd"
  opt="${args[-1]}"
  # shellcheck disable=SC2086
  refused 5 "cannot write $opt /no/such/dir/r: folder /no/such/dir does not exist" -- "${args[@]}" /no/such/dir/r
  refused 5 "cannot write $opt folder: is a folder, not a file" -- "${args[@]}" folder
  refused 5 "the file name is only blanks" -- "${args[@]}" "   "
  refused 5 "the file name is only blanks" -- "${args[@]}" "folder/  "
  refused 5 "the name begins with a blank" -- "${args[@]}" " r.out"
  refused 5 "the name ends with a blank" -- "${args[@]}" "r.out "
  refused 5 "cannot write $opt folder/: is a folder, not a file" -- "${args[@]}" folder/
  refused 5 "names a folder, not a file" -- "${args[@]}" folder/new/
done
refused 5 "cannot write --json keep.json/x: keep.json is not a folder" -- probe --json keep.json/x
kernel=(--kernel "$src/examples/kernels/mma_m16n8k16.cu" --entry mma_m16n8k16 --n 256 --runs 1 --no-cublas)
refused 5 "cannot write --json /no/such/dir/r.json" -- gate "${kernel[@]}" --json /no/such/dir/r.json
if [ "$(id -u)" != 0 ]; then  # root may write anywhere: access(2) rightly says so
  mkdir ro && chmod a-w ro
  refused 5 "folder ro is not writable" -- probe --instr none --json ro/r.json
  chmod a-w keep.json
  refused 5 "the file exists and is not writable" -- probe --instr none --json keep.json
  chmod u+w keep.json
fi

# The kernel's pseudo file systems and devices are no files: refused before any work, as root too
# (root's access(2) says /proc/version is writable; writing it then failed half-way, "disk full?").
refused 5 "cannot write --svg /proc/version: is in the kernel's proc file system, not an ordinary file" -- export --view movmatrix --svg /proc/version
refused 5 "cannot write --json /proc/fragviz.json: folder /proc is in the kernel's proc file system" -- probe --instr none --json /proc/fragviz.json
# A name in /proc that leads elsewhere (here to this process's standard output, a pipe) is still
# a name in /proc: refused, as the README says (newcomer finding: it was written through).
refused 5 "cannot write --svg /proc/self/fd/1: is in the kernel's proc file system, not an ordinary file" -- export --view movmatrix --svg /proc/self/fd/1
refused 5 "folder /sys/kernel is in the kernel's sysfs file system" -- gate --n 256 --runs 1 --json /sys/kernel/fragviz.json
refused 5 "cannot write --csv /dev/full: is a character device" -- bench --sizes 256 --runs 1 --csv /dev/full
refused 5 "cannot write --tikz /dev/zero: is a character device" -- export --view movmatrix --svg a.svg --tikz /dev/zero
# /dev/null and this process's own standard output are written to.
timeout 60 "$cli" export --view movmatrix --svg /dev/null >/dev/null 2>err || fail "export --svg /dev/null exited $?: $(cat err)"
# (Through a pipe: "wrote ..." goes to standard output too, after the SVG.)
timeout 60 "$cli" export --view movmatrix --svg /dev/stdout 2>err | cat >stdout.svg
[ "${PIPESTATUS[0]}" = 0 ] || fail "export --svg /dev/stdout exited ${PIPESTATUS[0]}: $(cat err)"
grep -q "<svg" stdout.svg || fail "export --svg /dev/stdout wrote no SVG to standard output"
rm -f err stdout.svg

# A write that fails half-way (here the file size limit, as a full disk would) leaves the old file
# whole and no partial or temporary file (newcomer round 7: a good SVG became a truncated one).
timeout 60 "$cli" export --view movmatrix --svg good.svg >/dev/null 2>&1 || fail "export --svg good.svg failed"
before=$(cksum <good.svg)
( trap '' XFSZ; ulimit -f 4; timeout 60 "$cli" export --view fragments --instr m16n8k16.row.col.f32.f16.f16.f32 --svg good.svg ) >out 2>err
rc=$?
[ "$rc" = 5 ] || fail "export over the size limit exited $rc, want 5: $(head -2 err)"
grep -q "could not write good.svg: File too large (nothing written; an existing file is kept)" err || fail "the failed write is not said so: $(head -2 err)"
[ "$(cksum <good.svg)" = "$before" ] || fail "a failed write changed good.svg"
ls | grep -q "fragviz-tmp" && fail "a failed write left a temporary file: $(ls)"
( trap '' XFSZ; ulimit -f 4; timeout 60 "$cli" probe --shape all --instr all --json big.json ) >/dev/null 2>&1
[ ! -e big.json ] || [ "$(stat -c %s big.json)" -lt 4096 ] || fail "a report over the size limit left big.json ($(stat -c %s big.json) bytes)"
ls | grep -q "fragviz-tmp" && fail "a failed report write left a temporary file: $(ls)"
rm -f good.svg big.json out err

# export: a bad later path leaves no earlier file (each format in turn the bad one).
refused 5 "cannot write --png /no/such/dir/b.png" -- export --view movmatrix --svg a.svg --png /no/such/dir/b.png
refused 5 "cannot write --tikz folder" -- export --view movmatrix --svg a.svg --tikz folder
refused 5 "cannot write --svg /no/such/dir/a.svg" -- export --view movmatrix --tikz a.tex --svg /no/such/dir/a.svg
refused 64 "standard output ('-') can take one file only" -- export --view movmatrix --svg - --tikz -
refused 64 "same file" -- export --view movmatrix --svg a.out --tikz a.out
# One file spelled two ways is still one file (it was written twice, the second format winning).
refused 64 "same file" -- export --view movmatrix --svg ./a.out --tikz a.out
refused 64 "same file" -- export --view movmatrix --svg "$tmp/a.out" --pdf a.out
refused 64 "same file" -- export --view movmatrix --svg folder/../a.out --tikz a.out
ln -s keep.json link.json
refused 64 "same file" -- export --view movmatrix --svg link.json --tikz keep.json
rm link.json
# A link that leads to no file is refused before any work and left as it is (a plain file used to
# take its place).
ln -s nowhere.json dangling.json
refused 5 "cannot write --json dangling.json: is a link that leads to no file" -- probe --instr none --json dangling.json
refused 5 "cannot write --svg dangling.json: is a link that leads to no file" -- export --view movmatrix --svg dangling.json
{ [ -L dangling.json ] && [ ! -e nowhere.json ]; } || fail "the link that leads nowhere was changed: $(ls -l)"
rm dangling.json

# A FIFO nobody reads is refused at once (opening it for writing blocked forever); one with a
# reader gets the output.
mkfifo fifo.svg
refused 5 "cannot write --svg fifo.svg: is a FIFO that no process is reading" -- export --view movmatrix --svg fifo.svg
# The reader is there before fragviz-cli looks: the FIFO held open read-write on fd 3 (a `cat`
# started in the background may not have opened it yet, and the CLI then rightly refuses it: a
# flaky failure under load).
exec 3<>fifo.svg
timeout 60 cat <&3 >fifo.out &
reader=$!
timeout 60 "$cli" export --view movmatrix --svg fifo.svg 2>err || fail "export --svg to a read FIFO exited $?: $(cat err)"
for _ in $(seq 50); do grep -q "</svg>" fifo.out && break; sleep 0.1; done
kill "$reader" 2>/dev/null
wait "$reader" 2>/dev/null
exec 3<&-
grep -q "<svg" fifo.out || fail "the FIFO's reader got no SVG ($(wc -c <fifo.out) bytes)"
rm -f fifo.svg fifo.out err

# '-' is standard output, never a file named "-".
"$cli" export --view movmatrix --svg - >svg.out 2>err || fail "export --svg - exited $?: $(cat err)"
python3 - svg.out <<'PY' || fail "export --svg -: standard output is not the SVG"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag.endswith("svg"), root.tag
# movmatrix: 32 lanes x 2 halves before and after = 128 cells, each its own <rect id>.
assert len([e for e in root.iter() if e.tag.endswith("rect") and e.get("id")]) >= 128
PY
grep -q "wrote standard output (SVG" err || fail "export --svg -: standard error lacks what was written: $(cat err)"
rm -f err
"$cli" export --view movmatrix --tikz - 2>/dev/null | grep -q '\\documentclass' || fail "export --tikz - wrote no TikZ"
[ ! -e ./- ] || fail "a file named '-' was written"
if [ "$gpu" = no ]; then
  # No GPU: nothing ran, nothing written, the file named by --json untouched.
  refused 2 "no usable GPU" -- probe --instr none --no-cycles --json keep.json
  refused 2 "gate" -- gate --n 256 --runs 1 --json keep.json
  refused 2 "bench" -- bench --sizes 256 --runs 1 --csv keep.csv
  refused 2 "no usable GPU" -- probe --instr none --no-cycles --json -
else
  "$cli" probe --instr none --no-cycles --json - >probe.out 2>err || fail "probe --json - exited $?"
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["format"] == "fragviz-report", d' probe.out ||
    fail "probe --json -: standard output is not the report"
  grep -q "device:" err || fail "probe --json -: the text did not go to standard error"
  "$cli" gate --n 256 --runs 1 --no-cublas --json - >gate.out 2>err || fail "gate --json - exited $?"
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["gate"]["request"]["n"] == 256' gate.out ||
    fail "gate --json -: standard output is not the report"
fi
[ ! -e ./- ] || fail "a file named '-' was written"

echo "$fails failed"
[ "$fails" -eq 0 ]
