/* OpenCL C twin of isa_rest.il: the control flow and local-memory atomics
 * no other conformance kernel reached (switch with fall-through and shared
 * case labels, conditional calls and returns, breakc/continuec/
 * continue_logicalnz loops, lds_read_max/umin/umax/or/xor/dec, lds_sub,
 * lds_and), on a 16-value edge table chosen by the global id.
 * Written from OpenCL C 1.2 and amdil.md's rules, not from either
 * emulator: breakc/continuec compare floats (amdil.md 5), lds_read_max is
 * signed and lds_read_umin/umax unsigned, an inc/dec wrap limit L gives
 * (old == 0 || old > L) ? L : old - 1 (amdil.md 8 item 17, D3D11's
 * InterlockedDecrement with a limit; AMD's compiler passes 0xFFFFFFFF for
 * atomic_dec).  Each work-item's atomics in the first phase touch its own
 * four words, so their old values do not depend on the order of the
 * work-items; the second phase's lds_sub and lds_and on shared words are
 * commutative. */
static uint add_then_mix(uint v, uint e)
{
    if (e == 0u)                /* ret_logicalz */
        return v;
    v += e;
    return v ^ 0x5A5A5A5Au;
}

static uint triple_plus_one(uint v)
{
    return v * 3u + 1u;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void isa_rest(__global const int *in, __global uint *out)
{
    __local uint s[256];
    uint g = get_global_id(0), l = get_local_id(0);
    uint x = (uint)in[g];
    uint k = g & 15u, e = 7u;
    switch (k) {
    case 0: e = 0u; break;
    case 1: e = 1u; break;
    case 2: e = 0x80000000u;    /* falls through: 0xFFFFFFFF */
    case 3: e += 0x7FFFFFFFu; break;
    case 4: e = 0x7FFFFFFFu; break;
    case 5: e = 0xFFFFFFFEu; break;
    case 6:
    case 7: e = 26u + k; break; /* 32, 33 */
    case 8: e = 31u; break;
    case 9: e = 0x80000001u; break;
    case 10: e = 0xFFFFu; break;
    case 11: e = 0x10000u; break;
    case 12: e = 0xAAAAAAAAu; break;
    default: e = x; break;
    }

    uint v = x;
    if (x & 1u)                 /* call_logicalnz */
        v = add_then_mix(v, e);
    if (!(x & 1u))              /* call_logicalz */
        v = triple_plus_one(v);

    float fi = 0.0f, fthr = (float)(x & 7u);
    uint i = 0u, cnt = 0u;
    for (;;) {
        if (fi >= 12.0f)        /* breakc_relop(ge) */
            break;
        fi += 1.0f;
        i += 1u;
        if ((e >> i) & 1u)      /* continue_logicalnz */
            continue;
        if (fi < fthr)          /* continuec_relop(lt) */
            continue;
        cnt += 1u;
    }

    __local uint *p = s + 4u * l;
    p[0] = x;
    p[1] = e;
    p[2] = e ^ x;
    p[3] = e;
    uint r0 = (uint)atomic_max((__local int *)&p[0], (int)e);
    uint r1 = atomic_min(&p[1], x);
    uint r2 = atomic_max(&p[2], e);
    uint r3 = atomic_or(&p[0], e);
    uint r4 = atomic_xor(&p[1], 0xA5A5A5A5u);
    uint r5 = atomic_dec(&p[3]);
    atomic_sub(&p[2], x);
    atomic_and(&p[3], x | 0x0F0F0F0Fu);
    uint lim = x & 7u;          /* lds_read_dec with the limit x & 7, twice */
    uint r6 = p[1];
    p[1] = r6 == 0u || r6 > lim ? lim : r6 - 1u;
    uint r7 = p[1];
    p[1] = r7 == 0u || r7 > lim ? lim : r7 - 1u;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_sub(&s[1], l + 1u);
    atomic_and(&s[2], x | ~(1u << (l & 31u)));
    barrier(CLK_LOCAL_MEM_FENCE);

    __global uint *o = out + 16u * g;
    o[0] = e;
    o[1] = v;
    o[2] = cnt;
    o[3] = r0;
    o[4] = r1;
    o[5] = r2;
    o[6] = r3;
    o[7] = r4;
    o[8] = r5;
    o[9] = r6;
    o[10] = r7;
    o[11] = p[0];
    o[12] = p[1];
    o[13] = p[2];
    o[14] = p[3];
    o[15] = x;
}
