#!/bin/sh
# ilmin.sh - shrink an IL program on which translate --conform disagrees.
#
# usage: ilmin.sh TRANSLATE IN.il OUT.il [translate options...]
#
# Greedy line removal (one line at a time, from the end of the body up):
# a line stays removed when the smaller program still translates and
# --conform still reports a disagreement (exit 1 with "DISAGREE").  Lines
# that carry structure (func, endfunc, metadata, if/else/endif, loops,
# dcl_*) are kept so that every candidate is a valid program; a removed
# instruction simply leaves its destination's previous value in place.
# The result is written to OUT.il, ready for tests/conform/regressions/.
set -u
[ $# -ge 3 ] || { echo "usage: ilmin.sh TRANSLATE IN.il OUT.il [options]" >&2; exit 2; }
tr=$1 in=$2 out=$3
shift 3
work=$(mktemp -d "${TMPDIR:-/tmp}/ilmin.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$in" "$work/cur.il"

# a disagreement on values, with both runtimes finishing (a candidate that
# hangs or faults on either side says nothing about the original bug)
disagrees() {
	"$tr" --conform "$@" -o "$work/o" "$work/try.il" >"$work/log" 2>&1
	[ $? -eq 1 ] && grep -q DISAGREE "$work/log" && ! grep -q 'runtime: ' "$work/log"
}

cp "$work/cur.il" "$work/try.il"
disagrees "$@" || { echo "ilmin.sh: $in does not disagree to begin with" >&2; exit 1; }

n=$(wc -l <"$work/cur.il")
i=$n
while [ "$i" -ge 1 ]; do
	line=$(sed -n "${i}p" "$work/cur.il")
	case $line in
	*func*|*endfunc*|\;*|*if_*|*else*|*endif*|*whileloop*|*endloop*|*break*|*dcl_*|*il_cs*|end|*ret*|*call*|'')
		;;
	*)
		sed "${i}d" "$work/cur.il" >"$work/try.il"
		if disagrees "$@"; then
			cp "$work/try.il" "$work/cur.il"
		fi
		;;
	esac
	i=$((i - 1))
done
cp "$work/cur.il" "$out"
echo "ilmin.sh: $(wc -l <"$in") -> $(wc -l <"$out") lines in $out"
