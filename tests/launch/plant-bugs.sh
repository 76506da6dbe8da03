#!/bin/sh
# plant-bugs.sh SRCDIR WORKDIR - shows what the hostile launches catch.  In a
# scratch copy of SRCDIR (the tree itself is never touched) one bug at a time
# is planted, then every test kernel runs through --conform at SIMD16:
#   drop-fence-lds   the lowering emits no fence_local before a barrier
#                    (src/translate/lower_mem.c)
#   drop-barrier     the lowering emits no barrier (the fences stay)
#   lds-before-write tests/kernels/lds_reduce.il stores to local memory only
#                    after its first barrier, so the reduction reads slots
#                    other work-items have not written yet
# Prints per bug how many kernels disagree and the first reasons.  Not part
# of make check (it builds the tree once per bug); run it on an older tree
# to compare (docs/TESTING.md has the numbers).
set -u
SRC=$(cd "${1:?usage: plant-bugs.sh SRCDIR WORKDIR}" && pwd)
W=${2:?usage: plant-bugs.sh SRCDIR WORKDIR}
mkdir -p "$W"
W=$(cd "$W" && pwd)
copy=$W/tree
rm -rf "$copy"
mkdir -p "$copy"
if [ -d "$SRC/.git" ] || [ -f "$SRC/.git" ]; then
	(cd "$SRC" && git ls-files -z | xargs -0 tar cf -) | tar xf - -C "$copy"
else
	(cd "$SRC" && tar cf - --exclude=./build .) | tar xf - -C "$copy"
fi
(cd "$copy" && autoreconf -fi >/dev/null 2>&1 && mkdir -p build && cd build &&
	../configure >/dev/null 2>&1 && make -s >/dev/null 2>&1) ||
	{ echo "plant-bugs: the scratch copy does not build"; exit 2; }
low=src/translate/lower_mem.c
cp "$copy/$low" "$W/lower_mem.c.orig"
cp "$copy/tests/kernels/lds_reduce.il" "$W/lds_reduce.il.orig"

# name | sed on lower_mem.c (empty: none) | kernel changed (empty: none)
bugs='drop-fence-lds|s/vk_emit(l->vk, "fence_local.E", 0, 0);/;/|
drop-barrier|s/vk_emit(l->vk, "barrier", 0, 0);/;/|
lds-before-write||lds_reduce.il'

echo "$bugs" | while IFS='|' read -r name lsed ksed; do
	cp "$W/lower_mem.c.orig" "$copy/$low"
	cp "$W/lds_reduce.il.orig" "$copy/tests/kernels/lds_reduce.il"
	if [ -n "$lsed" ]; then
		sed -i "$lsed" "$copy/$low"
		if cmp -s "$W/lower_mem.c.orig" "$copy/$low"; then
			echo "== $name: the patch did not apply (the source moved); nothing planted"
			continue
		fi
	fi
	if [ -n "$ksed" ]; then
		# the first store moves after the first barrier
		awk 'BEGIN { moved = 0 }
		     /^\tlds_store_id\(1\) r66.x, r68.x$/ && !moved { held = $0; next }
		     /^\tfence_threads_lds$/ && held != "" && !moved { print; print held; moved = 1; next }
		     { print }' "$W/lds_reduce.il.orig" >"$copy/tests/kernels/lds_reduce.il"
		if cmp -s "$W/lds_reduce.il.orig" "$copy/tests/kernels/lds_reduce.il"; then
			echo "== $name: the patch did not apply; nothing planted"
			continue
		fi
	fi
	(cd "$copy/build" && make -s bin/translate >/dev/null 2>&1) || { echo "== $name: does not build"; continue; }
	"$copy/build/bin/translate" --conform --quiet -simd 16 -o "$W/conf-$name" "$copy"/tests/kernels/*.il \
		>"$W/conf-$name.log" 2>&1
	rc=$?
	echo "== $name: --conform over tests/kernels at SIMD16: exit $rc, $(grep -c DISAGREE "$W/conf-$name.log") kernels disagree:" \
		"$(grep DISAGREE "$W/conf-$name.log" | sed 's/^[^:]*: \([^:]*\):.*/\1/' | tr '\n' ' ')"
	grep -A1 DISAGREE "$W/conf-$name.log" | grep -v 'DISAGREE\|^--' | head -3 | cut -c1-220 | sed 's/^/     /'
done
# the scratch copy back as it was (left for inspection)
cp "$W/lower_mem.c.orig" "$copy/$low"
cp "$W/lds_reduce.il.orig" "$copy/tests/kernels/lds_reduce.il"
