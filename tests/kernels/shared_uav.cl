/* OpenCL C twin of shared_uav.il.  In the IL all three pointers live on the
 * single default raw UAV 11 (the AMD compiler could not prove them disjoint),
 * so the translator has to find the argument each address derives from.
 *   out[2i]   = blend3(a[i], b[i + 1], k)
 *   out[2i+1] = a[i] - b[i + 1]          (32-bit wrap-around) */
int blend3(int a, int b, int c)
{
    if (c == 0)
        return a + b;
    return (((a ^ b) & c) | (~a & (b >> 2))) + (int)((uint)a >> 3);
}

__kernel void shared_uav(__global int *out, __global const int *a,
                         __global const int *b, int k)
{
    int i = get_global_id(0);
    int va = a[i];
    int vb = b[i + 1];
    out[2 * i] = blend3(va, vb, k);
    out[2 * i + 1] = va - vb;
}
