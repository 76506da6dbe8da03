# run-devices.sh - sourced by run-all.sh (uses its ok/ko/sk, SRC, WORK,
# TRANSLATE, OCLOC, ZESECT): every test kernel on every device of
# data/platforms.xml (as `translate -device list` reads it) at every SIMD
# width the device runs: translated and finalized, its zebin accepted by
# ocloc validate, and both emulated runtimes agreeing (--conform).  tgllp's
# cells come from run-all.sh's own e2e and conformance runs.  A kernel may be
# refused on a device only as tests/kernels/refused.txt says ("device kernel
# diagnostic text"), with that diagnostic.  A device the table lists as not
# supported is refused (its cells n/a); pvc's payload and 64-byte-GRF layout
# are still run on the emulator through a copy of the table that enables it.
# Ends with the kernel x device matrix: ok, refused (as expected), n/a or
# FAIL.

devices=$("$TRANSLATE" -device list | awk '{print $1}')
kernels=$(cd "$SRC/tests/kernels" && ls *.il | sed 's/\.il$//')
mkdir -p "$WORK/dev" "$WORK/cell"

# expected refusal of kernel $2 on device $1: its diagnostic text, or empty
refusal() {
	awk -v d="$1" -v k="$2" '$1 == d && $2 == k { $1 = ""; $2 = ""; sub(/^  /, ""); print; exit }' \
		"$SRC/tests/kernels/refused.txt"
}
mark() { printf '%s\n' "$3" >>"$WORK/cell/$1.$2"; }  # kernel device F|R

# relocations of a zebin: each points at a placeholder of the finalizer's
# faddr (R_ZE_SYM_ADDR: the low dword of a 64-bit immediate, high dword 0)
relocs_ok() {
	rbin=$1
	for r in $("$ZESECT" -l "$rbin" | awk '$2 ~ /^\.rel\.text\./ {print $2}'); do
		"$ZESECT" "$rbin" ".text.${r#.rel.text.}" >"$WORK/dev/text.bin"
		set -- $("$ZESECT" "$rbin" "$r" | od -A n -v -t u8)
		while [ $# -ge 2 ]; do
			w=$(od -A n -t x4 -j "$1" -N 4 "$WORK/dev/text.bin" | tr -d ' ')
			[ "$w" = "6e10ca2e" ] || return 1
			if [ $(( $2 % 4294967296 )) -eq 1 ]; then
				w=$(od -A n -t x4 -j $(($1 + 4)) -N 4 "$WORK/dev/text.bin" | tr -d ' ')
				[ "$w" = "00000000" ] || return 1
			fi
			shift 2
		done
	done
	return 0
}

for dev in $devices; do
	widths=$("$TRANSLATE" -device list | awk -v d="$dev" '$1 == d { sub(/.*SIMD /, ""); sub(/ \(.*/, ""); print }')
	if "$TRANSLATE" -device list | grep -q "^  $dev .*not implemented yet"; then
		for k in $kernels; do mark "$k" "$dev" N; done
		if "$TRANSLATE" -device "$dev" "$SRC/tests/kernels/saxpy.il" 2>"$WORK/dev/$dev.err"; then
			ko "$dev: listed as not supported, refused"
		elif grep -q "device '$dev'.*not implemented yet: " "$WORK/dev/$dev.err"; then
			ok "$dev: listed as not supported, refused saying why"
		else
			ko "$dev: listed as not supported, refused saying why" "$(cat "$WORK/dev/$dev.err")"
		fi
		continue
	fi
	for simd in $widths; do
		[ "$dev" = tgllp ] && break  # run-all.sh's own loops
		out="$WORK/dev/$dev-$simd"
		mkdir -p "$out"
		"$TRANSLATE" -device "$dev" -simd "$simd" -o "$out" "$SRC"/tests/kernels/*.il >"$out/log" 2>&1
		bad=""
		for k in $kernels; do
			bin="$out/${k}_$dev.bin"
			want=$(refusal "$dev" "$k")
			if [ -n "$want" ]; then
				if [ ! -e "$bin" ] && grep -F -q -- "$want" "$out/log"; then
					mark "$k" "$dev" R
				else
					bad="$bad $k(not refused as tests/kernels/refused.txt says)"; mark "$k" "$dev" F
				fi
				continue
			fi
			if [ ! -s "$bin" ]; then
				bad="$bad $k(translate)"; mark "$k" "$dev" F; continue
			fi
			if [ -n "$OCLOC" ] && ! { "$OCLOC" validate -file "$bin" >"$out/$k.validate" 2>&1 &&
			     grep -q 'Binary is VALID' "$out/$k.validate"; }; then
				bad="$bad $k(ocloc validate)"; mark "$k" "$dev" F; continue
			fi
			if ! "$ZESECT" "$bin" .ze_info | grep -q "simd_size: *$simd\$"; then
				bad="$bad $k(simd_size)"; mark "$k" "$dev" F; continue
			fi
			if ! relocs_ok "$bin"; then
				bad="$bad $k(relocations)"; mark "$k" "$dev" F
			fi
		done
		if [ -z "$bad" ]; then
			ok "$dev simd$simd: every test kernel translates$([ -n "$OCLOC" ] && echo ', ocloc validate accepts it')"
		else
			ko "$dev simd$simd: every test kernel translates and validates" "$bad
$(grep ': error: ' "$out/log" | head -10)"
		fi
		# XeHP class: the prolog loads the per-thread data, dg2/mtl take the
		# first cross-thread GRF from inline data (IGC's ze_info for the same
		# devices); the others have neither
		y=$("$ZESECT" "$out/saxpy_$dev.bin" .ze_info 2>/dev/null)
		pskip=$(printf '%s\n' "$y" | sed -n 's/.*offset_to_skip_per_thread_data_load: *//p')
		inl=$(printf '%s\n' "$y" | sed -n 's/.*inline_data_payload_size: *//p')
		case $dev in
		dg2|mtl) [ -n "$pskip" ] && [ "$pskip" -gt 0 ] && [ $((pskip % 8)) -eq 0 ] && [ "$inl" = 32 ] ;;
		*) [ -z "$pskip" ] && [ -z "$inl" ] ;;
		esac
		if [ $? -eq 0 ]; then
			ok "$dev simd$simd: saxpy's ze_info per-thread prolog ${pskip:-none}, inline data ${inl:-none}"
		else
			ko "$dev simd$simd: saxpy's ze_info per-thread prolog and inline data as the device needs" "$y"
		fi
		# both emulated runtimes on the device's payload (GRF size, inline data)
		set --
		for k in $kernels; do [ -n "$(refusal "$dev" "$k")" ] || set -- "$@" "$SRC/tests/kernels/$k.il"; done
		# --no-pocl: pocl's run does not depend on the device (run-all.sh runs it)
		"$TRANSLATE" --conform --quiet --no-pocl -device "$dev" -simd "$simd" -o "$out/conf" "$@" >"$out/conf.log" 2>&1
		rc=$?
		if [ $rc -eq 0 ]; then
			ok "$dev simd$simd: conformance, $# kernels agree on both runtimes"
		else
			ko "$dev simd$simd: conformance, every kernel agrees on both runtimes" \
				"$(grep -A3 'DISAGREE\|NOT RUN\|error:' "$out/conf.log" | head -30)"
			for k in $kernels; do
				grep -q "/$k.il: .*\(DISAGREE\|NOT RUN\)\|/$k.il:[0-9]*:[0-9]*: error" "$out/conf.log" &&
					mark "$k" "$dev" F
			done
		fi
	done
done

# tgllp's cells: run-all.sh's e2e (translate, validate, simd_size) and conformance
for k in $kernels; do
	for simd in 8 16 32; do
		[ -s "$WORK/e2e/$k-$simd/${k}_tgllp.bin" ] || mark "$k" tgllp F
		grep -q "/$k.il: .*\(DISAGREE\|NOT RUN\)" "$WORK/conf/$simd/log" 2>/dev/null && mark "$k" tgllp F
	done
done

# pvc's register layout (64-byte GRFs: r0, local-id channels, cross-thread
# data, operand rows, SIMD16 = one GRF per dword vector) and its XeHP
# payload without inline data, run on the emulator through a copy of the
# table that enables pvc (real PVC also needs LSC messages, not done: the
# legacy ones here are the emulator's business only).  Kernels GenX_IR
# refuses there for legacy-message reasons (8-lane atomics at a half GRF)
# or that need a sampler are counted, nothing else may fail.  ocloc 22.43's
# validate assumes 32-byte GRFs (it rejects IGC's own pvc zebins the same
# way): its one expected complaint is the local_id size, 3 x 64 bytes.
mkdir -p "$WORK/dev/data"
cp "$SRC"/data/*.xml "$SRC"/data/*.xsd "$SRC"/data/*.c "$WORK/dev/data/"
awk '/name="pvc"/ { d = 1 } d && /supported="0"/ { sub(/supported="0"/, "supported=\"1\""); d = 0 } { print }' \
	"$SRC/data/platforms.xml" >"$WORK/dev/data/platforms.xml"
for simd in 16 32; do
	out="$WORK/dev/pvc-layout-$simd"
	mkdir -p "$out"
	TRANSLATE_DATADIR="$WORK/dev/data" "$TRANSLATE" --conform --no-pocl -device pvc -simd "$simd" -o "$out" \
		"$SRC"/tests/kernels/*.il >"$out/log" 2>&1
	n=$(grep ': agree' "$out/log" | sed 's|.*/\([a-z_0-9]*\)\.il: .*|\1|' | sort -u | wc -l)
	refusedk=$(grep "error: kernel '[a-z_0-9]*': finalizer rejected the vISA: Raw operand should be GRF-aligned\|has no sampler" "$out/log" |
	           sed 's|.*/\([a-z_0-9]*\)\.il:.*|\1|' | sort -u | wc -l)
	total=$(echo $kernels | wc -w)
	if [ "$n" -gt 0 ] && [ $((n + refusedk)) -eq "$total" ] && ! grep -q 'DISAGREE\|NOT RUN' "$out/log"; then
		ok "pvc simd$simd layout (emulated): $n test programs agree on both runtimes, $refusedk need LSC or a sampler"
	else
		ko "pvc simd$simd layout (emulated): every kernel agrees or needs LSC/a sampler" \
			"$n agree, $refusedk known refusals of $total; $(grep -A3 'DISAGREE\|NOT RUN\|error:' "$out/log" | head -20)"
	fi
	if [ -n "$OCLOC" ] && [ -s "$out/saxpy_pvc.bin" ]; then
		"$OCLOC" validate -file "$out/saxpy_pvc.bin" >"$out/validate" 2>&1
		errs=$(sed -n '/Validator detected errors/,/^$/p' "$out/validate" | grep -v 'Validator detected errors' | grep -v '^$')
		if [ "$simd" = 32 ]; then
			want=""  # 3 x 64 bytes is also what 32-byte GRFs give at SIMD32
		else
			want="DeviceBinaryFormat::Zebin : Invalid size for argument of type local_id in context of : saxpy. For simd=16 expected : 32 or 64 or 96. Got : 192 "
		fi
		if [ "$errs" = "$want" ] && grep -q 'Per-thread data size 192' "$out/validate"; then
			ok "pvc simd$simd: ocloc validate: local ids 3 x 64 bytes${want:+, its only complaint that 32-byte GRFs would give 96}"
		elif [ "$errs" = "$want" ] && [ -n "$want" ]; then
			ok "pvc simd$simd: ocloc validate: its only complaint is that 32-byte GRFs would give 96 local-id bytes, not 3 x 64"
		else
			ko "pvc simd$simd: ocloc validate: local ids 3 x 64 bytes, no other complaint" "$(cat "$out/validate")"
		fi
	fi
done

# the devices' table is honoured: a width a device lacks is refused
if TRANSLATE_DATADIR="$WORK/dev/data" "$TRANSLATE" -device pvc -simd 8 "$SRC/tests/kernels/saxpy.il" \
	2>"$WORK/dev/pvc8.err"; then
	ko "devices: pvc refuses SIMD8"
elif grep -q "device 'pvc'.*does not run SIMD8 kernels (its widths: 16 32)" "$WORK/dev/pvc8.err"; then
	ok "devices: pvc refuses SIMD8"
else
	ko "devices: pvc refuses SIMD8" "$(cat "$WORK/dev/pvc8.err")"
fi

# the matrix
echo
echo "kernel x device (translate + ocloc validate + conformance at every SIMD width of the device):"
printf '  %-22s' kernel
for dev in $devices; do printf ' %-7s' "$dev"; done
echo
for k in $kernels; do
	printf '  %-22s' "$k"
	for dev in $devices; do
		c="$WORK/cell/$k.$dev"
		if [ -f "$c" ] && grep -q F "$c"; then s=FAIL
		elif [ -f "$c" ] && grep -q N "$c"; then s=n/a
		elif [ -f "$c" ] && grep -q R "$c"; then s=refused
		else s=ok; fi
		printf ' %-7s' "$s"
	done
	echo
done
echo
