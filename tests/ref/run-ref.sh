#!/bin/sh
# run-ref.sh SIMD WORKDIR [FAMILY...] - value tests of the AMD IL ALU against
# the independent reference tests/ref/amdref.c (docs/TESTING.md).
#
#   AMDREF     the built tests/ref/amdref      TRANSLATE  build/bin/translate
#   REF_DEVICE translate's -device (default: translate's own default, tgllp)
#   REF_SEED   input seed (default 1)          REF_VERBOSE=1 every variant's line
#   REF_KNOWN  known-failures file (default tests/ref/known-failures next to
#              this script; "-" for none)      REF_QUIET_SKIPS=1 skips not listed
#
# For every op of the reference: amdref writes a kernel (all modifier
# variants) and a plain one (no modifiers), with their launches as input
# manifests; translate --conform --inputs runs both emulated runtimes on
# exactly those operands; amdref check compares each side's output lane by
# lane with the reference.  Prints one [PASS]/[FAIL] line per op family
# (failing ops with their first failing lane beneath), one [SKIP] line per
# op or modifier set the translator refuses (its diagnostic) or the notes
# give no semantics for, and "N passed, N failed, N skipped" (passed and
# failed count ops).
set -u
LC_ALL=C
export LC_ALL
SIMD=${1:?usage: run-ref.sh SIMD WORKDIR [FAMILY...]}
W=${2:?usage: run-ref.sh SIMD WORKDIR [FAMILY...]}
shift 2
: "${AMDREF:?}" "${TRANSLATE:?}"
GEN=$W/gen RUN=$W/run${REF_DEVICE:-}$SIMD
KNOWN=${REF_KNOWN:-$(dirname "$0")/known-failures}
sk() {
	skip=$((skip + 1))
	[ "${REF_QUIET_SKIPS:-0}" = 1 ] || echo "[SKIP] ref SIMD$SIMD $1"
}
rm -rf "$RUN"
mkdir -p "$GEN" "$RUN"
[ -f "$GEN/.done" ] || { "$AMDREF" gen "$GEN" "${REF_SEED:-1}" && touch "$GEN/.done"; } || exit 2
"$AMDREF" list >"$W/list"
if [ $# -gt 0 ]; then
	fams=" $* "
	awk -v f="$fams" 'index(f, " " $2 " ")' "$W/list" >"$W/list.sel" && mv "$W/list.sel" "$W/list"
fi
pass=0 fail=0 skip=0

# the first diagnostic translate printed for FILE.il (log LOG)
diag() {
	grep -F "$1.il:" "$2" | grep -m 1 'error:' | sed "s|^$GEN/||"
}

# batch 1: every op with a reference, all variants
files=$(awk '$3 != "nosem" {printf "%s/ref_%s.il ", g, $1}' g="$GEN" "$W/list")
# shellcheck disable=SC2086
"$TRANSLATE" ${REF_DEVICE:+-device "$REF_DEVICE"} --conform --quiet --inputs "$GEN/in" -simd "$SIMD" -o "$RUN/all" $files >"$RUN/all.log" 2>&1
# batch 2: the plain kernels of ops whose full kernel did not translate
plains=""
while read -r f fam st mn rest; do
	[ "$st" = mods ] && [ ! -f "$RUN/all/ref_$f/manifest.xml" ] && plains="$plains $GEN/ref_${f}_plain.il"
done <"$W/list"
[ -n "$plains" ] && "$TRANSLATE" ${REF_DEVICE:+-device "$REF_DEVICE"} --conform --quiet --inputs "$GEN/in" -simd "$SIMD" -o "$RUN/plain" $plains \
	>"$RUN/plain.log" 2>&1

for fam in $(awk '{print $2}' "$W/list" | uniq); do
	fp=0 ff=0 lanes=0 report=""
	while read -r f family st mn rest; do
		[ "$family" = "$fam" ] || continue
		if [ "$st" = nosem ]; then
			sk "$fam/$mn: no reference: ${rest#-- }"
			continue
		fi
		if [ -f "$RUN/all/ref_$f/manifest.xml" ]; then
			dir=$RUN/all kind=""
		elif [ "$st" = mods ] && [ -f "$RUN/plain/ref_${f}_plain/manifest.xml" ]; then
			dir=$RUN/plain kind=plain
			sk "$fam/$mn with modifiers: $(diag "$GEN/ref_$f" "$RUN/all.log")"
		else
			d=$(diag "$GEN/ref_$f" "$RUN/all.log")
			if [ -z "$d" ]; then
				# translated but not run (NOT RUN) or no dump: a failure
				ff=$((ff + 1))
				report="$report
  $mn: translated but not run: $(grep -F "$GEN/ref_$f.il:" "$RUN/all.log" | head -n 3)"
			else
				sk "$fam/$mn: $d"
			fi
			continue
		fi
		"$AMDREF" check "$GEN" "$dir" "$f" "${kind:-full}" "$KNOWN" >"$RUN/$f.check" 2>&1
		rc=$?
		while read -r x rest; do
			[ "$x" = XFAIL ] && sk "$fam/$rest (known failure)"
		done <"$RUN/$f.check"
		n=$(sed -n '1s/^[^:]*: \([0-9]*\) lanes.*/\1/p' "$RUN/$f.check")
		lanes=$((lanes + ${n:-0}))
		[ "${REF_VERBOSE:-0}" = 1 ] && sed "s/^/       /" "$RUN/$f.check"
		if [ $rc -eq 0 ]; then
			fp=$((fp + 1))
		else
			ff=$((ff + 1))
			report="$report
$(grep -v ' 0 failed; Level Zero [0-9]* passed 0 failed$\|^XFAIL ' "$RUN/$f.check" | sed 's/^/  /')"
		fi
	done <"$W/list"
	[ $((fp + ff)) -eq 0 ] && continue
	if [ $ff -eq 0 ]; then
		pass=$((pass + fp)); echo "[PASS] ref SIMD$SIMD $fam: $fp ops checked on both runtimes, no difference from the reference outside the known failures ($lanes lanes per variant in all)"
	else
		pass=$((pass + fp)); fail=$((fail + ff))
		echo "[FAIL] ref SIMD$SIMD $fam: $ff of $((fp + ff)) ops differ from the reference:$report" | sed '2,$s/^/     /'
	fi
done
echo
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
