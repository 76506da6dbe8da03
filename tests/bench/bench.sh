#!/bin/sh
# bench.sh - `make bench`: how fast translate turns a collection around and
# how its Gen code compares with Intel's own compiler (issue 13).  Results,
# commands and the last measured numbers: docs/BENCHMARKS.md.
#
# usage: bench.sh [--smoke] OUTDIR
#
# Environment (make bench sets the first four):
#   TRANSLATE  bin/translate          ILGEN   tests/tools/ilgen
#   TIMEIT     tests/bench/timeit     SRC     the source tree
#   GENX_IR    the finalizer (default: GenX_IR on PATH)
#   OCLOC      Intel's compiler (default: ocloc on PATH; part 3 is skipped
#              without it)
#   BENCH_REPEAT   runs of every measurement, medians reported (default 5)
#   BENCH_KERNELS  generated kernels of the front-end corpus (default 10000,
#                  about 58 MB of IL)
# --smoke: tiny sizes and one run each, for make check (the scripts must not
# rot); its numbers mean nothing.
#
# Parts (CSV in OUTDIR, tables on stdout and in OUTDIR/summary.txt):
#   1 frontend.csv  parse + metadata + link + ABI + lowering + vISA text of
#                   the generated corpus, translate --no-finalize -j 1
#   2 pipeline.csv  per program of tests/kernels: translate end to end vs
#                   GenX_IR alone on our own .visaasm (same command line as
#                   src/gen/finalize.c), summed over the program's kernels
#   3 ocloc.csv     per program with an OpenCL C twin: translate vs
#                   ocloc compile of the twin;
#     codegen.csv   per kernel: Gen instructions, GRFs used, spill bytes,
#                   ours vs IGC's at the same SIMD width (16, tgllp)
#   4 jobs.csv      -j 1, 2, 4 on a batch of generated programs (whole pipeline)
#     size.csv      one kernel at 1x, 10x, 100x, 1000x its instructions
# Raw rows of timeit (label,run,wall_s,user_s,sys_s,maxrss_kb,status) are in
# OUTDIR/raw-*.csv.
set -u
smoke=0
[ "${1:-}" = --smoke ] && { smoke=1; shift; }
[ $# -eq 1 ] || { echo "usage: bench.sh [--smoke] OUTDIR" >&2; exit 2; }
OUT=$1
: "${TRANSLATE:?}" "${ILGEN:?}" "${TIMEIT:?}" "${SRC:?}"
GENX_IR=${GENX_IR:-$(command -v GenX_IR)}
OCLOC=${OCLOC-$(command -v ocloc)}
DEVICE=tgllp
SIMD=16
if [ $smoke = 1 ]; then
	R=${BENCH_REPEAT:-1} NK=${BENCH_KERNELS:-20} BATCH=4 JOBS="1 2" SIZES="1 10"
	KERNELS="saxpy alu_mix lds_reduce"
else
	R=${BENCH_REPEAT:-5} NK=${BENCH_KERNELS:-10000} BATCH=200 JOBS="1 2 4" SIZES="1 10 100 1000"
	KERNELS=$(cd "$SRC/tests/kernels" && ls *.il | sed 's/\.il$//')
fi
[ -x "$GENX_IR" ] || { echo "bench.sh: GenX_IR not found (set GENX_IR)" >&2; exit 1; }
GENX=$(sed -n "s/.*<platform name=\"$DEVICE\" genx=\"\([^\"]*\)\".*/\1/p" "$SRC/data/platforms.xml")
[ -n "$GENX" ] || { echo "bench.sh: no genx name for $DEVICE in data/platforms.xml" >&2; exit 1; }
rm -rf "$OUT" && mkdir -p "$OUT/w" || exit 1
OUT=$(cd "$OUT" && pwd)
W=$OUT/w
SUM=$OUT/summary.txt
: >"$SUM"
fail=0
say() { printf '%s\n' "$*" | tee -a "$SUM"; }
die() { echo "bench.sh: $*" >&2; exit 1; }

# median of the numbers on stdin (one per line)
med() {
	sort -g | awk '{a[NR] = $1} END {
		if (!NR) print "nan"; else if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}
# median of a column of a timeit CSV for one label: col FILE LABEL N
# (3 wall, 4 user, 5 sys, 6 maxrss, 0 = user + sys)
col() {
	awk -F, -v l="$2" -v c="$3" '$1 == l { print (c ? $c : $4 + $5) }' "$1" | med
}
# timeit wrapper: t CSV LABEL [timeit options] -- COMMAND...; a failing run
# is a failure of the benchmark
t() {
	csv=$1 lab=$2
	shift 2
	"$TIMEIT" -n "$R" -l "$lab" -q "$@" >>"$csv" || { echo "bench.sh: failed: $lab: $*" >&2; fail=1; }
}
div() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "nan" }'; }

say "make bench: device $DEVICE, SIMD$SIMD, medians of $R runs$( [ $smoke = 1 ] && echo ' (SMOKE: sizes too small to mean anything)')"
say "host: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null); wall times are noisy"
say "on a shared machine, CPU time (user + sys, children included) less so"
say ""

# ---- 1. front end -----------------------------------------------------------
mkdir -p "$W/corpus" "$W/fe"
"$ILGEN" 1 "$NK" "$W/corpus" || die "ilgen failed"
bytes=$(cat "$W/corpus"/*.il | wc -c)
nker=$(cat "$W/corpus"/*.il | grep -c '^;ARGSTART:__OpenCL_')
ninst=$(cat "$W/corpus"/*.il | grep -vc '^;\|^dcl_\|^func\|^endfunc\|^end$\|^il_cs')
# --force on every timed run: the repeats write into the same folder, whose
# manifest would otherwise make runs 2..R skip every input as up to date
t "$OUT/raw-frontend.csv" frontend -- "$TRANSLATE" --force --no-finalize -j 1 -o "$W/fe" "$W/corpus"
nout=$(ls "$W/fe" | grep -c '\.visaasm$')
[ "$nout" -eq "$nker" ] || { echo "bench.sh: $nker kernels, $nout .visaasm written" >&2; fail=1; }
fw=$(col "$OUT/raw-frontend.csv" frontend 3)
fc=$(col "$OUT/raw-frontend.csv" frontend 0)
frss=$(col "$OUT/raw-frontend.csv" frontend 6)
{
	echo "input_bytes,kernels,il_lines,wall_s,cpu_s,mb_per_s_wall,mb_per_s_cpu,kernels_per_s_wall,maxrss_kb"
	awk -v b="$bytes" -v k="$nker" -v i="$ninst" -v w="$fw" -v c="$fc" -v r="$frss" 'BEGIN {
		printf "%d,%d,%d,%s,%s,%.2f,%.2f,%.0f,%s\n", b, k, i, w, c, b / 1e6 / w, b / 1e6 / c, k / w, r }'
} >"$OUT/frontend.csv"
say "1. Front end (translate --no-finalize -j 1: parse, metadata, link, ABI, lowering, vISA text)"
awk -F, 'NR == 2 {
	printf "   %-28s %12s\n", "input", sprintf("%.1f MB", $1 / 1e6)
	printf "   %-28s %12d\n", "kernels", $2
	printf "   %-28s %12s\n", "wall (median)", $4 " s"
	printf "   %-28s %12s\n", "CPU (median)", $5 " s"
	printf "   %-28s %12s   target >= 50\n", "MB/s (wall)", $6
	printf "   %-28s %12s\n", "MB/s (CPU)", $7
	printf "   %-28s %12s\n", "kernels/s (wall)", $8
	printf "   %-28s %12s   (%.2fx the input; target <= 4x)\n", "peak RSS", sprintf("%.1f MB", $9 / 1024), $9 * 1024 / $1
}' "$OUT/frontend.csv" | tee -a "$SUM"
say ""

# ---- 2. pipeline vs. the finalizer alone -------------------------------------
echo "program,kernels,translate_wall_s,translate_cpu_s,genx_ir_wall_s,genx_ir_cpu_s,ratio_wall,ratio_cpu" \
	>"$OUT/pipeline.csv"
for k in $KERNELS; do
	il=$SRC/tests/kernels/$k.il
	mkdir -p "$W/p/$k/out" "$W/p/$k/visa"
	"$TRANSLATE" -j 1 -device $DEVICE --emit visaasm,asm -o "$W/p/$k/visa" "$il" >/dev/null 2>&1 ||
		{ echo "bench.sh: $k does not translate" >&2; fail=1; continue; }
	t "$OUT/raw-pipeline.csv" "$k" -- "$TRANSLATE" --force -j 1 -device $DEVICE -o "$W/p/$k/out" "$il"
	gw=0 gc=0 n=0
	for v in "$W/p/$k/visa"/*.visaasm; do
		b=$(basename "$v" .visaasm)
		mkdir -p "$W/p/$k/g/$b"
		cp "$v" "$W/p/$k/g/$b/"
		# as src/gen/finalize.c runs it (tgllp: no -useInlineData); exit 1 = spilled
		"$TIMEIT" -n "$R" -l "$k/$b" -q -C "$W/p/$k/g/$b" -- "$GENX_IR" "$b.visaasm" -platform "$GENX" \
			-output -binary -asmOutput "$W/p/$k/g/$b/$b" >>"$OUT/raw-genx.csv"
		gw=$(awk -v a="$gw" -v b="$(col "$OUT/raw-genx.csv" "$k/$b" 3)" 'BEGIN { print a + b }')
		gc=$(awk -v a="$gc" -v b="$(col "$OUT/raw-genx.csv" "$k/$b" 0)" 'BEGIN { print a + b }')
		n=$((n + 1))
	done
	tw=$(col "$OUT/raw-pipeline.csv" "$k" 3)
	tc=$(col "$OUT/raw-pipeline.csv" "$k" 0)
	echo "$k,$n,$tw,$tc,$gw,$gc,$(div "$tw" "$gw"),$(div "$tc" "$gc")" >>"$OUT/pipeline.csv"
done
say "2. Whole pipeline vs. GenX_IR alone on our .visaasm (per program; target <= 1.15x)"
awk -F, 'NR > 1 { printf "   %-22s %2d kernel(s)  ours %7.3f s  GenX_IR %7.3f s  %5sx wall  %5sx CPU\n", $1, $2, $3, $5, $7, $8 }' \
	"$OUT/pipeline.csv" | tee -a "$SUM"
pw=$(awk -F, 'NR > 1 { print $7 }' "$OUT/pipeline.csv" | med)
pc=$(awk -F, 'NR > 1 { print $8 }' "$OUT/pipeline.csv" | med)
tot=$(awk -F, 'NR > 1 { a += $3; b += $5; c += $4; d += $6 } END { printf "%.2fx wall, %.2fx CPU", a / b, c / d }' "$OUT/pipeline.csv")
say "   median ratio: ${pw}x wall, ${pc}x CPU; totals: $tot"
say ""

# ---- 3. against Intel's compiler ----------------------------------------------
if [ -n "$OCLOC" ] && [ -x "$OCLOC" ]; then
	opts="-cl-std=CL1.2 -cl-intel-greater-than-4GB-buffer-required" # stateless pointers, as ours
	echo "program,translate_wall_s,translate_cpu_s,ocloc_wall_s,ocloc_cpu_s,speedup_wall,speedup_cpu" >"$OUT/ocloc.csv"
	echo "kernel,ours_inst,igc_inst,inst_ratio,ours_grfs_named,igc_grfs_named,ours_spill_bytes,igc_spill_bytes" \
		>"$OUT/codegen.csv"
	for k in $KERNELS; do
		cl=$SRC/tests/kernels/$k.cl
		[ -f "$cl" ] && [ -d "$W/p/$k/visa" ] || continue
		mkdir -p "$W/o/$k/bin" "$W/o/$k/dump"
		# IGC's Gen assembly at our SIMD width (its own choice may differ);
		# a twin ocloc refuses for this device (doubles on tgllp) is listed
		if ! (cd "$W/o/$k/bin" && IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$W/o/$k/dump" \
			IGC_ForceOCLSIMDWidth=$SIMD "$OCLOC" compile -file "$cl" -device $DEVICE --format zebin \
			-options "$opts" -output_no_suffix -output d) >"$W/o/$k/ocloc.log" 2>&1; then
			echo "$k" >>"$OUT/ocloc-refused.txt"
			continue
		fi
		t "$OUT/raw-ocloc.csv" "$k" -C "$W/o/$k/bin" -- "$OCLOC" compile -file "$cl" -device $DEVICE \
			--format zebin -options "$opts" -output_no_suffix -output k
		tw=$(col "$OUT/raw-pipeline.csv" "$k" 3)
		tc=$(col "$OUT/raw-pipeline.csv" "$k" 0)
		ow=$(col "$OUT/raw-ocloc.csv" "$k" 3)
		oc=$(col "$OUT/raw-ocloc.csv" "$k" 0)
		echo "$k,$tw,$tc,$ow,$oc,$(div "$ow" "$tw"),$(div "$oc" "$tc")" >>"$OUT/ocloc.csv"
		for a in "$W/p/$k/visa"/*.asm; do
			name=$(sed -n 's|^//\.kernel \(.*\)|\1|p' "$a" | head -1)
			igc=""
			for c in "$W/o/$k/dump"/*_simd${SIMD}_*.asm; do
				[ -f "$c" ] && [ "$(sed -n 's|^//\.kernel \(.*\)|\1|p' "$c" | head -1)" = "$name" ] && igc=$c
			done
			[ -n "$igc" ] || { echo "bench.sh: no IGC SIMD$SIMD assembly for kernel $name of $k" >&2; continue; }
			# instructions: //.instCount; GRFs: distinct rN named by the
			# instructions (a region's further registers not counted);
			# spills: //.spill size (absent = 0)
			m() {
				awk '/^\/\/\.instCount / { n = $2 }
				/^\/\/\.spill size / { s = $3 }
				!/^\/\// { l = $0; while (match(l, /[^a-zA-Z0-9_]r[0-9]+[.:]/)) {
					g[substr(l, RSTART + 2, RLENGTH - 3) + 0] = 1; l = substr(l, RSTART + RLENGTH) } }
				END { for (v in g) c++; printf "%d %d %d", n, c, s }' "$1"
			}
			set -- $(m "$a") $(m "$igc")
			echo "$name,$1,$4,$(div "$1" "$4"),$2,$5,$3,$6" >>"$OUT/codegen.csv"
		done
	done
	say "3a. translate (IL -> zebin) vs. ocloc compile of the OpenCL C twin (target >= 10x faster)"
	awk -F, 'NR > 1 { printf "   %-22s ours %7.3f s  ocloc %7.3f s  %6sx wall  %6sx CPU\n", $1, $2, $4, $6, $7 }' \
		"$OUT/ocloc.csv" | tee -a "$SUM"
	[ -f "$OUT/ocloc-refused.txt" ] && say "   ocloc ($DEVICE, SIMD$SIMD forced) fails on the twins of (w/o/K/ocloc.log): $(tr '\n' ' ' <"$OUT/ocloc-refused.txt")"
	say "   median speed-up: $(awk -F, 'NR > 1 { print $6 }' "$OUT/ocloc.csv" | med)x wall, $(awk -F, 'NR > 1 { print $7 }' "$OUT/ocloc.csv" | med)x CPU"
	say ""
	say "3b. Gen code vs. IGC at SIMD$SIMD (instructions: target median <= 1.25x, none > 2x; zero spills)"
	awk -F, 'NR > 1 { printf "   %-24s inst %5d / %5d = %5sx  GRFs %3d / %3d  spill %d / %d\n", $1, $2, $3, $4, $5, $6, $7, $8 }' \
		"$OUT/codegen.csv" | tee -a "$SUM"
	say "   median instruction ratio $(awk -F, 'NR > 1 { print $4 }' "$OUT/codegen.csv" | med)x over $(awk 'END { print NR - 1 }' "$OUT/codegen.csv") kernels; above 2x: $(awk -F, 'NR > 1 && $4 > 2' "$OUT/codegen.csv" | wc -l); kernels that spill: ours $(awk -F, 'NR > 1 && $7 > 0' "$OUT/codegen.csv" | wc -l), IGC $(awk -F, 'NR > 1 && $8 > 0' "$OUT/codegen.csv" | wc -l)"
	say ""
else
	say "3. skipped: ocloc not found"
	say ""
fi

# ---- 4. scaling -----------------------------------------------------------------
mkdir -p "$W/batch"
for f in $(ls "$W/corpus" | head -n "$BATCH"); do cp "$W/corpus/$f" "$W/batch/"; done
echo "jobs,programs,wall_s,cpu_s,speedup_wall" >"$OUT/jobs.csv"
for j in $JOBS; do
	rm -rf "$W/j$j" && mkdir -p "$W/j$j"
	t "$OUT/raw-jobs.csv" "j$j" -- "$TRANSLATE" --force -j "$j" -device $DEVICE -o "$W/j$j" "$W/batch"
	echo "$j,$BATCH,$(col "$OUT/raw-jobs.csv" "j$j" 3),$(col "$OUT/raw-jobs.csv" "j$j" 0)," >>"$OUT/jobs.csv"
done
awk -F, 'NR == 2 { w1 = $3 } NR > 1 { printf "%s,%s,%s,%s,%.2f\n", $1, $2, $3, $4, w1 / $3; next } { print }' \
	"$OUT/jobs.csv" >"$OUT/jobs.tmp" && mv "$OUT/jobs.tmp" "$OUT/jobs.csv"
say "4a. Parallel jobs, whole pipeline on $BATCH generated programs ($(nproc) cores, shared)"
awk -F, 'NR > 1 { printf "   -j %-3s wall %8.3f s  CPU %8.3f s  speed-up %5sx\n", $1, $3, $4, $5 }' "$OUT/jobs.csv" | tee -a "$SUM"
say ""
echo "factor,il_instructions,input_bytes,frontend_wall_s,frontend_cpu_s,frontend_maxrss_kb,pipeline_wall_s,pipeline_cpu_s,pipeline_maxrss_kb" \
	>"$OUT/size.csv"
for s in $SIZES; do
	mkdir -p "$W/s$s"
	sh "$SRC/tests/bench/genscale.sh" "$s" >"$W/s$s/scale$s.il"
	t "$OUT/raw-size.csv" "fe$s" -- "$TRANSLATE" --force --no-finalize -o "$W/s$s" "$W/s$s/scale$s.il"
	t "$OUT/raw-size.csv" "all$s" -- "$TRANSLATE" --force -device $DEVICE -o "$W/s$s" "$W/s$s/scale$s.il"
	echo "$s,$((10 * s + 13)),$(wc -c <"$W/s$s/scale$s.il"),$(col "$OUT/raw-size.csv" "fe$s" 3),$(col "$OUT/raw-size.csv" "fe$s" 0),$(col "$OUT/raw-size.csv" "fe$s" 6),$(col "$OUT/raw-size.csv" "all$s" 3),$(col "$OUT/raw-size.csv" "all$s" 0),$(col "$OUT/raw-size.csv" "all$s" 6)" >>"$OUT/size.csv"
done
say "4b. Cost vs. kernel size (tests/bench/genscale.sh; CPU seconds, marginal cost per IL instruction"
say "    between successive sizes: linear growth keeps it flat)"
awk -F, 'NR > 1 {
	m1 = m2 = "-"
	if (NR > 2) { m1 = sprintf("%.2f us", ($5 - f) / ($2 - n) * 1e6); m2 = sprintf("%.2f us", ($8 - p) / ($2 - n) * 1e6) }
	printf "   %5sx %6d inst %8d B  front end %7.3f s (%s/inst) %6.1f MB RSS  pipeline %7.3f s (%s/inst)\n",
		$1, $2, $3, $5, m1, $6 / 1024, $8, m2
	n = $2; f = $5; p = $8 }' "$OUT/size.csv" | tee -a "$SUM"
say ""
# batch size: n programs into one folder, front end only; the CPU cost per
# program stays flat when everything per batch is linear (the manifest was
# not: it rewrote the whole file for every input, docs/BENCHMARKS.md)
if [ $smoke = 1 ]; then NB="5 10 20"; else NB="1250 2500 5000 10000"; fi
echo "programs,input_bytes,frontend_cpu_s,per_program_ms" >"$OUT/batchsize.csv"
for n in $NB; do
	[ "$n" -le "$NK" ] || continue
	rm -rf "$W/bs$n" && mkdir -p "$W/bs$n/in"
	for f in $(ls "$W/corpus" | head -n "$n"); do cp "$W/corpus/$f" "$W/bs$n/in/"; done
	t "$OUT/raw-batchsize.csv" "bs$n" -- "$TRANSLATE" --force --no-finalize -j 1 -o "$W/bs$n/out" "$W/bs$n/in"
	c=$(col "$OUT/raw-batchsize.csv" "bs$n" 0)
	echo "$n,$(cat "$W/bs$n/in"/*.il | wc -c),$c,$(awk -v c="$c" -v n="$n" 'BEGIN { printf "%.3f", c / n * 1000 }')" \
		>>"$OUT/batchsize.csv"
done
say "4c. Cost vs. batch size (front end, one folder; CPU ms per program stays flat when linear)"
awk -F, 'NR > 1 { printf "   %6d programs %10d B  front end %8.3f s CPU  %7s ms/program\n", $1, $2, $3, $4 }' \
	"$OUT/batchsize.csv" | tee -a "$SUM"
say ""
say "CSV: $OUT/*.csv"
exit $fail
