#!/bin/sh
# genscale.sh FACTOR - one kernel in the style of AMD's OpenCL compiler whose
# body is FACTOR copies of a 10-instruction integer block, for the size
# series of make bench (cost against kernel size, docs/BENCHMARKS.md).
#   __kernel void scale(__global const int *in, __global int *out, int n)
#   out[i] = h(in[i]) for i < n, h the block applied FACTOR times
# Every block reads the previous one's result, so no copy is dead code.
[ $# -eq 1 ] && [ "$1" -ge 1 ] 2>/dev/null || { echo "usage: genscale.sh FACTOR" >&2; exit 2; }
. "$(dirname "$0")/../tools/ilwrapper.sh"
il_kernel_head scale 0x9E3779B9
cat <<'HEAD'
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
