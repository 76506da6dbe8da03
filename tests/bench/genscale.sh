#!/bin/sh
# genscale.sh FACTOR - one kernel in the style of AMD's OpenCL compiler whose
# body is FACTOR copies of a 10-instruction integer block, for the size
# series of make bench (cost against kernel size, docs/BENCHMARKS.md).
#   __kernel void scale(__global const int *in, __global int *out, int n)
#   out[i] = h(in[i]) for i < n, h the block applied FACTOR times
# Every block reads the previous one's result, so no copy is dead code.
[ $# -eq 1 ] && [ "$1" -ge 1 ] 2>/dev/null || { echo "usage: genscale.sh FACTOR" >&2; exit 2; }
cat <<'HEAD'
il_cs_2_0
dcl_cb cb0[15]
dcl_literal l0, 0x00000004, 0x00000001, 0x00000002, 0x9E3779B9
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_scale_kernel
dcl_raw_uav_id(12)
dcl_raw_uav_id(13)
mov r1022.xyz0, vTidInGrp0.xyz
mov r1023.xyz0, vThreadGrpId0.xyz
imad r1021.xyz0, r1023.xyzz, cb0[1].xyzz, r1022.xyzz
iadd r1021.xyz0, r1021.xyz0, cb0[6].xyz0
dcl_cb cb1[3]
mov r1.x___, cb1[0].x
mov r1._y__, cb1[1].x
mov r1.__z_, cb1[2].x
call 1025 ; scale
ret
endfunc ; __OpenCL_scale_kernel
;ARGSTART:__OpenCL_scale_kernel
;version:3:1:111
;device:tahiti
;uniqueid:1024
;memory:uavprivate:0
;memory:hwlocal:0
;memory:hwregion:0
;pointer:in:i32:1:1:0:uav:12:4:RO:0:0
;pointer:out:i32:1:1:16:uav:13:4:RW:0:0
;value:n:i32:1:1:32
;function:1:1025
;uavid:11
;privateid:8
;reflection:0:int*
;reflection:1:int*
;reflection:2:int
;ARGEND:__OpenCL_scale_kernel
func 1025 ; scale
	mov r65.x___, r1021.x
	ilt r66.x___, r65.x, r1.z
if_logicalnz r66.x
ishl r65.x___, r65.x, l0.z
iadd r67.x___, r1.x, r65.x
uav_raw_load_id(12) r67.x___, r67.x
HEAD
awk -v n="$1" 'BEGIN {
	for (i = 0; i < n; i++) {
		print "imul r68.x___, r67.x, l0.w";
		print "ushr r69.x___, r68.x, l0.x";
		print "ixor r67.x___, r68.x, r69.x";
		print "iadd r68.x___, r67.x, l0.y";
		print "ishl r69.x___, r68.x, l0.z";
		print "ior r68.x___, r69.x, r67.x";
		print "iand r69.x___, r68.x, r1.z";
		print "inegate r68.x___, r69.x";
		print "umin r69.x___, r68.x, r67.x";
		print "iadd r67.x___, r69.x, r68.x";
	}
}'
cat <<'TAIL'
iadd r65.x___, r1.y, r65.x
uav_raw_store_id(13) mem0.x___, r65.x, r67.x
endif
	ret_dyn
ret
endfunc ; scale
end
TAIL
