/* OpenCL C twin of macro_calls.il: the two IL macros as functions, in
 * unsigned arithmetic so that overflow wraps as the IL's does. */
static uint m300(uint x, uint y)
{
    return (x - y) * 3u;
}

__kernel void macro_calls(__global int *out, __global const int *in, int n)
{
    int i = get_global_id(0);
    if (i < n) {
        uint a = (uint)in[i];
        uint r2 = m300(a, (uint)i);
        uint r3 = (int)r2 < 0 ? 0u - r2 : r2;
        uint r4 = m300(r2, 5u) ^ 0xffu;
        out[i] = (int)(r2 + 7u * r3 + r4 + a + (uint)i);
    }
}
