#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to the running app or to a green test run.
#
#   tools/bootstrap.sh run    install what is missing, build, start the app
#   tools/bootstrap.sh test   install what is missing, build, run every test (CTest)
#
# Uses Debian 12 packages only. CUDA is optional: if /usr/local/cuda/bin/nvcc exists the probes
# and the gate are built too; without it the app runs in model-only mode.
set -euo pipefail

mode="${1:-run}"
shift || true
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${FRAGVIZ_BUILD_DIR:-$root/build}"

# fonts-dejavu-core and fonts-dejavu-extra (DejaVuSansCondensed.ttf): the app's fonts
# (assets/fonts.json); without them the app uses ImGui's own.
# libcairo2-dev: PDF and PNG export (export/; found with pkg-config, optional: without it SVG/TikZ only).
build_pkgs=(build-essential cmake ninja-build pkg-config libimgui-dev libglfw3-dev python3-glad
            nlohmann-json3-dev libcli11-dev libgtest-dev libstb-dev fonts-dejavu-core
            fonts-dejavu-extra libcairo2-dev)
test_pkgs=(xvfb xdotool imagemagick x11-utils)
# clang-14 and its runtimes (libFuzzer, ASan, UBSan): the report and settings fuzz targets (tests/fuzz).
test_pkgs+=(clang-14 libclang-rt-14-dev)

install_missing() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "bootstrap: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

configure_and_build() {
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
  cmake --build "$build" -j "$(nproc)"
}

case "$mode" in
  run)
    install_missing "${build_pkgs[@]}"
    configure_and_build
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
      # Headless machine: show that it runs by drawing into a virtual screen and saving a picture.
      install_missing xvfb
      shot="$build/fragviz-screenshot.png"
      echo "bootstrap: no DISPLAY; running the app under Xvfb and saving a screenshot to $shot"
      LIBGL_ALWAYS_SOFTWARE=1 xvfb-run -a -s "-screen 0 1600x1000x24" \
        "$build/app/fragviz" --screenshot "$shot" "$@"
      echo "bootstrap: screenshot written to $shot (on a desktop, run $build/app/fragviz)"
    else
      exec "$build/app/fragviz" "$@"
    fi
    ;;
  test)
    install_missing "${build_pkgs[@]}" "${test_pkgs[@]}"
    bash "$root/tools/fetch-cutlass.sh"  # CuTe headers for tests/cute (PyPI; skips when present)
    configure_and_build -DFRAGVIZ_WERROR=ON -DFRAGVIZ_GUI_TEST_LOCK=OFF
    # The tests start python3 thousands of times (the GUI tests' state checks). Where python3 is a
    # version manager's shim (pyenv's is a shell script that asks which version to run), each start
    # costs about 0.1 s of CPU more than the interpreter's own: put the interpreter first in PATH.
    # (Only where python3 is not already the interpreter: /usr/bin stays where it was.)
    py_dir="$(dirname "$(python3 -c 'import sys; print(sys.executable)')")"
    [ "$py_dir" = "$(dirname "$(command -v python3)")" ] || export PATH="$py_dir:$PATH"

    # Two more builds, started now at the lowest CPU priority (nice 19) so that they use only what
    # the tests below leave idle (the GUI tests mostly wait for the app; on CI's 2 cores about a
    # quarter of the CPU), and run their own tests afterwards:
    # - the model-only build (what a machine without CUDA gets, GUI off), so that mode can't rot,
    #   under AddressSanitizer and UndefinedBehaviorSanitizer: unit, CLI and fuzz-replay tests; any
    #   finding aborts its test. -O1: sanitized -O3 compiles five times slower.
    #   -Wno-maybe-uninitialized: under -fsanitize GCC 12 reports libstdc++'s own <regex> and
    #   std::function as maybe uninitialized (false positives, GCC's manual warns of them with
    #   sanitizers); the unsanitized -Werror build keeps the warning for our code.
    # - the report loader's and the settings parser's libFuzzer targets (clang-14).
    sanitized="${build}-asan-ubsan"
    fuzz="${build}-fuzz"
    (
      nice -n 19 cmake -S "$root" -B "$sanitized" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1" -DFRAGVIZ_CUDA=OFF -DFRAGVIZ_GUI=OFF -DFRAGVIZ_WERROR=ON \
        -DFRAGVIZ_CUTE_CHECKS=OFF \
        -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -Wno-maybe-uninitialized" &&
        nice -n 19 cmake --build "$sanitized" -j "$(nproc)" &&
        nice -n 19 cmake -S "$root" -B "$fuzz" -G Ninja -DCMAKE_BUILD_TYPE=Release \
          "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1" -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
          -DFRAGVIZ_CUDA=OFF -DFRAGVIZ_GUI=OFF -DFRAGVIZ_FUZZ=ON \
          -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined,fuzzer-no-link -fno-omit-frame-pointer -fno-sanitize-recover=undefined" &&
        nice -n 19 cmake --build "$fuzz" --target fuzz_report fuzz_settings -j "$(nproc)"
    ) > "${build}-background-builds.log" 2>&1 &
    background=$!

    # The full build's tests: unit, gpu (SKIPPED without a device), sm_75 compile check, then the GUI
    # tests under Xvfb, three at once (FRAGVIZ_GUI_TEST_LOCK is off; each test has its own Xvfb).
    status=0
    ctest --test-dir "$build" --output-on-failure -j 2 -LE gui || status=1
    ctest --test-dir "$build" --output-on-failure -j "${FRAGVIZ_GUI_TEST_JOBS:-3}" -L gui || status=1
    if ! wait "$background"; then
      cat "${build}-background-builds.log"
      echo "bootstrap: the sanitized or the fuzz build failed (above)"
      exit 1
    fi
    [ "$status" -eq 0 ] || exit 1
    LSAN_OPTIONS="suppressions=$root/tests/sanitizers/lsan.supp:print_suppressions=0" \
      ctest --test-dir "$sanitized" --output-on-failure -j 2
    # The report loader and the settings parser under libFuzzer, each for a bounded time, from the
    # committed seeds; new inputs go to the build folder, a crash to $fuzz/artifacts/ (keep it in
    # tests/fuzz/regressions/).
    mkdir -p "$fuzz/corpus" "$fuzz/artifacts"
    "$fuzz/tests/fuzz/fuzz_report" -max_total_time="${FRAGVIZ_FUZZ_SECONDS:-45}" -max_len=65536 \
      -dict="$root/tests/fuzz/report.dict" -artifact_prefix="$fuzz/artifacts/" -print_final_stats=1 \
      "$fuzz/corpus" "$root/tests/fuzz/corpus/report"
    # The app's settings parser (parse_settings), the same way: its own corpus and artifact folders
    # (a crash goes to $fuzz/artifacts/settings/; keep it in tests/fuzz/regressions/settings/).
    mkdir -p "$fuzz/corpus-settings" "$fuzz/artifacts/settings"
    "$fuzz/tests/fuzz/fuzz_settings" -max_total_time="${FRAGVIZ_FUZZ_SETTINGS_SECONDS:-20}" -max_len=65536 \
      -dict="$root/tests/fuzz/settings.dict" -artifact_prefix="$fuzz/artifacts/settings/" -print_final_stats=1 \
      "$fuzz/corpus-settings" "$root/tests/fuzz/corpus/settings"
    ;;
  *)
    echo "usage: tools/bootstrap.sh run|test" >&2
    exit 2
    ;;
esac
