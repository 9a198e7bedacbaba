#!/usr/bin/env bash
# Fetches NVIDIA's CUTLASS/CuTe headers for the CuTe cross-check (tests/cute/), a test-only
# dependency: nothing of CUTLASS is kept in this repository.
#
#   tools/fetch-cutlass.sh [DEST]      DEST defaults to $FRAGVIZ_CUTLASS_DIR, else <repo>/build-deps/cutlass
#
# Everything comes from PyPI with `pip download` (pinned versions, no install, no dependencies):
#   nvidia-cutlass           include/cute, include/cutlass           -> DEST/cutlass/include
#   nvidia-cuda-runtime-cu12 cuda_runtime_api.h, cuda_fp16.h, ...    -> DEST/cuda/include
#   nvidia-cuda-cccl-cu12    libcu++ (cuda/std/..., nv/...)          -> DEST/cuda/include
#   nvidia-cuda-nvcc-cu12    crt/host_defines.h, crt/host_config.h   -> DEST/cuda/include/crt
# CuTe's host code includes <cuda_runtime_api.h>, <cuda_fp16.h> and <cuda/std/...>; the three CUDA
# wheels (one CUDA 12.9 release) supply them so the test builds with g++ alone, no CUDA Toolkit.
# Only headers are unpacked. Idempotent: a DEST whose stamp names these versions is left as it is.
# Exits non-zero, saying why, when PyPI cannot be reached.
set -euo pipefail

CUTLASS_VERSION=4.2.0.0
CUDA_RUNTIME_VERSION=12.9.79
CUDA_CCCL_VERSION=12.9.27
CUDA_NVCC_VERSION=12.9.86

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${1:-${FRAGVIZ_CUTLASS_DIR:-$root/build-deps/cutlass}}"
stamp_text="nvidia-cutlass==$CUTLASS_VERSION nvidia-cuda-runtime-cu12==$CUDA_RUNTIME_VERSION nvidia-cuda-cccl-cu12==$CUDA_CCCL_VERSION nvidia-cuda-nvcc-cu12==$CUDA_NVCC_VERSION"

if [ -f "$dest/STAMP" ] && [ "$(cat "$dest/STAMP")" = "$stamp_text" ] \
   && [ -f "$dest/cutlass/include/cute/atom/mma_traits_sm80.hpp" ] \
   && [ -f "$dest/cuda/include/cuda_runtime_api.h" ]; then
  echo "fetch-cutlass: CUTLASS $CUTLASS_VERSION headers already in $dest"
  exit 0
fi

if ! python3 -m pip --version >/dev/null 2>&1; then
  # Debian 12 ships pip as its own package; `pip download` is allowed even where PEP 668 blocks
  # `pip install`.
  if command -v apt-get >/dev/null 2>&1; then
    echo "fetch-cutlass: pip is missing; installing python3-pip"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends python3-pip
  else
    echo "fetch-cutlass: error: 'python3 -m pip' is not available; install pip" >&2
    exit 1
  fi
fi

# Work beside DEST, so the finished folder is moved into place by one rename.
mkdir -p "$(dirname "$dest")"
work="$(mktemp -d "$(dirname "$dest")/.fetch-cutlass.XXXXXX")"
trap 'rm -rf "$work"' EXIT

download() {  # name==version
  echo "fetch-cutlass: downloading $1 from PyPI"
  if ! python3 -m pip download --no-deps --only-binary=:all: --disable-pip-version-check \
         --timeout 60 --retries 2 -d "$work/wheels" "$1" >"$work/pip.log" 2>&1; then
    cat "$work/pip.log" >&2
    echo "fetch-cutlass: error: could not download $1 from PyPI (offline, or PyPI unreachable)." >&2
    echo "fetch-cutlass: the CuTe cross-check (CTest label 'cute') is reported Skipped without it." >&2
    exit 1
  fi
}

download "nvidia-cutlass==$CUTLASS_VERSION"
download "nvidia-cuda-runtime-cu12==$CUDA_RUNTIME_VERSION"
download "nvidia-cuda-cccl-cu12==$CUDA_CCCL_VERSION"
download "nvidia-cuda-nvcc-cu12==$CUDA_NVCC_VERSION"

# Unpack only the header folders, each to its place (python3's zipfile: no unzip needed).
python3 - "$work/wheels" "$work/out" <<'EOF'
import fnmatch, pathlib, sys, zipfile
wheels, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
# (wheel name prefix, folder/ or file pattern inside the wheel, destination under out)
plan = [
    ("nvidia_cutlass-", "cutlass_library/source/include/cute/", "cutlass/include/cute/"),
    ("nvidia_cutlass-", "cutlass_library/source/include/cutlass/", "cutlass/include/cutlass/"),
    ("nvidia_cutlass-", "*.dist-info/licenses/LICENSE.txt", "cutlass/LICENSE.txt"),
    ("nvidia_cuda_runtime_cu12-", "nvidia/cuda_runtime/include/", "cuda/include/"),
    ("nvidia_cuda_cccl_cu12-", "nvidia/cuda_cccl/include/cuda/", "cuda/include/cuda/"),
    ("nvidia_cuda_cccl_cu12-", "nvidia/cuda_cccl/include/nv/", "cuda/include/nv/"),
    ("nvidia_cuda_nvcc_cu12-", "nvidia/cuda_nvcc/include/crt/", "cuda/include/crt/"),
]
for prefix, src, dst in plan:
    found = sorted(wheels.glob(prefix + "*.whl"))
    if len(found) != 1:
        sys.exit(f"fetch-cutlass: error: expected one {prefix}*.whl, found {len(found)}")
    n = 0
    with zipfile.ZipFile(found[0]) as z:
        for name in z.namelist():
            if name.endswith("/"):
                continue
            if src.endswith("/"):
                if not name.startswith(src):
                    continue
                target = out / (dst + name[len(src):])
            elif fnmatch.fnmatch(name, src):
                target = out / dst
            else:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(z.read(name))
            n += 1
    if n == 0:
        sys.exit(f"fetch-cutlass: error: {found[0].name} has nothing at {src}")
EOF

for f in cutlass/include/cute/atom/mma_traits_sm70.hpp cutlass/include/cute/atom/mma_traits_sm80.hpp \
         cuda/include/cuda_runtime_api.h cuda/include/cuda/std/utility cuda/include/crt/host_defines.h; do
  [ -f "$work/out/$f" ] || { echo "fetch-cutlass: error: $f missing after unpacking" >&2; exit 1; }
done
echo "$stamp_text" >"$work/out/STAMP"

rm -rf "$dest"
mv "$work/out" "$dest"
echo "fetch-cutlass: CUTLASS $CUTLASS_VERSION headers in $dest"
