/* OpenCL C twin of int64_ops.il (1-D launch, i = get_global_id(0)).
 * a, b = in[2i], in[2i+1]; A = a * K1, B = b * K2; C = A + b, M = min(A, C).
 * 64-bit arithmetic wraps (done on ulong so that C's signed overflow is
 * never reached); shift counts are the low 32 bits masked to 6 bits, as AMD
 * IL's i64shl/i64shr/u64shr take them; a compare gives -1 (true) or 0,
 * the all-ones mask the IL writes to both dwords of a pair. */
#define SHL(x, n) ((long)((ulong)(x) << ((uint)(n) & 63)))
#define ASR(x, n) ((long)(x) >> ((uint)(n) & 63))
#define LSR(x, n) ((long)((ulong)(x) >> ((uint)(n) & 63)))
#define MASK(c) ((c) ? -1L : 0L)

__kernel void int64_ops(__global const long *in, __global long *o1,
                        __global long *o2, __global long *o3)
{
    int i = get_global_id(0);
    long a = in[2 * i];
    long b = in[2 * i + 1];
    long A = (long)((ulong)a * 0x9E3779B97F4A7C15UL);
    long B = (long)((ulong)b * 0xC2B2AE3D27D4EB4FUL);
    long C = (long)((ulong)A + (ulong)b);
    long M = A < C ? A : C;
    long nA = (long)(0UL - (ulong)A);
    __global long *p;

    p = o1 + 16 * i;
    p[0] = A;
    p[1] = B;
    p[2] = (long)((ulong)A + (ulong)B);
    p[3] = (long)((ulong)A - (ulong)B);
    p[4] = nA;
    p[5] = (long)((ulong)A * (ulong)B);
    p[6] = (long)((ulong)a - (ulong)b);
    p[7] = (long)((ulong)A * (ulong)b);
    p[8] = SHL(A, 0);
    p[9] = SHL(A, 31);
    p[10] = SHL(A, 32);
    p[11] = SHL(A, 63);
    p[12] = ASR(A, 0);
    p[13] = ASR(A, 31);
    p[14] = ASR(A, 32);
    p[15] = ASR(A, 63);

    p = o2 + 16 * i;
    p[0] = LSR(A, 0);
    p[1] = LSR(A, 31);
    p[2] = LSR(A, 32);
    p[3] = LSR(A, 63);
    p[4] = SHL(B, b);
    p[5] = ASR(B, a);
    p[6] = LSR(B, a);
    p[7] = LSR(A, a);
    p[8] = A < B ? A : B;
    p[9] = A > B ? A : B;
    p[10] = (ulong)A < (ulong)B ? A : B;
    p[11] = (ulong)A > (ulong)B ? A : B;
    p[12] = C;
    p[13] = M;
    p[14] = (ulong)A > (ulong)C ? A : C;
    p[15] = a > b ? a : b;

    p = o3 + 16 * i;
    p[0] = MASK(A == M);
    p[1] = MASK(A != M);
    p[2] = MASK(A < C);
    p[3] = MASK(A >= C);
    p[4] = MASK((ulong)A < (ulong)C);
    p[5] = MASK((ulong)A >= (ulong)C);
    p[6] = MASK(A < B);
    p[7] = MASK((ulong)A < (ulong)B);
    p[8] = MASK(a >= b);
    p[9] = MASK((ulong)a >= (ulong)b);
    p[10] = MASK(a == a);
    p[11] = MASK(A != B);
    p[12] = MASK(nA < A);
    p[13] = MASK((ulong)B >= (ulong)nA);
    p[14] = ASR(A, b);
    p[15] = ASR(B, b);
}
