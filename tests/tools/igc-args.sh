#!/bin/sh
# igc-args.sh - compile an OpenCL C file with IGC (ocloc) and print the explicit
# kernel arguments of the resulting zebin, normalised by zeargs.sh.
#
# usage: igc-args.sh K.cl [device]          (device defaults to tgllp)
#
# Maintainer tool: it is run by hand when the reference files
# tests/kernels/<name>.igcargs are regenerated, e.g.
#
#   tests/tools/igc-args.sh tests/kernels/saxpy.cl > tests/kernels/saxpy.igcargs
#
# The tests compare with the stored files (they must not need ocloc); when
# ocloc is installed, make check also runs this script to check that the
# stored files are still what IGC gives.
# The build uses stateless (A64) pointers, which is what the translator emits:
#   ocloc compile -file K.cl -device <device> --format zebin
#         -options "-cl-std=CL1.2 -cl-intel-greater-than-4GB-buffer-required"
# The .ze_info section is pulled out of the zebin with tests/tools/zesect when
# that helper has been built, otherwise with od/dd (python3 as a last resort).

usage() {
    echo "usage: igc-args.sh K.cl [device]" >&2
    exit 2
}
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    usage
fi
src=$1
dev=${2:-tgllp}
[ -f "$src" ] || { echo "igc-args.sh: no such file: $src" >&2; exit 2; }
command -v ocloc >/dev/null 2>&1 || { echo "igc-args.sh: ocloc not found" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$(dirname "$src")" && pwd)
srcabs=$srcdir/$(basename "$src")
stem=$(basename "$src" .cl)

# OpenCL C 1.2 as AMD's compilers; a read_write image needs 2.0 or later
# (the rule src/emu/pocl.c applies to the twins it runs)
std=-cl-std=CL1.2
grep -Eq '(^|[^A-Za-z0-9_])(__)?read_write([^A-Za-z0-9_]|$)' "$src" && std=-cl-std=CL3.0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/igc-args.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# 1. compile (inside the temp dir so nothing lands next to the source)
(
    cd "$tmp" &&
    ocloc compile -file "$srcabs" -device "$dev" \
        -options "$std -cl-intel-greater-than-4GB-buffer-required" \
        --format zebin -out_dir "$tmp" -output "$stem"
) >"$tmp/ocloc.log" 2>&1
rc=$?
bin=
for f in "$tmp"/*.bin; do
    [ -f "$f" ] && { bin=$f; break; }
done
if [ $rc -ne 0 ] || [ -z "$bin" ]; then
    cat "$tmp/ocloc.log" >&2
    echo "igc-args.sh: ocloc failed (rc=$rc)" >&2
    exit 1
fi

# 2. extract .ze_info
# read an unsigned little-endian integer of $2 bytes at byte offset $1 of $bin
rdint() {
    od -An -v -j "$1" -N "$2" -t "u$2" "$bin" | tr -d ' \n'
}
# print the NUL-terminated string at byte offset $1 of $bin (names are short)
rdstr() {
    dd if="$bin" bs=1 skip="$1" count=64 2>/dev/null | tr '\000' '\n' | sed -n 1p
}
extract_od() {
    magic=$(od -An -v -N 4 -t x1 "$bin" | tr -d ' \n')
    [ "$magic" = 7f454c46 ] || return 1
    [ "$(rdint 4 1)" = 2 ] || return 1            # ELFCLASS64 only
    shoff=$(rdint 40 8)
    shentsize=$(rdint 58 2)
    shnum=$(rdint 60 2)
    shstrndx=$(rdint 62 2)
    [ -n "$shoff" ] && [ -n "$shnum" ] || return 1
    strhdr=$((shoff + shstrndx * shentsize))
    stroff=$(rdint $((strhdr + 24)) 8)
    i=0
    while [ "$i" -lt "$shnum" ]; do
        h=$((shoff + i * shentsize))
        nm=$(rdint "$h" 4)
        if [ "$(rdstr $((stroff + nm)))" = ".ze_info" ]; then
            off=$(rdint $((h + 24)) 8)
            size=$(rdint $((h + 32)) 8)
            dd if="$bin" bs=1 skip="$off" count="$size" 2>/dev/null
            return 0
        fi
        i=$((i + 1))
    done
    return 1
}
extract_py() {
    command -v python3 >/dev/null 2>&1 || return 1
    python3 - "$bin" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
shoff = struct.unpack_from('<Q', d, 0x28)[0]
es, n, si = struct.unpack_from('<HHH', d, 0x3a)
secs = [struct.unpack_from('<IIQQQQIIQQ', d, shoff + i * es) for i in range(n)]
st = secs[si][4]
for s in secs:
    name = d[st + s[0]:d.index(b'\0', st + s[0])]
    if name == b'.ze_info':
        sys.stdout.write(d[s[4]:s[4] + s[5]].decode())
        sys.exit(0)
sys.exit(1)
PY
}

zi=$tmp/ze_info.yaml
if [ -x "$here/zesect" ] && "$here/zesect" "$bin" .ze_info >"$zi" 2>/dev/null && [ -s "$zi" ]; then
    :
elif extract_od >"$zi" && [ -s "$zi" ]; then
    :
elif extract_py >"$zi" && [ -s "$zi" ]; then
    :
else
    echo "igc-args.sh: no .ze_info section in $bin" >&2
    exit 1
fi

# 3. normalise
sh "$here/zeargs.sh" <"$zi"
