#!/usr/bin/env bash
# fragviz-cli's answers to bad input, with or without a GPU: a clear message and the documented
# exit code (README, "Exit codes"), never a crash. Usage: test_exit_codes.sh <fragviz-cli>
set -u
cli="$1"
fails=0
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
expect 0 "bank conflicts 28" -- banks --num x4 --stride-halves 64
expect 0 "bank conflicts 0" -- banks --num x4 --stride-halves 72
expect 3 "16-byte" -- banks --num x4 --stride-halves 65
# --stride-halves' fixed range is 8 to 576 (its --help): outside it is a bad command line (64), as
# the README's rule says (newcomer round 30: 0 exited 3); in it, a stride ldmatrix refuses stays 3.
for s in 2147483647 2147483640 1140850705 1073741824 -8 0 7; do
  expect 64 "--stride-halves: must be a whole number from 8 to 576, got '$s'" -- banks --num x4 --stride-halves "$s"
done
expect 3 "multiple of 64" -- banks --num x4 --stride-halves 72 --swizzle xor
expect 3 "16-byte" -- probe --num x4 --width 64 --pad 1
expect 3 "not a multiple of 64" -- gate --n 2000
# --n's fixed range is 256 to 65536 (its --help): outside it is a bad command line (64), judged as
# the command line is read, before any device work; in it, a size that does not tile stays 3.
expect 64 "--n: must be a whole number from 256 to 65536, got '-64'" -- gate --n -64
expect 64 "--n: must be a whole number from 256 to 65536, got '-5'" -- gate --n -5
expect 64 "--n: must be a whole number from 256 to 65536, got '0'" -- gate --n 0
expect 64 "--n: must be a whole number from 256 to 65536, got '128'" -- gate --n 128
expect 64 "--n: must be a whole number from 256 to 65536, got '65600'" -- gate --n 65600
expect 64 "--n: must be a whole number from 256 to 65536, got '0'" -- gate --kernel nonexistent.cu --entry k --n 0
expect 3 "not a multiple of 64" -- bench --sizes 1000
expect 64 "--sizes: '128' is not from 256 to 65536" -- bench --sizes 128
expect 64 "non-negative whole number" -- gate --seed -1
expect 64 "non-negative whole number" -- gate --seed 1e9
# Every seed the app's Gate field takes, up to 2^64 - 1, is read (newcomer round 34: 10^18 and up were
# "too large"); the n that does not tile is then what is refused, before any device work.
expect 3 "not a multiple of 64" -- gate --seed 18446744073709551615 --n 1000
expect 3 "not a multiple of 64" -- gate --seed 1000000000000000000 --n 1000
expect 64 "non-negative whole number below 2^64, got '18446744073709551616'" -- gate --seed 18446744073709551616
expect 64 "is empty" -- banks --num x4 --stride-halves ""
expect 64 "unknown command" -- nosuchcmd
# Another command's option (newcomer round 31: `banks --width` got only CLI11's reversed word list):
# which commands take it, and this command's own way of saying the same.
expect 64 "banks takes no --width or --pad (probe and export take them); it says this as --stride-halves N" -- banks --width 64 --pad 8
expect 64 "banks takes no --width (probe and export take it)" -- banks --num x4 --width=64
expect 64 "export takes no --stride-halves (banks takes it); it says this as --width W --pad P" -- export --view banks --stride-halves 72 --svg /tmp/fragviz-unexpected.svg
expect 64 "not in" -- banks --num x3 --stride-halves 72
expect 64 "required" -- banks --num x4
expect 64 "m16n8k32" -- layout --shape m16n8k32
expect 0 "operand,lane,element,register,bit,bits,row,col" -- layout --shape m16n8k16 --csv
expect 0 "24 of 24 candidate pairs hold" -- relations --model
expect 64 "lane" -- relations --model --lane 32
# A warp no CTA has is one bad input, one code, whichever way it is given (issue 22: tmem --warp 32
# exited 64, export's 'warp=32' 3): 64, a value outside the range fixed for it (0-31); a .num the
# shape does not take is the model's refusal, 3, both ways.
xtmp=$(mktemp -d)
expect 64 "--warp" -- tmem --shape 16x256b --warp 32
expect 64 "'warp=32': the warp id is 0-31" -- export --view tmem --tmem 'ld shape=16x256b num=1 warp=32' --svg "$xtmp/w.svg"
expect 64 "'warp=-1'" -- export --view tmem --tmem 'ld shape=16x256b num=1 warp=-1' --svg "$xtmp/w.svg"
expect 3 "up to .x32" -- tmem --shape 16x256b --num x64
expect 3 "up to .x32" -- export --view tmem --tmem 'ld shape=16x256b num=x64' --svg "$xtmp/w.svg"
[ -e "$xtmp/w.svg" ] && { echo "FAIL: a refused tmem export wrote a picture"; fails=$((fails + 1)); }
rm -rf "$xtmp"

# Issue 11, item 10: standard output that cannot be written is a failure (5, with a message), never
# exit 0, for every subcommand: its own output, its help, and main's. Commands that cannot do their
# work (2 without a GPU) keep that code but still say that the output was lost.
expect_full() {  # expect_full CODE -- ARGS...: run with standard output on /dev/full
  local want="$1"
  shift 2
  local err rc
  err=$(timeout 120 "$cli" "$@" 2>&1 >/dev/full)
  rc=$?
  if [ "$rc" != "$want" ] || ! grep -q "standard output could not be written" <<<"$err"; then
    echo "FAIL: fragviz-cli $* >/dev/full -> exit $rc (want $want and the write error):"
    echo "$err" | head -5
    fails=$((fails + 1))
  else
    echo "ok: fragviz-cli $* >/dev/full -> $rc"
  fi
}
expect_full 5 -- banks --num x4 --stride-halves 72
# (A refused stride prints nothing, so /dev/full loses nothing: test_banks_layout.sh checks exit 3.)
expect_full 5 -- layout --shape m16n8k8
expect_full 5 -- layout --list
expect_full 5 -- --help
for sub in $("$cli" --help | awk '/^Subcommands:/ { on = 1; next } on && NF { print $1 }'); do
  expect_full 5 -- "$sub" --help
done
if "$cli" device >/dev/null 2>&1; then  # a usable GPU: every command's own output
  expect_full 5 -- device
  expect_full 5 -- probe --instr none --no-cycles
  expect_full 5 -- gate --n 256 --runs 1 --no-cublas
  expect_full 5 -- bench --sizes 256 --runs 1
else
  expect_full 2 -- device
  # No usable GPU: the device layer's error kind (no_device), not its wording, gives exit 2.
  expect 2 "no usable GPU" -- probe --instr none --no-cycles
  expect 2 "gate" -- gate --n 256 --runs 1
  expect 2 "bench" -- bench --sizes 256 --runs 1
  expect 2 "no usable GPU" -- probe --layout 'Swizzle<3,3,3> o (16,64):(64,1)' --lanes explorer
fi
# probe --layout: judged before anything launches, GPU or not (text that does not read: 64, the
# column marked; a refusal: 3).
expect 64 "col " -- probe --layout '(16,64):(64,1' --lanes explorer
expect 3 "lanes 0-31" -- probe --layout '(16,64):(64,1)' --lanes 'row=lane&15, col=8*(lane>>4)+1'
expect 3 "stmatrix stores" -- probe --layout '(16,64):(64,1)' --load stmatrix
expect 3 "ldmatrix moves .b16" -- probe --layout '(16,64):(64,1)' --elem b32
expect 64 "need --layout" -- probe --ncu

# Issue 11, item 6: one tile range (banks.hpp: widths 8 to 512, pads 0 to 64, strides to 576).
# Each of these is outside its option's fixed range (its --help): a bad command line (64).
expect 64 "--width: must be a whole number from 8 to 512, got '513'" -- probe --width 513
expect 64 "--width: must be a whole number from 8 to 512, got '7'" -- probe --width 7
expect 64 "--pad: must be a whole number from 0 to 64, got '65'" -- probe --pad 65
expect 64 "--pad: must be a whole number from 0 to 64, got '-8'" -- probe --pad -8
expect 64 "--stride-halves: must be a whole number from 8 to 576, got '577'" -- banks --num x4 --stride-halves 577
expect 0 "row stride 576 halves" -- banks --num x4 --stride-halves 576

# Issue 11, item 11: counts agree with their nouns; refusals speak of what the user gave; the
# README's examples are accepted.
expect 0 "matrix 0: 1 wavefront (conflict-free)" -- banks --num x1 --stride-halves 72
expect 3 "row stride 12 halves" -- banks --num x4 --stride-halves 12
if "$cli" banks --num x4 --stride-halves 12 2>&1 | grep -q "tile width"; then
  echo "FAIL: banks --stride-halves 12 speaks of a tile width the user never gave"
  fails=$((fails + 1))
fi
for args in "banks --num x1 --stride-halves 72" "banks --num x2 --trans --stride-halves 64" \
  "banks --num x4 --stride-halves 12" "banks --num x4 --stride-halves 8" "probe --num x1 --rows 1" \
  "probe --width 8 --pad 1"; do
  # shellcheck disable=SC2086
  if "$cli" $args 2>&1 | grep -Eq '(^|[^0-9.,])[-]?1 (wavefronts|elements|rows|halves|columns|bytes|registers|runs|instructions|passes|SMs)\b'; then
    echo "FAIL: fragviz-cli $args prints a count of 1 with a plural noun:"
    "$cli" $args 2>&1 | grep -E '(^|[^0-9.,])[-]?1 (wavefronts|elements|rows|halves|columns|bytes|registers|runs|instructions|passes|SMs)\b' | head -3
    fails=$((fails + 1))
  fi
done
expect 0 "bank conflicts 0" -- banks --num x4 --stride-halves 64 --swizzle xor  # README's swizzled example
readme_probe=(probe --shape all --num x4 --width 64 --pad 0 --swizzle xor --no-cycles)
out=$("$cli" "${readme_probe[@]}" 2>&1)
rc=$?
if [ "$rc" = 3 ] || [ "$rc" = 64 ]; then
  echo "FAIL: the README's swizzled probe example is refused (exit $rc): $out"
  fails=$((fails + 1))
fi


# One rule for every option's value (newcomer round 6), whatever the command: an empty value is
# refused, never read as "not given" (layout --instr '' showed the default instruction), and a
# whole-number option names what it got in our words, never CLI11's "Could not convert".
expect 64 "--instr: is empty" -- layout --instr ""
expect 64 "--instr: is empty" -- probe --instr ""
expect 64 "--type: is empty" -- descriptor --type ""
for v in nan 72.5 1e99 0x40 "" " 64"; do
  out=$("$cli" banks --num x4 --stride-halves "$v" 2>&1)
  rc=$?
  if [ "$rc" != 64 ] || grep -q "Could not convert" <<<"$out" || ! grep -q -- "--stride-halves" <<<"$out"; then
    echo "FAIL: banks --stride-halves '$v' -> exit $rc: $out"
    fails=$((fails + 1))
  fi
done
# --stride-halves has a fixed range (8 to 576): named with it, as gate --n's is.
expect 64 "--stride-halves: must be a whole number from 8 to 576, got 'nan'" -- banks --num x4 --stride-halves nan
expect 64 "--stride-halves: must be a whole number from 8 to 576, got '72.5'" -- banks --num x4 --stride-halves 72.5
expect 64 "--stride-halves: must be a whole number from 8 to 576, got '99999999999'" -- banks --num x4 --stride-halves 99999999999
expect 64 "--stride-halves: must be a whole number from 8 to 576, got '99999999999999999999'" -- banks --num x4 --stride-halves 99999999999999999999
expect 64 "--mn: must be a whole number, got '1e3'" -- descriptor --type f16 --mn 1e3
expect 64 "--start: must be a non-negative whole number, got '-16'" -- descriptor --type f16 --start -16
# In the option's range, refused by the model: the model's words, exit 3.
expect 3 "row stride 12 halves" -- banks --num x4 --stride-halves 12
expect 3 "so --mn must be 64 for --operand A (got 128)" -- descriptor --type f16 --operand A --mn 128

# Control characters the user typed are echoed as escapes, never raw (an ESC recoloured the
# terminal), in our messages and in CLI11's.
ctl() {  # ctl ARGS...: the output holds no raw control character (newlines aside), only escapes
  local out
  out=$("$cli" "$@" 2>&1)
  if printf '%s' "$out" | tr -d '\n' | LC_ALL=C grep -q '[[:cntrl:]]' || ! grep -qF '\' <<<"$out"; then
    echo "FAIL: fragviz-cli $(printf '%q ' "$@")echoed a raw control character: $(printf '%q' "$out")"
    fails=$((fails + 1))
  else
    echo "ok: fragviz-cli $(printf '%q ' "$@")-> $(head -c 100 <<<"$out")"
  fi
}
ctl layout --instr $'a\e[31mred'
ctl banks --num $'x\e[2J'
ctl $'fragviz\a'
ctl banks --num x4 --stride-halves $'6\e4'
ctl probe --instr $'mma\tx'
# Newcomer round 7: the excerpt under a parse error's caret, a hint that repeats the command line
# and export's "wrote" line still carried the raw ESC.
ctl banks --layout $'x\e[2Jy'
ctl probe --layout '(16,64):(64,1)' --lanes $'row=lane\e[2J, col=0' --load stmatrix
esc_dir=$(mktemp -d)
ctl export --view movmatrix --svg "$esc_dir/"$'x\e[2Jy.svg'
rm -rf "$esc_dir"

echo "$fails failed"
[ "$fails" -eq 0 ]
