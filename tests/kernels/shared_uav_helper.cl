/* OpenCL C twin of shared_uav_helper.il. */
void put(__global int *p, int i, int v)
{
    p[i] = v;
}

__kernel void shared_uav_helper(__global int *a, __global int *b, int k)
{
    int i = get_global_id(0);
    put(a, i, i ^ k);
    put(b, i, ~(i ^ k));
}
