#!/bin/sh
# run-sanitizers.sh SRCDIR [asan|valgrind|all] - the memory-safety runs of CI
# (.ci/run calls it after the suite; docs/TESTING.md "Sanitizers and leaks"):
#
#  asan      a copy built with --enable-asan (ASan + UBSan, no recovery) in
#            $SANITIZER_BUILD (default SRCDIR/build-asan) runs the suite
#            (tests/run-all.sh) but for --conform at SIMD8 and 32 and the
#            device matrix (SANITIZER_FULL=1: all of it).  Every sanitizer report goes to a
#            file (log_path), so a report fails this run even where a test
#            only looks at an exit status or tolerates a failure; the
#            suite's own verdict counts too.
#  valgrind  the end-to-end tests of the normal build (SRCDIR/build) under
#            memcheck: every kernel of tests/kernels translated (zebin,
#            visaasm, abi) and run by --conform on both emulators, every
#            malformed input of tests/bad refused, examples/ze_launch
#            --dry-run; zero errors and zero leaks of any kind
#            (--errors-for-leak-kinds=all: even memory still reachable at
#            exit counts).
#
# Prints [PASS]/[FAIL] lines and "N passed, N failed"; exit 0 when clean.
set -u
LC_ALL=C
export LC_ALL
SRC=$(cd "${1:?usage: run-sanitizers.sh SRCDIR [asan|valgrind|all]}" && pwd)
mode=${2:-all}
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "[PASS] $1"; }
ko() { fail=$((fail + 1)); echo "[FAIL] $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/       /'; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/translate-sanitizers.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM

run_asan() {
	b=${SANITIZER_BUILD:-$SRC/build-asan}
	mkdir -p "$b"
	if [ ! -f "$b/Makefile" ] || [ "$SRC/configure" -nt "$b/config.status" ]; then
		(cd "$b" && "$SRC/configure" -q --enable-asan) >"$WORK/configure.log" 2>&1 ||
			{ ko "asan: configure --enable-asan" "$(tail -20 "$WORK/configure.log")"; return; }
	fi
	if ! grep -q '^AM_CFLAGS_EXTRA = .*-fsanitize=address,undefined' "$b/Makefile"; then
		ko "asan: $b is configured with ASan and UBSan" "$(grep '^AM_CFLAGS_EXTRA' "$b/Makefile")"
		return
	fi
	# the generated parser first (check-programs does not wait for it)
	if ! { make -s -C "$b" -j"$(nproc 2>/dev/null || echo 2)" &&
	       make -s -C "$b" -j"$(nproc 2>/dev/null || echo 2)" check-programs; } >"$WORK/build.log" 2>&1; then
		ko "asan: build" "$(tail -30 "$WORK/build.log")"
		return
	fi
	mkdir -p "$WORK/reports"
	# the subset (docs/TESTING.md): --conform at SIMD16 only and no device
	# matrix, the suite's two largest parts whose code paths the rest
	# covers; SANITIZER_FULL=1 runs everything
	widths=16 nodev=1
	[ -n "${SANITIZER_FULL:-}" ] && widths="8 16 32" nodev=""
	# reports to files, the exit status of a reporting process 86; pocl
	# alone among the OpenCL drivers (the Intel one dlopens with
	# RTLD_DEEPBIND, which ASan refuses)
	ASAN_OPTIONS="log_path=$WORK/reports/asan:exitcode=86:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1" \
	UBSAN_OPTIONS="log_path=$WORK/reports/ubsan:exitcode=86:print_stacktrace=1:halt_on_error=1" \
	OCL_ICD_VENDORS=${SANITIZER_OCL_ICD:-/etc/OpenCL/vendors/pocl.icd} \
	RUNALL_CONFORM_WIDTHS=$widths RUNALL_NO_DEVICES=$nodev \
		make -s -C "$b" check >"$WORK/suite.log" 2>&1
	rc=$?
	grep -E '^[0-9]+ passed, [0-9]+ failed' "$WORK/suite.log" | tail -n 1 >"$WORK/summary"
	# ASan's one warning about pocl's ucontext work-item switching is not a report
	reports=$(grep -l -E 'ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: ' "$WORK"/reports/* 2>/dev/null)
	if [ -z "$reports" ]; then
		ok "asan: no ASan, LeakSanitizer or UBSan report in the whole suite"
	else
		ko "asan: sanitizer reports ($(echo "$reports" | wc -l) processes)" \
			"$(for r in $reports; do echo "== $r"; head -n 40 "$r"; done)"
	fi
	if [ $rc -eq 0 ]; then
		ok "asan: the suite passes under ASan+UBSan: $(cat "$WORK/summary")"
	else
		ko "asan: the suite passes under ASan+UBSan: $(cat "$WORK/summary")" "$(grep -A6 '^\[FAIL' "$WORK/suite.log" | head -60)"
	fi
}

# vg NAME CMD... : CMD under memcheck; a memcheck error or leak exits 99
# (tests/valgrind-dlopen.supp: only what the loader keeps for a library
# opened with dlopen, libxml2 since src/xmlrt.c)
vg() {
	name=$1
	shift
	valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
		--suppressions="$SRC/tests/valgrind-dlopen.supp" \
		--child-silent-after-fork=yes --log-file="$WORK/vg/$name.vg" "$@" >"$WORK/vg/$name.out" 2>&1
}

run_valgrind() {
	b=${VALGRIND_BUILD:-$SRC/build}
	T=$b/bin/translate
	command -v valgrind >/dev/null 2>&1 || { ko "valgrind: installed (Debian: apt-get install valgrind)"; return; }
	[ -x "$T" ] || { ko "valgrind: $T built"; return; }
	mkdir -p "$WORK/vg"
	# the host twin's clang build is skipped (TRANSLATE_CLANG=false: no
	# opinion, never a verdict) and pocl is not run (--no-pocl): both are
	# other people's code in forked children; the finalizer is exec'd, not
	# traced.  -j 1: the inputs in this process, not in forked workers.
	export TRANSLATE_CLANG=false
	kernels=$(ls "$SRC"/tests/kernels/*.il)
	n=$(echo "$kernels" | wc -l)
	# shellcheck disable=SC2086
	vg translate "$T" -j 1 -o "$WORK/vg/tr" --emit zebin,visaasm,abi $kernels
	rc=$?
	nz=$(ls "$WORK"/vg/tr/*.bin 2>/dev/null | wc -l)
	if [ $rc -eq 0 ] && [ "$nz" -eq "$n" ]; then
		ok "valgrind: $n kernels translated (zebin, visaasm, abi): no error, no leak"
	else
		ko "valgrind: $n kernels translated (zebin, visaasm, abi), exit $rc, $nz zebins" \
			"$(head -c 3000 "$WORK/vg/translate.vg"; tail -5 "$WORK/vg/translate.out")"
	fi
	# shellcheck disable=SC2086
	vg conform "$T" --conform --no-pocl --quiet $kernels
	rc=$?
	# valgrind's SSE emulation does not honour a rounding mode set with
	# fesetround (valgrind manual, "Limitations"): the emulators' directed
	# rounding comes out nearest-even, so these kernels may disagree under
	# valgrind only; their memory is checked all the same
	fp_modes="fmath_edges"
	others=$(grep ': DISAGREE' "$WORK/vg/conform.out" | sed 's|^.*/\([^/]*\)\.il: .*|\1|' | sort -u |
		grep -v -x -F "$(echo $fp_modes | tr ' ' '\n')")
	if [ ! -s "$WORK/vg/conform.vg" ] && { [ $rc -eq 0 ] || { [ $rc -eq 1 ] && [ -z "$others" ]; }; }; then
		ok "valgrind: --conform of $n kernels (both emulators agree but for valgrind's rounding: $fp_modes): no error, no leak"
	else
		ko "valgrind: --conform of $n kernels, exit $rc" \
			"$(head -c 3000 "$WORK/vg/conform.vg"; tail -5 "$WORK/vg/conform.out")"
	fi
	# bad inputs: each refused with its diagnostic, nothing left behind in memory
	nb=0 bad=""
	for il in "$SRC"/tests/bad/*.il; do
		k=$(basename "$il" .il)
		vg "bad-$k" "$T" -o "$WORK/vg/bad" "$il"
		rc=$?
		nb=$((nb + 1))
		if [ $rc -ne 1 ] || [ -s "$WORK/vg/bad-$k.vg" ]; then
			bad="$bad$k: exit $rc $(head -c 1500 "$WORK/vg/bad-$k.vg")
"
		fi
	done
	if [ -z "$bad" ]; then
		ok "valgrind: $nb malformed inputs of tests/bad refused (exit 1): no error, no leak"
	else
		ko "valgrind: malformed inputs of tests/bad" "$bad"
	fi
	if [ -x "$b/examples/ze_launch" ]; then
		"$T" --conform --no-pocl --quiet -o "$WORK/vg/zl" "$SRC/examples/saxpy.il" >/dev/null 2>&1
		if vg ze_launch "$b/examples/ze_launch" --dry-run "$WORK/vg/zl/saxpy_tgllp.bin" "$WORK/vg/zl/saxpy/manifest.xml"; then
			ok "valgrind: examples/ze_launch --dry-run: no error, no leak"
		else
			ko "valgrind: examples/ze_launch --dry-run" "$(head -c 3000 "$WORK/vg/ze_launch.vg")"
		fi
	fi
}

case $mode in
asan) run_asan ;;
valgrind) run_valgrind ;;
all) run_asan; run_valgrind ;;
*) echo "usage: run-sanitizers.sh SRCDIR [asan|valgrind|all]" >&2; exit 2 ;;
esac
echo
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
