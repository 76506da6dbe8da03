/* OpenCL C twin of printf_items.il: same arguments, same printfs.  The IL's
 * format says %v4d, which AMD's compiler and runtime took; OpenCL C 1.2
 * (section 6.12.13.2) requires the length modifier hl for an int vector, so
 * the twin says %v4hld (pocl refuses %v4d: "printf format string error"). */
__kernel void printf_items(__global int *out, int n)
{
    int i = get_global_id(0);
    if (i < n) {
        out[i] = 3 * i;
        printf("item %d of %d: %f\n", i, n, i * 0.5f);
        printf("v=%v4hld l=%ld c=%c s=%s\n", (int4)(i, i + 1, i + 2, i + 3), (long)i, 'A', "ok");
    }
}
