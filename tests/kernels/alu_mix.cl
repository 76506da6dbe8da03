/* OpenCL C twin of alu_mix.il (1-D launch, i = get_global_id(0)).
 * a, b, c = in[3i], in[3i+1], in[3i+2]
 * t = (uint)a halved while t >= lim, at most 8 times (steps = halvings)
 * iout[4i..4i+3] = { min(a,b) ^ -c, max((uint)a,(uint)b) * 3,
 *                    ((uint)b < lim && a != b) ? steps : t, (uint)|fa - fb| }
 * fout[3i..3i+2] = { fa - fb, fa != fb ? 1.0f : -1.0f, (float)c * 0.5f }
 * with fa = (float)(uint)b, fb = (float)a.
 * The IL's ftou saturates (out-of-range values give 0 or 0xFFFFFFFF, NaN 0),
 * which in OpenCL C is convert_uint_sat (rounding toward zero, section
 * 6.2.3.3); a plain (uint) cast of a float beyond 2^32, which a negative b
 * of the generated data gives, is undefined (section 6.2.3.3 / C99 6.3.1.4). */
__kernel void alu_mix(__global const int *in, __global int *iout,
                      __global float *fout, uint lim)
{
    int i = get_global_id(0);
    int a = in[3 * i];
    int b = in[3 * i + 1];
    int c = in[3 * i + 2];

    uint t = (uint)a;
    int steps = 0;
    while (1) {
        if (!(t >= lim))
            break;
        t = t >> 1;
        steps = steps + 1;
        if (steps == 8)
            break;
    }

    float fa = (float)(uint)b;
    float fb = (float)a;
    float d = fa - fb;
    uint u;
    if (!(d >= 0.0f))
        u = convert_uint_sat(fb - fa);
    else
        u = convert_uint_sat(d);

    iout[4 * i + 0] = min(a, b) ^ (-c);
    iout[4 * i + 1] = (int)(max((uint)a, (uint)b) * 3u);
    iout[4 * i + 2] = ((uint)b < lim && a != b) ? steps : (int)t;
    iout[4 * i + 3] = (int)u;
    fout[3 * i + 0] = d;
    fout[3 * i + 1] = (fa != fb) ? 1.0f : -1.0f;
    fout[3 * i + 2] = (float)c * 0.5f;
}
