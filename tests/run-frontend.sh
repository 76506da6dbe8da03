#!/bin/sh
# run-frontend.sh SRCDIR - front-end tests of translate: parsing, metadata and
# the canonical IL printer, without translating anything.
#
#   tests/il/*.il         well-formed programs.  For each one:
#                         - 'translate --emit=il -o D1 FILE' exits 0 and writes
#                           D1/<stem>.il and nothing else (but the folder's
#                           manifest, which lists it);
#                         - printing is a fixed point: the printed text parsed
#                           and printed again (-o D2) is byte-identical;
#                         - when translate has --stats, the statistics of the
#                           input and of its printed text are identical (the
#                           printer neither loses nor invents anything).
#   tests/malformed/*.il  broken inputs, each with <name>.err holding the one
#                         expected first diagnostic
#                         '<name>.il:LINE:COL: error: message'.  translate
#                         runs inside tests/malformed with the relative name
#                         so the file names match; it must exit non-zero,
#                         its first ': error: ' line must equal the .err and
#                         the output folder must stay empty.
#
# Prints one [PASS]/[FAIL] line per check and ends with "N passed, N failed";
# the exit status is non-zero when a check failed.
# Environment: TRANSLATE = the translator to test (required).
set -u
LC_ALL=C
export LC_ALL

SRC=$(cd "${1:?usage: run-frontend.sh SRCDIR}" && pwd) || exit 2
: "${TRANSLATE:?set TRANSLATE to the translate program}"
case $TRANSLATE in
/*) ;;
*/*) TRANSLATE=$(pwd)/$TRANSLATE ;;
esac
WORK=$(mktemp -d "${TMPDIR:-/tmp}/translate-frontend.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM
pass=0 fail=0

ok() { pass=$((pass + 1)); echo "[PASS] $1"; }
ko() {
	fail=$((fail + 1))
	echo "[FAIL] $1"
	if [ $# -gt 1 ] && [ -n "$2" ]; then
		printf '%s\n' "$2" | sed 's/^/       /'
	fi
}
# first diagnostic of a log: NUL bytes removed so every tool sees text
first_error() { tr -d '\000' <"$1" | awk 'index($0, ": error: ") { print; exit }'; }
# the first lines of a log, for failure reports
head_of() { tr -d '\000' <"$1" | head -n 5 | cut -c 1-300; }

has_stats=0
if "$TRANSLATE" --help 2>&1 | grep -q -- '--stats'; then
	has_stats=1
else
	echo "note: $TRANSLATE has no --stats; statistics checks are skipped"
fi

# ---- well-formed programs: print, reprint, compare -----------------------------
for il in "$SRC"/tests/il/*.il "$SRC"/tests/kernels/*.il "$SRC"/examples/*.il; do
	[ -f "$il" ] || continue
	stem=$(basename "$il" .il)
	d1="$WORK/il/$stem/1" d2="$WORK/il/$stem/2"
	mkdir -p "$d1" "$d2"
	name="il/$stem"
	if "$TRANSLATE" --emit=il -o "$d1" "$il" >"$WORK/il/$stem/1.log" 2>&1; then
		if [ -f "$d1/$stem.il" ]; then
			ok "$name: --emit=il exits 0 and writes $stem.il"
		else
			ko "$name: --emit=il exits 0 and writes $stem.il" "no $stem.il in the output folder"
			continue
		fi
	else
		ko "$name: --emit=il exits 0 and writes $stem.il" "$(head_of "$WORK/il/$stem/1.log")"
		continue
	fi
	# besides the folder's manifest (docs/BATCH.md), which must name it
	extra=$(ls -A "$d1" | grep -v -x -F -e "$stem.il" -e .translate-manifest -e .translate-manifest.lock)
	if [ -z "$extra" ] && grep -q -x -F "	output $stem.il" "$d1/.translate-manifest"; then
		ok "$name: nothing but $stem.il written"
	else
		ko "$name: nothing but $stem.il written" "$extra $(cat "$d1/.translate-manifest" 2>&1)"
	fi
	if ! "$TRANSLATE" --emit=il -o "$d2" "$d1/$stem.il" >"$WORK/il/$stem/2.log" 2>&1; then
		ko "$name: printed text parses again" "$(head_of "$WORK/il/$stem/2.log")"
		continue
	fi
	if [ ! -f "$d2/$stem.il" ]; then
		ko "$name: printed text parses again" "the second run wrote no $stem.il"
		continue
	fi
	if cmp -s "$d1/$stem.il" "$d2/$stem.il"; then
		ok "$name: printing is a fixed point"
	else
		ko "$name: printing is a fixed point" "$(diff "$d1/$stem.il" "$d2/$stem.il" | head -n 10)"
	fi
	# the model itself: -d P dumps every field but locations
	if "$TRANSLATE" -d P --emit=il -o "$WORK/il/$stem/p0" "$il" >"$WORK/il/$stem/m0" 2>/dev/null &&
	   "$TRANSLATE" -d P --emit=il -o "$WORK/il/$stem/p1" "$d1/$stem.il" >"$WORK/il/$stem/m1" 2>/dev/null &&
	   cmp -s "$WORK/il/$stem/m0" "$WORK/il/$stem/m1"; then
		ok "$name: parse(print(parse(x))) = parse(x)"
	else
		ko "$name: parse(print(parse(x))) = parse(x)" "$(diff "$WORK/il/$stem/m0" "$WORK/il/$stem/m1" | head -n 10)"
	fi
	if [ "$has_stats" -eq 1 ]; then
		# statistics go to stdout; warnings (which name the file) to stderr
		if "$TRANSLATE" --stats "$il" >"$WORK/il/$stem/s0" 2>/dev/null &&
		   "$TRANSLATE" --stats "$d1/$stem.il" >"$WORK/il/$stem/s1" 2>/dev/null; then
			if cmp -s "$WORK/il/$stem/s0" "$WORK/il/$stem/s1"; then
				ok "$name: --stats of input and printed text agree"
			else
				ko "$name: --stats of input and printed text agree" \
				   "$(diff "$WORK/il/$stem/s0" "$WORK/il/$stem/s1" | head -n 10)"
			fi
		else
			ko "$name: --stats of input and printed text agree" "--stats failed"
		fi
	fi
done

# ---- malformed inputs: exact first diagnostic, non-zero exit, no output -------
for il in "$SRC"/tests/malformed/*.il; do
	[ -f "$il" ] || continue
	b=$(basename "$il" .il)
	out="$WORK/bad/$b"
	mkdir -p "$out"
	name="malformed/$b"
	if [ ! -f "$SRC/tests/malformed/$b.err" ]; then
		ko "$name: has an expected diagnostic" "missing tests/malformed/$b.err"
		continue
	fi
	want=$(cat "$SRC/tests/malformed/$b.err")
	if (cd "$SRC/tests/malformed" && "$TRANSLATE" -o "$out" "$b.il") \
	   >"$WORK/bad/$b.stdout" 2>"$WORK/bad/$b.stderr"; then
		ko "$name: non-zero exit"
	else
		ok "$name: non-zero exit"
	fi
	got=$(first_error "$WORK/bad/$b.stderr")
	if [ "$got" = "$want" ]; then
		ok "$name: diagnostic"
	else
		ko "$name: diagnostic" "want: $want
got:  ${got:-(no error line)}"
	fi
	if [ -z "$(ls -A "$out")" ]; then
		ok "$name: no output file"
	else
		ko "$name: no output file" "$(ls -A "$out")"
	fi
done

echo
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
