/* struct_uav.cl - the OpenCL C twin of struct_uav.il: the IL reads and
 * writes its buffers as structures of 12 (in) and 20 (out) bytes with
 * uav_struct_load/store; here the same dwords through int pointers. */
__kernel void struct_uav(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    uint nbytes = (uint)(get_global_size(0) + get_global_offset(0)) * 64u;
    uint last_in = nbytes / 12u - 1u, last_out = nbytes / 20u - 1u;
    int a0 = in[3 * i], a1 = in[3 * i + 1], a2 = in[3 * i + 2];
    int bx = a0, by = 7, bz = a2, bw = 0;
    int cy = in[3 * last_in + 2];
    int dw = in[3];
    out[5 * i] = a0 + cy;
    out[5 * i + 1] = a1 ^ dw;
    out[5 * i + 2] = a2 - bx;
    out[5 * i + 3] = bz + bw + by;
    out[5 * i + 4] = 3 * i + 1;
    if (i == (int)get_global_offset(0)) {
        out[5 * last_out + 2] = cy;
        out[5 * last_out + 3] = dw;
    }
}
