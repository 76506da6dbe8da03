/* OpenCL C twin of loop_sum.il: one work-item per row r = get_global_id(0).
 * Walks the first n elements v = m[r*stride + j] of row r, skipping v == 0.0f:
 *   sums[2r]    = clamp(sum v, -65536.0f, 65536.0f)   (sum in index order)
 *   sums[2r+1]  = sum v * ((float)j + 1.0f)
 *   stats[2r]   = max (int)v   (INT_MIN when no element was counted)
 *   stats[2r+1] = number of elements with v < 0.0f */
__kernel void loop_sum(__global const float *m, __global float *sums,
                       __global int *stats, int n, int stride)
{
    int r = get_global_id(0);
    float s = 0.0f;
    float w = 0.0f;
    int best = INT_MIN;
    int neg = 0;
    int j = 0;
    while (1) {
        if (j >= n)
            break;
        float v = m[r * stride + j];
        float fj = (float)j;
        j = j + 1;
        if (v == 0.0f)
            continue;
        s = s + v;
        w = w + v * (fj + 1.0f);
        best = max(best, (int)v);
        neg += (v < 0.0f) ? 1 : 0;
    }
    s = fmin(fmax(s, -65536.0f), 65536.0f);
    sums[2 * r] = s;
    sums[2 * r + 1] = w;
    stats[2 * r] = best;
    stats[2 * r + 1] = neg;
}
