#!/bin/sh
# make-1mb-line.sh - regenerates lex-1mb-line.il (a 1 MiB line of blanks and
# tabs before a stray '@'; the column of the '@' is 1048604).
# Usage: sh make-1mb-line.sh > lex-1mb-line.il
printf '%s' '; lex-1mb-line.il - malformed: a 1 MiB line (blanks and tabs) ending in a stray '\''@'\''
il_cs_2_0
dcl_cb cb0[15] ; Constant buffer that holds ABI data
dcl_literal l0, 0x00000004, 0x00000001, 0x00000002, 0x00000003
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_k_kernel
dcl_raw_uav_id(12)
dcl_cb cb1[2]
mov r1.x___, cb1[0].x
mov r1._y__, cb1[1].x
call 1025 ; k
ret
endfunc ; __OpenCL_k_kernel
;ARGSTART:__OpenCL_k_kernel
;version:3:1:111
;device:tahiti
;uniqueid:1024
;memory:uavprivate:0
;pointer:out:i32:1:1:0:uav:12:4:RW:0:0
;value:n:i32:1:1:16
;function:1:1025
;uavid:11
;printfid:9
;cbid:10
;privateid:8
;reflection:0:int*
;reflection:1:int
;ARGEND:__OpenCL_k_kernel
func 1025 ; k
	mov r65.x___, r1.y
	iadd r66.x___, r65.x, l0.y'
awk 'BEGIN { for (i = 0; i < 524288; i++) printf " \t" }'
printf '%s' '@
	uav_raw_store_id(12) mem0.x___, r1.x, r66.x
	ret_dyn
ret
endfunc ; k
;ARGSTART:k
;uniqueid:1025
;ARGEND:k
end
'
