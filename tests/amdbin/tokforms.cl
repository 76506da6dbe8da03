// tokforms.cl - the OpenCL C twin of tokforms.tok / tokforms.il: the
// binary forms GRVK's decoder and AMD's IL enumeration give and AMD-APP
// 2.5's samples did not show (switch with case and default, an indexed
// temporary array read with a register index, a raw UAV, returning and
// plain UAV atomics, LDS atomics, a macro called with mcall).  Every atomic either hits a word only
// its work-item touches or is commutative, so the result does not depend
// on the order.
__kernel void tokforms(__global const uint *in, __global uint *out, __global uint *acc)
{
	__local uint cnt[4];
	size_t i = get_global_id(0);
	uint l = get_local_id(0);
	uint v = in[i];
	uint t[4];
	uint r;
	t[0] = v;
	t[1] = v * 3u;
	t[2] = v ^ 0x55u;
	t[3] = ~v;
	switch ((int)(v & 3u)) {
	case 0: r = t[(v >> 2) & 3u]; break;
	case -1: r = 1u; break;
	case 2: r = v + 7u; break;
	default: r = 0xABu; break;
	}
	if (l < 4u)
		cnt[l] = 0u;
	barrier(CLK_LOCAL_MEM_FENCE);
	atomic_add(&cnt[v & 1u], 1u);
	atomic_max(&cnt[2u + ((v & 3u) & 1u)], v);
	barrier(CLK_LOCAL_MEM_FENCE);
	uint old = atomic_add(&acc[i + 8u], v);
	uint old2 = atomic_cmpxchg(&acc[i + 8u], v, old);
	atomic_add(&acc[v & 3u], v);
	atomic_xor(&acc[4u + (v & 3u)], ~v);
	out[i] = (r + old + old2 + cnt[l & 3u]) * v;
}
