/* OpenCL C twin of counters.il: the AtomicCounters sample's counter test
 * (cl_ext_atomic_counters_32), with the counters' returned values kept.
 * A counter32_t argument becomes, on Level Zero and here, a buffer whose
 * first dword is the counter.  The IL's consume returns the decremented
 * value and adds 1 (AMD's atomic_dec(counter)); atomic_dec here returns
 * the old value, the same number.  The returned values are summed and
 * xor-ed with atomics, so the results do not depend on the order in which
 * work-items reach the counters. */
__kernel void counters(__global const uint *input, uint value, volatile __global uint *up,
                       volatile __global uint *down, __global uint *sums)
{
    size_t g = get_global_id(0);
    if ((input[g] & 3u) == (value & 3u)) {
        uint o = atomic_inc(up);
        atomic_add(&sums[0], o);
        atomic_xor(&sums[1], o);
    } else {
        uint o = atomic_dec(down);
        atomic_add(&sums[2], o);
        atomic_xor(&sums[3], o);
    }
}
