# run-devices.sh - sourced by run-all.sh (uses its ok/ko/sk, SRC, WORK,
# TRANSLATE, OCLOC, ZESECT): every test kernel on every device of
# data/platforms.xml (as `translate -device list` reads it) at every SIMD
# width the device runs: translated and finalized, its zebin accepted by
# ocloc validate, and both emulated runtimes agreeing (--conform).  tgllp's
# cells come from run-all.sh's own e2e and conformance runs.  A kernel may be
# refused on a device only as tests/kernels/refused.txt says ("device kernel
# diagnostic text"), with that diagnostic.  A device the table lists as not
# supported is refused (its cells n/a).  pvc runs with LSC messages (its
# default); dg2 also with --messages lsc at SIMD16 and 32 (GenX_IR 1.0.12504
# crashes on some SIMD8 DG2 LSC kernels, see docs/design.md).  ocloc 22.43's
# validate assumes 32-byte GRFs (it rejects IGC's own pvc zebins the same
# way): at pvc SIMD16 its one accepted complaint is the local_id size,
# 3 x 64 bytes.  Ends with the kernel x device matrix: ok, refused (as
# expected), n/a or FAIL.

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

# ocloc validate accepts the zebin; on pvc SIMD16 its only complaint may be
# that 32-byte GRFs would give 96 local-id bytes, not 3 x 64
validate_ok() {
	"$OCLOC" validate -file "$1" >"$4" 2>&1
	grep -q 'Binary is VALID' "$4" && return 0
	[ "$2" = pvc ] && [ "$3" = 16 ] || return 1
	verrs=$(sed -n '/Validator detected errors/,/^$/p' "$4" | grep -v 'Validator detected errors' | grep -v '^$')
	[ -n "$verrs" ] && ! printf '%s\n' "$verrs" |
		grep -v -x "DeviceBinaryFormat::Zebin : Invalid size for argument of type local_id in context of : [a-z_0-9]*. For simd=16 expected : 32 or 64 or 96. Got : 192 " >/dev/null
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
		"$TRANSLATE" -device "$dev" -simd "$simd" --emit zebin,visaasm -o "$out" "$SRC"/tests/kernels/*.il >"$out/log" 2>&1
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
			if [ -n "$OCLOC" ] && ! validate_ok "$bin" "$dev" "$simd" "$out/$k.validate"; then
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
		pvc) [ -n "$pskip" ] && [ "$pskip" -gt 0 ] && [ $((pskip % 8)) -eq 0 ] && [ -z "$inl" ] ;;
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
		# pvc samples in software: its image kernels also on three launch
		# shapes, whose images take the channel orders CL_R, CL_RG and
		# CL_RGBA in turn (border colours without alpha, missing channels)
		if [ "$dev" = pvc ]; then
			set --
			for k in $kernels; do
				case $k in image_*) [ -n "$(refusal "$dev" "$k")" ] || set -- "$@" "$SRC/tests/kernels/$k.il" ;; esac
			done
			set -- "$@" "$SRC"/tests/conform/regressions/image-*.il
			"$TRANSLATE" --conform --quiet --no-pocl --shapes 3 -device "$dev" -simd "$simd" -o "$out/shp" "$@" \
				>"$out/shp.log" 2>&1
			if [ $? -eq 0 ]; then
				ok "$dev simd$simd: conformance, $# image programs agree on three launch shapes (CL_R, CL_RG, CL_RGBA images)"
			else
				ko "$dev simd$simd: conformance, image programs on three launch shapes" \
					"$(grep -A3 'DISAGREE\|NOT RUN\|error:' "$out/shp.log" | head -30)"
			fi
		fi
		# doubles: native df arithmetic exactly where the platform table
		# gives an fp64 ALU (GenX_IR would silently emit DF instructions
		# for the others, intel-target.md 0), and bit-exact either way
		fp64=$(awk -v d="$dev" '/<platform / { p = 0 } /name="/ && $0 ~ "name=\"" d "\"" { p = 1 }
			p && /fp64="/ { sub(/.*fp64="/, ""); sub(/".*/, ""); print; exit }' "$SRC/data/platforms.xml")
		ndf=$(cat "$out"/*.visaasm | grep -c 'type=df')
		if { [ "$fp64" = 1 ] && grep -q '^ *divm ' "$out/fp64_ops.visaasm" && [ "$ndf" -gt 0 ]; } ||
		   { [ "$fp64" = 0 ] && [ "$ndf" = 0 ]; }; then
			ok "$dev simd$simd: fp64=$fp64 in data/platforms.xml, $ndf df variables in the test kernels' vISA"
		else
			ko "$dev simd$simd: df variables only where data/platforms.xml gives fp64 ($fp64)" "$ndf df declarations"
		fi
		for rc_ in fp64_edge:fp64ref:${FP64REF:-} trig_preop:trigref:${TRIGREF:-}; do
			rk=${rc_%%:*} rt=${rc_##*:}
			[ -n "$rt" ] || continue
			if "$rt" "$out/conf/$rk" >"$out/$rk.ref.log" 2>&1; then
				ok "$dev simd$simd: $rk: $(tail -n 1 "$out/$rk.ref.log")"
			else
				ko "$dev simd$simd: $rk equals its independent reference on both runtimes" "$(head -20 "$out/$rk.ref.log")"
			fi
		done
	done
done

# tgllp's cells: run-all.sh's e2e (translate, validate, simd_size) and conformance
for k in $kernels; do
	for simd in 8 16 32; do
		[ -s "$WORK/e2e/$k-$simd/${k}_tgllp.bin" ] || mark "$k" tgllp F
		grep -q "/$k.il: .*\(DISAGREE\|NOT RUN\)" "$WORK/conf/$simd/log" 2>/dev/null && mark "$k" tgllp F
	done
done

# pvc: only LSC messages in its vISA (no legacy dataport there), every LSC
# form the lowering writes appears in the corpus; dg2 with --messages lsc
# (the path pvc takes) on its own payload at SIMD16 and 32, translated,
# validated and conforming
for simd in 16 32; do
	legacy=$(cat "$WORK/dev/pvc-$simd"/*.visaasm 2>/dev/null | grep -c -E '^ *(\([^)]*\) )?(svm_|gather4_scaled|gather_scaled|scatter4_scaled|scatter_scaled|dword_atomic|fence_)')
	forms=$(cat "$WORK/dev/pvc-$simd"/*.visaasm 2>/dev/null | grep -o -E 'lsc_[a-z_]+\.[a-z.]+' | sort -u | tr '\n' ' ')
	if [ "$legacy" = 0 ] && [ -n "$forms" ]; then
		ok "pvc simd$simd: LSC messages only ($forms)"
	else
		ko "pvc simd$simd: LSC messages only" "$legacy legacy messages; LSC forms: $forms"
	fi
	out="$WORK/dev/dg2-lsc-$simd"
	mkdir -p "$out"
	set --
	# (not the kernels pvc refuses for an LSC form not lowered yet: the same
	# refusal holds on dg2 with --messages lsc)
	for k in $kernels; do
		[ -n "$(refusal dg2 "$k")" ] && continue
		case $(refusal pvc "$k") in *"in LSC form"*"not lowered"*) continue ;; esac
		set -- "$@" "$SRC/tests/kernels/$k.il"
	done
	"$TRANSLATE" --messages lsc -device dg2 -simd "$simd" --emit zebin,visaasm -o "$out" "$@" >"$out/log" 2>&1
	nbin=$(ls "$out"/*.bin 2>/dev/null | wc -l)
	nlsc=$(cat "$out"/*.visaasm | grep -c -E 'lsc_')
	nleg=$(cat "$out"/*.visaasm | grep -c -E '^ *(\([^)]*\) )?(svm_|gather4_scaled|gather_scaled|scatter4_scaled|scatter_scaled|dword_atomic|fence_)')
	bad=""
	for b in "$out"/*.bin; do
		[ -z "$OCLOC" ] || validate_ok "$b" dg2 "$simd" "$out/validate" || bad="$bad $(basename "$b")"
	done
	if [ "$nbin" -eq $# ] && [ "$nlsc" -gt 0 ] && [ "$nleg" = 0 ] && [ -z "$bad" ]; then
		ok "dg2 simd$simd --messages lsc: $nbin programs translate with LSC messages only$([ -n "$OCLOC" ] && echo ', ocloc validate accepts them')"
	else
		ko "dg2 simd$simd --messages lsc: every program translates with LSC messages and validates" \
			"$nbin of $# zebins, $nlsc LSC and $nleg legacy messages, invalid:$bad
$(grep ': error: ' "$out/log" | head -5)"
	fi
	"$TRANSLATE" --conform --quiet --no-pocl --messages lsc -device dg2 -simd "$simd" -o "$out/conf" "$@" >"$out/conf.log" 2>&1
	if [ $? -eq 0 ]; then
		ok "dg2 simd$simd --messages lsc: conformance, $# programs agree on both runtimes"
	else
		ko "dg2 simd$simd --messages lsc: conformance" "$(grep -A3 'DISAGREE\|NOT RUN\|error:' "$out/conf.log" | head -30)"
	fi
done
if "$TRANSLATE" --messages legacy -device pvc "$SRC/tests/kernels/saxpy.il" 2>"$WORK/dev/pvcleg.err"; then
	ko "devices: pvc refuses --messages legacy"
elif grep -q "messages legacy: device 'pvc' (Ponte Vecchio (Xe-HPC)) has no legacy dataport messages (devices that have them: tgllp, skl, icllp, dg1, dg2, mtl)" "$WORK/dev/pvcleg.err"; then
	ok "devices: pvc refuses --messages legacy, naming the devices that have it"
else
	ko "devices: pvc refuses --messages legacy" "$(cat "$WORK/dev/pvcleg.err")"
fi

# the devices' table is honoured: a width a device lacks is refused
if "$TRANSLATE" -device pvc -simd 8 "$SRC/tests/kernels/saxpy.il" 2>"$WORK/dev/pvc8.err"; then
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
