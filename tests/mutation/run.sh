#!/bin/sh
# run.sh SRCDIR WORKDIR [NAME...] - the mutation score of the test suite.
#
# Each mutant of tests/mutation/mutants.txt (all, or the NAMEs given) is
# planted, one at a time, into a scratch copy of SRCDIR (the tree itself is
# never touched); the copy is rebuilt and the suite run against it.  A mutant
# the suite notices is "killed", one it misses "survived".
#
# To keep a run within hours, the suite runs in two stages:
#   1. quick: the CUnit tests, --conform over tests/kernels at SIMD16, the
#      independent op reference (tests/ref/run-ref.sh) at SIMD16, the AMD
#      program binaries decoded back to their IL, --emit isa against
#      GenX_IR's .isa, --conform of the memory kernels with dg2's LSC
#      messages at SIMD16 and ocloc validate - the checks that kill most
#      mutants within a minute or two;
#   2. the whole `make check` (stopping at its first failure), for the
#      mutants stage 1 did not kill.
# Both stages first run on the unmutated copy: a suite that fails there
# would make every mutant look killed, so the run stops.
#
# Environment:
#   MUTATION_SAMPLE=N    run N mutants spread evenly over the list (a CI sample)
#   MUTATION_TIMEOUT=S   seconds allowed for one full suite (default 3600); a
#                        mutant whose suite hangs past it counts as killed
#   MUTATION_TARGET=P    the score (percent) below which the run fails (95)
#   MUTATION_CHECK=1     only check that every mutant still applies
#   MUTATION_STAGES=1    stage 1 only: a mutant it does not kill is reported
#                        "not-killed-1" and not counted (a quick survey)
#   MUTATION_BASELINE=quick   run only stage 1 on the unmutated copy
#   MUTATION_LIST=FILE   the mutants of FILE instead of tests/mutation/mutants.txt
#   MUTATION_FRESH=1     the list is drawn at random (fresh.pl): a mutant that
#                        does not compile is reported but does not fail the run
# Writes WORKDIR/report.txt (one line per mutant) and prints the score;
# exits 0 when the score reaches the target and every mutant applied.
set -u
LC_ALL=C
export LC_ALL
SRC=$(cd "${1:?usage: run.sh SRCDIR WORKDIR [NAME...]}" && pwd)
W=${2:?usage: run.sh SRCDIR WORKDIR [NAME...]}
shift 2
mkdir -p "$W"
W=$(cd "$W" && pwd)
LIST=${MUTATION_LIST:-$SRC/tests/mutation/mutants.txt}
T=$W/tree
TIMEOUT=${MUTATION_TIMEOUT:-3600}
TARGET=${MUTATION_TARGET:-95}

# ---- the list: one folder per mutant, m/NAME/{head,N.file,N.find,N.repl} ----
rm -rf "$W/m"
mkdir -p "$W/m"
awk -v out="$W/m" '
function fail(msg) { printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"; bad = 1 }
/^#/ || /^[ \t]*$/ { next }
/^= / {
	split(substr($0, 3), f, / *\| */)
	name = f[1]; gsub(/ /, "", name)
	if (name in seen) fail("mutant " name " listed twice")
	seen[name] = 1; order[++n] = name; e = 0
	system("mkdir -p \"" out "/" name "\"")
	print substr($0, 3) > (out "/" name "/head"); close(out "/" name "/head")
	next
}
/^@ / { if (name == "") fail("file before the first mutant"); e++; file = substr($0, 3)
	printf "%s", file > (out "/" name "/" e ".file"); close(out "/" name "/" e ".file"); next }
/^- / { printf "%s", substr($0, 3) > (out "/" name "/" e ".find"); close(out "/" name "/" e ".find"); next }
/^\+ / { printf "%s", substr($0, 3) > (out "/" name "/" e ".repl"); close(out "/" name "/" e ".repl"); next }
{ fail("unknown line: " $0) }
END { for (i = 1; i <= n; i++) print order[i] > (out "/order"); exit bad }
' "$LIST" || { echo "mutation: $LIST is malformed"; exit 2; }

# the mutants to run: the NAMEs given, a sample, or all
if [ $# -gt 0 ]; then
	for n in "$@"; do
		[ -d "$W/m/$n" ] || { echo "mutation: no mutant '$n' in $LIST"; exit 2; }
		echo "$n"
	done >"$W/run-list"
elif [ -n "${MUTATION_SAMPLE:-}" ]; then
	awk -v k="$MUTATION_SAMPLE" '{ v[NR] = $0 } END {
		if (k > NR) k = NR
		for (i = 0; i < k; i++) print v[int(i * NR / k) + 1] }' "$W/m/order" >"$W/run-list"
else
	cp "$W/m/order" "$W/run-list"
fi

# apply DIR ROOT: plants mutant DIR into the tree at ROOT; 0 when every edit
# found its text exactly once (files are edited only then)
apply() {
	for f in "$1"/*.file; do
		[ -e "$f" ] || return 1
		i=${f%.file}
		perl -e '
			sub rd { local $/; open(my $h, "<", $_[0]) or return ""; my $s = <$h>;
			         $s = "" unless defined $s; return $s }
			sub un { my $s = shift; $s =~ s/\\n/\n/g; $s =~ s/\\t/\t/g; return $s }
			my ($path, $find, $repl, $dry) = ($ARGV[0], un(rd($ARGV[1])), un(rd($ARGV[2])), $ARGV[3]);
			my $s = rd($path);
			my ($n, $at) = (0, -1);
			for (my $p = index($s, $find); $p >= 0 && $find ne ""; $p = index($s, $find, $p + 1)) {
				$n++; $at = $p;
			}
			if ($n != 1) { print STDERR "$path: the text occurs $n times (must be once): $find\n"; exit 3 }
			exit 0 if $dry;
			substr($s, $at, length $find) = $repl;
			open(my $h, ">", $path) or die "$path: $!"; print $h $s; close $h or die;
		' "$2/$(cat "$f")" "$i.find" "$i.repl" "${3:-}" || return 1
	done
	return 0
}

# every mutant must apply to the unmutated tree (a stale one means the code
# moved: update its text)
stale=0
for d in "$W"/m/*/; do
	d=${d%/}
	if ! apply "$d" "$SRC" dry 2>"$W/apply.err"; then
		echo "mutation: stale mutant $(basename "$d"): $(cat "$W/apply.err")"
		stale=$((stale + 1))
	fi
done
total=$(wc -l <"$W/m/order")
if [ -n "${MUTATION_CHECK:-}" ]; then
	echo "mutation: $total mutants listed, $stale stale"
	[ "$stale" -eq 0 ]
	exit
fi

# ---- the scratch copy, built once ------------------------------------------------
echo "mutation: building a scratch copy in $T"
rm -rf "$T"
mkdir -p "$T"
if [ -d "$SRC/.git" ] || git -C "$SRC" rev-parse >/dev/null 2>&1; then
	(cd "$SRC" && git ls-files -co --exclude-standard -z | xargs -0 tar cf -) | tar xf - -C "$T"
else
	(cd "$SRC" && tar cf - --exclude=./build --exclude=./.git .) | tar xf - -C "$T"
fi
(cd "$T" && autoreconf -fi >"$W/build.log" 2>&1 && mkdir -p build && cd build &&
	../configure >>"$W/build.log" 2>&1 && make -s -j2 >>"$W/build.log" 2>&1 &&
	make -s check-programs >>"$W/build.log" 2>&1) ||
	{ echo "mutation: the scratch copy does not build (see $W/build.log)"; exit 2; }
B=$T/build
# the tables the mutated data/ files hold, whatever is installed
TRANSLATE_DATADIR=$T/data
export TRANSLATE_DATADIR

# quick LOG: stage 1; prints the first failing check, 0 when all pass
quick() {
	if ! UNITTESTS_TIMEOUT=120 "$B/tests/unit/unittests" >"$1.unit" 2>&1; then
		echo "unit: CUnit tests"; return 1
	fi
	rm -rf "$W/q"
	mkdir -p "$W/q"
	if ! timeout 600 "$B/bin/translate" --conform --quiet -simd 16 -o "$W/q/conf" \
		"$T"/tests/kernels/*.il >"$1.conf" 2>&1; then
		echo "conform SIMD16: $(grep -m1 'DISAGREE\|NOT RUN\|error' "$1.conf" | cut -c1-160)"
		return 1
	fi
	AMDREF=$B/tests/ref/amdref TRANSLATE=$B/bin/translate REF_QUIET_SKIPS=1 \
		timeout 900 sh "$T/tests/ref/run-ref.sh" 16 "$W/q/ref" >"$1.ref" 2>&1
	if [ $? -ne 0 ] || grep -q '^\[FAIL\]' "$1.ref"; then
		echo "tests/ref SIMD16: $(grep -m1 '^\[FAIL\]' "$1.ref" | cut -c1-160)"
		return 1
	fi
	# the binary layers, in seconds: AMD program binaries decoded back to
	# the IL they were written from (tests/amdbin), --emit isa against
	# GenX_IR's own .isa, and NEO's decoder on the zebins
	for t in tablesum tokforms tokatoms; do
		"$B/tests/tools/mkamdbin" "$T/tests/amdbin/$t.tok" "$W/q/$t.bin" &&
			"$B/bin/translate" --emit il -o "$W/q" "$W/q/$t.bin" >"$1.amdbin" 2>&1 &&
			cmp -s "$W/q/$t.il" "$T/tests/amdbin/$t.il" ||
			{ echo "amdbin $t: $(head -c 160 "$1.amdbin")"; return 1; }
	done
	mkdir -p "$W/q/isa"
	if ! "$B/bin/translate" --emit zebin,visaasm,isa -o "$W/q/isa" "$T"/tests/kernels/*.il >"$1.isa" 2>&1; then
		echo "--emit isa: $(grep -m1 error "$1.isa" | cut -c1-160)"; return 1
	fi
	for v in "$W"/q/isa/*.visaasm; do
		k=$(basename "$v" .visaasm)
		rm -rf "$W/q/g" && mkdir -p "$W/q/g" && cp "$v" "$W/q/g/" &&
			(cd "$W/q/g" && "${GENX_IR:-GenX_IR}" "$k.visaasm" -platform TGLLP -outputCisaBinaryName ref.isa) >/dev/null 2>&1
		cmp -s "$W/q/g/ref.isa" "$W/q/isa/$k.isa" || { echo "--emit isa $k: not GenX_IR's .isa"; return 1; }
	done
	# the LSC messages (dg2): the memory kernels at SIMD16
	mem=""
	for k in uav_atomics uav_atomics64 lds_atomics bytes_shorts abi64_mem private_array \
		eg_arena lds64 scatter_rank; do
		[ -f "$T/tests/kernels/$k.il" ] && mem="$mem $T/tests/kernels/$k.il"
	done
	# shellcheck disable=SC2086
	if ! timeout 900 "$B/bin/translate" --conform --quiet -device dg2 --messages lsc -simd 16 \
		-o "$W/q/lsc" $mem >"$1.lsc" 2>&1; then
		echo "conform dg2 LSC SIMD16: $(grep -m1 'DISAGREE\|NOT RUN\|error' "$1.lsc" | cut -c1-160)"
		return 1
	fi
	if command -v ocloc >/dev/null 2>&1; then
		for z in "$W"/q/isa/*.bin; do
			ocloc validate -file "$z" 2>&1 | grep -q 'Binary is VALID' ||
				{ echo "ocloc validate $(basename "$z"): not VALID"; return 1; }
		done
	fi
	return 0
}

# full LOG: stage 2, the whole suite stopping at its first failure
full() {
	(cd "$B" && RUNALL_FAILFAST=1 timeout "$TIMEOUT" make -s check) >"$1.full" 2>&1
	rc=$?
	if [ $rc -eq 124 ]; then
		echo "make check: timed out after $TIMEOUT s"; return 1
	elif [ $rc -ne 0 ]; then
		echo "make check: $(grep -m1 '^\[FAIL\]' "$1.full" | cut -c1-160)"; return 1
	fi
	return 0
}

if [ "${MUTATION_BASELINE:-}" != skip ]; then
	echo "mutation: the suite on the unmutated copy"
	if ! why=$(quick "$W/baseline"); then
		echo "mutation: stage 1 fails without a mutant ($why): fix the suite first"; exit 2
	fi
	if [ "${MUTATION_BASELINE:-}" != quick ] && [ "${MUTATION_STAGES:-2}" != 1 ] &&
	   ! why=$(full "$W/baseline"); then
		echo "mutation: make check fails without a mutant ($why): fix the suite first"; exit 2
	fi
fi

# ---- one mutant at a time -------------------------------------------------------
: >"$W/report.txt"
killed=0 survived=0 broken=0 ran=0 unknown=0
while read -r name; do
	d=$W/m/$name
	ran=$((ran + 1))
	head=$(cat "$d/head")
	# keep the files to restore
	for f in "$d"/*.file; do
		p=$(cat "$f")
		cp "$T/$p" "$W/orig.$(basename "$f")"
	done
	if ! apply "$d" "$T" 2>"$W/apply.err"; then
		status=stale why=$(cat "$W/apply.err")
		broken=$((broken + 1))
	elif ! (cd "$B" && make -s -j2 bin/translate check-programs) >"$W/log.$name.build" 2>&1; then
		status=stillborn why="does not build (log.$name.build)"
		broken=$((broken + 1))
	elif why=$(quick "$W/log.$name"); then
		if [ "${MUTATION_STAGES:-2}" = 1 ]; then
			status=not-killed-1 why="stage 1 passes; the whole suite was not run"
			unknown=$((unknown + 1))
		elif why=$(full "$W/log.$name"); then
			status=SURVIVED why="the whole suite passes"
			survived=$((survived + 1))
		else
			status=killed
			killed=$((killed + 1))
		fi
	else
		status=killed
		killed=$((killed + 1))
	fi
	for f in "$d"/*.file; do
		cp "$W/orig.$(basename "$f")" "$T/$(cat "$f")"
	done
	printf '%-34s %-9s %s\n' "$name" "$status" "$why" | tee -a "$W/report.txt"
	case $status in SURVIVED|not-killed-1) echo "    ($head)" | tee -a "$W/report.txt" ;; esac
done <"$W/run-list"
# the copy back as it was
(cd "$B" && make -s bin/translate check-programs) >/dev/null 2>&1

counted=$((killed + survived))
if [ "$counted" -gt 0 ]; then
	pct=$((100 * killed / counted))
else
	pct=0
fi
{
	echo
	echo "mutation: $killed killed of $counted ($pct%), $survived survived, $broken stale or not building; $ran of $total mutants run"
	[ "$unknown" -gt 0 ] && echo "mutation: $unknown not killed by stage 1 and not run through the whole suite (MUTATION_STAGES=1)"
} | tee -a "$W/report.txt"
[ -n "${MUTATION_FRESH:-}" ] && broken=0
[ "$broken" -eq 0 ] && [ "$stale" -eq 0 ] && [ "$pct" -ge "$TARGET" ]
