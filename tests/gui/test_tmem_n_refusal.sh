#!/usr/bin/env bash
# The Tensor memory window's accumulator N (issue 22): every N the model refuses is refused in the
# words fragviz-cli tmem --accumulator prints, and the last valid N stays drawn. With M 64 (PTX ISA
# 9.1: N 8 to 256 in steps of 8) 7 was clamped to 8 and 300 to 256 without a word, while 20 was
# refused with one.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<'JSON'
{"format": "fragviz-settings", "version": 1, "windows": {"tmem": true}, "tmem": "accumulator m=64 n=16 cta_group=1 cta=0"}
JSON
start_app --no-device
T="s['tmem']"
wait_for "$T['open'] and $T['ok'] and $T['controls'] == 'accumulator m=64 n=16 cta_group=1 cta=0' and 'tmem_n' in s['widgets']"

for bad in 7 300 20; do
  enter_number tmem_n "$bad" "$T['n_refusal'] != '' and $T['n_refusal'].endswith(' $bad')"
  want="M = 64 takes N from 8 to 256 in steps of 8, not $bad"
  [ "$(q "$T['n_refusal']")" = "$want" ] || fail "N $bad: '$(q "$T['n_refusal']")', want '$want'"
  cli_err=$("$CLI" tmem --accumulator --m 64 --n "$bad" 2>&1 >/dev/null)
  [ "$cli_err" = "fragviz-cli tmem: refused: $(q "$T['n_refusal']")" ] ||
    fail "N $bad: the window's refusal is not the CLI's: '$(q "$T['n_refusal']")' vs '$cli_err'"
  # The last valid N is kept and drawn.
  [ "$(q "$T['controls']")" = "accumulator m=64 n=16 cta_group=1 cta=0" ] && [ "$(q "$T['ok']")" = "True" ] ||
    fail "N $bad changed what is drawn: $(q "$T['controls']") ok=$(q "$T['ok']")"
  [ "$(q "'tmem_n_refusal' in s['widgets']")" = "True" ] || fail "N $bad: no refusal on screen"
done
# A valid N is taken and the refusal goes.
enter_number tmem_n 24 "$T['controls'] == 'accumulator m=64 n=24 cta_group=1 cta=0' and $T['ok'] and $T['n_refusal'] == ''"
quit_app
echo "PASS"
