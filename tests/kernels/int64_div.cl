/* OpenCL C twin of int64_div.il (1-D launch, i = get_global_id(0)), written
 * from the rules: C division on ulong/long, except where OpenCL C leaves the
 * result undefined: by 0 the unsigned quotient and remainder are all ones
 * (the 32-bit udiv/umod rule, amdil.md 4.1), the signed ones divide the
 * magnitudes and restore the signs (amdil.md 4.10), which gives -1 for a
 * dividend >= 0 and 1 for a negative one, and INT64_MIN / -1 = INT64_MIN,
 * INT64_MIN % -1 = 0.  vmad: the full 64-bit product of two 32-bit values
 * plus a 64-bit addend, modulo 2^64. */
__constant ulong T[16] = {
    0UL, 1UL, 0xFFFFFFFFFFFFFFFFUL, 0x8000000000000000UL, 0x7FFFFFFFFFFFFFFFUL, 0x100000000UL,
    0xFFFFFFFFUL, 0x100000001UL, 0x80000000UL, 0xFFFFFFFFFFFFFFFEUL, 3UL, 7UL,
    0xFFFFFFFFFFFFFFF9UL, 0x123456789ABCDEF0UL, 0xFFFFFFFF00000000UL, 0x8000000000000001UL};

static ulong udv(ulong a, ulong b) { return b ? a / b : ~0UL; }
static ulong umd(ulong a, ulong b) { return b ? a % b : ~0UL; }
static ulong mag(ulong a) { return (long)a < 0 ? 0UL - a : a; }
static ulong sdv(ulong a, ulong b)
{
    ulong q = udv(mag(a), mag(b));
    return ((long)a < 0) != ((long)b < 0) ? 0UL - q : q;
}
static ulong smd(ulong a, ulong b)
{
    ulong r = umd(mag(a), mag(b));
    return (long)a < 0 ? 0UL - r : r;
}

__kernel void int64_div(__global long *o0)
{
    uint i = get_global_id(0);
    ulong a = T[i & 15], b = T[(i >> 4) & 15], c = T[(7 * i + 3) & 15];
    __global long *p = o0 + 14 * i;
    p[0] = (long)udv(a, b);
    p[1] = (long)udv(b, a);
    p[2] = (long)umd(a, b);
    p[3] = (long)umd(b, a);
    p[4] = (long)sdv(a, b);
    p[5] = (long)sdv(b, a);
    p[6] = (long)smd(a, b);
    p[7] = (long)smd(b, a);
    p[8] = (long)((ulong)(uint)a * (ulong)(uint)b + c);
    p[9] = (long)((ulong)((long)(int)(uint)a * (long)(int)(uint)b) + c);
    p[10] = (long)((ulong)(uint)(a >> 32) * (ulong)(uint)(b >> 32) + c);
    p[11] = (long)((ulong)((long)(int)(uint)(b >> 32) * (long)(int)(uint)(b >> 32)) + a);
    p[12] = (long)c;
    p[13] = (long)smd(c, b);
}
