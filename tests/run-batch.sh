#!/bin/sh
# run-batch.sh SRCDIR - resumable batches and the recipes of docs/BATCH.md:
#
#   - the manifest (.translate-manifest): a second run skips every input and
#     leaves every file byte-identical (same inodes: nothing rewritten); a
#     touched input, an input whose text changed under an old mtime, a
#     changed option, another finalizer and --force redo exactly what they
#     should (told by the outputs' inodes, which a redo replaces by rename);
#     the recorded SHA-256 is sha256sum's;
#   - -j 1, -j 2 and -j 4 write byte-identical folders, manifest included;
#   - SIGKILL half-way leaves only complete visible files; the next run
#     removes the dead run's hidden temporaries (but not those of live
#     processes or of other hosts) and completes the set;
#   - -d only dumps;
#   - --version names the finalizer (sha256sum and dpkg as the references);
#   - the Slurm recipe (examples/batch/slurm-array.sh, --shard I/N) with
#     simulated array tasks, run at the same time into one folder, and the
#     GNU parallel recipe with local workers (--sshlogin 2/:), both give the
#     folder of one plain run.  Without GNU parallel that check is skipped
#     (and fails under CI=true, where .ci/run installs it).
#
# Prints [PASS]/[FAIL]/[SKIP] lines and "N passed, N failed, N skipped".
# Environment: TRANSLATE (required), GENX_IR (default GenX_IR).
set -u
LC_ALL=C
export LC_ALL
SRC=$(cd "${1:?usage: run-batch.sh SRCDIR}" && pwd) || exit 2
: "${TRANSLATE:?set TRANSLATE to the translate program}"
case $TRANSLATE in
/*) ;;
*/*) TRANSLATE=$(pwd)/$TRANSLATE ;;
esac
GENX=${GENX_IR:-GenX_IR}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/translate-batch.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); echo "[PASS] $1"; }
ko() {
	fail=$((fail + 1)); echo "[FAIL] $1"
	[ $# -gt 1 ] && [ -n "$2" ] && printf '%s\n' "$2" | sed 's/^/       /'
}
sk() { skip=$((skip + 1)); echo "[SKIP] $1: $2"; }

# "name inode" of every file of a folder, hidden ones included
inodes() { (cd "$1" && ls -A1i | awk '{ print $2, $1 }' | sort); }
# the files whose inode differs between two inodes() listings
changed() { join "$1" "$2" | awk '$2 != $3 { print $1 }' | tr '\n' ' '; }

# ---- the manifest: skip, redo, --force -----------------------------------------
IN=$WORK/in
mkdir -p "$IN"
for k in saxpy multi_kernel_data lds_reduce printf_items; do
	cp "$SRC/tests/kernels/$k.il" "$IN/"
done
OUT=$WORK/out
run() { "$TRANSLATE" -j 2 --emit zebin,visaasm -o "$OUT" "$@" "$IN" >"$WORK/run.log" 2>&1; }
run
rc=$?
cp -r "$OUT" "$WORK/first"
inodes "$OUT" >"$WORK/i0"
if [ $rc -ne 0 ] || [ ! -s "$OUT/saxpy_tgllp.bin" ] || [ ! -s "$OUT/.translate-manifest" ]; then
	ko "resume: a first run translates and writes a manifest" "exit $rc: $(head -c 500 "$WORK/run.log")"
else
	ok "resume: a first run translates and writes a manifest ($(grep -c '^input ' "$OUT/.translate-manifest") inputs)"
fi
# the recorded input hash is sha256sum's
want=$(sha256sum "$IN/saxpy.il" | cut -d' ' -f1)
got=$(awk -v f="input $IN/saxpy.il" '$0 == f { getline; print $2; exit }' "$OUT/.translate-manifest")
if [ -n "$want" ] && [ "$got" = "$want" ]; then
	ok "resume: the manifest's input SHA-256 is sha256sum's"
else
	ko "resume: the manifest's input SHA-256 is sha256sum's" "manifest $got, sha256sum $want"
fi
run
inodes "$OUT" >"$WORK/i1"
if grep -q '^translate: 4 inputs up to date, skipped' "$WORK/run.log" && diff -r "$WORK/first" "$OUT" >/dev/null &&
   [ -z "$(changed "$WORK/i0" "$WORK/i1")" ]; then
	ok "resume: a second run skips every input, every file byte-identical and untouched"
else
	ko "resume: a second run skips every input, every file byte-identical and untouched" \
		"$(cat "$WORK/run.log"; diff -r "$WORK/first" "$OUT" | head -5; changed "$WORK/i0" "$WORK/i1")"
fi
# a touched input: that input only
sleep 1
touch "$IN/lds_reduce.il"
run
inodes "$OUT" >"$WORK/i2"
got=$(changed "$WORK/i1" "$WORK/i2")
if [ "$got" = ".translate-manifest lds_reduce.visaasm lds_reduce_tgllp.bin " ] &&
   grep -q '^translate: 3 inputs up to date' "$WORK/run.log" && diff -r "$WORK/first" "$OUT" >/dev/null; then
	ok "resume: a touched input is redone, alone"
else
	ko "resume: a touched input is redone, alone" "rewritten: $got; $(cat "$WORK/run.log")"
fi
# new text under an old mtime (cp -p, a checkout): the hash notices
sed 's/^;ARGSTART:__OpenCL_saxpy_kernel/; a comment\n&/' "$IN/saxpy.il" >"$WORK/saxpy.il"
touch -r "$IN/saxpy.il" "$WORK/saxpy.il"
cp -p "$WORK/saxpy.il" "$IN/saxpy.il"
run
inodes "$OUT" >"$WORK/i3"
got=$(changed "$WORK/i2" "$WORK/i3")
if [ "$got" = ".translate-manifest saxpy.visaasm saxpy_tgllp.bin " ] && ! cmp -s "$IN/saxpy.il" "$SRC/tests/kernels/saxpy.il" &&
   [ ! "$IN/saxpy.il" -nt "$OUT/saxpy_tgllp.bin" ]; then
	ok "resume: an input whose text changed under an older mtime is redone, alone"
else
	ko "resume: an input whose text changed under an older mtime is redone, alone" "rewritten: $got; $(cat "$WORK/run.log")"
fi
cp "$SRC/tests/kernels/saxpy.il" "$IN/saxpy.il"
run
# the finalizer's identity is its GNU build-id, as readelf reads it
if command -v readelf >/dev/null 2>&1; then
	bid=$(readelf -n "$(readlink -f "$(command -v "$GENX")")" | sed -n 's/^ *Build ID: *//p')
	if [ -n "$bid" ] && grep -q "^	finalizer build-id:$bid\$" "$OUT/.translate-manifest" &&
	   "$TRANSLATE" --version | grep -q "build-id $bid"; then
		ok "resume: the finalizer is named by its build-id (readelf's) in the manifest and --version"
	else
		ko "resume: the finalizer is named by its build-id (readelf's) in the manifest and --version" \
			"readelf: $bid; $(grep finalizer "$OUT/.translate-manifest" | head -1)"
	fi
else
	sk "resume: the finalizer's build-id" "readelf (binutils) is not installed"
fi
# a changed option: every input, the manifest records the new options
inodes "$OUT" >"$WORK/i4"
run -simd 8
inodes "$OUT" >"$WORK/i5"
got=$(changed "$WORK/i4" "$WORK/i5" | wc -w)
if [ "$got" -eq "$(ls -A "$OUT" | grep -vc '\.lock$')" ] && [ "$(grep -c 'options device=tgllp simd=8 emit=zebin,visaasm' "$OUT/.translate-manifest")" -eq 4 ] &&
   ! grep -q 'up to date' "$WORK/run.log"; then
	ok "resume: a changed option (-simd 8) redoes every input"
else
	ko "resume: a changed option (-simd 8) redoes every input" "$got files rewritten; $(cat "$WORK/run.log")"
fi
run -simd 8
if grep -q '^translate: 4 inputs up to date' "$WORK/run.log"; then ok "resume: ... and then skips them again"
else ko "resume: ... and then skips them again" "$(cat "$WORK/run.log")"; fi
# another finalizer (same program behind another path is the same one)
cp "$(command -v "$GENX")" "$WORK/GenX_IR-copy"
GENX_IR=$WORK/GenX_IR-copy run -simd 8
a=$(grep -c 'up to date' "$WORK/run.log")
printf '#!/bin/sh\nexec "%s" "$@"\n' "$(command -v "$GENX")" >"$WORK/GenX_IR-wrapper"
chmod +x "$WORK/GenX_IR-wrapper"
GENX_IR=$WORK/GenX_IR-wrapper run -simd 8
b=$(grep -c 'up to date' "$WORK/run.log")
if [ "$a" -eq 1 ] && [ "$b" -eq 0 ] && grep -q "finalizer sha256:$(sha256sum "$WORK/GenX_IR-wrapper" | cut -d' ' -f1)" \
	"$OUT/.translate-manifest"; then
	ok "resume: another finalizer program redoes every input (a copy of the same one does not)"
else
	ko "resume: another finalizer program redoes every input (a copy of the same one does not)" "$a $b $(cat "$WORK/run.log")"
fi
# --force: everything again, byte-identical
run
inodes "$OUT" >"$WORK/i6"
run --force
inodes "$OUT" >"$WORK/i7"
got=$(changed "$WORK/i6" "$WORK/i7" | wc -w)
if [ "$got" -eq "$(ls -A "$OUT" | grep -vc '\.lock$')" ] && diff -r "$WORK/first" "$OUT" >/dev/null; then
	ok "resume: --force redoes every input, byte-identical"
else
	ko "resume: --force redoes every input, byte-identical" "$got files rewritten; $(diff -r "$WORK/first" "$OUT" | head -5)"
fi
# a deleted output: that input again
rm "$OUT/printf_items.visaasm"
run
if [ -f "$OUT/printf_items.visaasm" ] && grep -q '^translate: 3 inputs up to date' "$WORK/run.log"; then
	ok "resume: an input with a missing output is redone"
else
	ko "resume: an input with a missing output is redone" "$(cat "$WORK/run.log")"
fi
# an input that now fails loses its block, and its old outputs are not trusted
printf 'il_cs_2_0\nbogus\n' >"$IN/printf_items.il"
run
if ! grep -q "printf_items.il" "$OUT/.translate-manifest" && [ "$(grep -c '^input ' "$OUT/.translate-manifest")" -eq 3 ]; then
	ok "resume: an input that fails is dropped from the manifest"
else
	ko "resume: an input that fails is dropped from the manifest" "$(cat "$OUT/.translate-manifest")"
fi

# another input of the same stem, translated into the folder by a later run,
# replaces the first input's files: the first input's entry goes with them,
# so translating the first input again redoes it instead of skipping it
mkdir -p "$WORK/sa" "$WORK/sb" "$WORK/so"
cp "$SRC/tests/kernels/saxpy.il" "$WORK/sa/x.il"
cp "$SRC/tests/kernels/loop_sum.il" "$WORK/sb/x.il"
"$TRANSLATE" -o "$WORK/so" "$WORK/sa/x.il" >/dev/null 2>&1
"$TRANSLATE" -o "$WORK/so" "$WORK/sb/x.il" >/dev/null 2>&1
cp "$WORK/so/x_tgllp.bin" "$WORK/sb.bin"
"$TRANSLATE" -o "$WORK/so" "$WORK/sa/x.il" >"$WORK/so.log" 2>&1
if ! grep -q 'up to date' "$WORK/so.log" && ! cmp -s "$WORK/so/x_tgllp.bin" "$WORK/sb.bin" &&
   [ "$(grep -c '^input ' "$WORK/so/.translate-manifest")" -eq 1 ]; then
	ok "resume: an input whose files another input replaced is redone, not skipped"
else
	ko "resume: an input whose files another input replaced is redone, not skipped" \
		"$(cat "$WORK/so.log"; cat "$WORK/so/.translate-manifest")"
fi

# ---- -j 1 / 2 / 4: byte-identical folders, manifest included --------------------
for j in 1 2 4; do
	"$TRANSLATE" -j $j -o "$WORK/j$j" --emit zebin,visaasm,abi "$SRC/tests/kernels" "$SRC/tests/il" \
		>"$WORK/j$j.raw" 2>&1
	echo $? >"$WORK/j$j.rc"
	# the summary's time is the one part that differs (tests/run-report.sh)
	sed 's/; [0-9.]* s$//' "$WORK/j$j.raw" >"$WORK/j$j.log"
done
if diff -r "$WORK/j1" "$WORK/j2" >"$WORK/jdiff" 2>&1 && diff -r "$WORK/j1" "$WORK/j4" >>"$WORK/jdiff" 2>&1 &&
   cmp -s "$WORK/j1.log" "$WORK/j2.log" && cmp -s "$WORK/j1.log" "$WORK/j4.log" &&
   cmp -s "$WORK/j1.rc" "$WORK/j2.rc" && cmp -s "$WORK/j1.rc" "$WORK/j4.rc" &&
   [ "$(grep -c '^input ' "$WORK/j1/.translate-manifest")" -ge 100 ]; then
	ok "jobs: -j 1, -j 2 and -j 4 write byte-identical folders and messages ($(ls "$WORK/j1" | wc -l) files + manifest)"
else
	ko "jobs: -j 1, -j 2 and -j 4 write byte-identical folders and messages" "$(head -c 600 "$WORK/jdiff")"
fi

# ---- SIGKILL half-way --------------------------------------------------------------
# A slow program among quick ones; the whole session is killed with SIGKILL
# (no handler runs) while the slow one's outputs are staged.
K=$WORK/kill
mkdir -p "$K/in" "$K/out" "$K/ref" "$K/tmp"
sh "$SRC/tests/tools/gennest.sh" if 3000 >"$K/in/aaa_slow.il"
for k in saxpy lds_reduce multi_kernel_data; do cp "$SRC/tests/kernels/$k.il" "$K/in/"; done
"$TRANSLATE" -j 2 --emit zebin,visaasm -o "$K/ref" "$K/in" >/dev/null 2>&1
TMPDIR=$K/tmp setsid "$TRANSLATE" -j 2 --emit zebin,visaasm -o "$K/out" "$K/in" >/dev/null 2>&1 &
spid=$!
i=0
while [ $i -lt 400 ] && ! ls -A "$K/out" | grep -q '^\.aaa_slow.*\.tmp$'; do sleep 0.025; i=$((i + 1)); done
seen=$(ls -A "$K/out" | tr '\n' ' ')
kill -KILL -- -$spid 2>/dev/null
# the finalizer runs in its own process group (same session)
command -v pkill >/dev/null 2>&1 && pkill -KILL -s $spid 2>/dev/null
wait $spid 2>/dev/null
# until the killed processes named by the temporaries are gone (reaped)
for p in $(ls -A "$K/out" | sed -n 's/.*\.\([0-9][0-9]*\)\.tmp$/\1/p'); do
	i=0
	while [ $i -lt 100 ] && kill -0 "$p" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
done
partial=""
for f in $(ls "$K/out"); do
	cmp -s "$K/out/$f" "$K/ref/$f" || partial="$partial $f"
done
left=$(ls -A "$K/out" | grep '\.tmp$' | tr '\n' ' ')
if [ -z "$left" ]; then
	ko "kill: SIGKILL half-way leaves only complete visible files" "no temporary at the kill; saw: $seen"
elif [ -n "$partial" ] || ls "$K/out" | grep -q aaa_slow; then
	ko "kill: SIGKILL half-way leaves only complete visible files" "incomplete:$partial; $(ls -A "$K/out")"
else
	ok "kill: SIGKILL half-way leaves only complete visible files (hidden: $left)"
fi
# temporaries of a live process and of another host stay; the dead run's go
host=$(hostname)
sleep 30 &
live=$!
touch "$K/out/.x_tgllp.bin.$host.$live.tmp" "$K/out/.y_tgllp.bin.not-$host.1.tmp"
"$TRANSLATE" -j 2 --emit zebin,visaasm -o "$K/out" "$K/in" >"$K/log" 2>&1
kill $live 2>/dev/null
left=$(ls -A "$K/out" | grep '\.tmp$' | tr '\n' ' ')
if [ "$left" = ".x_tgllp.bin.$host.$live.tmp .y_tgllp.bin.not-$host.1.tmp " ] &&
   diff -r -x '*.tmp' "$K/ref" "$K/out" >"$K/diff" 2>&1; then
	ok "kill: the next run removes the dead run's temporaries and completes the set"
else
	ko "kill: the next run removes the dead run's temporaries and completes the set" \
		"temporaries: $left; $(head -c 400 "$K/diff"); $(cat "$K/log")"
fi

# ---- -d only dumps ---------------------------------------------------------------------
if "$TRANSLATE" -d P -o "$WORK/dump" "$IN/saxpy.il" >"$WORK/dump.txt" 2>&1 &&
   grep -q '^header=il_cs_2_0\|header=il_cs_2_0' "$WORK/dump.txt" && [ ! -e "$WORK/dump" ] &&
   [ "$(ls -A "$IN" | grep -v '\.il$')" = "" ]; then
	ok "cli: -d P dumps and writes nothing (no -o folder, nothing next to the input)"
else
	ko "cli: -d P dumps and writes nothing (no -o folder, nothing next to the input)" "$(head -3 "$WORK/dump.txt"; ls -A "$WORK")"
fi

# ---- --version names the finalizer -------------------------------------------------------
g=$(command -v "$GENX")
v=$("$TRANSLATE" --version)
want=$(sha256sum "$(readlink -f "$g")" | cut -d' ' -f1)
pkgv=""
if command -v dpkg-query >/dev/null 2>&1 && p=$(dpkg-query -S "$(readlink -f "$g")" 2>/dev/null); then
	pkgv=$(dpkg-query -W -f='${Version}' "${p%%:*}")
fi
if printf '%s\n' "$v" | grep -q "^finalizer: $(readlink -f "$g").*sha256 $want\$" &&
   { [ -z "$pkgv" ] || printf '%s\n' "$v" | grep -qF "$pkgv"; }; then
	ok "cli: --version names the finalizer, its package version${pkgv:+ ($pkgv)} and SHA-256"
else
	ko "cli: --version names the finalizer, its package version and SHA-256" "$v (want $want $pkgv)"
fi
v=$(GENX_IR=$WORK/no-such-finalizer "$TRANSLATE" --version 2>&1)
if [ $? -eq 0 ] && printf '%s\n' "$v" | grep -q "^finalizer: .*no-such-finalizer not found"; then
	ok "cli: --version without a finalizer says so"
else
	ko "cli: --version without a finalizer says so" "$v"
fi

# ---- the man page: every option of --help, no groff warnings ----------------------
MAN=$SRC/man/translate.1
missing=""
for opt in $("$TRANSLATE" --help | sed -n 's/^  \(-[-a-zA-Z0-9]*\).*/\1/p'); do
	grep -qF -- "$(printf '%s' "$opt" | sed 's/-/\\-/g')" "$MAN" || missing="$missing $opt"
done
for var in $("$TRANSLATE" --help | sed -n '/^Environment:/,$p' | grep -oE '\b[A-Z][A-Z0-9_]+\b' | sort -u); do
	grep -qw -- "$var" "$MAN" || missing="$missing $var"
done
if [ -z "$missing" ] && [ "$("$TRANSLATE" --help | grep -c '^  -')" -ge 25 ]; then
	ok "man: translate.1 describes every option and variable of --help"
else
	ko "man: translate.1 describes every option and variable of --help" "missing:$missing"
fi
if command -v groff >/dev/null 2>&1; then
	w=$(groff -man -ww -z "$MAN" 2>&1)
	if [ -z "$w" ]; then ok "man: groff -man -ww reads translate.1 without a warning"
	else ko "man: groff -man -ww reads translate.1 without a warning" "$w"; fi
else
	sk "man: groff warnings" "groff is not installed"
fi

# ---- Slurm: array tasks over one list (examples/batch/slurm-array.sh) -------------
ls "$SRC"/tests/kernels/*.il "$SRC"/tests/il/*.il >"$WORK/list.txt"
"$TRANSLATE" -o "$WORK/plain" "@$WORK/list.txt" >"$WORK/plain.log" 2>&1
prc=$?
S=$WORK/slurm
mkdir -p "$S"
t=0
while [ $t -lt 4 ]; do
	SLURM_ARRAY_TASK_ID=$((t + 10)) SLURM_ARRAY_TASK_MIN=10 SLURM_ARRAY_TASK_COUNT=4 SLURM_CPUS_PER_TASK=1 \
		TRANSLATE=$TRANSLATE sh "$SRC/examples/batch/slurm-array.sh" "$WORK/list.txt" "$S/out" \
		>"$S/task$t.log" 2>&1 &
	t=$((t + 1))
done
wait
n=$(cat "$S"/task*.log | grep -c ': error: ')
nplain=$(grep -c ': error: ' "$WORK/plain.log")
ninputs=$(grep -c . "$WORK/list.txt")
if diff -r "$WORK/plain" "$S/out" >"$S/diff" 2>&1 && [ "$n" -eq "$nplain" ]; then
	ok "slurm: 4 simulated array tasks (--shard I/4) at once give the folder of one run ($ninputs inputs, $nplain errors once each)"
else
	ko "slurm: 4 simulated array tasks (--shard I/4) at once give the folder of one run" "$(head -c 600 "$S/diff"); errors $n vs $nplain"
fi
"$TRANSLATE" --shard 4/4 x.il >/dev/null 2>"$S/bad"
rc=$?
if [ $rc -eq 2 ] && grep -q -- '--shard must be I/N' "$S/bad"; then ok "slurm: --shard 4/4 is a usage error"
else ko "slurm: --shard 4/4 is a usage error" "exit $rc $(cat "$S/bad")"; fi

# ---- GNU parallel with local workers (docs/BATCH.md) ------------------------------
if command -v parallel >/dev/null 2>&1 && parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
	P=$WORK/parallel
	mkdir -p "$P"
	(cd "$P" && TRANSLATE=$TRANSLATE sh "$SRC/examples/batch/parallel.sh" "$WORK/list.txt" "$P/out" 2/: 3/:) \
		>"$P/log" 2>&1
	rc=$?
	n=$(grep -c ': error: ' "$P/log")
	if [ $((rc != 0)) -eq $((prc != 0)) ] && diff -r "$WORK/plain" "$P/out" >"$P/diff" 2>&1 && [ "$n" -eq "$nplain" ]; then
		ok "parallel: --sshlogin 2/: 3/: (local workers) gives the folder of one run"
	else
		ko "parallel: --sshlogin 2/: 3/: (local workers) gives the folder of one run" \
			"exit $rc; errors $n vs $nplain; $(head -c 600 "$P/diff"); $(tail -5 "$P/log")"
	fi
elif [ "${CI:-}" = true ]; then
	ko "parallel: GNU parallel is installed under CI (.ci/run installs it)"
else
	sk "parallel: the GNU parallel recipe" "GNU parallel is not installed (apt-get install parallel)"
fi

echo
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
