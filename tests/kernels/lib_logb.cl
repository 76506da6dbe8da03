/* OpenCL C twin of lib_logb.il: ilogb and logb (AMD's library macros 251
 * and 285) on an edge table (zeros, the smallest and largest denormals,
 * the smallest normal, 1, -0.5, the largest float, infinities, NaNs with
 * payloads) and on buffer words taken as float bits (small integers are
 * denormals, negative ones NaNs) and with their exponents forced into the
 * normal range.  ilogb of 0 and of a NaN is AMD's FP_ILOGB0, INT_MIN, as
 * its library computes it (C99 and OpenCL let an implementation choose
 * FP_ILOGB0 and FP_ILOGBNAN; pocl's FP_ILOGBNAN differs): written out here.
 * logb of a NaN is the NaN itself. */
static int il(uint u)
{
    float f = as_float(u);
    return isnan(f) || (u & 0x7FFFFFFFu) == 0u ? INT_MIN : ilogb(f);
}

static uint lb(uint u)
{
    float f = as_float(u);
    return isnan(f) ? u : as_uint(logb(f));
}

static uint shaped(uint u) { return (u & 0x807FFFFFu) | ((100u + ((u >> 23) & 63u)) << 23); }

__kernel void lib_logb(__global const uint *in, __global int *o)
{
    const uint E[16] = {0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x00400000u,
                        0x00800000u, 0x3F800000u, 0xBF000000u, 0x7F7FFFFFu, 0x7F800000u,
                        0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x4B000001u, 0x00000003u,
                        0x7F800001u};
    uint i = get_global_id(0);
    uint e = E[i % 16u], x = in[16 * i], s = shaped(in[16 * i + 1]), t = in[16 * i + 2] ^ 0x80000000u;
    __global int *q = o + 8 * i;
    q[0] = il(e); q[1] = (int)lb(e); q[2] = il(x); q[3] = (int)lb(x);
    q[4] = il(s); q[5] = (int)lb(s); q[6] = il(t); q[7] = (int)lb(t);
}
