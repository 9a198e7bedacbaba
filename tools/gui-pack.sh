#!/usr/bin/env bash
# Packs what the app needs to build and to show a real X window on a machine that has none of
# Debian's GUI packages (the H200 box: Ubuntu 24.04, CUDA, cmake, ninja, g++; no -dev packages, no
# network) into ONE file, .gl/gui-runtime.tar.xz, for tools/device-gui.sh. Run on Debian 12 with apt
# and network:
#
#   tools/gui-pack.sh            (as root, or with sudo for apt-get update)
#
# What goes in (fragviz-gui/ in the tarball):
#   root/    Debian 12 packages unpacked with dpkg-deb -x (never into /):
#            runtime: Xvfb and its X server files, xkb-data and xkbcomp, Mesa's DRI drivers (the X
#            server's GLX; llvmpipe needs libLLVM-15), libglvnd (libGL, libGLX, libOpenGL, libEGL),
#            GLFW, libstb, xdotool, xwd (x11-apps), xdpyinfo/xwininfo (x11-utils), glxinfo
#            (mesa-utils), the three DejaVu faces assets/fonts.json names (fonts-dejavu-core and
#            -extra), with every library they need that is not in an Ubuntu 24.04 base image (the
#            dependency closure minus the list `base` below);
#            build:   libimgui-dev (headers and libimgui.a with its GLFW and OpenGL 3 backends, as
#            Debian builds it), libglfw3-dev, libstb-dev, libgl-dev, libglx-dev, libopengl-dev
#            (headers and .so links only; their -dev dependencies are not needed), and
#            nlohmann-json3-dev, libcli11-dev, googletest
#   glad/    the GL 3.3 core loader, generated here exactly as the normal build does (python3-glad)
#   bin/     wrappers (Xvfb, xdotool, xwd, ...) that run the carried programs with the carried
#            libraries, and with-gui-libs, which runs any command so; env.sh, the variables alone
#   carry/   nlohmann/json, CLI11 and googletest (Debian's), laid out as .carry/ (FRAGVIZ_CARRY_DIR),
#            so the device build needs nothing else
#   MANIFEST package, version and size of every .deb unpacked, the excluded base packages, the stubs
#
# Two stand-ins keep the file inside the device tool's 64 MiB, which the working tree shares (22 MB
# of tracked files in December 2026): libLLVM-15 needs libz3.so.4 (the Z3 solver behind clang's static
# analyzer) and libxml2 (needed by libLLVM-15 for Windows manifests) needs libicuuc.so.72 (ICU's
# character-set converters, with 30 MB of data); Mesa's llvmpipe JIT uses neither. Each is replaced
# by a stub with the same SONAME that defines exactly the symbols the carried libraries take from it,
# every one a function that prints its name and aborts, so a call that should never happen stops the
# process loudly instead of running on. FRAGVIZ_GUI_PACK_FULL=1 carries the real libz3-4 and libicu72
# (+16 MB xz: about 53 MiB in all).
#
# CMake uses it through -DFRAGVIZ_GUI_CARRY_DIR=<unpacked>/fragviz-gui (third_party/CMakeLists.txt).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/.gl/gui-runtime.tar.xz}"
work="${FRAGVIZ_GUI_PACK_WORK:-/tmp/fragviz-gui-pack}"
die() { echo "gui-pack: $*" >&2; exit 1; }

[ -r /etc/debian_version ] && grep -q '^12' /etc/debian_version ||
  die "run this on Debian 12 (bookworm): the packages must match what the carried Xvfb was built for"
for t in apt-get apt-cache dpkg-deb tar xz python3; do
  command -v "$t" >/dev/null || die "$t is not installed"
done
command -v glad >/dev/null || die "glad is not installed (apt-get install python3-glad)"
command -v cc >/dev/null && command -v nm >/dev/null && command -v readelf >/dev/null ||
  die "cc, nm and readelf are needed for the stubs (apt-get install build-essential)"

runtime=(xvfb xkb-data x11-xkb-utils libgl1-mesa-dri libglx-mesa0 libgl1 libglx0 libglvnd0 libopengl0
         libegl1 libglfw3 libstb0 xdotool x11-apps x11-utils mesa-utils fonts-dejavu-core fonts-dejavu-extra)
build=(libimgui-dev libglfw3-dev libstb-dev libgl-dev libglx-dev libopengl-dev
       nlohmann-json3-dev libcli11-dev googletest)
# Packages an Ubuntu 24.04 base image certainly has (its libc, C++ runtime and the libraries apt,
# dpkg, gpgv, login and systemd's client library need), and Debian's maintainer-script tools. They are
# NOT carried: an older Debian copy on LD_LIBRARY_PATH would shadow the newer one the device's own
# programs (and the app built there) were linked against. Everything else is carried, even where
# Ubuntu might have it.
base=(libc6 libc-bin libgcc-s1 libstdc++6 gcc-12-base libcrypt1 zlib1g liblzma5 libzstd1 libbz2-1.0
      libtinfo6 libselinux1 libpcre2-8-0 libmd0 libacl1 libattr1 libgcrypt20 libgpg-error0 libsystemd0
      liblz4-1 libcap2 libaudit1 libaudit-common libcap-ng0 libffi8
      debconf perl-base dpkg coreutils dash bash tar sed grep debianutils init-system-helpers
      sensible-utils base-files ncurses-base mawk lsb-base ucf libseccomp2 libsmartcols1 libuuid1
      sysvinit-utils
      man-db groff-base libuchardet0 bsdextrautils libgdbm6 libpipeline1)  # (manual pages: x11-apps)

apt_o=(-o APT::Architecture=amd64 -o APT::Architectures=amd64)
if [ "$(id -u)" -eq 0 ]; then
  apt-get "${apt_o[@]}" update -q >/dev/null || die "apt-get update failed (network?)"
elif command -v sudo >/dev/null; then
  sudo apt-get "${apt_o[@]}" update -q >/dev/null || die "apt-get update failed (network?)"
fi

rm -rf "$work"
mkdir -p "$work/debs" "$work/stage/fragviz-gui/root"
stage="$work/stage/fragviz-gui"

# The runtime closure: what apt would install on a system that has nothing (empty dpkg status), no
# recommends; alternatives resolved as apt resolves them.
: >"$work/empty-status"
apt-get "${apt_o[@]}" -s -o Dir::State::status="$work/empty-status" -o APT::Install-Recommends=false \
  -o APT::Install-Suggests=false install "${runtime[@]}" >"$work/resolve.log" 2>&1 ||
  { cat "$work/resolve.log" >&2; die "apt could not resolve ${runtime[*]}"; }
mapfile -t closure < <(awk '/^Inst /{print $2}' "$work/resolve.log" | sed 's/:amd64$//' | sort -u)
[ ${#closure[@]} -gt 20 ] || die "dependency closure looks wrong (${#closure[@]} packages): see $work/resolve.log"
want=()
excluded=()
for p in "${closure[@]}"; do
  if printf '%s\n' "${base[@]}" | grep -qx "$p"; then excluded+=("$p"); else want+=("$p"); fi
done
want+=("${build[@]}")
echo "gui-pack: ${#want[@]} packages (${#closure[@]} in the runtime closure, ${#excluded[@]} of them left to the base image: ${excluded[*]})"

(cd "$work/debs" && apt-get "${apt_o[@]}" download "${want[@]}" >"$work/download.log" 2>&1) ||
  { tail -20 "$work/download.log" >&2; die "apt-get download failed"; }

{
  echo "# fragviz GUI runtime for machines without Debian's GUI packages; made by tools/gui-pack.sh"
  echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(. /etc/os-release && echo "$PRETTY_NAME")"
  echo "# not carried (the base image's): ${excluded[*]}"
  echo "# package version deb-bytes"
} >"$stage/MANIFEST"
for deb in "$work"/debs/*.deb; do
  dpkg-deb -x "$deb" "$stage/root" || die "cannot unpack $deb"
  printf '%s %s %s\n' "$(dpkg-deb -f "$deb" Package)" "$(dpkg-deb -f "$deb" Version)" "$(stat -c %s "$deb")" \
    >>"$stage/MANIFEST"
done

# The stand-ins (see the top of this file): the real package's files go, the stub takes the SONAME.
lib="$stage/root/usr/lib/x86_64-linux-gnu"
stubbed=()
if [ "${FRAGVIZ_GUI_PACK_FULL:-0}" != 1 ]; then
  mkdir -p "$work/stubs"
  for spec in libz3-4:libz3.so.4 libicu72:libicuuc.so.72; do
    pkg=${spec%%:*} soname=${spec#*:}
    dpkg-deb -c "$work"/debs/"$pkg"_*.deb | awk '$1 !~ /^d/ {print $6}' >"$work/stubs/$pkg.files"
    real=$(readlink -f "$lib/$soname")
    made=$(python3 "$root/tools/gui-stub.py" "$stage/root" "$real" "$soname" "$work/stubs" "$work/stubs/$pkg.files") ||
      die "no stub for $soname (FRAGVIZ_GUI_PACK_FULL=1 carries the real $pkg)"
    while read -r f; do rm -f "$stage/root/${f#./}"; done <"$work/stubs/$pkg.files"
    cp "$work/stubs/$soname" "$lib/$soname"
    stubbed+=("$pkg: not carried; $soname is a stub of ${made%% *} functions that abort, for ${made#* }")
    echo "gui-pack: ${stubbed[-1]}"
  done
fi
for line in "${stubbed[@]}"; do echo "# stub: $line"; done >>"$stage/MANIFEST"

# The header-only libraries and googletest, where FRAGVIZ_CARRY_DIR expects them (as .carry/).
mkdir -p "$stage/carry/include"
ln -s ../../root/usr/include/nlohmann "$stage/carry/include/nlohmann"
ln -s ../../root/usr/include/CLI "$stage/carry/include/CLI"
ln -s ../root/usr/src/googletest "$stage/carry/googletest"

# The DejaVu fonts that assets/fonts.json names (DejaVuSansCondensed.ttf is fonts-dejavu-extra's);
# the other faces of the two packages go.
dejavu="$stage/root/usr/share/fonts/truetype/dejavu"
mapfile -t faces < <(python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
print("\n".join(sorted({j[k]["file"] for k in ("ui", "small", "bold")})))' "$root/assets/fonts.json")
for f in "${faces[@]}"; do [ -f "$dejavu/$f" ] || die "assets/fonts.json names $f, which no carried package has"; done
for f in "$dejavu"/*; do
  printf '%s\n' "${faces[@]}" | grep -qx "$(basename "$f")" || rm -f "$f"
done

# libLLVM-15 looks for its own needs (libedit, libxml2, libz3) through its RUNPATH, $ORIGIN/../lib,
# and the cache of ld.so; neither has them on the device, and a RUNPATH shuts out the app's RPATH.
# That folder is made the library folder.
[ -e "$stage/root/usr/lib/lib" ] && die "root/usr/lib/lib exists in the packages; the link would hide it"
ln -s x86_64-linux-gnu "$stage/root/usr/lib/lib"

# Nothing at run time or build time reads these.
rm -rf "$stage/root/usr/share/doc" "$stage/root/usr/share/man" "$stage/root/usr/share/info" \
  "$stage/root/usr/share/lintian" "$stage/root/usr/share/bug" "$stage/root/usr/share/menu" \
  "$stage/root/usr/share/locale" "$stage/root/etc/init.d"
for f in "$lib/libimgui.a" "$lib/libglfw.so.3" "$lib/libstb.so" "$lib/libOpenGL.so" "$lib/libGLX.so" \
         "$lib/libGLX_mesa.so.0" "$lib/dri/swrast_dri.so" "$stage/root/usr/include/imgui/imgui.h" \
         "$stage/root/usr/include/imgui/backends/imgui_impl_glfw.h" "$stage/root/usr/include/GLFW/glfw3.h" \
         "$stage/root/usr/include/stb/stb_image_write.h" "$stage/root/usr/include/GL/gl.h" \
         "$stage/root/usr/bin/Xvfb" "$stage/root/usr/bin/xkbcomp" "$stage/root/usr/bin/xdotool" \
         "$stage/root/usr/bin/xwd" "$stage/root/usr/share/X11/xkb/rules/evdev" \
         "$stage/root/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" \
         "$stage/carry/include/nlohmann/json.hpp" "$stage/carry/include/CLI/CLI.hpp" \
         "$stage/carry/googletest/CMakeLists.txt"; do
  [ -e "$f" ] || die "expected ${f#"$stage/"} after unpacking"
done

# The GL 3.3 core loader, generated as third_party/CMakeLists.txt does in the normal build.
glad --api gl:core=3.3 --out-path "$stage/glad" --reproducible --quiet c || die "glad failed"
[ -f "$stage/glad/src/gl.c" ] && [ -f "$stage/glad/include/glad/gl.h" ] || die "glad wrote no loader"

# Wrappers: each carried program runs with the carried libraries, wherever the tree is unpacked
# (and also when reached through a symbolic link, such as /usr/bin/xkbcomp on the device).
mkdir -p "$stage/bin"
cat >"$stage/bin/env.sh" <<'EOF'
# Sourced: the carried tree's libraries and Mesa's DRI drivers. FRAGVIZ_GUI_HOME is the tree.
FRAGVIZ_GUI_HOME=${FRAGVIZ_GUI_HOME:-$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)}
export FRAGVIZ_GUI_HOME
_fg_libs="$FRAGVIZ_GUI_HOME/root/usr/lib/x86_64-linux-gnu:$FRAGVIZ_GUI_HOME/root/lib/x86_64-linux-gnu"
export LD_LIBRARY_PATH="$_fg_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LIBGL_DRIVERS_PATH="$FRAGVIZ_GUI_HOME/root/usr/lib/x86_64-linux-gnu/dri"
# Xlib's locale files (else no WM_NAME is set, nor read: xdotool search --name finds no window).
export XLOCALEDIR="$FRAGVIZ_GUI_HOME/root/usr/share/X11/locale"
unset _fg_libs
EOF
cat >"$stage/bin/with-gui-libs" <<'EOF'
#!/bin/sh
# with-gui-libs COMMAND [ARGS]: runs COMMAND with the carried libraries (bin/env.sh).
FRAGVIZ_GUI_HOME=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
. "$FRAGVIZ_GUI_HOME/bin/env.sh"
exec "$@"
EOF
for prog in Xvfb xkbcomp xdotool xwd xdpyinfo xwininfo xprop glxinfo; do
  [ -x "$stage/root/usr/bin/$prog" ] || die "no $prog in the unpacked packages"
  # Xvfb looks for the keyboard files where Debian puts them unless told (-xkbdir; a later one wins).
  # The X server's own GL is Mesa's, whatever vendor its clients ask libglvnd for.
  extra="" unset_vendor=""
  [ "$prog" = Xvfb ] && extra=' -xkbdir "$FRAGVIZ_GUI_HOME/root/usr/share/X11/xkb"' &&
    unset_vendor="unset __GLX_VENDOR_LIBRARY_NAME"
  cat >"$stage/bin/$prog" <<EOF
#!/bin/sh
FRAGVIZ_GUI_HOME=\$(cd "\$(dirname "\$(readlink -f "\$0")")/.." && pwd)
. "\$FRAGVIZ_GUI_HOME/bin/env.sh"
$unset_vendor
exec "\$FRAGVIZ_GUI_HOME/root/usr/bin/$prog"$extra "\$@"
EOF
done
chmod +x "$stage"/bin/*
chmod -x "$stage/bin/env.sh"

mkdir -p "$(dirname "$out")"
echo "gui-pack: $(du -sh "$stage" | cut -f1) unpacked; compressing (xz -9)..."
tar -C "$work/stage" --owner=0 --group=0 --numeric-owner -cf - fragviz-gui | xz -9 -T2 >"$out.tmp"
mv "$out.tmp" "$out"
size=$(stat -c %s "$out")
echo "gui-pack: wrote $out ($((size / 1024 / 1024)) MiB, $size bytes; ${#want[@]} packages, MANIFEST inside)"
[ "$size" -lt $((56 * 1024 * 1024)) ] ||
  echo "gui-pack: WARNING: over 56 MiB; with .carry/ and the working tree it may pass the 64 MiB carry limit" >&2
