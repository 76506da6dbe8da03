#!/bin/sh
# gennest.sh KIND DEPTH - a kernel whose store sits under DEPTH nested blocks
# of KIND (if, loop or switch), for the hard-limit tests and the nesting
# benchmark: out[i] = in[i] for i < n, every block entered exactly once.
kind=$1 depth=$2
cat <<'HEAD'
il_cs_2_0
dcl_cb cb0[15]
dcl_literal l0, 0x00000004, 0x00000001, 0x00000002, 0x00000003
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_nest_kernel
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
call 1025 ; nest
ret
endfunc ; __OpenCL_nest_kernel
;ARGSTART:__OpenCL_nest_kernel
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
;ARGEND:__OpenCL_nest_kernel
func 1025 ; nest
	mov r65.x___, r1021.x
	ilt r66.x___, r65.x, r1.z
HEAD
awk -v k="$kind" -v n="$depth" 'BEGIN {
	for (i = 0; i < n; i++)
		if (k == "if") print "if_logicalnz r66.x";
		else if (k == "loop") print "whileloop\nbreak_logicalz r66.x";
		else print "switch r66.x\ncase 4294967295";
	print "ishl r65.x___, r65.x, l0.z";
	print "iadd r67.x___, r1.x, r65.x";
	print "uav_raw_load_id(12) r67.x___, r67.x";
	print "iadd r65.x___, r1.y, r65.x";
	print "uav_raw_store_id(13) mem0.x___, r65.x, r67.x";
	print "mov r66.x___, l0.0000";
	for (i = 0; i < n; i++)
		if (k == "if") print "endif";
		else if (k == "loop") print "break\nendloop";
		else print "break\nendswitch";
}'
cat <<'TAIL'
	ret_dyn
ret
endfunc ; nest
end
TAIL
