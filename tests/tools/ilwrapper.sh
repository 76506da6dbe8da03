# ilwrapper.sh - sourced by the kernel generators (tests/tools/gennest.sh,
# tests/bench/genscale.sh): il_kernel_head NAME L0W prints the program head
# of a kernel in AMD's OpenCL compiler style, up to the first two lines of
# its body function 1025:
#   __kernel void NAME(__global const int *in, __global int *out, int n)
# with r65.x = the global id and r66.x = (id < n); l0 is (4, 1, 2, L0W).
il_kernel_head() {
	cat <<HEAD
il_cs_2_0
dcl_cb cb0[15]
dcl_literal l0, 0x00000004, 0x00000001, 0x00000002, ${2}
;\$\$\$\$\$\$\$\$\$\$
endmain
func 1024 ; __OpenCL_${1}_kernel
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
call 1025 ; ${1}
ret
endfunc ; __OpenCL_${1}_kernel
;ARGSTART:__OpenCL_${1}_kernel
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
;ARGEND:__OpenCL_${1}_kernel
func 1025 ; ${1}
	mov r65.x___, r1021.x
	ilt r66.x___, r65.x, r1.z
HEAD
}
