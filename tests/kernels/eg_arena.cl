/* OpenCL C twin of eg_arena.il: char and short accesses to global memory
 * as AMD's 2011 compiler for Evergreen makes them (arena UAV 8, whose
 * loads leave the upper bits open: the IL extends them itself), and a
 * write_imagei through an Evergreen typed UAV (dcl_uav).  src is not
 * const: metadata 2:0:74 carries no const qualifier. */
__kernel void eg_arena(__global char *src, __global uchar *dst, __write_only image2d_t img)
{
    size_t i = get_global_id(0);
    __global char *s = src + 8 * i;
    int sb = s[0];
    uint ub = (uchar)s[1];
    int ss = *(__global short *)(s + 2);
    uint us = *(__global ushort *)(s + 4);
    uint w = *(__global uint *)(s + 4);
    __global uchar *d = dst + 16 * i;
    d[0] = (uchar)(sb >> 1);
    d[1] = (uchar)us;
    *(__global short *)(d + 2) = (short)(ss + (int)ub);
    *(__global uint *)(d + 4) = w ^ (uint)sb;
    *(__global int *)(d + 8) = sb + ss;
    *(__global uint *)(d + 12) = us + ub;
    write_imagei(img, (int2)((int)i, 0), (int4)(sb, (int)ub, ss, (int)(us >> 1)));
}
