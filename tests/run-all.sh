#!/bin/sh
# run-all.sh SRCDIR - the whole test suite: CUnit unit tests, end-to-end
# kernels through the finalizer (every SIMD width), NEO's zebin decoder,
# explicit arguments against IGC's, determinism, malformed inputs and the
# command line.  Prints one [PASS]/[FAIL]/[SKIP] line per check and ends with
# "N passed, N failed, N skipped".  Run by `make check` with
#   TRANSLATE  the built translator     UNITTESTS  the CUnit binary
#   ZESECT     section dumper           OCLOC      ocloc, may be empty
set -u
LC_ALL=C
export LC_ALL
SRC=$(cd "${1:?usage: run-all.sh SRCDIR}" && pwd)
: "${TRANSLATE:?}" "${UNITTESTS:?}" "${ZESECT:?}"
OCLOC=${OCLOC:-}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/translate-tests.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM
pass=0 fail=0 skip=0

ok() { pass=$((pass + 1)); echo "[PASS] $1"; }
ko() {
	fail=$((fail + 1)); echo "[FAIL] $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/       /'
	# make mutation: the first failure is enough
	if [ -n "${RUNALL_FAILFAST:-}" ]; then echo "(RUNALL_FAILFAST: stopping)"; exit 1; fi
}
sk() { skip=$((skip + 1)); echo "[SKIP] $1: $2"; }

# ---- unit tests (CUnit) ----------------------------------------------------
if "$UNITTESTS" >"$WORK/unit.log" 2>&1; then urc=0; else urc=$?; fi
# CUnit's run summary: "tests  <total> <ran> <passed> <failed> <inactive>"
set -- $(sed -n 's/^ *tests *\([0-9]*\) *\([0-9]*\) *\([0-9]*\) *\([0-9]*\).*/\1 \3 \4/p' "$WORK/unit.log")
if [ $# -eq 3 ] && [ "$urc" -eq 0 ] && [ "$3" -eq 0 ]; then
	pass=$((pass + $2)); echo "[PASS] unit: $2 CUnit tests"
else
	fail=$((fail + ${3:-1})); pass=$((pass + ${2:-0}))
	echo "[FAIL] unit: CUnit reported failures (exit $urc)"
	grep -E 'FAILED|Test:.*\.\.\.FAILED|^ *[0-9]+\. ' "$WORK/unit.log" | head -40 | sed 's/^/       /'
fi

# ---- binary vISA ------------------------------------------------------------
# isa_checks DIR NAME: for every DIR/<kernel>.visaasm, (1) our <kernel>.isa is
# byte-identical to the .isa GenX_IR writes for that text, and (2) GenX_IR
# reading our <kernel>.isafull.isa (every operand present) compiles the same
# Gen code as from the text (the code embedded at the end of <kernel>.isa).
GENX=${GENX_IR:-GenX_IR}
isa_checks() {
	for v in "$1"/*.visaasm; do
		[ -f "$v" ] || continue
		kn=$(basename "$v" .visaasm)
		ref="$1/isa-ref-$kn"
		mkdir -p "$ref/text" "$ref/bin"
		cp "$v" "$ref/text/"
		(cd "$ref/text" && "$GENX" "$kn.visaasm" -platform TGLLP -outputCisaBinaryName ref.isa) >"$ref/log" 2>&1
		if [ ! -s "$ref/text/ref.isa" ]; then
			ko "$2 $kn: GenX_IR wrote a .isa" "$(cat "$ref/log")"
		elif cmp "$1/$kn.isa" "$ref/text/ref.isa" >"$ref/cmp" 2>&1; then
			ok "$2 $kn: --emit isa is byte-identical to GenX_IR's .isa"
		else
			at=$(sed -n 's/.* differ: byte \([0-9]*\),.*/\1/p; s/.*EOF on .* after byte \([0-9]*\).*/\1/p' "$ref/cmp")
			ko "$2 $kn: --emit isa is byte-identical to GenX_IR's .isa" \
			   "first difference at byte offset $(( ${at:-1} - 1 )): $(cat "$ref/cmp")"
		fi
		cp "$1/$kn.isafull.isa" "$ref/bin/k.isa"
		(cd "$ref/bin" && "$GENX" k.isa -platform TGLLP -binary) >>"$ref/log" 2>&1
		dat=$(ls -A "$ref/bin" | grep '\.dat$' | head -1)
		if [ -n "$dat" ] && [ -s "$ref/bin/$dat" ] &&
		   tail -c "$(wc -c <"$ref/bin/$dat")" "$1/$kn.isa" | cmp -s - "$ref/bin/$dat"; then
			ok "$2 $kn: --emit isafull read back by GenX_IR gives the text's code"
		else
			ko "$2 $kn: --emit isafull read back by GenX_IR gives the text's code" "$(tail -5 "$ref/log")"
		fi
	done
}

# ---- end-to-end kernels ----------------------------------------------------
[ -n "$OCLOC" ] || echo "note: ocloc not found; zebin validation checks are skipped"
for il in "$SRC"/tests/kernels/*.il; do
	k=$(basename "$il" .il)
	for simd in 8 16 32; do
		out="$WORK/e2e/$k-$simd"
		mkdir -p "$out"
		name="$k simd$simd"
		if ! "$TRANSLATE" -simd "$simd" -o "$out" --emit zebin,visaasm,isa,isafull "$il" >"$out/log" 2>&1; then
			ko "$name: translate" "$(cat "$out/log")"
			continue
		fi
		bin="$out/${k}_tgllp.bin"
		if [ ! -s "$bin" ]; then ko "$name: zebin written"; continue; fi
		ok "$name: translate"
		if [ -n "$OCLOC" ]; then
			if "$OCLOC" validate -file "$bin" >"$out/validate" 2>&1 &&
			   grep -q 'Binary is VALID' "$out/validate"; then
				ok "$name: ocloc validate"
			else
				ko "$name: ocloc validate" "$(cat "$out/validate")"
			fi
		else
			sk "$name: ocloc validate" "ocloc not installed"
		fi
		if [ -f "$SRC/tests/kernels/$k.igcargs" ]; then
			"$ZESECT" "$bin" .ze_info | sh "$SRC/tests/tools/zeargs.sh" >"$out/args"
			if diff -u "$SRC/tests/kernels/$k.igcargs" "$out/args" >"$out/args.diff"; then
				ok "$name: explicit arguments equal IGC's"
			else
				ko "$name: explicit arguments equal IGC's" "$(cat "$out/args.diff")"
			fi
		elif [ -f "$SRC/tests/kernels/$k.cl" ]; then
			ko "$name: explicit arguments equal IGC's" \
				"no tests/kernels/$k.igcargs: tests/tools/igc-args.sh tests/kernels/$k.cl > tests/kernels/$k.igcargs"
		fi
		# the payload layout against the ZE Info rules (sizes of implicit
		# arguments, alignment, no overlap, every explicit argument present)
		if "$ZESECT" "$bin" .ze_info | sh "$SRC/tests/tools/zepayload.sh" >"$out/payload" 2>&1; then
			ok "$name: payload arguments follow the ZE Info rules"
		else
			ko "$name: payload arguments follow the ZE Info rules" "$(cat "$out/payload")"
		fi
		# what clGetKernelInfo / clGetKernelArgInfo answer (user_attributes,
		# kernels_misc_info): IGC's for the twin, tests/tools/igc-info.sh
		if [ -f "$SRC/tests/kernels/$k.igcinfo" ]; then
			"$ZESECT" "$bin" .ze_info | sh "$SRC/tests/tools/zeinfo-misc.sh" >"$out/info"
			if diff -u "$SRC/tests/kernels/$k.igcinfo" "$out/info" >"$out/info.diff"; then
				ok "$name: kernel attributes and argument info equal IGC's"
			else
				ko "$name: kernel attributes and argument info equal IGC's" "$(cat "$out/info.diff")"
			fi
		elif [ -f "$SRC/tests/kernels/$k.cl" ]; then
			ko "$name: kernel attributes and argument info equal IGC's" \
				"no tests/kernels/$k.igcinfo: tests/tools/igc-info.sh tests/kernels/$k.cl > tests/kernels/$k.igcinfo"
		fi
		isa_checks "$out" "$name"
		yaml=$("$ZESECT" "$bin" .ze_info)
		if printf '%s\n' "$yaml" | grep -q "simd_size: *$simd\$"; then
			ok "$name: ze_info simd_size"
		else
			ko "$name: ze_info simd_size" "$yaml"
		fi
	done
	# determinism: same input and options, another directory and cwd
	mkdir -p "$WORK/det/a" "$WORK/det/b"
	"$TRANSLATE" -o "$WORK/det/a" --emit zebin,visaasm,isa,isafull "$il" >/dev/null 2>&1
	(cd "$WORK/det" && "$TRANSLATE" -o b --emit zebin,visaasm,isa,isafull "$il" >/dev/null 2>&1)
	if cmp -s "$WORK/det/a/${k}_tgllp.bin" "$WORK/det/b/${k}_tgllp.bin" &&
	   [ -s "$WORK/det/a/${k}_tgllp.bin" ]; then
		ok "$k: byte-identical zebins from two runs"
	else
		ko "$k: byte-identical zebins from two runs"
	fi
done
n=0 bad=""
for a in "$WORK"/det/a/*.isa; do
	[ -f "$a" ] || continue
	n=$((n + 1))
	cmp -s "$a" "$WORK/det/b/$(basename "$a")" || bad="$bad $(basename "$a")"
done
if [ "$n" -gt 0 ] && [ -z "$bad" ]; then
	ok "byte-identical .isa and .isafull.isa files from two runs ($n files)"
else
	ko "byte-identical .isa and .isafull.isa files from two runs" "${bad:-no .isa written}"
fi

# the stored IGC references (tests/kernels/K.igcargs, K.igcinfo, which the
# checks above compare our zebins with) are what the installed IGC gives
# for the twin today (tgllp; pvc for a twin with doubles, which IGC refuses
# on tgllp): a reference that drifted from IGC fails here, not silently
if [ -n "$OCLOC" ]; then
	n=0 bad=""
	for cl in "$SRC"/tests/kernels/*.cl; do
		k=$(basename "$cl" .cl)
		[ -f "$SRC/tests/kernels/$k.igcargs" ] || continue
		dev=tgllp
		grep -qw double "$cl" && dev=pvc
		n=$((n + 1))
		if ! PATH="$(dirname "$OCLOC"):$PATH" ZESECT="$ZESECT" sh "$SRC/tests/tools/igc-args.sh" "$cl" "$dev" \
			>"$WORK/igclive.args" 2>"$WORK/igclive.err" ||
		   ! cmp -s "$WORK/igclive.args" "$SRC/tests/kernels/$k.igcargs"; then
			bad="$bad $k.igcargs"
		fi
		if [ -f "$SRC/tests/kernels/$k.igcinfo" ] &&
		   { ! PATH="$(dirname "$OCLOC"):$PATH" ZESECT="$ZESECT" sh "$SRC/tests/tools/igc-info.sh" "$cl" "$dev" \
			>"$WORK/igclive.info" 2>>"$WORK/igclive.err" ||
		     ! cmp -s "$WORK/igclive.info" "$SRC/tests/kernels/$k.igcinfo"; }; then
			bad="$bad $k.igcinfo"
		fi
	done
	if [ "$n" -gt 0 ] && [ -z "$bad" ]; then
		ok "IGC references: the stored .igcargs/.igcinfo of $n twins equal what the installed ocloc gives now"
	else
		ko "IGC references: the stored .igcargs/.igcinfo equal what the installed ocloc gives now" \
			"drifted or not built:$bad (regenerate with tests/tools/igc-args.sh / igc-info.sh; $(head -3 "$WORK/igclive.err"))"
	fi
else
	sk "IGC references: stored .igcargs/.igcinfo against the installed ocloc" "ocloc not installed"
fi

# the default width: a kernel the finalizer spills at the device's default
# width is translated again narrower and kept when that spills less
# (fp64_ops, software doubles on tgllp: spills at SIMD16, not at SIMD8);
# -simd keeps the width it names
d="$WORK/width"
mkdir -p "$d/a" "$d/b"
"$TRANSLATE" -o "$d/a" "$SRC/tests/kernels/fp64_ops.il" >"$d/a.log" 2>&1
"$TRANSLATE" -simd 16 -o "$d/b" "$SRC/tests/kernels/fp64_ops.il" >"$d/b.log" 2>&1
if grep -q "note: kernel 'fp64_ops' spills [1-9][0-9]* bytes per thread at SIMD16: SIMD8 (0 bytes)" "$d/a.log" &&
   ! grep -q "warning: kernel 'fp64_ops' spills" "$d/a.log" &&
   "$ZESECT" "$d/a/fp64_ops_tgllp.bin" .ze_info | grep -q "simd_size: *8\$" &&
   grep -q "warning: kernel 'fp64_ops' spills [1-9][0-9]* bytes per thread to scratch at SIMD16" "$d/b.log" &&
   "$ZESECT" "$d/b/fp64_ops_tgllp.bin" .ze_info | grep -q "simd_size: *16\$"; then
	ok "default width: fp64_ops spills at SIMD16 on tgllp and is translated at SIMD8 instead (0 bytes); -simd 16 keeps SIMD16"
else
	ko "default width: a kernel that spills at the default width is translated narrower" \
		"$(cat "$d/a.log" "$d/b.log" | head -20)"
fi
# ...and when the narrower attempt fails (a finalizer refusing SIMD8), the
# default width's code is kept: a note, no error, exit 0
printf '#!/bin/sh\nif grep -q SimdSize=8 "$1"; then echo refused >&2; exit 3; fi\nexec "%s" "$@"\n' \
	"$(command -v "${GENX_IR:-GenX_IR}")" >"$d/genx8.sh"
chmod +x "$d/genx8.sh"
mkdir -p "$d/c"
if GENX_IR="$d/genx8.sh" "$TRANSLATE" -o "$d/c" "$SRC/tests/kernels/fp64_ops.il" >"$d/c.log" 2>&1 &&
   grep -q "note: kernel 'fp64_ops' spills [1-9][0-9]* bytes per thread at SIMD16; SIMD8 could not be translated: SIMD16 kept" "$d/c.log" &&
   ! grep -q "error" "$d/c.log" &&
   "$ZESECT" "$d/c/fp64_ops_tgllp.bin" .ze_info | grep -q "simd_size: *16\$"; then
	ok "default width: a narrower attempt the finalizer refuses keeps the default width's code (a note, no error)"
else
	ko "default width: a narrower attempt the finalizer refuses keeps the default width's code" "$(head -20 "$d/c.log")"
fi

# data segments: every relocation of every kernel points at a placeholder
# immediate of the finalizer's faddr in that kernel's code, lows and highs paired
for il in "$SRC"/tests/kernels/*.il; do
	k=$(basename "$il" .il)
	bin="$WORK/e2e/$k-16/${k}_tgllp.bin"
	[ -f "$bin" ] && "$ZESECT" -l "$bin" | grep -q ' \.data\.const' || continue
	sec=$("$ZESECT" -l "$bin" | awk '$2 ~ /^\.rel\.text\./ {print $2}')
	bad=""
	for r in $sec; do
		text=".text.${r#.rel.text.}"
		"$ZESECT" "$bin" "$text" >"$WORK/text.bin"
		set -- $("$ZESECT" "$bin" "$r" | od -A n -v -t u8)
		lo=0 hi=0
		while [ $# -ge 2 ]; do
			w=$(od -A n -t x4 -j "$1" -N 4 "$WORK/text.bin" | tr -d ' ')
			[ "$w" = "6e10ca2e" ] || bad="$bad $r@$1=$w"
			case $(( $2 % 4294967296 )) in 2) lo=$((lo + 1)) ;; 3) hi=$((hi + 1)) ;; *) bad="$bad $r@$1:type" ;; esac
			shift 2
		done
		[ "$lo" -ge 1 ] && [ "$lo" -eq "$hi" ] || bad="$bad $r:pairs($lo,$hi)"
	done
	if [ -n "$sec" ] && [ -z "$bad" ]; then
		ok "$k: relocations patch the data-segment address placeholders"
	else
		ko "$k: relocations patch the data-segment address placeholders" "${bad:-no .rel.text section}"
	fi
done

# printf: kernels with ;printf_fmt get a printf_buffer argument, global
# atomics, and NEO's format strings in .data.const.string (one copy per
# string, each NUL-terminated; "(string)" prints a runtime %s, "" fills an
# overflowing record); for
# printf_items.il the exact bytes, derived by hand from its ;printf_fmt lines
for il in "$SRC"/tests/kernels/*.il; do
	k=$(basename "$il" .il)
	grep -q '^;printf_fmt:' "$il" || continue
	bin="$WORK/e2e/$k-16/${k}_tgllp.bin"
	[ -f "$bin" ] || continue
	yaml=$("$ZESECT" "$bin" .ze_info)
	if printf '%s\n' "$yaml" | grep -q 'arg_type: printf_buffer' &&
	   printf '%s\n' "$yaml" | grep -q 'has_global_atomics: true' &&
	   "$ZESECT" -l "$bin" | grep -q ' \.data\.const\.string '; then
		ok "$k: printf_buffer, global atomics and .data.const.string"
	else
		ko "$k: printf_buffer, global atomics and .data.const.string" "$yaml"
	fi
done
bin="$WORK/e2e/printf_items-16/printf_items_tgllp.bin"
if [ -f "$bin" ]; then
	printf 'item %%d of %%d: %%f\n\000v=%%v4d l=%%ld c=%%c s=%%s\n\000(string)\000\000' >"$WORK/pf.expect"
	"$ZESECT" "$bin" .data.const.string >"$WORK/pf.got"
	if cmp -s "$WORK/pf.expect" "$WORK/pf.got"; then
		ok "printf_items: format strings in .data.const.string"
	else
		ko "printf_items: format strings in .data.const.string" "$(od -c "$WORK/pf.got" | head -5)"
	fi
fi

# ABI maps: every kernel's map is valid against data/abimap.xsd; where a
# reviewed map exists (tests/kernels/K.abimap, checked by hand against AMD's
# cb0/cb1 rules and the ze_info above), the text map equals it
for il in "$SRC"/tests/kernels/*.il; do
	k=$(basename "$il" .il)
	out="$WORK/abi/$k"
	mkdir -p "$out"
	if ! "$TRANSLATE" --emit abi -o "$out" "$il" >"$out/log" 2>&1; then
		ko "$k: --emit abi" "$(cat "$out/log")"
		continue
	fi
	if [ -n "${XSDCHECK:-}" ] && "$XSDCHECK" "$SRC/data/abimap.xsd" "$out"/*.abi.xml 2>"$out/xsd"; then
		ok "$k: ABI map valid against data/abimap.xsd"
	else
		ko "$k: ABI map valid against data/abimap.xsd" "$(cat "$out/xsd" 2>/dev/null)"
	fi
	if [ -f "$SRC/tests/kernels/$k.abimap" ]; then
		if cat "$out"/*.abi.txt | diff -u "$SRC/tests/kernels/$k.abimap" - >"$out/diff"; then
			ok "$k: ABI map equals the reviewed tests/kernels/$k.abimap"
		else
			ko "$k: ABI map equals the reviewed tests/kernels/$k.abimap" "$(head -n 30 "$out/diff")"
		fi
	fi
done

# the schema check can fail: a map with an impossible SIMD width is refused
if [ -n "${XSDCHECK:-}" ] && [ -f "$WORK/abi/saxpy/saxpy.abi.xml" ]; then
	sed 's/simd="16"/simd="12"/' "$WORK/abi/saxpy/saxpy.abi.xml" >"$WORK/abi/broken.xml"
	if "$XSDCHECK" "$SRC/data/abimap.xsd" "$WORK/abi/broken.xml" 2>/dev/null; then
		ko "abimap.xsd refuses a map with simd=12"
	else
		ok "abimap.xsd refuses a map with simd=12"
	fi
fi

# vISA patterns: what must appear for the stateless saxpy (not whole files)
v="$WORK/det/a/saxpy.visaasm"
if [ -f "$v" ]; then
	for pat in '^\.input CB1 offset=[0-9]* size=64$' 'svm_gather4scaled\.R (M1, 16) 0x0:uq' \
	           'svm_scatter4scaled\.R (M1, 16) 0x0:uq' 'cmp\.lt (M1, 16) CY_[0-9]*(0,0)<1>' \
	           'add (M1, 16) ADDR_[0-9]*_ud(0,1)<2> CB1(0,[0-9])<0;1,0> (-)CY_' \
	           'goto (M1, 16) L[0-9]*_else' '^    ret (M1, 1)$'; do
		if grep -q -- "$pat" "$v"; then ok "saxpy vISA has /$pat/"; else ko "saxpy vISA has /$pat/"; fi
	done
	# vk_inline: the wrapper (func 1024) and the body (1025) each have one
	# call site, so both are inlined; vk_dce: the wrapper's unread values
	# (r1019, the ids' y and z, r1023.w's flat group id) are gone
	if ! grep -q ' call ' "$v" && [ "$(grep -c '^\.function' "$v")" = 1 ] &&
	   ! grep -v '^\.decl' "$v" | grep -q 'r1019_\|r1022_[yz]\|r1023_w\|GRP_FLAT'; then
		ok "saxpy vISA: wrapper and body inlined, the wrapper's unread values removed"
	else
		ko "saxpy vISA: wrapper and body inlined, the wrapper's unread values removed" \
			"$(grep ' call \|^\.function\|r1019_\|r1022_[yz]\|r1023_w\|GRP_FLAT' "$v" | head)"
	fi
fi
# every subroutine left in a test kernel's vISA has two or more call sites
# (vk_inline copies the others into their caller)
if ls "$WORK"/e2e/*-16/*.visaasm >/dev/null 2>&1; then
	bad=$(for f in "$WORK"/e2e/*-16/*.visaasm; do
		awk '/^\.function "/ { gsub(/"/, "", $2); if ($2 != "_main") fn[$2] = 1 }
		     / call / { n[$NF]++ }
		     END { for (f in fn) if (n[f] < 2) print FILENAME ": " f " has " n[f] + 0 " call sites" }' "$f"
	done)
	if [ -z "$bad" ]; then
		ok "tests/kernels at SIMD16: every remaining vISA subroutine is called from two or more places"
	else
		ko "tests/kernels at SIMD16: every remaining vISA subroutine is called from two or more places" "$bad"
	fi
fi

# global atomics: A64 atomics in 8-lane pieces at every width (GenX_IR
# miscompiles a 16-lane svm_atomic without a word), has_global_atomics set
for simd in 8 16 32; do
	out="$WORK/atomics-$simd"
	mkdir -p "$out"
	"$TRANSLATE" -simd "$simd" --emit zebin,visaasm -o "$out" "$SRC/tests/kernels/uav_atomics.il" >/dev/null 2>&1
	v="$out/uav_atomics.visaasm"
	[ -f "$v" ] || { ko "uav_atomics simd$simd: visaasm written"; continue; }
	case $simd in
	8) pats='svm_atomic\.add (M1, 8) ADDR_[0-9]*\.0 %null\.0 AV_[0-9]*\.0 %null\.0$' ;;
	16) pats='svm_atomic\.add (M3, 8) ADDR_[0-9]*\.64 %null\.0 AV_[0-9]*\.32 %null\.0$' ;;
	32) pats='svm_atomic\.add (M7, 8) ADDR_[0-9]*\.64 %null\.0 AV_[0-9]*\.32 %null\.0$
svm_atomic\.cmpxchg (M7, 8) ADDR_[0-9]*\.64 GOT_[0-9]*\.96 NEW_[0-9]*\.96 OLD_[0-9]*\.96$' ;;
	esac
	pats="$pats
svm_atomic\\.cmpxchg (M1, 8) ADDR_[0-9]*\\.0 AO_[0-9]*\\.0 AV_[0-9]*\\.0 AC_[0-9]*\\.0\$
svm_atomic\\.inc (M1, 8) ADDR_[0-9]*\\.0 AO_[0-9]*\\.0 %null\\.0 %null\\.0\$"
	echo "$pats" | while IFS= read -r pat; do
		if grep -q -- "$pat" "$v"; then echo "ok /$pat/"; else echo "ko /$pat/"; fi
	done >"$out/pats"
	while IFS= read -r r; do
		case $r in ok*) ok "uav_atomics simd$simd vISA has ${r#ok }" ;; *) ko "uav_atomics simd$simd vISA has ${r#ko }" ;; esac
	done <"$out/pats"
	if grep -q 'svm_atomic[^ ]* (M[0-9]*, \(16\|32\))' "$v"; then
		ko "uav_atomics simd$simd: no svm_atomic wider than 8 lanes" "$(grep 'svm_atomic[^ ]* (M[0-9]*, \(16\|32\))' "$v" | head -3)"
	else
		ok "uav_atomics simd$simd: no svm_atomic wider than 8 lanes"
	fi
	if "$ZESECT" "$out/uav_atomics_tgllp.bin" .ze_info 2>/dev/null | grep -q 'has_global_atomics: *true'; then
		ok "uav_atomics simd$simd: ze_info has_global_atomics"
	else
		ko "uav_atomics simd$simd: ze_info has_global_atomics"
	fi
done

# ---- malformed inputs: exact first diagnostic, non-zero exit, no output ----
for il in "$SRC"/tests/bad/*.il; do
	b=$(basename "$il" .il)
	out="$WORK/bad/$b"
	mkdir -p "$out"
	if (cd "$SRC/tests/bad" && "$TRANSLATE" -o "$out" "$b.il") >"$out.stdout" 2>"$out.stderr"; then
		ko "bad/$b: non-zero exit"
		continue
	fi
	got=$(grep ': error: ' "$out.stderr" | head -n 1)
	want=$(cat "$SRC/tests/bad/$b.err")
	if [ "$got" = "$want" ]; then ok "bad/$b: diagnostic"; else ko "bad/$b: diagnostic" "got:  $got
want: $want"; fi
	if [ -z "$(ls -A "$out")" ]; then ok "bad/$b: no output file"; else ko "bad/$b: no output file" "$(ls -A "$out")"; fi
done

# ---- front end: the IL corpus round-trips, the malformed suite ------------
TRANSLATE="$TRANSLATE" sh "$SRC/tests/run-frontend.sh" "$SRC" >"$WORK/frontend.log" 2>&1
set -- $(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' "$WORK/frontend.log" | tail -n 1)
if [ $# -eq 2 ]; then
	pass=$((pass + $1)); fail=$((fail + $2))
	echo "[PASS] front end: $1 checks passed (tests/il, tests/malformed)"
	[ "$2" -eq 0 ] || { echo "[FAIL] front end: $2 checks failed:"; grep -A3 '^\[FAIL\]' "$WORK/frontend.log" | sed 's/^/       /'; }
else
	ko "front end: tests/run-frontend.sh produced no summary" "$(tail -n 20 "$WORK/frontend.log")"
fi

# ---- the batch report, progress and summary --------------------------------
TRANSLATE="$TRANSLATE" XSDCHECK="${XSDCHECK:-}" ZESECT="$ZESECT" sh "$SRC/tests/run-report.sh" "$SRC" \
	>"$WORK/report.log" 2>&1
set -- $(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p' "$WORK/report.log" | tail -n 1)
if [ $# -eq 3 ]; then
	pass=$((pass + $1)); fail=$((fail + $2)); skip=$((skip + $3))
	echo "[PASS] report: $1 checks passed, $3 skipped (tests/run-report.sh)"
	[ "$2" -eq 0 ] || { echo "[FAIL] report: $2 checks failed:"; grep -A3 '^\[FAIL\]' "$WORK/report.log" | sed 's/^/       /'; }
else
	ko "report: tests/run-report.sh produced no summary" "$(tail -n 20 "$WORK/report.log")"
fi
# ---- resumable batches, -j 1/2/4, SIGKILL, Slurm and GNU parallel recipes -----
TRANSLATE="$TRANSLATE" GENX_IR="$GENX" sh "$SRC/tests/run-batch.sh" "$SRC" >"$WORK/batchrun.log" 2>&1
set -- $(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped.*/\1 \2 \3/p' "$WORK/batchrun.log" | tail -n 1)
if [ $# -eq 3 ]; then
	pass=$((pass + $1)); fail=$((fail + $2)); skip=$((skip + $3))
	echo "[PASS] batch: $1 checks passed (tests/run-batch.sh: manifest, -j, SIGKILL, Slurm, GNU parallel)"
	[ "$2" -eq 0 ] || { echo "[FAIL] batch: $2 checks failed:"; grep -A3 '^\[FAIL\]' "$WORK/batchrun.log" | sed 's/^/       /'; }
	grep '^\[SKIP\]' "$WORK/batchrun.log"
else
	ko "batch: tests/run-batch.sh produced no summary" "$(tail -n 20 "$WORK/batchrun.log")"
fi

# a batch: a bad file does not stop the good one
mkdir -p "$WORK/batch"
if (cd "$SRC/tests/bad" && "$TRANSLATE" -o "$WORK/batch" unknown-opcode.il "$SRC/tests/kernels/saxpy.il") \
	>/dev/null 2>&1; then
	ko "batch: exit status reports the failed input"
else
	ok "batch: exit status reports the failed input"
fi
if [ -s "$WORK/batch/saxpy_tgllp.bin" ] && [ ! -e "$WORK/batch/unknown-opcode_tgllp.bin" ]; then
	ok "batch: the good input is still translated"
else
	ko "batch: the good input is still translated"
fi

# -j: the same files and the same messages, in input order, for any number
# of jobs (each input in its own process); @list and - name inputs
mkdir -p "$WORK/jobs/1" "$WORK/jobs/3"
"$TRANSLATE" -j 1 -o "$WORK/jobs/1" --emit zebin,visaasm,abi "$SRC/tests/kernels" "$SRC/tests/il" \
	>"$WORK/jobs/1.log" 2>&1
rc1=$?
"$TRANSLATE" -j 3 -o "$WORK/jobs/3" --emit zebin,visaasm,abi "$SRC/tests/kernels" "$SRC/tests/il" \
	>"$WORK/jobs/3.log" 2>&1
rc3=$?
# (the summary's last field, the run's time, differs)
sed 's/^\(translate: [0-9]* inputs: .*\); [0-9.]* s$/\1/' "$WORK/jobs/1.log" >"$WORK/jobs/1.untimed"
sed 's/^\(translate: [0-9]* inputs: .*\); [0-9.]* s$/\1/' "$WORK/jobs/3.log" >"$WORK/jobs/3.untimed"
if [ $rc1 -eq $rc3 ] && diff -r "$WORK/jobs/1" "$WORK/jobs/3" >"$WORK/jobs/diff" 2>&1 &&
   diff "$WORK/jobs/1.untimed" "$WORK/jobs/3.untimed" >>"$WORK/jobs/diff" 2>&1 &&
   grep -q '^translate: [0-9]* inputs: ' "$WORK/jobs/1.untimed" &&
   [ -n "$(ls "$WORK/jobs/1")" ]; then
	ok "batch: -j 3 writes byte-identical files and messages to -j 1 ($(ls "$WORK/jobs/1" | wc -l) files)"
else
	ko "batch: -j 3 writes byte-identical files and messages to -j 1" "exit $rc1 vs $rc3: $(head -c 600 "$WORK/jobs/diff")"
fi
mkdir -p "$WORK/jobs/list" "$WORK/jobs/stdin"
printf '# two inputs\n%s\n\n%s\n' "$SRC/tests/kernels/saxpy.il" "$SRC/tests/il/cf-loops.il" >"$WORK/jobs/list.txt"
"$TRANSLATE" -o "$WORK/jobs/list" "@$WORK/jobs/list.txt" >/dev/null 2>&1
printf '%s\n' "$SRC/tests/kernels/saxpy.il" | "$TRANSLATE" -o "$WORK/jobs/stdin" - >/dev/null 2>&1
if [ "$(ls "$WORK/jobs/list" | tr '\n' ' ')" = "cf-loops_tgllp.bin saxpy_tgllp.bin " ] &&
   [ "$(ls "$WORK/jobs/stdin")" = "saxpy_tgllp.bin" ]; then
	ok "batch: @list and - (stdin) name the inputs"
else
	ko "batch: @list and - (stdin) name the inputs" "list: $(ls "$WORK/jobs/list"); stdin: $(ls "$WORK/jobs/stdin")"
fi

# a program whose second kernel fails leaves none of its files, not even the
# first kernel's (outputs are staged and renamed together)
mkdir -p "$WORK/staged/out"
awk 'NR > 60 && /^;memory:hwlocal/ && !d { print ";memory:hwlocal:70000"; d = 1; next } { print }' \
	"$SRC/tests/kernels/multi_kernel_data.il" >"$WORK/staged/multi_fail.il"
if "$TRANSLATE" --emit zebin,visaasm,abi,asm -o "$WORK/staged/out" "$WORK/staged/multi_fail.il" \
	>"$WORK/staged/log" 2>&1; then
	ko "outputs: a failed program leaves no file" "exit 0: $(head -c 300 "$WORK/staged/log")"
elif ! grep -q "multi_kernel_b' states 70000 bytes of local memory" "$WORK/staged/log"; then
	ko "outputs: a failed program leaves no file" "unexpected diagnostic: $(head -c 300 "$WORK/staged/log")"
elif [ -n "$(ls -A "$WORK/staged/out")" ]; then
	ko "outputs: a failed program leaves no file" "$(ls -A "$WORK/staged/out")"
else
	ok "outputs: a failed program leaves no file"
fi
# SIGTERM while the finalizer runs: no file and no temporary is left
sh "$SRC/tests/tools/gennest.sh" if 3000 >"$WORK/staged/slow.il"
mkdir -p "$WORK/staged/term" "$WORK/staged/tmp"
TMPDIR="$WORK/staged/tmp" "$TRANSLATE" --emit zebin,visaasm -o "$WORK/staged/term" "$WORK/staged/slow.il" \
	>/dev/null 2>&1 &
tpid=$!
i=0
while [ $i -lt 100 ] && [ -z "$(ls -A "$WORK/staged/term")" ]; do sleep 0.1; i=$((i + 1)); done
seen=$(ls -A "$WORK/staged/term")
kill -TERM $tpid 2>/dev/null
wait $tpid
rc=$?
if [ -z "$seen" ]; then
	ko "outputs: SIGTERM leaves no partial file" "no temporary appeared within 10 s (rc $rc)"
elif [ $rc -ne 143 ]; then
	ko "outputs: SIGTERM leaves no partial file" "exit $rc, not 143 (killed by SIGTERM); saw: $seen"
elif [ -n "$(ls -A "$WORK/staged/term" "$WORK/staged/tmp" | grep -v ':$' | grep .)" ]; then
	ko "outputs: SIGTERM leaves no partial file" "left: $(ls -A "$WORK/staged/term" "$WORK/staged/tmp")"
else
	ok "outputs: SIGTERM leaves no partial file or finalizer folder (staged: $seen)"
fi
# SIGTERM while no finalizer runs (the front end blocked reading a FIFO):
# translate dies of SIGTERM and nothing else (a handler that "stops the
# finalizer" with no child running must not signal process 0, the group);
# in a session of its own, so such a bug cannot take this script with it
if command -v setsid >/dev/null 2>&1 && command -v mkfifo >/dev/null 2>&1; then
	mkdir -p "$WORK/staged/fifo"
	mkfifo "$WORK/staged/fifo.il"
	setsid "$TRANSLATE" -o "$WORK/staged/fifo" "$WORK/staged/fifo.il" >"$WORK/staged/fifo.log" 2>&1 &
	tpid=$!
	sleep 1
	kill -TERM $tpid 2>/dev/null
	wait $tpid
	rc=$?
	if [ $rc -ne 143 ]; then
		ko "outputs: SIGTERM in the front end ends translate with SIGTERM's status" \
		   "exit $rc, not 143 (137: SIGKILL, the handler signalled its own process group)"
	elif [ -n "$(ls -A "$WORK/staged/fifo")" ]; then
		ko "outputs: SIGTERM in the front end leaves no file" "$(ls -A "$WORK/staged/fifo")"
	else
		ok "outputs: SIGTERM in the front end ends translate with SIGTERM's status and no file"
	fi
else
	sk "outputs: SIGTERM in the front end" "setsid or mkfifo missing"
fi

# ---- hard limits: deep nesting (docs/LIMITS.md) -----------------------------
# 100,000 nested blocks of each kind go through parsing, the structure check,
# provenance and lowering (iterative walks, no recursion per block); the
# finalizer is replaced by `false`, so the run must end in its diagnostic,
# not a crash.  300 nested blocks also finalize and agree in both runtimes.
mkdir -p "$WORK/nest"
for kind in if loop switch; do
	sh "$SRC/tests/tools/gennest.sh" $kind 100000 >"$WORK/nest/deep-$kind.il"
	GENX_IR=false timeout 300 "$TRANSLATE" -o "$WORK/nest/out-$kind" "$WORK/nest/deep-$kind.il" \
		>/dev/null 2>"$WORK/nest/deep-$kind.err"
	rc=$?
	if [ $rc -eq 1 ] && grep -q "finalizer" "$WORK/nest/deep-$kind.err"; then
		ok "limits: 100000 nested $kind blocks reach the finalizer"
	else
		ko "limits: 100000 nested $kind blocks reach the finalizer" "exit $rc: $(head -c 400 "$WORK/nest/deep-$kind.err")"
	fi
	sh "$SRC/tests/tools/gennest.sh" $kind 300 >"$WORK/nest/nest-$kind.il"
	if "$TRANSLATE" --conform --no-pocl --quiet "$WORK/nest/nest-$kind.il" >"$WORK/nest/nest-$kind.log" 2>&1; then
		ok "limits: 300 nested $kind blocks agree in both runtimes"
	else
		ko "limits: 300 nested $kind blocks agree in both runtimes" "$(head -c 400 "$WORK/nest/nest-$kind.log")"
	fi
done

# ---- make bench: the scripts run (tiny sizes), --no-finalize, genscale -----
# docs/BENCHMARKS.md; the numbers of a smoke run mean nothing, only that
# every part runs and writes its CSV.
bw=$WORK/bench
mkdir -p "$bw"
if [ -n "${TIMEIT:-}" ] && [ -n "${ILGEN:-}" ]; then
	if TRANSLATE=$TRANSLATE ILGEN=$ILGEN TIMEIT=$TIMEIT SRC=$SRC OCLOC=$OCLOC \
		sh "$SRC/tests/bench/bench.sh" --smoke "$bw/out" >"$bw/log" 2>&1; then
		ok "bench: bench.sh --smoke runs every part"
	else
		ko "bench: bench.sh --smoke runs every part" "$(tail -c 1500 "$bw/log")"
	fi
	rows() { [ -f "$bw/out/$1" ] && awk 'END { print NR - 1 }' "$bw/out/$1" || echo missing; }
	want="frontend.csv=1 pipeline.csv=3 jobs.csv=2 size.csv=2"
	[ -n "$OCLOC" ] && want="$want ocloc.csv=3 codegen.csv=3"
	got=""
	for w in $want; do got="$got ${w%=*}=$(rows "${w%=*}")"; done
	if [ "$got" = " $want" ] && ! grep -q nan "$bw/out"/*.csv &&
	   awk -F, 'NR == 2 && $2 == 20 && $6 > 0' "$bw/out/frontend.csv" | grep -q .; then
		ok "bench: smoke CSVs have their rows ($want), 20 generated kernels, no nan"
	else
		ko "bench: smoke CSVs have their rows ($want), 20 generated kernels, no nan" "got$got; $(cat "$bw/out/frontend.csv")"
	fi
	if "$TIMEIT" -n 2 -l f -q -- false >"$bw/t.csv"; then
		ko "bench: timeit fails when the command fails" "exit 0"
	elif [ "$(cut -d, -f1,2,7 "$bw/t.csv" | tr '\n' ' ')" = "f,1,1 f,2,1 " ]; then
		ok "bench: timeit fails when the command fails (one row per run, status 1)"
	else
		ko "bench: timeit fails when the command fails (one row per run, status 1)" "$(cat "$bw/t.csv")"
	fi
else
	sk "bench: bench.sh --smoke" "TIMEIT or ILGEN not set"
fi
"$TRANSLATE" --emit visaasm -o "$bw/full" "$SRC/tests/kernels/saxpy.il" "$SRC/tests/kernels/ops_coverage.il" >/dev/null 2>&1
if GENX_IR=false "$TRANSLATE" --no-finalize -o "$bw/nf" "$SRC/tests/kernels/saxpy.il" \
	"$SRC/tests/kernels/ops_coverage.il" >"$bw/nf.log" 2>&1 &&
   [ -s "$bw/nf/saxpy.visaasm" ] && cmp -s "$bw/full/saxpy.visaasm" "$bw/nf/saxpy.visaasm" &&
   cmp -s "$bw/full/ops_coverage.saxpy.visaasm" "$bw/nf/ops_coverage.saxpy.visaasm" &&
   ! ls "$bw/nf" | grep -q '\.bin$'; then
	ok "cli: --no-finalize writes the same .visaasm, runs no finalizer (GENX_IR=false) and no zebin"
else
	ko "cli: --no-finalize writes the same .visaasm, runs no finalizer (GENX_IR=false) and no zebin" \
		"$(cat "$bw/nf.log"; ls "$bw/nf")"
fi
for bad in "--conform" "--emit zebin" "--emit visaasm,asm"; do
	# shellcheck disable=SC2086
	"$TRANSLATE" --no-finalize $bad -o "$bw/nf2" "$SRC/tests/kernels/saxpy.il" >"$bw/nf2.log" 2>&1
	rc=$?
	if [ $rc -eq 2 ] && grep -q -- "--no-finalize" "$bw/nf2.log" && ! [ -e "$bw/nf2/saxpy.visaasm" ]; then
		ok "cli: --no-finalize $bad is refused"
	else
		ko "cli: --no-finalize $bad is refused" "exit $rc: $(cat "$bw/nf2.log")"
	fi
done
for f in 1 7; do
	sh "$SRC/tests/bench/genscale.sh" $f >"$bw/scale$f.il"
	if "$TRANSLATE" --conform --no-pocl --quiet "$bw/scale$f.il" >"$bw/scale$f.log" 2>&1; then
		ok "bench: genscale.sh $f kernel agrees in both runtimes"
	else
		ko "bench: genscale.sh $f kernel agrees in both runtimes" "$(head -c 400 "$bw/scale$f.log")"
	fi
done

# ---- fuzzing: a short deterministic run in every `make check` --------------
# (longer runs: `make fuzz FUZZ_SECONDS=N`; crashes found become files in
# tests/fuzz/regressions/, which are seeds here and plain regression inputs)
for r in "$SRC"/tests/fuzz/regressions/*.il; do
	[ -f "$r" ] || continue
	b=$(basename "$r" .il)
	timeout 60 "$TRANSLATE" -o "$WORK/regress" "$r" >/dev/null 2>&1
	rc=$?
	if [ "$rc" -le 1 ]; then ok "fuzz regression $b: exits cleanly ($rc)"; else ko "fuzz regression $b: exits cleanly" "exit status $rc"; fi
done
if [ -n "${FUZZDRIVER:-}" ] && [ -x "$FUZZDRIVER" ]; then
	secs=${FUZZ_SECONDS:-20}
	mkdir -p "$WORK/fuzz"
	# an AMD program binary among the seeds: its mutants go through the
	# binary reader (src/ilparse/amdbin.c)
	binseed=
	if [ -n "${MKAMDBIN:-}" ] && "$MKAMDBIN" "$SRC/tests/amdbin/tablesum.tok" "$WORK/fuzz/tablesum.bin"; then
		binseed=$WORK/fuzz/tablesum.bin
	fi
	if timeout $((secs + 120)) "$FUZZDRIVER" -t "$secs" -s 1 -o "$WORK/fuzz" \
		"$SRC"/tests/kernels/*.il "$SRC"/tests/il/*.il "$SRC"/tests/bad/*.il "$SRC"/tests/fuzz/regressions/*.il \
		$binseed >"$WORK/fuzz/log" 2>&1; then
		ok "fuzz: $(tail -n 1 "$WORK/fuzz/log")"
	else
		cp "$WORK/fuzz/current.il" ./fuzz-crash.il 2>/dev/null
		ko "fuzz: crash or hang (reproducer saved as fuzz-crash.il)" "$(tail -n 20 "$WORK/fuzz/log")"
	fi
else
	sk "fuzz" "fuzz driver not built"
fi

# ---- examples/ze_launch: a Level Zero host for a produced zebin -----------------
# --dry-run reads the zebin and the --conform manifest and prints the launch;
# the real launch runs where an Intel GPU and its Level Zero driver exist (its
# buffers must equal the Level Zero emulator's), elsewhere it must say so
# (exit 77, reported as a skip); bad inputs are refused with exit 2.
if [ -n "${ZE_LAUNCH:-}" ] && [ -x "$ZE_LAUNCH" ]; then
	zl=$WORK/ze_launch
	mkdir -p "$zl"
	if "$TRANSLATE" --conform --no-pocl --quiet -o "$zl/d" "$SRC/examples/saxpy.il" >"$zl/conform.log" 2>&1 &&
	   "$ZE_LAUNCH" --dry-run "$zl/d/saxpy_tgllp.bin" "$zl/d/saxpy/manifest.xml" >"$zl/dry.log" 2>&1 &&
	   grep -q '^group size 64 1 1, group count 3 1 1, global offset 0 0 0$' "$zl/dry.log" &&
	   grep -q '^arg 1 y: buffer of 12288 bytes .*compared after the launch$' "$zl/dry.log" &&
	   grep -q '^arg 3 n: 4 bytes by value$' "$zl/dry.log"; then
		ok "ze_launch: --dry-run reads saxpy's zebin and manifest (3 groups of 64, 2 buffers, 2 values)"
	else
		ko "ze_launch: --dry-run reads saxpy's zebin and manifest" "$(cat "$zl/conform.log" "$zl/dry.log" 2>/dev/null)"
	fi
	"$ZE_LAUNCH" "$zl/d/saxpy_tgllp.bin" "$zl/d/saxpy/manifest.xml" >"$zl/run.log" 2>&1
	rc=$?
	if [ $rc -eq 0 ] && [ "$(grep -c 'bytes equal the Level Zero emulator' "$zl/run.log")" -eq 2 ]; then
		ok "ze_launch: saxpy ran on the GPU and both buffers equal the Level Zero emulator's"
	elif [ $rc -eq 77 ] && grep -q "no Level Zero GPU driver here" "$zl/run.log"; then
		sk "ze_launch: saxpy on a GPU" "$(head -c 100 "$zl/run.log")..."
	else
		ko "ze_launch: saxpy on a GPU" "exit $rc: $(cat "$zl/run.log")"
	fi
	sed 's/initial="arg2.initial.bin"/initial="missing.bin"/' "$zl/d/saxpy/manifest.xml" >"$zl/d/saxpy/bad.xml"
	"$ZE_LAUNCH" --dry-run "$zl/d/saxpy_tgllp.bin" "$zl/d/saxpy/bad.xml" >"$zl/bad.log" 2>&1
	rc1=$?
	"$ZE_LAUNCH" --dry-run "$zl/d/saxpy/manifest.xml" "$zl/d/saxpy/manifest.xml" >"$zl/bad2.log" 2>&1
	rc2=$?
	if [ $rc1 -eq 2 ] && grep -q "cannot read .*missing.bin" "$zl/bad.log" &&
	   [ $rc2 -eq 2 ] && grep -q "not a zebin" "$zl/bad2.log"; then
		ok "ze_launch: a missing argument file and a non-zebin are refused (exit 2)"
	else
		ko "ze_launch: a missing argument file and a non-zebin are refused (exit 2)" "$rc1 $rc2: $(cat "$zl/bad.log" "$zl/bad2.log")"
	fi
else
	sk "ze_launch" "examples/ze_launch not built (no Level Zero headers: apt-get install libze-dev)"
fi

# ---- conformance: both emulated runtimes (issue 5) and pocl (issue 11) ------
# every test kernel on the AMD runtime (the IL) and the Level Zero runtime (our
# vISA and zebin), every OpenCL C twin on pocl (the third runtime) and on the
# host (clang + data/twinrt.c), at SIMD8, 16 and 32; a fixed batch of
# generated programs; deliberately broken translations must be caught;
# saxpy's dumped bytes rechecked without our code (od + awk)
if "$TRANSLATE" --help 2>&1 | grep -q -- '^  --conform '; then
	conf_kernels=$(ls "$SRC"/tests/kernels/*.il)
	# pocl's kernel cache inside this run (hermetic; the widths share it)
	POCL_CACHE_DIR=${POCL_CACHE_DIR:-$WORK/pocl-cache}
	export POCL_CACHE_DIR
	twins=0
	for il in $conf_kernels; do [ -f "${il%.il}.cl" ] && twins=$((twins + 1)); done
	# RUNALL_CONFORM_WIDTHS: a subset of the widths (tests/run-sanitizers.sh)
	for simd in ${RUNALL_CONFORM_WIDTHS:-8 16 32}; do
		out="$WORK/conf/$simd"
		mkdir -p "$out"
		# at SIMD16 also two random launch shapes per kernel (--shapes)
		shapes=0
		[ "$simd" = 16 ] && shapes=2
		"$TRANSLATE" --conform -simd "$simd" --shapes "$shapes" --junit "$out/junit.xml" -o "$out" \
			$conf_kernels >"$out/log" 2>&1
		rc=$?
		n=$(grep -c ': SIMD[0-9]*: agree' "$out/log")
		ns=$(grep -c ' shape [0-9]*: SIMD[0-9]*: agree' "$out/log")
		t=$(grep -c 'OpenCL C twin agrees' "$out/log")
		if [ $rc -eq 0 ] && [ "$n" -gt 0 ]; then
			extra=""
			[ "$ns" -gt 0 ] && extra="; $ns random launch shapes agree too"
			ok "conformance SIMD$simd: $((n - ns)) kernels agree on both runtimes ($t also with their OpenCL C twin on the host$extra)"
		else
			ko "conformance SIMD$simd: every test kernel agrees on both runtimes" \
				"$(grep -v ': agree\|twin agrees' "$out/log" | head -40)"
		fi
		# the third runtime: every kernel with a twin (K.cl) on pocl, or
		# a pocl defect its twin documents (pocl-known); without OpenCL the
		# check is skipped, except in CI where pocl must run.  Counted on
		# the default launches (log0); the random shapes (logs) go to pocl
		# too, but for those with CL_R or CL_RG images (docs/TESTING.md)
		grep -v ' shape [0-9]*: SIMD' "$out/log" >"$out/log0"
		grep ' shape [0-9]*: SIMD[0-9]*: agree' "$out/log" >"$out/logs"
		p3=$(grep -c ': agree: AMD == L0 == pocl' "$out/log0")
		pk=$(grep -c ': agree: AMD == L0 (.*; pocl KNOWN FAILURE' "$out/log0")
		ps=$(grep 'pocl SKIPPED: ' "$out/log" | head -n 1 | sed 's/.*pocl SKIPPED: //')
		tk=$(grep -c 'agree: AMD == L0 ([^)]*); no OpenCL C twin' "$out/log0")
		# pocl not compared after a float-to-integer conversion out of range
		# (implementation-defined in OpenCL C) whose result steered a branch:
		# none today (cvt_range's out-of-range elements are left out one by one)
		pi=$(grep -c 'agree: AMD == L0 ([^)]*); pocl not compared: it \(differs\|failed\) after a conversion' \
			"$out/log0")
		s3=$(grep -c ': agree: AMD == L0 == pocl' "$out/logs")
		sx=$(grep -c ': agree: AMD == L0 ([^)]*); \(no OpenCL C twin\|pocl not run: CL_R or CL_RG images\|pocl KNOWN FAILURE\|pocl not compared\)' "$out/logs")
		if [ -n "$ps" ]; then
			if [ "${CI:-}" = true ]; then
				ko "pocl SIMD$simd: the OpenCL C twins run on pocl (CI requires it)" "$ps"
			else
				sk "pocl SIMD$simd: the OpenCL C twins on pocl" "$ps"
			fi
		elif [ $rc -eq 0 ] && [ "$p3" -gt 0 ] && [ $((p3 + pk + tk + pi)) -eq $((n - ns)) ] &&
		     [ $((s3 + sx)) -eq "$ns" ] && { [ "$ns" -eq 0 ] || [ "$s3" -gt 0 ]; } &&
		     grep -q "kernels/cvt_range.il: cvt_range: SIMD$simd: agree: AMD == L0 == pocl (.*; pocl agrees but for [0-9]* elements computed from an out-of-range conversion, which OpenCL C leaves implementation-defined (AMD: .*'ftou' converts -" "$out/log"; then
			ok "pocl SIMD$simd: $p3 kernels agree on all three runtimes (AMD == L0 == pocl; cvt_range but for $(sed -n "s|.*kernels/cvt_range.il: cvt_range: SIMD$simd: .*pocl agrees but for \([0-9]*\) elements.*|\1|p" "$out/log") elements from out-of-range conversions), $pk known pocl failures ($(grep 'pocl KNOWN FAILURE' "$out/log" | sed 's|.*/\([a-z_0-9]*\)\.il: .*|\1|' | tr '\n' ' ' | sed 's/ $//')), $pi compared AMD == L0 only after an out-of-range conversion that steered a branch, $tk without a twin ($twins twins)$( [ "$ns" -gt 0 ] && echo "; random launch shapes: $s3 of $ns agree with pocl too, the rest without a twin or with CL_R/CL_RG images")"
		else
			ko "pocl SIMD$simd: every kernel with an OpenCL C twin agrees on all three runtimes" \
				"$(grep -A3 'DISAGREE\|pocl FAILED' "$out/log" | head -40)"
		fi
		if grep -q '<testsuite ' "$out/junit.xml" 2>/dev/null &&
		   grep -q "tests=\"$(grep -c ": SIMD$simd: " "$out/log")\" failures=\"$(grep -c 'DISAGREE\|NOT RUN' "$out/log")\"" \
			"$out/junit.xml"; then
			ok "conformance SIMD$simd: JUnit XML lists every kernel"
		else
			ko "conformance SIMD$simd: JUnit XML lists every kernel" "$(head -5 "$out/junit.xml" 2>&1)"
		fi
	done
	# pocl's verdict can fail: a twin that computes something else, one that
	# hangs (killed after TRANSLATE_POCL_TIMEOUT) and one that crashes each
	# fail their own kernel only; the real saxpy in the same batch agrees
	if [ -z "$ps" ]; then
		d="$WORK/poclneg"
		mkdir -p "$d"
		for b in wrong hang crash; do cp "$SRC/tests/kernels/saxpy.il" "$d/$b.il"; done
		printf '%s\n' '__kernel void saxpy(__global const float *x, __global float *y, float a, int n)' \
			'{ int i = get_global_id(0); if (i < n) y[i] = a * x[i] - y[i]; }' >"$d/wrong.cl"
		printf '%s\n' '__kernel void saxpy(__global const float *x, __global float *y, float a, int n)' \
			'{ volatile int k = 1; while (k) y[0] = a; }' >"$d/hang.cl"
		printf '%s\n' '__kernel void saxpy(__global const float *x, __global float *y, float a, int n)' \
			'{ __global volatile int *p = (__global volatile int *)(ulong)(n - n + 16); *p = 1; }' >"$d/crash.cl"
		TRANSLATE_POCL_TIMEOUT=10 "$TRANSLATE" --conform -o "$d/o" "$d/wrong.il" "$d/hang.il" "$d/crash.il" \
			"$SRC/tests/kernels/saxpy.il" >"$d/log" 2>&1
		rc=$?
		if [ $rc -eq 1 ] &&
		   grep -q "wrong.il: saxpy: SIMD16: DISAGREE: AMD == L0 != pocl" "$d/log" &&
		   grep -q "pocl (.*wrong.cl): argument 1 'y' (float\*), element 0 (byte 0)" "$d/log" &&
		   grep -q "pocl could not run .*hang.cl: pocl's process did not finish within 10 s" "$d/log" &&
		   grep -q "pocl could not run .*crash.cl: pocl's process died of signal" "$d/log" &&
		   grep -q "kernels/saxpy.il: saxpy: SIMD16: agree: AMD == L0 == pocl" "$d/log"; then
			ok "pocl: a wrong twin, a hanging one (killed after 10 s) and a crashing one fail their own kernel only"
		else
			ko "pocl: a wrong twin, a hanging one and a crashing one fail their own kernel only" \
				"exit $rc; $(grep -v 'twin agrees\|no third' "$d/log" | head -20)"
		fi
	fi
	# per-element tolerances (tests/conform/tolerance/mixed.il): a buffer
	# holding a hardware approximation near 1e30 beside exact values,
	# out-of-range conversions beside in-range ones, and a buffer of small
	# approximations (near 1e-3); the twin agrees, and a twin wrong in one
	# exact element, in one in-range conversion, or by 0.1% in the small
	# approximations must disagree there (the buffer-wide slack, the
	# kernel-wide excuse and the absolute slack below 1 each let one of
	# these through before)
	if [ -z "$ps" ]; then
		d="$WORK/tolerance"
		mkdir -p "$d"
		for b in exact inrange small; do cp "$SRC/tests/conform/tolerance/mixed.il" "$d/$b.il"; done
		sed 's/v \* 2\.0f + 1\.0f;/v * 2.0f - 1.0f;/' "$SRC/tests/conform/tolerance/mixed.cl" >"$d/exact.cl"
		sed 's/(int)v;/(int)v + 1;/' "$SRC/tests/conform/tolerance/mixed.cl" >"$d/inrange.cl"
		sed 's/\* 1e-3f;/* 1.001e-3f;/' "$SRC/tests/conform/tolerance/mixed.cl" >"$d/small.cl"
		"$TRANSLATE" --conform -o "$d/o" "$SRC/tests/conform/tolerance/mixed.il" "$d/exact.il" "$d/inrange.il" \
			"$d/small.il" >"$d/log" 2>&1
		rc=$?
		if [ $rc -eq 1 ] && ! cmp -s "$d/exact.cl" "$SRC/tests/conform/tolerance/mixed.cl" &&
		   ! cmp -s "$d/inrange.cl" "$SRC/tests/conform/tolerance/mixed.cl" &&
		   ! cmp -s "$d/small.cl" "$SRC/tests/conform/tolerance/mixed.cl" &&
		   grep -q "tolerance/mixed.il: mixed: SIMD16: agree: AMD == L0 == pocl (.*pocl agrees but for [1-9][0-9]* elements computed from an out-of-range conversion" "$d/log" &&
		   grep -q "pocl (.*exact.cl): argument 1 'y' (float\*), element [0-9]*[13579] (" "$d/log" &&
		   grep -q "pocl (.*inrange.cl): argument 2 'z' (i32\*), element [0-9]*[13579] (" "$d/log" &&
		   grep -q "pocl (.*small.cl): argument 4 'w' (float\*), element [0-9]* (" "$d/log"; then
			ok "pocl: tolerances per element: an exact value beside a 1e30 approximation and an in-range conversion beside out-of-range ones are compared exactly, approximations near 1e-3 relatively"
		else
			ko "pocl: tolerances per element (tests/conform/tolerance/mixed.il)" \
				"exit $rc; $(grep -v 'twin agrees\|no third' "$d/log" | head -20)"
		fi
	fi
	# a library macro's tolerance (tests/conform/tolerance/ulps.il): exp's
	# value within twice OpenCL's 3 ulp of pocl's, per element; a twin 7 ulp
	# off must disagree (a slack of 3 x 3 ulp would let it through)
	if [ -z "$ps" ]; then
		d="$WORK/tolerance-ulps"
		mkdir -p "$d/wrong"
		cp "$SRC/tests/conform/tolerance/ulps.il" "$d/wrong/"
		sed 's/out\[g\] = exp(v);/out[g] = as_float(as_uint(exp(v)) + 7u);/' \
			"$SRC/tests/conform/tolerance/ulps.cl" >"$d/wrong/ulps.cl"
		"$TRANSLATE" --conform -o "$d/o" "$SRC/tests/conform/tolerance/ulps.il" >"$d/log" 2>&1
		rc=$?
		"$TRANSLATE" --conform -o "$d/ow" "$d/wrong/ulps.il" >"$d/wrong.log" 2>&1
		rcw=$?
		if [ $rc -eq 0 ] && grep -q 'ulps: SIMD16: agree: AMD == L0 == pocl' "$d/log" &&
		   [ $rcw -eq 1 ] && ! cmp -s "$d/wrong/ulps.cl" "$SRC/tests/conform/tolerance/ulps.cl" &&
		   grep -q "pocl (.*wrong/ulps.cl): argument 0 'out' (float\*), element" "$d/wrong.log"; then
			ok "pocl: a library macro's value is compared within twice its OpenCL bound (exp: a twin 7 ulp off disagrees)"
		else
			ko "pocl: a library macro's tolerance (tests/conform/tolerance/ulps.il)" \
				"exit $rc / $rcw; $(grep -v 'twin agrees\|no third' "$d/log" "$d/wrong.log" | head -20)"
		fi
	fi
	# a global work offset (cb0[6]/cb0[9] on AMD, global_id_offset on Level Zero)
	if "$TRANSLATE" --conform --quiet --offset 8 -o "$WORK/conf/off" "$SRC"/tests/kernels/*.il \
		>"$WORK/conf/off.log" 2>&1; then
		ok "conformance: every test kernel agrees with a global work offset of 8"
	else
		ko "conformance: every test kernel agrees with a global work offset of 8" "$(grep -A3 DISAGREE "$WORK/conf/off.log" | head -20)"
	fi
	# the launch's dimensions come from the id components a kernel uses: a
	# B14 body copies x0[1].xyz0 whole but keeps x alone (1-D); the same
	# body adding the id's y to its result is launched in 2-D
	d="$WORK/conf/dims"; mkdir -p "$d"
	sed 's/^\tiadd r35.x___, r35.x, r33.x$/\tiadd r35.x___, r35.x, r33.y/' \
		"$SRC/tests/il/b14-wrapper-stub-body.il" >"$d/b14y.il"
	s1=$("$TRANSLATE" --conform --no-launch-variants -o "$d" "$SRC/tests/il/b14-wrapper-stub-body.il" 2>&1 | grep -o '([0-9]* x [0-9]* x [0-9]* items' | head -n 1)
	s2=$("$TRANSLATE" --conform --no-launch-variants -o "$d" "$d/b14y.il" 2>&1 | grep -o '([0-9]* x [0-9]* x [0-9]* items' | head -n 1)
	if [ "$s1" = "(192 x 1 x 1 items" ] && [ "$s2" = "(16 x 12 x 1 items" ] && grep -q 'r33.y' "$d/b14y.il"; then
		ok "conformance: launch dimensions from the id components used (B14 x-only body 1-D, with y 2-D)"
	else
		ko "conformance: launch dimensions from the id components used" "x-only: $s1; with y: $s2"
	fi
	# flow-sensitive: an AMD-APP 2.5 body reusing the id vector's register
	# for loaded data stays 1-D; storing the id's y makes it 2-D; ids that
	# reach a store only through a loop's back edge make it 3-D
	sed 's/^mov r66, r1011$/iadd r66, r1011, r66.yyyy/' "$SRC/tests/il/app25-register-reuse.il" >"$d/app25y.il"
	s3=$("$TRANSLATE" --conform --no-pocl --no-launch-variants -o "$d" "$SRC/tests/il/app25-register-reuse.il" 2>&1 | grep -o '([0-9]* x [0-9]* x [0-9]* items' | head -n 1)
	s4=$("$TRANSLATE" --conform --no-pocl --no-launch-variants -o "$d" "$d/app25y.il" 2>&1 | grep -o '([0-9]* x [0-9]* x [0-9]* items' | head -n 1)
	s5=$("$TRANSLATE" --conform --no-pocl --no-launch-variants -o "$d" "$SRC/tests/il/app25-reuse-loop-backedge.il" 2>&1 | grep -o '([0-9]* x [0-9]* x [0-9]* items' | head -n 1)
	if [ "$s3" = "(192 x 1 x 1 items" ] && [ "$s4" = "(16 x 12 x 1 items" ] && [ "$s5" = "(8 x 8 x 4 items" ] &&
		grep -q 'r66.yyyy' "$d/app25y.il"; then
		ok "conformance: launch dimensions follow the program order (register reuse 1-D, its y variant 2-D, a loop's back edge 3-D)"
	else
		ko "conformance: launch dimensions follow the program order" "reuse: $s3; with y: $s4; back edge: $s5"
	fi
	# every manifest follows data/conform-manifest.xsd
	if [ -n "${XSDCHECK:-}" ] && "$XSDCHECK" "$SRC/data/conform-manifest.xsd" "$WORK"/conf/*/*/manifest.xml \
		>"$WORK/conf/xsd" 2>&1; then
		ok "conformance: every manifest.xml is valid against data/conform-manifest.xsd"
	else
		ko "conformance: every manifest.xml is valid against data/conform-manifest.xsd" "$(head "$WORK/conf/xsd")"
	fi
	# an outside check of the dumps: saxpy's y = a*x + y for i < n, else untouched
	d="$WORK/conf/16/saxpy"
	if [ -f "$d/manifest.xml" ]; then
		a=$(od -A n -t f4 "$d/arg2.initial.bin" | awk '{print $1}')
		g=$(sed -n 's/.*global="\([0-9]*\) .*/\1/p' "$d/manifest.xml")
		o=$(sed -n 's/.*offset="\([0-9]*\) .*/\1/p' "$d/manifest.xml")
		n=$(od -A n -t d4 "$d/arg3.initial.bin" | awk '{print $1}')
		bad=$(od -A n -v -t f4 -w4 "$d/arg0.initial.bin" >"$WORK/x.txt"
		      od -A n -v -t f4 -w4 "$d/arg1.initial.bin" >"$WORK/y.txt"
		      od -A n -v -t f4 -w4 "$d/arg1.amd.bin" >"$WORK/ya.txt"
		      od -A n -v -t f4 -w4 "$d/arg1.level_zero.bin" >"$WORK/yz.txt"
		      paste "$WORK/x.txt" "$WORK/y.txt" "$WORK/ya.txt" "$WORK/yz.txt" |
		      awk -v a="$a" -v n="$n" -v o="$o" -v g="$g" '{ i = NR - 1;
		                 e = (i >= o && i < o + g && i < n) ? a * $1 + $2 : $2;
		                 d3 = e - $3; d4 = e - $4; m = e < 0 ? -e : e; m = m < 1 ? 1 : m;
		                 # od prints 8 significant digits: compare within that
		                 if (d3 * d3 > 1e-14 * m * m || d4 * d4 > 1e-14 * m * m) { print i, e, $3, $4; exit } }')
		if [ -n "$g" ] && [ -n "$o" ] && [ -z "$bad" ]; then
			ok "conformance: saxpy's dumped results match y = a*x + y recomputed from the dumps (n = $n, ids $o..$((o + g - 1)))"
		else
			ko "conformance: saxpy's dumped results match y = a*x + y recomputed from the dumps" "$bad"
		fi
	else
		ko "conformance: saxpy's dumps (manifest.xml) exist" "$d"
	fi
	# kernels whose dumped results a reference tool recomputes, bit for bit on
	# both runtimes, at every SIMD width: KERNEL TOOL BINARY (empty: not
	# built) WHAT
	ref_check() {
		for simd in ${RUNALL_CONFORM_WIDTHS:-8 16 32}; do
			d="$WORK/conf/$simd/$1"
			if [ -z "$3" ]; then
				sk "$1 SIMD$simd: $4" "$2 not built"
			elif [ -f "$d/manifest.xml" ] && "$3" "$d" >"$WORK/$2$simd.log" 2>&1; then
				ok "$1 SIMD$simd: $(tail -n 1 "$WORK/$2$simd.log")"
			else
				ko "$1 SIMD$simd: $4" "$(head -20 "$WORK/$2$simd.log" 2>&1)"
			fi
		done
	}
	ref_check fp64_edge fp64ref "${FP64REF:-}" "results equal host C doubles"    # tests/tools/fp64ref.c
	ref_check trig_preop trigref "${TRIGREF:-}" "results equal the 2/pi reference" # tests/tools/trigref.c
	# ...and fp64ref notices a broken translation of the software doubles
	if [ -n "${FP64REF:-}" ]; then
		"$TRANSLATE" --conform --quiet --mutate flip-compare -o "$WORK/mutf64" \
			"$SRC/tests/kernels/fp64_edge.il" >/dev/null 2>&1
		if [ -f "$WORK/mutf64/fp64_edge/manifest.xml" ] &&
		   ! "$FP64REF" "$WORK/mutf64/fp64_edge" >"$WORK/mutf64.log" 2>&1 &&
		   grep -q '^level_zero: ' "$WORK/mutf64.log"; then
			ok "fp64_edge: fp64ref catches a deliberately broken translation (--mutate flip-compare)"
		else
			ko "fp64_edge: fp64ref catches a deliberately broken translation (--mutate flip-compare)" \
				"$(tail -n 3 "$WORK/mutf64.log" 2>&1)"
		fi
	fi
	# --no-fp64-emulation: doubles refused on tgllp, naming the fp64 devices
	if "$TRANSLATE" --no-fp64-emulation -o "$WORK/nofp64" "$SRC/tests/kernels/fp64_ops.il" \
		>"$WORK/nofp64.log" 2>&1; then
		ko "--no-fp64-emulation refuses doubles on tgllp" "exit status 0"
	elif grep -q "error: 'dadd' needs double precision, which tgllp lacks, and --no-fp64-emulation forbids the software doubles; devices with fp64 hardware: skl, pvc" "$WORK/nofp64.log" &&
	     [ -z "$(ls -A "$WORK/nofp64" 2>/dev/null)" ]; then
		ok "--no-fp64-emulation refuses doubles on tgllp, naming skl and pvc"
	else
		ko "--no-fp64-emulation refuses doubles on tgllp, naming skl and pvc" "$(head -5 "$WORK/nofp64.log")"
	fi
	# generated programs
	if [ -n "${ILGEN:-}" ]; then
		mkdir -p "$WORK/gen"
		"$ILGEN" 1 "${GEN_COUNT:-200}" "$WORK/gen"
		for simd in 16 8 32; do
			set -- "$WORK"/gen/*.il
			[ "$simd" = 16 ] || set -- $(ls "$WORK"/gen/*.il | head -n 40)
			"$TRANSLATE" --conform --quiet -simd "$simd" -o "$WORK/gen/o$simd" "$@" >"$WORK/gen/log$simd" 2>&1
			if [ $? -eq 0 ]; then
				ok "generator: $# generated programs agree on both runtimes at SIMD$simd"
			else
				ko "generator: $# generated programs agree on both runtimes at SIMD$simd" \
					"$(grep -A4 DISAGREE "$WORK/gen/log$simd" | head -30) (reduce one with tests/tools/ilmin.sh)"
			fi
		done
	fi
	# regressions: reduced programs that once disagreed
	set -- "$SRC"/tests/conform/regressions/*.il
	if [ -f "$1" ]; then
		for simd in 8 16 32; do
			if "$TRANSLATE" --conform --quiet -simd "$simd" -o "$WORK/reg$simd" "$@" >"$WORK/reg$simd.log" 2>&1; then
				ok "conformance regressions: $# programs agree at SIMD$simd"
			else
				ko "conformance regressions: $# programs agree at SIMD$simd" "$(head -20 "$WORK/reg$simd.log")"
			fi
		done
	fi
	# a printf slot too small for the kernel's records (AMD's items skipped,
	# the cut record dropped on both sides)
	# (not on pocl: its records are not cut by AMD's slot)
	if "$TRANSLATE" --conform --no-pocl --printf-slot 16 -o "$WORK/pfslot" "$SRC/tests/kernels/printf_data.il" \
		>"$WORK/pfslot.log" 2>&1 && grep -q ': agree' "$WORK/pfslot.log"; then
		ok "conformance: printf_data with a 16-dword slot (records cut off) agrees"
	else
		ko "conformance: printf_data with a 16-dword slot (records cut off) agrees" "$(cat "$WORK/pfslot.log")"
	fi
	# the hostile launches (docs/TESTING.md, memory model): deliberately
	# broken kernels -- a missing barrier or fence, reads of local or private
	# memory nothing wrote -- must disagree, for the reason their "; expect:"
	# line names; and a translation without its SLM fence or its barrier
	# must be caught on the kernels that need them
	for il in "$SRC"/tests/launch/*.il; do
		[ -f "$il" ] || continue
		k=$(basename "$il" .il)
		want=$(sed -n 's/^; expect: //p' "$il")
		"$TRANSLATE" --conform --quiet -simd 16 -o "$WORK/launch-$k" "$il" >"$WORK/launch-$k.log" 2>&1
		if [ $? -eq 1 ] && grep -q 'DISAGREE\|RACE' "$WORK/launch-$k.log" && [ -n "$want" ] &&
		   grep -q "$want" "$WORK/launch-$k.log"; then
			ok "hostile launch: tests/launch/$k.il is rejected ($want)"
		else
			ko "hostile launch: tests/launch/$k.il is rejected ($want)" "$(head -c 2000 "$WORK/launch-$k.log")"
		fi
	done
	for m in drop-fence-lds drop-barrier; do
		"$TRANSLATE" --conform --quiet --mutate "$m" -simd 16 -o "$WORK/mut-$m" \
			"$SRC/tests/kernels/lds_reverse.il" "$SRC/tests/kernels/lds_reduce.il" >"$WORK/mut-$m.log" 2>&1
		if [ $? -eq 1 ] && [ "$(grep -c DISAGREE "$WORK/mut-$m.log")" -eq 2 ]; then
			ok "conformance catches a translation without its $( [ $m = drop-barrier ] && echo barrier || echo SLM fence) (--mutate $m, lds_reverse and lds_reduce)"
		else
			ko "conformance catches a translation without its $( [ $m = drop-barrier ] && echo barrier || echo SLM fence) (--mutate $m, lds_reverse and lds_reduce)" "$(head -c 2000 "$WORK/mut-$m.log")"
		fi
	done
	# two store phases ordered by a barrier: without the barrier (dropped
	# from the translation) the runtimes disagree, and the race report
	# does not excuse it (the AMD side ran the barrier: ordered stores)
	"$TRANSLATE" --conform --no-pocl --mutate drop-barrier -o "$WORK/mut-ww" \
		"$SRC/tests/kernels/ww_ordered_barrier.il" >"$WORK/mut-ww.log" 2>&1
	if [ $? -eq 1 ] && grep -q ': DISAGREE' "$WORK/mut-ww.log" && ! grep -q 'RACE' "$WORK/mut-ww.log"; then
		ok "conformance catches a dropped barrier between two global store phases (ww_ordered_barrier), not as a race"
	else
		ko "conformance catches a dropped barrier between two global store phases (ww_ordered_barrier), not as a race" \
			"$(head -c 2000 "$WORK/mut-ww.log")"
	fi
	# tests/il programs under --conform: each translating one has its
	# expected outcome in tests/il/conform.txt (agree, a write-write race,
	# or why it is no value test)
	while read -r b want pat; do
		case $b in '#'*|'') continue ;; esac
		"$TRANSLATE" --conform --no-pocl -o "$WORK/ilc-$b" "$SRC/tests/il/$b" >"$WORK/ilc-$b.log" 2>&1
		rc=$?
		case $want in
		agree) [ $rc -eq 0 ] && grep -q ': agree' "$WORK/ilc-$b.log" ;;
		race) [ $rc -eq 1 ] && grep -q ': RACE' "$WORK/ilc-$b.log" ;;
		differs) [ $rc -eq 1 ] && grep -qF "$pat" "$WORK/ilc-$b.log" ;;
		*) false ;;
		esac
		if [ $? -eq 0 ]; then
			ok "tests/il/$b under --conform: $want"
		else
			ko "tests/il/$b under --conform: $want" "$(head -c 1500 "$WORK/ilc-$b.log")"
		fi
	done <"$SRC/tests/il/conform.txt"
	# the CAL programs without metadata (derived ABI): both runtimes' g[]
	# (uav1, the render targets) against the documented formulas, recomputed
	# from the dumps by tests/tools/calcheck.py (no code shared with either
	# runtime), at SIMD8, 16 and 32; two random launch shapes must agree too
	# (AMD == L0); the il_ps ones with their render targets as images and,
	# --cal-outputs buffer, as buffers
	for bm in cal-cs-fill-g: cal-cs-ids-alu: cal-cs-raw-uav: cal-cs-transpose: cal-ps-pixels:image cal-ps-copy-offset:image \
		cal-ps-pixels:buffer cal-ps-copy-offset:buffer cal-ps-no-code:image cal-ps-no-code:buffer \
		cal-brcc-neg-first:image cal-brcc-neg-first:buffer cal-r7xx-lds-sharing: \
		cal-cs-typed-uav: cal-glued-statements: cal-brcc-loop-count:buffer; do
		b=${bm%:*} mode=${bm#*:}
		for simd in 8 16 32; do
			w="$WORK/cal-$b-$mode-$simd"
			rm -rf "$w"
			"$TRANSLATE" --conform --no-pocl ${mode:+--cal-outputs $mode} -simd "$simd" --shapes 2 -o "$w" \
				"$SRC/tests/il/$b.il" >"$w.log" 2>&1
			rc=$?
			if [ $rc -eq 0 ] && r=$(python3 "$SRC/tests/tools/calcheck.py" "$w/$b.main" 2>&1); then
				ok "tests/il/$b.il at SIMD$simd${mode:+, --cal-outputs $mode}: $r"
			else
				ko "tests/il/$b.il at SIMD$simd${mode:+, --cal-outputs $mode}: both runtimes equal the formula" \
					"exit $rc: $(head -c 600 "$w.log") ${r:-}"
			fi
		done
	done
	# --cal-abi: the arguments in the order a map gives; the manifest
	# shows it, and the formula still holds; a map giving one index twice
	# is refused (file:line:col, exit 1, no output)
	w="$WORK/cal-abi"
	rm -rf "$w" "$w-bad"
	"$TRANSLATE" --conform --no-pocl --cal-abi "$SRC/tests/cal-abi/pixels-order.xml" -o "$w" \
		"$SRC/tests/il/cal-ps-pixels.il" >"$w.log" 2>&1
	rc=$?
	if [ $rc -eq 0 ] && grep -q '<argument index="0" name="i0"' "$w/cal-ps-pixels.main/manifest.xml" &&
		r=$(python3 "$SRC/tests/tools/calcheck.py" "$w/cal-ps-pixels.main" 2>&1); then
		ok "--cal-abi reorders the derived arguments (i0 first): $r"
	else
		ko "--cal-abi reorders the derived arguments" "exit $rc: $(head -c 600 "$w.log") ${r:-}"
	fi
	(cd "$SRC/tests/cal-abi" && "$TRANSLATE" --cal-abi pixels-twice.xml -o "$w-bad" "$SRC/tests/il/cal-ps-pixels.il") \
		>"$w-bad.log" 2>&1
	rc=$?
	if [ $rc -eq 1 ] && grep -q "^pixels-twice.xml:9:1: error: --cal-abi: index 4 is given to 'o2' and to 'o3'" \
		"$w-bad.log" && [ -z "$(ls -A "$w-bad" 2>/dev/null)" ]; then
		ok "--cal-abi: a map giving an index twice is refused (file:line:col, no output)"
	else
		ko "--cal-abi: a map giving an index twice is refused" "exit $rc: $(head -c 600 "$w-bad.log")"
	fi
	missing=
	for il in "$SRC"/tests/il/*.il; do
		b=$(basename "$il")
		grep -q "^$b: " "$SRC/tests/il/refused.txt" || grep -q "^$b " "$SRC/tests/il/conform.txt" ||
			missing="$missing $b"
	done
	if [ -z "$missing" ]; then
		ok "tests/il/conform.txt lists every tests/il program that translates"
	else
		ko "tests/il/conform.txt lists every tests/il program that translates" "missing:$missing"
	fi
	# same seed, same bytes: two runs with the random interleaving dump the same results
	"$TRANSLATE" --conform --quiet --seed 5 -o "$WORK/det-i1" "$SRC/tests/kernels/lds_local_arg.il" >/dev/null 2>&1
	"$TRANSLATE" --conform --quiet --seed 5 -o "$WORK/det-i2" "$SRC/tests/kernels/lds_local_arg.il" >/dev/null 2>&1
	if [ -f "$WORK/det-i1/lds_local_arg/arg1.level_zero.bin" ] &&
	   cmp -s "$WORK/det-i1/lds_local_arg/arg1.level_zero.bin" "$WORK/det-i2/lds_local_arg/arg1.level_zero.bin" &&
	   cmp -s "$WORK/det-i1/lds_local_arg/arg1.amd.bin" "$WORK/det-i2/lds_local_arg/arg1.amd.bin"; then
		ok "conformance: the random interleaving is deterministic (--seed 5 twice, same bytes)"
	else
		ko "conformance: the random interleaving is deterministic (--seed 5 twice, same bytes)"
	fi
	# mutation checks: a broken translation must be caught
	for m in flip-compare cb1-offset; do
		"$TRANSLATE" --conform --mutate "$m" -o "$WORK/mut-$m" "$SRC/tests/kernels/saxpy.il" \
			>"$WORK/mut-$m.log" 2>&1
		if [ $? -eq 1 ] && grep -q DISAGREE "$WORK/mut-$m.log"; then
			ok "conformance catches a deliberately broken translation (--mutate $m)"
		else
			ko "conformance catches a deliberately broken translation (--mutate $m)" "$(cat "$WORK/mut-$m.log")"
		fi
	done
fi

# ---- libOpenCL is opened by --conform's pocl child only --------------------
# translate is not linked with libOpenCL (it runs where no OpenCL loader is
# installed): src/emu/pocl.c opens it with dlopen; a loader that cannot be
# opened leaves pocl SKIPPED with the reason, and the two emulators still run.
if ldd "$TRANSLATE" 2>/dev/null | grep -q 'libOpenCL'; then
	ko "translate is not linked with libOpenCL (dlopen in --conform only)" "$(ldd "$TRANSLATE" | grep libOpenCL)"
elif ! "$TRANSLATE" --conform -o "$WORK/ocl1" "$SRC/tests/kernels/saxpy.il" 2>&1 | grep -q 'agree: AMD == L0 == pocl'; then
	sk "libOpenCL opened at run time" "pocl does not run here"
else
	TRANSLATE_OPENCL_LIBRARY=/nonexistent/libOpenCL.so.1 "$TRANSLATE" --conform -o "$WORK/ocl2" \
		"$SRC/tests/kernels/saxpy.il" >"$WORK/ocl2.log" 2>&1
	rc=$?
	if [ $rc -eq 0 ] && grep -q 'agree: AMD == L0 (.*); pocl SKIPPED: cannot load the OpenCL loader /nonexistent/libOpenCL.so.1' "$WORK/ocl2.log"; then
		ok "libOpenCL is opened at run time: not linked, and a missing loader leaves pocl SKIPPED with the reason"
	else
		ko "libOpenCL is opened at run time (a missing loader: pocl SKIPPED with the reason, exit 0)" \
			"exit $rc; $(tail -n 5 "$WORK/ocl2.log")"
	fi
fi

# ---- ISA coverage: docs/ISA.md is generated, and coverage only grows -------
# docs/ISA.md comes from the opcode table and the lowering's dispatch
# (translate --isa over the conformance corpus); a stale copy fails.  The
# number of mnemonics neither lowered nor refused for a documented reason of
# the target may only fall: tests/isa-not-lowered holds the ceiling.
"$TRANSLATE" --isa "$SRC"/tests/kernels/*.il >"$WORK/ISA.md" 2>"$WORK/isa.err"
if diff -u "$SRC/docs/ISA.md" "$WORK/ISA.md" >"$WORK/isa.diff"; then
	ok "docs/ISA.md is what translate --isa generates"
else
	ko "docs/ISA.md is what translate --isa generates (regenerate it)" "$(head -n 20 "$WORK/isa.diff")"
fi
todo=$(grep -c '| not yet |' "$WORK/ISA.md")
ceiling=$(cat "$SRC/tests/isa-not-lowered")
if [ "$todo" -le "$ceiling" ]; then
	ok "ISA coverage: $todo mnemonics not lowered yet (ceiling $ceiling)"
else
	ko "ISA coverage: $todo mnemonics not lowered yet, more than the ceiling $ceiling"
fi
if grep '| yes | yes |' "$WORK/ISA.md" | awk -F'`' '{print $2}' | while read -r m; do
	grep -q -i -E "^[[:space:]]*$m([_ (]|\$)" "$SRC"/tests/kernels/*.il || { echo "$m"; exit 1; }
done >"$WORK/isa.untested"; then
	ok "ISA coverage: every mnemonic marked conformance-tested appears in tests/kernels"
else
	ko "ISA coverage: every mnemonic marked conformance-tested appears in tests/kernels" "$(cat "$WORK/isa.untested")"
fi

# ---- make mutation's list still applies to the tree (tests/mutation) -------
if MUTATION_CHECK=1 sh "$SRC/tests/mutation/run.sh" "$SRC" "$WORK/mutation" >"$WORK/mutation.log" 2>&1; then
	ok "make mutation: $(grep -c '^= ' "$SRC/tests/mutation/mutants.txt") planted bugs, each still applies to the tree"
else
	ko "make mutation: every planted bug still applies to the tree (its text moved: update tests/mutation/mutants.txt)" \
		"$(cat "$WORK/mutation.log")"
fi

# ---- README's numbers are counted, not typed (tools/readme-counts) ---------
if sh "$SRC/tools/readme-counts" "$SRC" >"$WORK/counts" 2>&1 &&
   sed -n '/<!-- counts:begin/,/<!-- counts:end/p' "$SRC/README.md" | diff -u - "$WORK/counts" >"$WORK/counts.diff"; then
	ok "README.md's test-suite numbers are what tools/readme-counts counts"
else
	ko "README.md's test-suite numbers are what tools/readme-counts counts (tools/readme-counts --update .)" \
		"$(head -n 20 "$WORK/counts.diff")"
fi
# ---- tests/il: every front-end program translates or is listed with its reason
# tests/il/refused.txt holds "file: first diagnostic" for the programs the
# translator refuses; a listed program that translates, an unlisted one that is
# refused, or another diagnostic fails (the list may only shrink)
il_ok=0
for il in "$SRC"/tests/il/*.il; do
	b=$(basename "$il")
	mkdir -p "$WORK/iltr/$b"
	want=$(grep "^$b: " "$SRC/tests/il/refused.txt" | sed "s/^$b: //")
	if "$TRANSLATE" -o "$WORK/iltr/$b" "$il" >/dev/null 2>"$WORK/iltr/$b.err"; then
		if [ -n "$want" ]; then
			ko "tests/il/$b translates now: remove it from tests/il/refused.txt"
		else
			il_ok=$((il_ok + 1))
		fi
	else
		got=$(grep -m1 'error:' "$WORK/iltr/$b.err" | sed 's/^[^ ]* error: //')
		if [ -n "$want" ] && [ "$got" = "$want" ]; then
			ok "tests/il/$b refused with its listed reason"
		else
			ko "tests/il/$b: refused, not as tests/il/refused.txt says" "got:  $got
want: ${want:-(not listed: it should translate)}"
		fi
	fi
done
ok "tests/il: $il_ok programs translate, the others are refused with their listed reasons"

# ---- AMD OpenCL program binaries (tests/amdbin, docs/real-il.md section 11)
# tests/tools/mkamdbin packs a token listing written here into the ELF that
# AMD-APP 2.x writes; translate must read the IL tokens back into the text
# the listing was written from, translate it to the same zebin, run it like
# the text (pocl runs the OpenCL C twin next to the binary), and refuse a
# broken binary at the offending byte with no output
if [ -n "${MKAMDBIN:-}" ]; then
	d="$WORK/amdbin"
	mkdir -p "$d/bin" "$d/il" "$d/bad" "$d/conf"
	"$MKAMDBIN" "$SRC/tests/amdbin/tablesum.tok" "$d/bin/tablesum.bin"
	if "$TRANSLATE" --emit zebin,il -o "$d/bin" "$d/bin/tablesum.bin" >"$d/bin.log" 2>&1 &&
		cmp -s "$d/bin/tablesum.il" "$SRC/tests/amdbin/tablesum.il"; then
		ok "amdbin: the IL decoded from tablesum.bin is the text its tokens were written from"
	else
		ko "amdbin: the IL decoded from tablesum.bin" "$(cat "$d/bin.log"; diff "$SRC/tests/amdbin/tablesum.il" "$d/bin/tablesum.il" | head -20)"
	fi
	cp "$SRC/tests/amdbin/tablesum.il" "$d/il/"
	if "$TRANSLATE" -o "$d/il" "$d/il/tablesum.il" >"$d/il.log" 2>&1 &&
		cmp -s "$d/il/tablesum_tgllp.bin" "$d/bin/tablesum_tgllp.bin"; then
		ok "amdbin: tablesum.bin and its IL text give the same zebin, byte for byte"
	else
		ko "amdbin: tablesum.bin and its IL text give the same zebin" "$(cat "$d/il.log")"
	fi
	cp "$d/bin/tablesum.bin" "$SRC/tests/amdbin/tablesum.cl" "$d/conf/"
	"$TRANSLATE" --conform -o "$d/conf" "$d/conf/tablesum.bin" >"$d/conf.log" 2>&1
	if grep -q 'tablesum: SIMD16: agree: AMD == L0 == pocl' "$d/conf.log" ||
		{ [ -z "${CI:-}" ] && grep -q 'tablesum: SIMD16: agree: AMD == L0 (.*pocl SKIPPED' "$d/conf.log"; }; then
		ok "amdbin: tablesum.bin runs alike on both emulated runtimes and, from its OpenCL C twin, on pocl"
	else
		ko "amdbin: tablesum.bin under --conform" "$(head -c 1500 "$d/conf.log")"
	fi
	# every UAV and LDS atomic token form (numbers counted from the IL
	# enumeration, operand counts from the instructions' definitions):
	# decoded back to the text they were written from
	"$MKAMDBIN" "$SRC/tests/amdbin/tokatoms.tok" "$d/bin/tokatoms.bin"
	if "$TRANSLATE" --emit il -o "$d/bin" "$d/bin/tokatoms.bin" >"$d/atoms.log" 2>&1 &&
		cmp -s "$d/bin/tokatoms.il" "$SRC/tests/amdbin/tokatoms.il"; then
		ok "amdbin: the IL decoded from tokatoms.bin (the 56 UAV and LDS atomic forms) is its text"
	else
		ko "amdbin: the IL decoded from tokatoms.bin" "$(cat "$d/atoms.log"; diff "$SRC/tests/amdbin/tokatoms.il" "$d/bin/tokatoms.il" | head -20)"
	fi
	# the forms AMD-APP 2.5's samples did not show, decoded from the IL
	# enumeration, GRVK's decoder and CodeXL (case, x1[r.x+0], dcl_raw_uav,
	# UAV and LDS atomics, mcall): the text they were written from, and alike
	# on the three runtimes at every width
	"$MKAMDBIN" "$SRC/tests/amdbin/tokforms.tok" "$d/conf/tokforms.bin"
	cp "$SRC/tests/amdbin/tokforms.cl" "$d/conf/"
	if "$TRANSLATE" --emit il -o "$d/bin" "$d/conf/tokforms.bin" >"$d/tok.log" 2>&1 &&
		cmp -s "$d/bin/tokforms.il" "$SRC/tests/amdbin/tokforms.il"; then
		ok "amdbin: the IL decoded from tokforms.bin (case, indexed temporaries, raw UAV, atomics, mcall) is its text"
	else
		ko "amdbin: the IL decoded from tokforms.bin" "$(cat "$d/tok.log"; diff "$SRC/tests/amdbin/tokforms.il" "$d/bin/tokforms.il" | head -20)"
	fi
	# an mcall read with its counts swapped (2 outputs, 1 input) no longer
	# matches its mdef: refused, nothing written
	sed 's/^0014015b 00000102 /0014015b 00000201 /' "$SRC/tests/amdbin/tokforms.tok" >"$d/bad/mcall.tok"
	"$MKAMDBIN" "$d/bad/mcall.tok" "$d/bad/mcall.bin"
	mkdir -p "$d/bad/out-mcall"
	if ! "$TRANSLATE" -o "$d/bad/out-mcall" "$d/bad/mcall.bin" >"$d/bad/mcall.log" 2>&1 &&
		grep -q "mcall.bin:[0-9]*:[0-9]*: error: mcall(20) passes 2 output(s) and 1 input(s); the macro at line [0-9]* takes _out(1)_in(2)" "$d/bad/mcall.log" &&
		[ -z "$(ls -A "$d/bad/out-mcall")" ]; then
		ok "amdbin: an mcall whose counts do not match its mdef is refused, with no output file"
	else
		ko "amdbin: an mcall whose counts do not match its mdef is refused" "$(cat "$d/bad/mcall.log")"
	fi
	for simd in 8 16 32; do
		"$TRANSLATE" --conform -simd $simd -o "$d/conf" "$d/conf/tokforms.bin" >"$d/tok$simd.log" 2>&1
		if grep -q "tokforms: SIMD$simd: agree: AMD == L0 == pocl" "$d/tok$simd.log" ||
			{ [ -z "${CI:-}" ] && grep -q "tokforms: SIMD$simd: agree: AMD == L0 (.*pocl SKIPPED" "$d/tok$simd.log"; }; then
			ok "amdbin: tokforms.bin SIMD$simd: AMD == L0 == pocl"
		else
			ko "amdbin: tokforms.bin SIMD$simd under --conform" "$(head -c 1500 "$d/tok$simd.log")"
		fi
	done
	# two kernels in one binary (the second the first renamed, its functions
	# renumbered as AMD numbers them across a program): one program, one
	# zebin with both, both run alike
	{ cat "$SRC/tests/amdbin/tablesum.tok"
	  awk '/^kernel /{p=1} /^global /{p=0} p' "$SRC/tests/amdbin/tablesum.tok" | sed -e 's/tablesum/tablediff/g' \
		-e 's/^\(00000008\|00000032\) 00000400 /\1 00000401 /' -e 's/^\(00000008\|00000032\) 00000403 /\1 00000404 /' \
		-e 's/"uniqueid:1024"/"uniqueid:1025"/' -e 's/"uniqueid:1027"/"uniqueid:1028"/' \
		-e 's/"function:1:1027"/"function:1:1028"/'; } >"$d/two.tok"
	"$MKAMDBIN" "$d/two.tok" "$d/conf/two.bin"
	if "$TRANSLATE" --conform --no-pocl -o "$d/conf" "$d/conf/two.bin" >"$d/two.log" 2>&1 &&
		[ "$("$ZESECT" "$d/conf/two_tgllp.bin" .ze_info | grep '^  - name: ' | sort -u | wc -l)" -eq 2 ] &&
		grep -q 'tablesum: SIMD16: agree' "$d/two.log" && grep -q 'tablediff: SIMD16: agree' "$d/two.log"; then
		ok "amdbin: a binary of two kernels is one program: one zebin with both, both agree"
	else
		ko "amdbin: a binary of two kernels" "$(head -c 1500 "$d/two.log")"
	fi
	# broken binaries: an opcode whose binary form is not confirmed, an
	# instruction cut short, a 64-bit ELF (a zebin)
	sed 's/^0000002b  .*# endmain$/00000258/' "$SRC/tests/amdbin/tablesum.tok" >"$d/bad/op.tok"
	sed 's/^00000028  .*# end$/00000047 00440000/' "$SRC/tests/amdbin/tablesum.tok" >"$d/bad/cut.tok"
	"$MKAMDBIN" "$d/bad/op.tok" "$d/bad/op.bin"
	"$MKAMDBIN" "$d/bad/cut.tok" "$d/bad/cut.bin"
	cp "$d/il/tablesum_tgllp.bin" "$d/bad/zebin.bin"
	for c in "op:(opcode 600, control 0x0): an IL opcode whose binary form the translator has not confirmed" \
		"cut:the token stream ends inside an instruction" \
		"zebin:not an AMD OpenCL program binary: not a 32-bit little-endian ELF"; do
		b=${c%%:*} want=${c#*:}
		mkdir -p "$d/bad/out-$b"
		if "$TRANSLATE" -o "$d/bad/out-$b" "$d/bad/$b.bin" >"$d/bad/$b.log" 2>&1; then
			ko "amdbin: a broken binary ($b) is refused" "exit 0"
		elif grep -q "^$d/bad/$b.bin:1:[0-9]*: error: .*$want" "$d/bad/$b.log" &&
			[ -z "$(ls -A "$d/bad/out-$b")" ]; then
			ok "amdbin: a broken binary ($b) is refused at its byte, with no output file"
		else
			ko "amdbin: a broken binary ($b) is refused at its byte" "$(cat "$d/bad/$b.log"; ls "$d/bad/out-$b")"
		fi
	done
else
	sk "amdbin: AMD OpenCL program binaries" "MKAMDBIN not set"
fi

# ---- ALU values against the independent reference (tests/ref, docs/TESTING.md)
# every op of amdil.md 4.1-4.9 on chosen operands (edge values and seeded
# random ones) through both runtimes, each lane compared with tests/ref/amdref.c;
# SIMD16 lists every refused op and known failure as [SKIP], SIMD8/32 count them
if [ -n "${AMDREF:-}" ] && [ -x "$AMDREF" ]; then
	for simd in 16 8 32; do
		q=0
		[ "$simd" = 16 ] || q=1
		AMDREF="$AMDREF" TRANSLATE="$TRANSLATE" REF_QUIET_SKIPS=$q \
			sh "$SRC/tests/ref/run-ref.sh" "$simd" "$WORK/ref" >"$WORK/ref$simd.log" 2>&1
		grep '^\[\|^     ' "$WORK/ref$simd.log"
		set -- $(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p' "$WORK/ref$simd.log")
		if [ $# -eq 3 ]; then
			pass=$((pass + $1)); fail=$((fail + $2)); skip=$((skip + $3))
		else
			ko "ref SIMD$simd: tests/ref/run-ref.sh gave no summary" "$(tail -n 20 "$WORK/ref$simd.log")"
		fi
	done
	# the other devices: skl and pvc (native doubles, pvc's LSC messages and
	# 64-byte GRFs) at every width they run, the rest at their default one;
	# the ops and skips are those of tgllp, so only the verdict counts here
	# (RUNALL_NO_DEVICES=1 leaves them out with the matrix: tests/run-sanitizers.sh)
	devrefs="skl:8 skl:16 skl:32 pvc:16 pvc:32 icllp:16 dg1:16 dg2:16 mtl:16"
	if [ -n "${RUNALL_NO_DEVICES:-}" ]; then
		sk "ref on the other devices" "RUNALL_NO_DEVICES is set"
		devrefs=""
	fi
	for ds in $devrefs; do
		dev=${ds%:*} simd=${ds#*:}
		"$TRANSLATE" -device list | grep -q "^  $dev .*SIMD" || continue
		AMDREF="$AMDREF" TRANSLATE="$TRANSLATE" REF_DEVICE=$dev REF_QUIET_SKIPS=1 \
			sh "$SRC/tests/ref/run-ref.sh" "$simd" "$WORK/ref" >"$WORK/ref$dev$simd.log" 2>&1
		set -- $(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p' "$WORK/ref$dev$simd.log")
		if [ $# -eq 3 ] && [ "$2" = 0 ] && [ "$1" -gt 0 ]; then
			ok "ref $dev SIMD$simd: $1 ops agree with tests/ref/amdref.c on both runtimes ($3 skipped as on tgllp)"
		else
			ko "ref $dev SIMD$simd: tests/ref/run-ref.sh" "$(grep -A2 '^\[FAIL' "$WORK/ref$dev$simd.log" | head -20; tail -n 3 "$WORK/ref$dev$simd.log")"
		fi
	done
else
	sk "ref" "tests/ref/amdref not built"
fi

# tgllp has no fp64 ALU: doubles are integer code, no df variable anywhere
# (GenX_IR would accept one and emit DF instructions, intel-target.md 0)
ndf=$(cat "$WORK"/e2e/*/*.visaasm 2>/dev/null | grep -c 'type=df')
if [ -s "$WORK/e2e/fp64_ops-16/fp64_ops.visaasm" ] && [ "$ndf" = 0 ]; then
	ok "tgllp: no df variable in the vISA of any test kernel (software doubles)"
else
	ko "tgllp: no df variable in the vISA of any test kernel (software doubles)" "$ndf df declarations"
fi

# ---- every device of data/platforms.xml, and the kernel x device matrix ----
# (RUNALL_NO_DEVICES=1 leaves the matrix out: tests/run-sanitizers.sh)
if [ -z "${RUNALL_NO_DEVICES:-}" ]; then
	. "$SRC/tests/run-devices.sh"
else
	sk "devices" "RUNALL_NO_DEVICES is set"
fi

# ---- command line ----------------------------------------------------------
if "$TRANSLATE" --version | grep -q '^translate [0-9]'; then ok "cli: --version"; else ko "cli: --version"; fi
if "$TRANSLATE" --help | grep -q -- '-device NAME'; then ok "cli: --help"; else ko "cli: --help"; fi
if "$TRANSLATE" -device nosuch "$SRC/tests/kernels/saxpy.il" 2>"$WORK/dev.err"; then
	ko "cli: unknown device is an error"
elif grep -q "unknown device 'nosuch'" "$WORK/dev.err"; then
	ok "cli: unknown device is an error"
else
	ko "cli: unknown device is an error" "$(cat "$WORK/dev.err")"
fi
# a device the table lists as not supported (a copy of data/ with dg2 so marked)
mkdir -p "$WORK/data"
cp "$SRC"/data/*.xml "$SRC"/data/*.xsd "$SRC"/data/*.c "$WORK/data/"
awk '/name="dg2"/ { d = 1 } d && /supported="1"/ { sub(/supported="1"/, "supported=\"0\""); d = 0 } { print }' \
	"$SRC/data/platforms.xml" >"$WORK/data/platforms.xml"
if TRANSLATE_DATADIR="$WORK/data" "$TRANSLATE" -device dg2 "$SRC/tests/kernels/saxpy.il" 2>"$WORK/dg2.err"; then
	ko "cli: listed but unsupported device is an error"
elif grep -q "device 'dg2'.*not implemented" "$WORK/dg2.err"; then
	ok "cli: listed but unsupported device is an error"
else
	ko "cli: listed but unsupported device is an error" "$(cat "$WORK/dg2.err")"
fi
# the compiled-in tables (src/tables.h) are what the files say: a copy of
# data/ with a comment appended (so read and parsed with libxml2) gives the
# same device list and byte-identical outputs; the manifest's tables digest
# is sha256sum's of platforms.xml then cb0.xml either way; and only the
# edited tables load libxml2 (LD_DEBUG=files lists what the loader opens)
mkdir -p "$WORK/data2" "$WORK/tbl1" "$WORK/tbl2"
cp "$SRC"/data/*.xml "$SRC"/data/*.xsd "$SRC"/data/*.c "$WORK/data2/"
echo '<!-- edited after the build -->' >>"$WORK/data2/cb0.xml"
"$TRANSLATE" -device list >"$WORK/tbl1/list" 2>&1
TRANSLATE_DATADIR="$WORK/data2" "$TRANSLATE" -device list >"$WORK/tbl2/list" 2>&1
for d in tbl1 tbl2; do
	dd=""
	[ $d = tbl2 ] && dd="$WORK/data2"
	TRANSLATE_DATADIR=$dd LD_DEBUG=files "$TRANSLATE" --emit zebin,visaasm -o "$WORK/$d/out" \
		"$SRC/tests/kernels/cb0_slots.il" "$SRC/tests/kernels/printf_items.il" >"$WORK/$d/log" 2>&1
	echo $? >"$WORK/$d/rc"
done
w1=$(cat "$SRC/data/platforms.xml" "$SRC/data/cb0.xml" | sha256sum | cut -d' ' -f1)
w2=$(cat "$WORK/data2/platforms.xml" "$WORK/data2/cb0.xml" | sha256sum | cut -d' ' -f1)
if [ "$(cat "$WORK/tbl1/rc") $(cat "$WORK/tbl2/rc")" = "0 0" ] && [ -s "$WORK/tbl1/list" ] &&
   cmp -s "$WORK/tbl1/list" "$WORK/tbl2/list" &&
   [ "$(ls "$WORK/tbl1/out" | grep -c '\.bin$')" -eq 2 ] &&
   diff -r -x .translate-manifest -x '*.lock' "$WORK/tbl1/out" "$WORK/tbl2/out" >/dev/null &&
   grep -q "tables sha256:$w1\$" "$WORK/tbl1/out/.translate-manifest" &&
   grep -q "tables sha256:$w2\$" "$WORK/tbl2/out/.translate-manifest" &&
   ! grep -q 'libxml2' "$WORK/tbl1/log" && grep -q 'file=libxml2' "$WORK/tbl2/log"; then
	ok "tables: the compiled-in copy equals data/*.xml parsed (device list, zebins and vISA of cb0_slots and printf_items byte-identical; manifest digests sha256sum's; libxml2 loaded only for the edited tables)"
else
	ko "tables: the compiled-in copy equals data/*.xml parsed" \
		"rc $(cat "$WORK/tbl1/rc") $(cat "$WORK/tbl2/rc"); $(diff "$WORK/tbl1/list" "$WORK/tbl2/list" | head -5); $(diff -r -x .translate-manifest -x '*.lock' "$WORK/tbl1/out" "$WORK/tbl2/out" | head -5); $(grep -h tables "$WORK"/tbl?/out/.translate-manifest | head -2); want $w1 $w2; $(grep -c libxml2 "$WORK/tbl1/log") $(grep -c 'file=libxml2' "$WORK/tbl2/log")"
fi
# libxml2 missing when it is needed: a diagnostic and exit 2, no output
TRANSLATE_XML_LIBRARY=libxml2-missing.so.9 TRANSLATE_DATADIR="$WORK/data2" "$TRANSLATE" -o "$WORK/tbl3" \
	"$SRC/tests/kernels/saxpy.il" >"$WORK/tbl3.log" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q '^translate: error: cannot load libxml2 (libxml2-missing.so.9: ' "$WORK/tbl3.log" &&
   [ ! -e "$WORK/tbl3/saxpy_tgllp.bin" ]; then
	ok "tables: libxml2 that cannot be loaded is a diagnostic (exit 2, no zebin)"
else
	ko "tables: libxml2 that cannot be loaded is a diagnostic (exit 2, no zebin)" "exit $rc: $(cat "$WORK/tbl3.log")"
fi
if "$TRANSLATE" -device tgllp -o "$WORK/cli" "$SRC/tests/kernels/saxpy.il" >/dev/null 2>&1 &&
   [ -s "$WORK/cli/saxpy_tgllp.bin" ]; then
	ok "cli: -device tgllp -o DIR names the zebin <stem>_<device>.bin"
else
	ko "cli: -device tgllp -o DIR names the zebin <stem>_<device>.bin"
fi

# the payload rule checker sees a planted overlap (local_size moved onto
# global_id_offset) - the check above can fail
if [ -s "$WORK/cli/saxpy_tgllp.bin" ] &&
   "$ZESECT" "$WORK/cli/saxpy_tgllp.bin" .ze_info | sh "$SRC/tests/tools/zepayload.sh" >/dev/null &&
   ! "$ZESECT" "$WORK/cli/saxpy_tgllp.bin" .ze_info | sed 's/^        offset: 16$/        offset: 8/' |
	sh "$SRC/tests/tools/zepayload.sh" >/dev/null; then
	ok "tests/tools/zepayload.sh: accepts saxpy's payload, rejects it with local_size moved onto global_id_offset"
else
	ko "tests/tools/zepayload.sh: accepts saxpy's payload, rejects it with local_size moved onto global_id_offset"
fi

# -o DIR: two inputs with a kernel of the same name (saxpy.il and
# ops_coverage.il both have 'saxpy') keep their own files, <stem>.<kernel>
# when the names differ; two inputs of one stem are refused before either
# output is replaced
cl=$WORK/collide
mkdir -p "$cl/a" "$cl/b" "$cl/c"
if "$TRANSLATE" -o "$cl/a" --emit zebin,visaasm,abi "$SRC/tests/kernels/saxpy.il" \
	"$SRC/tests/kernels/ops_coverage.il" >"$cl/a.log" 2>&1 &&
   [ -s "$cl/a/saxpy.visaasm" ] && [ -s "$cl/a/ops_coverage.saxpy.visaasm" ] &&
   [ -s "$cl/a/saxpy.abi.xml" ] && [ -s "$cl/a/ops_coverage.saxpy.abi.xml" ] &&
   ! cmp -s "$cl/a/saxpy.visaasm" "$cl/a/ops_coverage.saxpy.visaasm"; then
	ok "cli: -o DIR keeps both inputs' kernels of one name (saxpy.*, ops_coverage.saxpy.*)"
else
	ko "cli: -o DIR keeps both inputs' kernels of one name (saxpy.*, ops_coverage.saxpy.*)" \
		"$(cat "$cl/a.log"; ls "$cl/a")"
fi
"$TRANSLATE" -o "$cl/b" "$SRC/tests/kernels/saxpy.il" >/dev/null 2>&1
if "$TRANSLATE" -o "$cl/c" "$SRC/tests/kernels/saxpy.il" "$SRC/examples/saxpy.il" >"$cl/c.log" 2>&1; then
	ko "cli: two inputs of one stem into one folder are refused" "exit 0"
elif grep -q "examples/saxpy.il: its program outputs.*would replace the output of .*tests/kernels/saxpy.il" \
	"$cl/c.log" && cmp -s "$cl/b/saxpy_tgllp.bin" "$cl/c/saxpy_tgllp.bin"; then
	ok "cli: two inputs of one stem into one folder are refused (the first one's zebin kept)"
else
	ko "cli: two inputs of one stem into one folder are refused (the first one's zebin kept)" "$(cat "$cl/c.log")"
fi
if "$TRANSLATE" --conform --quiet -o "$cl/d" "$SRC/tests/kernels/saxpy.il" "$SRC/tests/kernels/ops_coverage.il" \
	>"$cl/d.log" 2>&1 && [ -f "$cl/d/saxpy/manifest.xml" ] && [ -f "$cl/d/ops_coverage.saxpy/manifest.xml" ]; then
	ok "cli: --conform -o DIR dumps both kernels named saxpy (saxpy/, ops_coverage.saxpy/)"
else
	ko "cli: --conform -o DIR dumps both kernels named saxpy (saxpy/, ops_coverage.saxpy/)" "$(cat "$cl/d.log"; ls "$cl/d")"
fi

echo
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
