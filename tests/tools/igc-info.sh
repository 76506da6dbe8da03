#!/bin/sh
# igc-info.sh - what IGC tells a host about the kernels of an OpenCL C file:
# each kernel's user_attributes and clGetKernelArgInfo's answers
# (.ze_info kernels_misc_info), normalised by zeinfo-misc.sh.
#
# usage: igc-info.sh K.cl [device]          (device defaults to tgllp)
#
# Maintainer tool, run by hand to regenerate tests/kernels/<name>.igcinfo:
#   tests/tools/igc-info.sh tests/kernels/saxpy.cl > tests/kernels/saxpy.igcinfo
# The tests read the stored files and never need ocloc (with ocloc
# installed, make check reruns this to check them).  Build:
#   ocloc compile -file K.cl -device <device> --format zebin
#         -options "-cl-std=CL1.2 -cl-kernel-arg-info"
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: igc-info.sh K.cl [device]" >&2; exit 2; }
src=$1
dev=${2:-tgllp}
[ -f "$src" ] || { echo "igc-info.sh: no such file: $src" >&2; exit 2; }
command -v ocloc >/dev/null 2>&1 || { echo "igc-info.sh: ocloc not found" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
srcabs=$(cd "$(dirname "$src")" && pwd)/$(basename "$src")
zesect=${ZESECT:-$here/../../build/tests/tools/zesect}
[ -x "$zesect" ] || { echo "igc-info.sh: build tests/tools/zesect first (or set ZESECT)" >&2; exit 1; }
# OpenCL C 1.2 as AMD's compilers; a read_write image needs 2.0 or later
# (the rule src/emu/pocl.c applies to the twins it runs)
std=-cl-std=CL1.2
grep -Eq '(^|[^A-Za-z0-9_])(__)?read_write([^A-Za-z0-9_]|$)' "$src" && std=-cl-std=CL3.0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/igc-info.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && ocloc compile -file "$srcabs" -device "$dev" --format zebin \
	-options "$std -cl-kernel-arg-info" -output_no_suffix -output k) >"$tmp/log" 2>&1 ||
	{ cat "$tmp/log" >&2; exit 1; }
"$zesect" "$tmp/k" .ze_info | sh "$here/zeinfo-misc.sh"
