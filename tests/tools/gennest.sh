#!/bin/sh
# gennest.sh KIND DEPTH - a kernel whose store sits under DEPTH nested blocks
# of KIND (if, loop or switch), for the hard-limit tests and the nesting
# benchmark: out[i] = in[i] for i < n, every block entered exactly once.
kind=$1 depth=$2
. "$(dirname "$0")/ilwrapper.sh"
il_kernel_head nest 0x00000003
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
