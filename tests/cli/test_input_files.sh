#!/usr/bin/env bash
# Every input that names a file (diff's A and B, export --report, gate --kernel, banks --lanes
# @FILE) is judged by one rule and the message says what the path is: a directory, a FIFO, a
# device, missing. gate --kernel says so before printing anything about running the kernel.
# Usage: test_input_files.sh <fragviz-cli> <source-dir>
set -u
cli="$1"
src="$2"
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
g="$src/tests/fixtures/reports/h200-2026-12-01-gate.json"  # a readable report for the other side
[ -f "$g" ] || { echo "FAIL: no fixture $g"; exit 1; }
mkdir "$tmp/dir"
mkfifo "$tmp/fifo"

# A directory is called one, for every reader.
expect 5 "cannot read A $tmp/dir: is a directory, not a file" -- diff "$tmp/dir" "$g"
expect 5 "cannot read B $tmp/dir: is a directory, not a file" -- diff "$g" "$tmp/dir"
expect 5 "cannot read --report $tmp/dir: is a directory, not a file" -- export --view output --report "$tmp/dir" --svg "$tmp/o.svg"
expect 3 "cannot read --kernel $tmp/dir: is a directory, not a file" -- gate --kernel "$tmp/dir" --entry k
expect 5 "cannot read --lanes @FILE $tmp/dir: is a directory, not a file" -- banks --layout '(16,64):(64,1)' --lanes "@$tmp/dir"
# Missing, a FIFO (never opened: that would block), a character device.
expect 5 "cannot read A $tmp/none.json: no such file" -- diff "$tmp/none.json" "$g"
expect 5 "cannot read A $tmp/fifo: is a FIFO, not a regular file" -- diff "$tmp/fifo" "$g"
expect 5 "cannot read --report /dev/zero: is a character device, not a regular file" -- export --view output --report /dev/zero --svg "$tmp/o.svg"
expect 3 "cannot read --kernel $tmp/fifo: is a FIFO, not a regular file" -- gate --kernel "$tmp/fifo" --entry k
[ ! -e "$tmp/o.svg" ] || { echo "FAIL: a refused export wrote $tmp/o.svg"; fails=$((fails + 1)); }

# gate --kernel with a source it cannot read: the refusal is all it prints (no "gate: k from ...",
# no word about the kernel runner), on standard error, nothing on standard output.
for bad in "$tmp/missing.cu" "$tmp/dir" "$tmp/fifo"; do
  out=$(timeout 60 "$cli" gate --kernel "$bad" --entry k 2>"$tmp/err")
  rc=$?
  if [ "$rc" != 3 ] || [ -n "$out" ] || [ "$(wc -l <"$tmp/err")" != 1 ] || ! grep -q "^gate refused: cannot read --kernel" "$tmp/err"; then
    echo "FAIL: gate --kernel $bad -> exit $rc, stdout '$out', stderr: $(cat "$tmp/err")"
    fails=$((fails + 1))
  else
    echo "ok: gate --kernel $bad refused before any banner"
  fi
done

# Newcomer round 4: an empty --kernel is refused (it used to run the built-in gate, so a script with
# an unset variable would have printed the built-in kernel's verdict); /proc files are no source;
# a name over 255 bytes is refused before any work, and nothing earlier is written; a long entry
# name is echoed clipped to 80 characters.
expect 64 "--kernel: is empty" -- gate --kernel '' --entry good --block 16,16
expect 64 "--entry: is empty" -- gate --kernel "$src/examples/kernels/mma_m16n8k16.cu" --entry ''
expect 3 "cannot read --kernel /proc/self/maps: is in the kernel's proc file system, not an ordinary file" -- gate --kernel /proc/self/maps --entry x
# Newcomer round 7: a source path that is no UTF-8 killed the kernel runner and fragviz-cli (nlohmann
# threw while the report was written, exit 134). It runs as any other path: no crash, and where the
# gate ran, a report written.
weird="$tmp/$(printf 'k\xff').cu"
cp "$src/examples/kernels/mma_m16n8k16.cu" "$weird"
timeout 120 "$cli" gate --kernel "$weird" --entry mma_m16n8k16 --json "$tmp/weird.json" >"$tmp/weird.log" 2>&1
rc=$?
# (A build without CUDA has no runner and says so; one with a GPU writes the report.)
if [ "$rc" -ge 128 ] || grep -aq "terminate called\|signal" "$tmp/weird.log" ||
  { { [ "$rc" = 0 ] || [ "$rc" = 1 ]; } && ! python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$tmp/weird.json"; }; then
  echo "FAIL: gate --kernel with a path that is no UTF-8 -> exit $rc: $(head -c 300 "$tmp/weird.log")"
  fails=$((fails + 1))
else
  echo "ok: gate --kernel with a path that is no UTF-8 -> exit $rc"
fi
long=$(printf 'x%.0s' $(seq 300))
expect 5 "the name is too long (at most 255 bytes a part, 4096 in all)" -- export --view fragments --instr m16n8k8.row.col.f32.f16.f16.f32 --svg "$tmp/first.svg" --tikz "$tmp/$long.tex"
[ ! -e "$tmp/first.svg" ] || { echo "FAIL: a refused export wrote $tmp/first.svg"; fails=$((fails + 1)); }
expect 5 "the name is too long" -- gate --n 256 --json "$tmp/$long.json"
entry=$(printf 'A%.0s' $(seq 300))
out=$(timeout 60 "$cli" gate --kernel "$src/examples/kernels/mma_m16n8k16.cu" --entry "$entry" 2>&1)
if grep -q "$entry" <<<"$out" || ! grep -qF "... (300 characters)" <<<"$out"; then
  echo "FAIL: a 300-character --entry is echoed unclipped: $(head -c 300 <<<"$out")"
  fails=$((fails + 1))
else
  echo "ok: a 300-character --entry is echoed clipped"
fi

echo "$fails failed"
[ "$fails" -eq 0 ]
