#!/bin/sh
# run-report.sh SRCDIR - the batch report (--report, --report-format,
# --merge-reports), the progress lines and the summary.  Prints
# [PASS]/[FAIL]/[SKIP] lines and "N passed, N failed, N skipped".  Needs
#   TRANSLATE  the translator        XSDCHECK  tests/tools/xsdcheck
#   ZESECT     tests/tools/zesect    python3 (JSON and JUnit checks; skipped
#   without it unless CI=true)
set -u
LC_ALL=C
export LC_ALL
SRC=$(cd "${1:?usage: run-report.sh SRCDIR}" && pwd)
: "${TRANSLATE:?}" "${XSDCHECK:?}" "${ZESECT:?}"
REAL_GENX=${GENX_IR:-GenX_IR}
W=$(mktemp -d "${TMPDIR:-/tmp}/translate-report.XXXXXX")
trap 'rm -rf "$W"' EXIT INT TERM
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); echo "[PASS] $1"; }
ko() { fail=$((fail + 1)); echo "[FAIL] $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/       /'; }
sk() { skip=$((skip + 1)); echo "[SKIP] $1: $2"; }
PY=$(command -v python3 || true)
need_py() { # $1 = check name; 0 when python3 can run it
	[ -n "$PY" ] && return 0
	if [ "${CI:-}" = true ]; then ko "$1" "python3 is missing"; else sk "$1" "no python3"; fi
	return 1
}
# a report without its times (every seconds="..." attribute), for comparisons
untimed() { sed 's/ seconds="[0-9.]*"//g' "$1"; }

# ---- a mixed batch: good programs, a malformed one, a multi-kernel one ----
mkdir -p "$W/in" "$W/in2"
cp "$SRC/tests/kernels/saxpy.il" "$SRC/tests/kernels/multi_kernel_data.il" "$SRC/tests/bad/unknown-opcode.il" \
	"$SRC/tests/kernels/ops_coverage.il" "$W/in/"
# the second kernel of a copy states more local memory than the device has:
# the program fails at that kernel (tests/run-all.sh "a failed program leaves no file")
awk 'NR > 60 && /^;memory:hwlocal/ && !d { print ";memory:hwlocal:70000"; d = 1; next } { print }' \
	"$SRC/tests/kernels/multi_kernel_data.il" >"$W/in/multi_fail.il"
"$TRANSLATE" -j 2 -o "$W/o2" --emit zebin,asm --report "$W/r2.xml" "$W/in" >"$W/j2.out" 2>"$W/j2.err"
rc=$?
if [ $rc -eq 1 ]; then ok "report: a batch with failed inputs exits 1"; else ko "report: a batch with failed inputs exits 1" "exit $rc"; fi
if "$XSDCHECK" "$SRC/data/report.xsd" "$W/r2.xml" 2>"$W/xsd.err"; then
	ok "report: the XML report is valid against data/report.xsd"
else
	ko "report: the XML report is valid against data/report.xsd" "$(cat "$W/xsd.err"; head -c 800 "$W/r2.xml")"
fi
# the schema is not a rubber stamp: a wrong status and a missing attribute are refused
sed 's/status="translated"/status="done"/' "$W/r2.xml" >"$W/bad1.xml"
sed 's/ device="[^"]*"//' "$W/r2.xml" >"$W/bad2.xml"
if ! "$XSDCHECK" "$SRC/data/report.xsd" "$W/bad1.xml" 2>/dev/null &&
   ! "$XSDCHECK" "$SRC/data/report.xsd" "$W/bad2.xml" 2>/dev/null; then
	ok "report: the schema refuses an unknown status and a missing device"
else
	ko "report: the schema refuses an unknown status and a missing device"
fi

# statuses, in input order (the directory sorted)
got=$(sed -n 's/.*<input path="[^"]*\/\([^"/]*\)" status="\([a-z]*\)".*/\1 \2/p' "$W/r2.xml" | tr '\n' ' ')
want="multi_fail.il failed multi_kernel_data.il translated ops_coverage.il translated saxpy.il translated unknown-opcode.il failed "
if [ "$got" = "$want" ]; then ok "report: one input record per input, in input order, with its status"
else ko "report: one input record per input, in input order, with its status" "got:  $got
want: $want"; fi
# the malformed file's diagnostic is the one tests/bad/unknown-opcode.err expects
want=$(sed 's/^\([^:]*\):\([0-9]*\):\([0-9]*\): error: \(.*\)$/file=".*\/\1" line="\2" col="\3">\4</' \
	"$SRC/tests/bad/unknown-opcode.err")
if grep -q "<diagnostic severity=\"error\" $want/diagnostic>" "$W/r2.xml"; then
	ok "report: a malformed input's diagnostic with file, line and col (tests/bad/unknown-opcode.err)"
else
	ko "report: a malformed input's diagnostic with file, line and col (tests/bad/unknown-opcode.err)" \
		"want: $want
$(grep -A2 'unknown-opcode' "$W/r2.xml")"
fi
# the failed kernel of multi_fail: failed with its diagnostic, the other translated
mf=$(sed -n '/multi_fail.il/,/<\/input>/p' "$W/r2.xml")
if printf '%s\n' "$mf" | grep -q '<kernel name="multi_kernel_b" status="failed"' &&
   printf '%s\n' "$mf" | grep -q "states 70000 bytes of local memory" &&
   printf '%s\n' "$mf" | grep -q '<kernel name="multi_kernel_a" status="translated"'; then
	ok "report: a program's failed kernel carries its diagnostic, its good kernel is translated"
else
	ko "report: a program's failed kernel carries its diagnostic, its good kernel is translated" "$mf"
fi
# summary counts against the records
s=$(grep '<summary ' "$W/r2.xml")
if printf '%s' "$s" | grep -q 'inputs="5" translated="3" failed="2" skipped="0" kernels="6" kernels-translated="5" kernels-failed="1" kernels-skipped="0"'; then
	ok "report: summary counts inputs and kernels by status"
else
	ko "report: summary counts inputs and kernels by status" "$s"
fi

# ---- the numbers of a kernel, against the finalizer's own outputs --------
# Gen instructions: one per instruction line of the .asm listing, and their
# sizes (16 bytes, 8 compacted) add up to the code at the start of the
# kernel's .text section in the zebin, followed only by the finalizer's zero
# padding (128 bytes, then to a multiple of 64); grf: the zebin's .ze_info
# grf_count; spill: the listing's spill size.
nbad=""
nk=0
for asm in "$W/o2"/*.asm; do
	k=$(basename "$asm" .asm)
	case $k in *.*) stem=${k%%.*} kern=${k#*.} ;; *) stem=$k kern=$k ;; esac
	# the record of this kernel within its input
	line=$(sed -n "/\\/$stem.il\" status=/,/<\\/input>/p" "$W/r2.xml" | grep "<kernel name=\"$kern\" ")
	n=$(echo "$line" | sed -n 's/.*instructions="\([0-9]*\)".*/\1/p')
	g=$(echo "$line" | sed -n 's/.* grf="\([0-9]*\)".*/\1/p')
	sp=$(echo "$line" | sed -n 's/.* spill="\([0-9]*\)".*/\1/p')
	simd=$(echo "$line" | sed -n 's/.* simd="\([0-9]*\)".*/\1/p')
	lines=$(grep -cE '^(\([^)]*\) +| +)[a-z]' "$asm")
	comp=$(grep -E '^(\([^)]*\) +| +)[a-z]' "$asm" | grep -c 'Compacted')
	bytes=$(( (lines - comp) * 16 + comp * 8 ))
	bin="$W/o2/${stem}_tgllp.bin"
	"$ZESECT" "$bin" ".text.$kern" >"$W/text.bin" 2>/dev/null
	text=$(wc -c <"$W/text.bin")
	tailnz=$(tail -c +$((bytes + 1)) "$W/text.bin" | od -An -v -tx1 | tr -d ' 0\n' | wc -c)
	lastnz=$(head -c "$bytes" "$W/text.bin" | tail -c 16 | od -An -v -tx1 | tr -d ' 0\n' | wc -c)
	zgrf=$("$ZESECT" "$bin" .ze_info 2>/dev/null | awk -v k="$kern" '$2 == "name:" && $3 == k { f = 1 } f && /grf_count:/ { print $2; exit }')
	lsp=$(sed -n 's|^//\.spill size \([0-9]*\).*|\1|p' "$asm" | head -n 1)
	nk=$((nk + 1))
	if [ "$n" != "$lines" ] || [ "$text" != $(( (bytes + 128 + 63) / 64 * 64 )) ] || [ "$tailnz" != 0 ] ||
	   [ "$lastnz" = 0 ] || [ "$g" != "$zgrf" ] || [ "$sp" != "${lsp:-0}" ] ||
	   [ "$simd" != 16 ]; then
		nbad="$nbad $k: instructions=$n listing=$lines bytes=$bytes text=$text grf=$g ze_info=$zgrf spill=$sp listing=${lsp:-0} simd=$simd;"
	fi
done
if [ $nk -eq 4 ] && [ -z "$nbad" ]; then
	ok "report: instructions, grf, spill and simd of $nk kernels agree with the listing and the zebin"
else
	ko "report: instructions, grf, spill and simd agree with the listing and the zebin" "$nk kernels;$nbad"
fi
"$TRANSLATE" -simd 8 -o "$W/o8" --report "$W/r8.xml" "$SRC/tests/kernels/saxpy.il" 2>/dev/null
if grep -q '<kernel name="saxpy" status="translated" simd="8"' "$W/r8.xml"; then
	ok "report: -simd 8 is reported as simd=\"8\""
else
	ko "report: -simd 8 is reported as simd=\"8\"" "$(cat "$W/r8.xml")"
fi
# the finalizer's version: its package's when dpkg knows the program
if command -v dpkg-query >/dev/null 2>&1 && p=$(dpkg-query -S "$(readlink -f "$(command -v "$REAL_GENX")")" 2>/dev/null); then
	pkg=${p%%:*}
	v=$(dpkg-query -W -f '${Version}' "$pkg")
	if grep -q "finalizer-version=\"$pkg $v fnv1a64:[0-9a-f]\{16\}\"" "$W/r8.xml"; then
		ok "report: finalizer-version names $pkg $v and the program's digest"
	else
		ko "report: finalizer-version names $pkg $v and the program's digest" "$(grep -o 'finalizer-version="[^"]*"' "$W/r8.xml" | head -n 1)"
	fi
else
	sk "report: finalizer-version from dpkg" "the finalizer is not a Debian package's"
fi

# ---- deterministic apart from the times, for every -j --------------------
"$TRANSLATE" -j 1 -o "$W/o1" --emit zebin,asm --report "$W/r1.xml" "$W/in" >/dev/null 2>&1
"$TRANSLATE" -j 3 -o "$W/o3" --emit zebin,asm --report "$W/r3.xml" "$W/in" >/dev/null 2>&1
untimed "$W/r1.xml" >"$W/r1.u"
untimed "$W/r2.xml" >"$W/r2.u"
untimed "$W/r3.xml" >"$W/r3.u"
if cmp -s "$W/r1.u" "$W/r2.u" && cmp -s "$W/r1.u" "$W/r3.u" && [ -s "$W/r1.u" ]; then
	ok "report: byte-identical apart from seconds for -j 1, 2 and 3"
else
	ko "report: byte-identical apart from seconds for -j 1, 2 and 3" "$(diff "$W/r1.u" "$W/r3.u" | head -n 20)"
fi
n=$(grep -c ' seconds="[0-9]*\.[0-9][0-9][0-9]"' "$W/r1.xml")
if [ "$n" -eq $((1 + 5 + 6)) ]; then # the summary, 5 inputs, 6 kernels (all attempted)
	ok "report: every input, attempted kernel and the summary has its time"
else
	ko "report: every input, attempted kernel and the summary has its time" "$n seconds attributes"
fi

# ---- the finalizer failing: rejected, crashed; a worker process crashing ---
cat >"$W/reject.sh" <<'EOF'
#!/bin/sh
echo "Error Message: this finalizer refuses everything" >&2
exit 3
EOF
cat >"$W/segv.sh" <<'EOF'
#!/bin/sh
kill -SEGV $$
EOF
# kills the translate process running it (its parent) for one kernel only
cat >"$W/killparent.sh" <<EOF
#!/bin/sh
case "\$1" in *multi_kernel_a*) kill -KILL \$PPID; sleep 5; exit 1 ;; esac
exec "$REAL_GENX" "\$@"
EOF
chmod +x "$W/reject.sh" "$W/segv.sh" "$W/killparent.sh"
GENX_IR="$W/reject.sh" "$TRANSLATE" -o "$W/orej" --report "$W/rej.xml" "$SRC/tests/kernels/saxpy.il" >/dev/null 2>&1
k=$(sed -n '/<kernel name="saxpy"/,/<\/kernel>/p' "$W/rej.xml")
if printf '%s' "$k" | grep -q 'status="failed"' &&
   printf '%s' "$k" | grep -q '<diagnostic severity="error" file=".*saxpy.il" line="[1-9][0-9]*" col="[0-9]*">kernel .saxpy.: finalizer rejected the vISA: .*this finalizer refuses everything</diagnostic>' &&
   printf '%s' "$k" | grep -q '<log>Error Message: this finalizer refuses everything' &&
   "$XSDCHECK" "$SRC/data/report.xsd" "$W/rej.xml" 2>/dev/null; then
	ok "report: a finalizer rejection fails the kernel with its diagnostic and the finalizer's output"
else
	ko "report: a finalizer rejection fails the kernel with its diagnostic and the finalizer's output" "$(cat "$W/rej.xml")"
fi
GENX_IR="$W/segv.sh" "$TRANSLATE" -o "$W/osegv" --report "$W/segv.xml" "$SRC/tests/kernels/saxpy.il" >/dev/null 2>&1
if grep -q 'kernel .saxpy.: finalizer crashed (signal 11)</diagnostic>' "$W/segv.xml"; then
	ok "report: a finalizer crash fails its kernel, with the reason"
else
	ko "report: a finalizer crash fails its kernel, with the reason" "$(cat "$W/segv.xml")"
fi
mkdir -p "$W/crash"
cp "$SRC/tests/kernels/saxpy.il" "$SRC/tests/kernels/multi_kernel_data.il" "$W/crash/"
GENX_IR="$W/killparent.sh" "$TRANSLATE" -j 2 -o "$W/ocrash" --report "$W/crash.xml" "$W/crash" >/dev/null 2>&1
rc=$?
c=$(sed -n '/multi_kernel_data.il/,/<\/input>/p' "$W/crash.xml")
if [ $rc -eq 1 ] && printf '%s' "$c" | grep -q 'status="failed"' &&
   printf '%s' "$c" | grep -q '<log>.*translate crashed on this input (signal 9' &&
   grep -q 'saxpy.il" status="translated"' "$W/crash.xml" && [ -s "$W/ocrash/saxpy_tgllp.bin" ] &&
   [ ! -e "$W/ocrash/multi_kernel_data_tgllp.bin" ] && "$XSDCHECK" "$SRC/data/report.xsd" "$W/crash.xml" 2>/dev/null; then
	ok "report: -j: a crashed worker's input is failed with its output as the log, the others translated"
else
	ko "report: -j: a crashed worker's input is failed with its output as the log, the others translated" "exit $rc: $(cat "$W/crash.xml")"
fi

# ---- JSON and JUnit say what the XML says ---------------------------------
"$TRANSLATE" -j 2 -o "$W/oj" --report "$W/r.json" --report-format json "$W/in" >/dev/null 2>&1
"$TRANSLATE" -j 2 -o "$W/ou" --report "$W/r.junit" --report-format junit "$W/in" "$W/crash" >/dev/null 2>&1
if need_py "report: JSON is well-formed (python3 -m json.tool)"; then
	if "$PY" -m json.tool "$W/r.json" >/dev/null 2>"$W/json.err"; then
		ok "report: JSON is well-formed (python3 -m json.tool)"
	else
		ko "report: JSON is well-formed (python3 -m json.tool)" "$(cat "$W/json.err")"
	fi
fi
cat >"$W/same.py" <<'EOF'
# the JSON report against the XML one: every field but the times
import json, sys, xml.etree.ElementTree as ET
j = json.load(open(sys.argv[1]))
x = ET.parse(sys.argv[2]).getroot()
num = {"line", "col", "simd", "grf", "spill", "instructions", "inputs", "translated", "failed", "skipped",
       "kernels", "kernels-translated", "kernels-failed", "kernels-skipped", "version"}
def attrs(e):
    return {k: (int(v) if k in num else v) for k, v in e.attrib.items() if k != "seconds"}
def diags(e):
    return [dict(attrs(d), message=d.text or "") for d in e.findall("diagnostic")]
want = {"version": 1, "tool": x.get("tool"), "summary": attrs(x.find("summary")), "inputs": []}
for i in x.findall("input"):
    r = dict(attrs(i), diagnostics=diags(i), kernels=[])
    if i.find("log") is not None: r["log"] = i.find("log").text
    for k in i.findall("kernel"):
        kr = dict(attrs(k), diagnostics=diags(k))
        if k.find("log") is not None: kr["log"] = k.find("log").text
        r["kernels"].append(kr)
    want["inputs"].append(r)
def strip(o):
    if isinstance(o, dict): return {k: strip(v) for k, v in o.items() if k != "seconds"}
    if isinstance(o, list): return [strip(v) for v in o]
    return o
got = strip(j)
if got != want:
    print(json.dumps(got, indent=1, sort_keys=True)[:1500]); print(json.dumps(want, indent=1, sort_keys=True)[:1500])
    sys.exit(1)
EOF
if need_py "report: the JSON report holds what the XML report holds"; then
	if "$PY" "$W/same.py" "$W/r.json" "$W/r1.xml" >"$W/same.log" 2>&1; then
		ok "report: the JSON report holds what the XML report holds"
	else
		ko "report: the JSON report holds what the XML report holds" "$(head -c 1500 "$W/same.log")"
	fi
fi
cat >"$W/junit.py" <<'EOF'
# JUnit as CI systems read it: testsuites > testsuite (per input) > testcase
# (per kernel, "(program)" for a failure outside the kernels), failures with
# a message, counts that match the cases
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
assert r.tag == "testsuites", r.tag
tot = fails = 0
names = []
for s in r.findall("testsuite"):
    cases = s.findall("testcase")
    f = [c for c in cases if c.find("failure") is not None]
    assert int(s.get("tests")) == len(cases), s.get("name")
    assert int(s.get("failures")) == len(f), s.get("name")
    float(s.get("time"))
    for c in cases:
        assert c.get("classname") == s.get("name") and c.get("name")
        float(c.get("time"))
        e = c.find("failure")
        if e is not None:
            assert e.get("message"), c.get("name")
    tot += len(cases); fails += len(f)
    names.append("%s:%s" % (s.get("name").rsplit("/", 1)[-1], ",".join(
        c.get("name") + ("!" if c.find("failure") is not None else "") for c in cases)))
assert int(r.get("failures")) == sum(1 for s in r.iter("testcase") if s.find("failure") is not None and s.get("name") != "(program)")
print(" ".join(names))
EOF
if need_py "report: JUnit has a testsuite per input and a failed testcase per failure"; then
	got=$("$PY" "$W/junit.py" "$W/r.junit" 2>&1)
	want="multi_fail.il:multi_kernel_a,multi_kernel_b! multi_kernel_data.il:multi_kernel_a,multi_kernel_b ops_coverage.il:saxpy saxpy.il:saxpy unknown-opcode.il:(program)! multi_kernel_data.il:(program)! saxpy.il:(program)!"
	if [ "$got" = "$want" ] && grep -q '<failure message="unknown opcode .frobnicate.' "$W/r.junit"; then
		ok "report: JUnit has a testsuite per input and a failed testcase per failure"
	else
		ko "report: JUnit has a testsuite per input and a failed testcase per failure" "got:  $got
want: $want"
	fi
fi

# a path with a control character and a byte that is not UTF-8: every
# format stays well-formed (such bytes are written as \xNN)
mkdir -p "$W/odd"
odd="$W/odd/$(printf 'c\001\377d.il')"
cp "$SRC/tests/bad/unknown-opcode.il" "$odd"
oddok=1
for f in xml junit json; do
	"$TRANSLATE" -o "$W/oodd" --report "$W/odd.$f" --report-format $f "$odd" >/dev/null 2>&1
done
"$XSDCHECK" "$SRC/data/report.xsd" "$W/odd.xml" 2>/dev/null && grep -q 'path="[^"]*/c\\x01\\xffd.il"' "$W/odd.xml" || oddok=0
if [ -n "$PY" ]; then
	"$PY" -m json.tool "$W/odd.json" >/dev/null 2>&1 || oddok=0
	"$PY" -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$W/odd.junit" 2>/dev/null || oddok=0
fi
if [ $oddok -eq 1 ]; then ok "report: a path with control and non-UTF-8 bytes keeps every format well-formed"
else ko "report: a path with control and non-UTF-8 bytes keeps every format well-formed" "$(head -c 600 "$W/odd.xml")"; fi

# ---- --merge-reports: per-worker reports into one ------------------------
# what GNU parallel or a Slurm array does: each worker its share of one
# list of inputs, its own report
ls "$W/in"/*.il >"$W/list.txt"
head -n 2 "$W/list.txt" >"$W/list1"
tail -n +3 "$W/list.txt" >"$W/list2"
"$TRANSLATE" -o "$W/om" --report "$W/w2.xml" "@$W/list2" >/dev/null 2>&1
"$TRANSLATE" -o "$W/om" --report "$W/w1.xml" "@$W/list1" >/dev/null 2>&1
"$TRANSLATE" --merge-reports "$W/merged.xml" "$W/w2.xml" "$W/w1.xml" >"$W/merge.log" 2>&1
rc=$?
untimed "$W/merged.xml" >"$W/merged.u"
if [ $rc -eq 0 ] && "$XSDCHECK" "$SRC/data/report.xsd" "$W/merged.xml" 2>/dev/null &&
   cmp -s "$W/merged.u" "$W/r1.u"; then
	ok "merge: two workers' reports merge into the report of one run (valid, sorted by path)"
else
	ko "merge: two workers' reports merge into the report of one run (valid, sorted by path)" \
		"exit $rc: $(cat "$W/merge.log"; diff "$W/merged.u" "$W/r1.u" | head -n 20)"
fi
s1=$(sed -n 's/.*<summary .* seconds="\([0-9.]*\)".*/\1/p' "$W/w1.xml")
s2=$(sed -n 's/.*<summary .* seconds="\([0-9.]*\)".*/\1/p' "$W/w2.xml")
sm=$(sed -n 's/.*<summary .* seconds="\([0-9.]*\)".*/\1/p' "$W/merged.xml")
if awk -v a="$s1" -v b="$s2" -v m="$sm" 'BEGIN { d = a + b - m; exit !(d < 0.002 && d > -0.002) }'; then
	ok "merge: the summary's seconds are the sum of the workers' ($s1 + $s2 = $sm)"
else
	ko "merge: the summary's seconds are the sum of the workers' ($s1 + $s2 = $sm)"
fi
"$TRANSLATE" --merge-reports "$W/merged.json" --report-format json "$W/w1.xml" "$W/w2.xml" >/dev/null 2>&1
if need_py "merge: --report-format json writes the merged report as JSON"; then
	if "$PY" -m json.tool "$W/merged.json" >/dev/null 2>&1 &&
	   [ "$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["summary"]["inputs"])' "$W/merged.json")" = 5 ]; then
		ok "merge: --report-format json writes the merged report as JSON"
	else
		ko "merge: --report-format json writes the merged report as JSON" "$(head -c 400 "$W/merged.json")"
	fi
fi
"$TRANSLATE" --merge-reports "$W/dup.xml" "$W/w1.xml" "$W/w1.xml" >"$W/dup.log" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q "error: input .*multi_fail.il is in both .*w1.xml and .*w1.xml" "$W/dup.log" &&
   [ ! -e "$W/dup.xml" ]; then
	ok "merge: an input in two reports is refused, nothing written"
else
	ko "merge: an input in two reports is refused, nothing written" "exit $rc: $(cat "$W/dup.log")"
fi
"$TRANSLATE" --merge-reports "$W/bad.xml" "$W/w1.xml" "$W/bad1.xml" >"$W/bad.log" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q "bad1.xml is not a translate report" "$W/bad.log" && [ ! -e "$W/bad.xml" ]; then
	ok "merge: a report not valid against the schema is refused, nothing written"
else
	ko "merge: a report not valid against the schema is refused, nothing written" "exit $rc: $(cat "$W/bad.log")"
fi
"$TRANSLATE" --merge-reports "$W/none.xml" >/dev/null 2>&1
rc=$?
if [ $rc -eq 2 ]; then ok "merge: no report to merge is a usage error (exit 2)"; else ko "merge: no report to merge is a usage error (exit 2)" "exit $rc"; fi
"$TRANSLATE" --report-format yaml --report "$W/x" "$SRC/tests/kernels/saxpy.il" >"$W/fmt.log" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "report-format must be xml, junit or json, not 'yaml'" "$W/fmt.log"; then
	ok "report: an unknown --report-format is a usage error (exit 2)"
else
	ko "report: an unknown --report-format is a usage error (exit 2)" "exit $rc: $(cat "$W/fmt.log")"
fi
"$TRANSLATE" -o "$W/onodir" --report "$W/no/such/dir/r.xml" "$SRC/tests/kernels/saxpy.il" >"$W/nodir.log" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q "cannot write the report .*r.xml" "$W/nodir.log"; then
	ok "report: an unwritable report file fails the run (exit 1)"
else
	ko "report: an unwritable report file fails the run (exit 1)" "exit $rc: $(cat "$W/nodir.log")"
fi

# ---- progress and summary ---------------------------------------------------
# not a terminal: one plain line per input in input order and the summary
plain=$(grep -c '^translate: \[[0-9]*/5\] .*: \(translated\|failed\|skipped\)$' "$W/j2.err")
order=$(sed -n 's/^translate: \[\([0-9]*\)\/5\].*/\1/p' "$W/j2.err" | tr '\n' ' ')
summ=$(grep '^translate: 5 inputs: ' "$W/j2.err")
if [ "$plain" -eq 5 ] && [ "$order" = "1 2 3 4 5 " ] &&
   printf '%s' "$summ" | grep -q '^translate: 5 inputs: 3 translated, 2 failed, 0 skipped; 6 kernels: 5 translated, 1 failed, 0 skipped; [0-9.]* s$' &&
   [ "$(tail -n 1 "$W/j2.err")" = "$summ" ] && ! grep -q "$(printf '\r')" "$W/j2.err"; then
	ok "progress: not on a terminal, a plain line per input and a final summary"
else
	ko "progress: not on a terminal, a plain line per input and a final summary" "$(cat "$W/j2.err")"
fi
# without --report only the counts are kept (no libxml2 tree; a -j child
# sends one line): the same summary at -j 2 and -j 1
"$TRANSLATE" -j 2 -o "$W/onr2" --emit zebin,asm "$W/in" >/dev/null 2>"$W/nr2.err"
"$TRANSLATE" -j 1 -o "$W/onr1" --emit zebin,asm "$W/in" >/dev/null 2>"$W/nr1.err"
s2=$(grep '^translate: 5 inputs: ' "$W/nr2.err" | sed 's/; [0-9.]* s$//')
s1=$(grep '^translate: 5 inputs: ' "$W/nr1.err" | sed 's/; [0-9.]* s$//')
if [ -n "$summ" ] && [ "$s2" = "$(printf '%s' "$summ" | sed 's/; [0-9.]* s$//')" ] && [ "$s1" = "$s2" ]; then
	ok "progress: without --report the summary counts the same (-j 2 and -j 1)"
else
	ko "progress: without --report the summary counts the same (-j 2 and -j 1)" "report: $summ; -j 2: $s2; -j 1: $s1"
fi
"$TRANSLATE" --quiet -j 2 -o "$W/oq" "$W/in" >"$W/q.out" 2>"$W/q.err"
rc=$?
if [ $rc -eq 1 ] && ! grep -q '^translate: \[' "$W/q.err" && ! grep -q 'inputs: ' "$W/q.err" &&
   grep -q "error: unknown opcode 'frobnicate'" "$W/q.err"; then
	ok "progress: --quiet prints the diagnostics only"
else
	ko "progress: --quiet prints the diagnostics only" "exit $rc: $(cat "$W/q.err")"
fi
"$TRANSLATE" -o "$W/o1in" "$SRC/tests/kernels/saxpy.il" >"$W/one.out" 2>"$W/one.err"
if [ ! -s "$W/one.err" ] && [ ! -s "$W/one.out" ]; then
	ok "progress: a single input prints nothing when it translates"
else
	ko "progress: a single input prints nothing when it translates" "$(cat "$W/one.err")"
fi
# a terminal (script(1) gives the run one): a line redrawn in place with the
# count, the current file, the rate and an ETA, cleared before the summary
if command -v script >/dev/null 2>&1; then
	script -qec "\"$TRANSLATE\" -j 1 -o \"$W/ot\" @\"$W/list1\" \"$SRC/tests/kernels/ops_coverage.il\"" /dev/null \
		>"$W/tty.log" 2>&1
	if grep -q "\[1/3\] [^ ]*multi_kernel_data.il  [0-9.]* inputs/s  ETA [0-9]* s" "$W/tty.log" &&
	   grep -q "inputs/s  ETA [0-9]* s$(printf '\r\033')\[K\[2/3\] [^ ]*ops_coverage.il  " "$W/tty.log" &&
	   head -n 1 "$W/tty.log" | grep -q "^\[0/3\] [^ ]*multi_fail.il  " &&
	   grep -q "^.*inputs/s$(printf '\r\033')\[K.*states 70000 bytes of local memory" "$W/tty.log" &&
	   ! grep -q '^translate: \[' "$W/tty.log" &&
	   grep -q "translate: 3 inputs: 2 translated, 1 failed, 0 skipped; 5 kernels" "$W/tty.log"; then
		ok "progress: on a terminal, one line redrawn in place (done/total, file, rate, ETA) and the summary"
	else
		ko "progress: on a terminal, one line redrawn in place (done/total, file, rate, ETA) and the summary" \
			"$(od -c "$W/tty.log" | head -n 20)"
	fi
else
	sk "progress: on a terminal" "no script(1)"
fi

echo
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
