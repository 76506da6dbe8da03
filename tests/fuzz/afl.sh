#!/bin/sh
# afl.sh - AFL++ runs of tests/fuzz/fuzz_il.c, one stage at a time (called by
# `make fuzz-afl` and `make fuzz-afl-replay`; docs/TESTING.md "Fuzzing").
#
#   afl.sh run    SRCDIR OUTDIR STAGE SECONDS [EXECS]
#       fuzz OUTDIR/fuzz_il (built by make) with TRANSLATE_FUZZ_STAGE=STAGE
#       for SECONDS under nice -n 19 (or until about EXECS executions, when
#       given, whichever comes first), seeds: the test corpus; a second run
#       with the same OUTDIR and STAGE continues the first (afl-fuzz -i -).
#   afl.sh replay SRCDIR OUTDIR STAGE FUZZDRIVER
#       run every queue entry, crash and hang of that stage through the
#       ASan+UBSan fuzzdriver (the AFL binary has no sanitizer, for speed).
set -eu
mode=$1 src=$2 out=$3 stage=$4
case $stage in parse|metadata|translate) ;; *) echo "afl.sh: FUZZ_STAGE is parse, metadata or translate" >&2; exit 2 ;; esac
dir=$out/$stage

stats() {
	f=$dir/default/fuzzer_stats
	[ -f "$f" ] || { echo "afl.sh: no $f" >&2; return 1; }
	crashes=$(ls "$dir/default/crashes" 2>/dev/null | grep -c '^id' || true)
	hangs=$(ls "$dir/default/hangs" 2>/dev/null | grep -c '^id' || true)
	printf 'afl.sh: %s: %s executions, %s paths, %s crashes, %s hangs (%s)\n' "$stage" \
		"$(sed -n 's/^execs_done *: *//p' "$f")" "$(sed -n 's/^corpus_count *: *//p' "$f")" \
		"$crashes" "$hangs" "$dir/default"
}

case $mode in
run)
	secs=$5
	execs=${6:-}
	command -v afl-fuzz >/dev/null 2>&1 || { echo "afl.sh: afl-fuzz not found (Debian: apt-get install afl++)" >&2; exit 2; }
	if [ -f "$dir/default/fuzzer_stats" ]; then
		seeds=-
		echo "afl.sh: continuing $dir"
	else
		# the seeds: every IL file of the tests (AFL++ trims them itself)
		seeds=$out/seeds
		rm -rf "$seeds"
		mkdir -p "$seeds"
		for f in "$src"/tests/kernels/*.il "$src"/tests/il/*.il "$src"/tests/bad/*.il \
			"$src"/tests/malformed/*.il "$src"/tests/fuzz/regressions/*.il; do
			[ -f "$f" ] && cp "$f" "$seeds/$(basename "$(dirname "$f")")-$(basename "$f")"
		done
	fi
	mkdir -p "$dir"
	# no CPU binding (the machine is shared), no curses screen; -t: a
	# hang is an input taking more than 5 s, a finding to fix
	TRANSLATE_FUZZ_STAGE=$stage TRANSLATE_DATADIR=$src/data \
	AFL_NO_AFFINITY=1 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_FAST_CAL=1 \
		nice -n 19 afl-fuzz -V "$secs" ${execs:+-E "$execs"} -t 5000 -x "$src/tests/fuzz/il.dict" \
		-i "$seeds" -o "$dir" -- "$out/fuzz_il" >"$dir/afl.log" 2>&1 || {
		tail -n 30 "$dir/afl.log" >&2
		exit 1
	}
	stats
	;;
replay)
	drv=$5
	stats || exit 1
	bad=0
	# the queue in one process (fast), the findings one by one with a time limit
	ls "$dir"/default/queue/id* >/dev/null 2>&1 &&
	if ! TRANSLATE_FUZZ_STAGE=$stage "$drv" -n 0 -o "$dir" "$dir"/default/queue/id* >"$dir/replay.log" 2>&1; then
		echo "afl.sh: the queue fails under the sanitizers; the input is $dir/current.il" >&2
		tail -n 20 "$dir/replay.log" >&2
		bad=1
	fi
	for f in "$dir"/default/crashes/id* "$dir"/default/hangs/id*; do
		[ -f "$f" ] || continue
		if ! TRANSLATE_FUZZ_STAGE=$stage timeout 60 "$drv" -n 0 "$f" >/dev/null 2>&1; then
			echo "afl.sh: still fails: $f" >&2
			bad=1
		fi
	done
	[ $bad -eq 0 ] && echo "afl.sh: $stage: every queue entry and finding runs clean under ASan+UBSan"
	exit $bad
	;;
*)
	echo "usage: afl.sh run|replay SRCDIR OUTDIR STAGE SECONDS|FUZZDRIVER" >&2
	exit 2
	;;
esac
