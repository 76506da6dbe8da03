#!/bin/sh
# plant-bugs.sh SRCDIR WORKDIR - shows that the value tests see wrong values
# that both emulated runtimes agree on.  In a scratch copy of SRCDIR (the
# tree itself is never touched), one bug at a time is planted in both the
# AMD emulator (src/emu/amd_alu.c) and the lowering (src/translate/lower.c),
# so that the two runtimes still agree with each other; then the op's family
# runs through tests/ref/run-ref.sh at SIMD16, and the test-kernel corpus
# through --conform.  Not part of make check (it builds the tree once per
# bug); docs/TESTING.md has the numbers of the last run.
set -u
SRC=$(cd "${1:?usage: plant-bugs.sh SRCDIR WORKDIR}" && pwd)
W=${2:?usage: plant-bugs.sh SRCDIR WORKDIR}
mkdir -p "$W"
W=$(cd "$W" && pwd)
copy=$W/tree
rm -rf "$copy"
mkdir -p "$copy"
(cd "$SRC" && git ls-files -z | xargs -0 tar cf - ) | tar xf - -C "$copy"
(cd "$copy" && autoreconf -fi >/dev/null 2>&1 && mkdir -p build && cd build &&
	../configure >/dev/null 2>&1 && make -s >/dev/null 2>&1 && make -s tests/ref/amdref >/dev/null 2>&1) ||
	{ echo "plant-bugs: the scratch copy does not build"; exit 2; }

# name | family | amd_alu.c sed | lower.c sed
bugs='umul_high-signed|int|s/case OP_UMUL_HIGH: return (uint32_t)(((uint64_t)a \* b) >> 32);/case OP_UMUL_HIGH: return (uint32_t)(((int64_t)sa * sb) >> 32);/|s/{OP_UMUL_HIGH, "mulh", VT_UD,/{OP_UMUL_HIGH, "mulh", VT_D,/
round_nearest-toward-zero|float|s/case OP_ROUND_NEAREST: return rintf(a);/case OP_ROUND_NEAREST: return truncf(a);/|s/{OP_ROUND_NEAREST, "rnde",/{OP_ROUND_NEAREST, "rndz",/
ffb_shi-unsigned|bits|s/clz32(sa < 0 ? ~a : a)/clz32(a)/|s/{OP_FFB_SHI, "fbh", VT_D,/{OP_FFB_SHI, "fbh", VT_UD,/
ibit_extract-no-sign-extension|bits|s/case OP_IBIT_EXTRACT: return bit_extract(a, b, c, 1);/case OP_IBIT_EXTRACT: return bit_extract(a, b, c, 0);/|s/{OP_IBIT_EXTRACT, "bfe", VT_D,/{OP_IBIT_EXTRACT, "bfe", VT_UD,/
imul24-unsigned|int|s/case OP_IMUL24: return (uint32_t)(s24(a) \* s24(b));/case OP_IMUL24: return (a \& 0xffffffu) * (b \& 0xffffffu);/|s/{OP_IMUL24, "mul", VT_D, F_MASK24/{OP_IMUL24, "mul", VT_UD, F_MASK24/'

echo "$bugs" | while IFS='|' read -r name fam amd low; do
	cp "$SRC/src/emu/amd_alu.c" "$copy/src/emu/amd_alu.c"
	cp "$SRC/src/translate/lower.c" "$copy/src/translate/lower.c"
	sed -i "$amd" "$copy/src/emu/amd_alu.c"
	sed -i "$low" "$copy/src/translate/lower.c"
	if cmp -s "$SRC/src/emu/amd_alu.c" "$copy/src/emu/amd_alu.c" ||
	   cmp -s "$SRC/src/translate/lower.c" "$copy/src/translate/lower.c"; then
		echo "== $name: the patch did not apply (the source moved); nothing planted"
		continue
	fi
	(cd "$copy/build" && make -s bin/translate >/dev/null 2>&1) || { echo "== $name: does not build"; continue; }
	echo "== $name (planted in amd_alu.c and lower.c)"
	"$copy/build/bin/translate" --conform --quiet -simd 16 -o "$W/conf-$name" "$SRC"/tests/kernels/*.il \
		>"$W/conf-$name.log" 2>&1
	echo "   --conform over tests/kernels at SIMD16: exit $? ($(grep -c DISAGREE "$W/conf-$name.log") kernels disagree)"
	AMDREF=$copy/build/tests/ref/amdref TRANSLATE=$copy/build/bin/translate REF_QUIET_SKIPS=1 \
		sh "$SRC/tests/ref/run-ref.sh" 16 "$W/ref" "$fam" >"$W/ref-$name.log" 2>&1
	echo "   tests/ref at SIMD16: $(tail -n 1 "$W/ref-$name.log")"
	grep '^\[FAIL\]' "$W/ref-$name.log" | sed 's/^/   /'
	grep -v ' 0 failed; Level Zero [0-9]* passed 0 failed$\|^XFAIL ' "$W/ref/run16/${name%%-*}.check" |
		sed 's/^/     /' | cut -c1-200
done
# the scratch copy's sources back as they were (the copy is left for inspection)
cp "$SRC/src/emu/amd_alu.c" "$copy/src/emu/amd_alu.c"
cp "$SRC/src/translate/lower.c" "$copy/src/translate/lower.c"
