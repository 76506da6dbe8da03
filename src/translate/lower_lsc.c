/* lower_lsc.c - memory messages in LSC form (Xe-HPC's load/store cache;
 * PVC has no other dataport, DG2/MTL have both): the lowering of
 * lower_mem.c and printf.c computes addresses and data as for the legacy
 * messages and calls these emitters instead when L.lsc is set
 * (TranslateOptions.messages, default from data/platforms.xml: LSC when
 * the device has no legacy dataport).
 *
 * Forms (each accepted by GenX_IR -platform PVCXT and DG2; message shapes
 * as IGC 1.0.12504 emits them for the OpenCL C twins on pvc):
 *   global   lsc_load.ugm  (Mk,16) D:d32xN  flat[A]:a64
 *            lsc_store.ugm (Mk,16) flat[A+off]:a64 D:d32xN
 *            d8c32 / d16c32 for bytes and shorts (one per lane, in the low
 *            bits of the lane's dword; loads zero-extend)
 *   SLM      the same on .slm with flat[O]:a32 byte offsets
 *   scratch  lsc_load.ugm / lsc_store.ugm.wb.wb on ss(S)[O]:a32, S = r0.5 >> 4
 *            (the thread's scratch surface state), O counted from the
 *            thread's scratch start (IGC's private memory on pvc)
 *   atomics  lsc_atomic_<op>.<ugm|slm> (Mk,16) OLD:d32 (d64) A SRC1 SRC2, OLD %null
 *            when unused; icas takes the compare value in SRC1 and the value
 *            stored in SRC2 (the reverse of svm_atomic.cmpxchg)
 *   fences   lsc_fence.slm.none.group, lsc_fence.ugm.invalidate.gpu (IGC's
 *            barrier(CLK_LOCAL_MEM_FENCE) / mem_fence(CLK_GLOBAL_MEM_FENCE))
 * Messages go per 16-lane chunk like every other instruction (GenX_IR
 * needs 32 address elements for a 32-lane a64 message; (M5,16) halves are
 * accepted), so every payload starts on a GRF.
 */
#include <string.h>

#include "lowerint.h"

int lsc_choose(const TranslateOptions *o)
{
	if (o->messages == MSG_LSC)
		return 1;
	if (o->messages == MSG_LEGACY)
		return 0;
	return o->plat->lsc && !o->plat->legacy_dataport;
}

static const char *dtype(int bytes, int n)
{
	static const char *const d32[5] = {"", "d32", "d32x2", "d32x3", "d32x4"};
	if (bytes == 1)
		return "d8c32";
	if (bytes == 2)
		return "d16c32";
	return d32[n];
}

static const char *sfid(LscMem m)
{
	return m == LSC_SLM ? "slm" : "ugm";
}

/* the address operand of memory m: A64 flat, SLM a32 flat, scratch ss() */
static VOpnd addr_opnd(L *l, LscMem m, VDecl *a, int off, int64_t imm)
{
	if (m == LSC_UGM)
		return vo_lsc_addr(a, off, imm, "a64", NULL);
	return vo_lsc_addr(a, off, imm, "a32", m == LSC_SCRATCH ? l->scratch_ss : NULL);
}

/* bytes (1, 2: one per lane; 4: n dwords per lane) of chunk h between
 * memory m at the lanes' addresses (+ imm) and data.doff */
void lsc_move(L *l, LscMem m, int store, int h, VDecl *addr, int aoff, int64_t imm, int bytes, int n,
              VDecl *data, int doff)
{
	char op[40];
	VInst *in;
	snprintf(op, sizeof op, "lsc_%s.%s%s", store ? "store" : "load", sfid(m),
	         store && m == LSC_SCRATCH ? ".wb.wb" : "");
	in = emit_chunk(l, intern(op), h);
	if (store) {
		in->ops[0] = addr_opnd(l, m, addr, aoff, imm);
		in->ops[1] = vo_lsc_data(data, doff, dtype(bytes, n));
	} else {
		in->ops[0] = vo_lsc_data(data, doff, dtype(bytes, n));
		in->ops[1] = addr_opnd(l, m, addr, aoff, imm);
	}
	in->nops = 2;
}

/* legacy atomic operation names (svm_atomic / dword_atomic) -> LSC */
static const char *atomic_name(const char *vop)
{
	static const char *const map[][2] = {
		{"add", "iadd"}, {"sub", "isub"}, {"minsint", "smin"}, {"maxsint", "smax"},
		{"min", "umin"}, {"max", "umax"}, {"and", "and"}, {"or", "or"}, {"xor", "xor"},
		{"xchg", "store"}, {"inc", "iinc"}, {"dec", "idec"}, {"cmpxchg", "icas"},
	};
	size_t i;
	for (i = 0; i < NELEM(map); i++)
		if (!strcmp(map[i][0], vop))
			return map[i][1];
	die("no LSC atomic for '%s'", vop);
	return NULL;
}

/* dst = old, mem = vop(mem, s0, s1) on the lanes of chunk h, operands in
 * the legacy roles (cmpxchg: s0 stored where mem equals s1), %null raw
 * operands where unused; dtype "d32", or "d64" for the 64-bit UAV atomics
 * (IGC 1.0.12504 on pvc for OpenCL's atom_* on longs:
 * lsc_atomic_iadd.ugm (M1, 32) V:d64 flat[A]:a64 S %null) */
void lsc_atomic(L *l, int global, VDecl *addr, int h, const char *vop, VOpnd dst, VOpnd s0, VOpnd s1,
                const char *dtype)
{
	char op[48];
	VInst *in;
	snprintf(op, sizeof op, "lsc_atomic_%s.%s", atomic_name(vop), global ? "ugm" : "slm");
	in = emit_chunk(l, intern(op), h);
	in->ops[0] = vo_lsc_data(dst.var, dst.off, dtype);
	in->ops[1] = addr_opnd(l, global ? LSC_UGM : LSC_SLM, addr, 0, 0);
	if (!strcmp(vop, "cmpxchg")) {
		in->ops[2] = s1; /* compare */
		in->ops[3] = s0; /* new value */
	} else {
		in->ops[2] = s0;
		in->ops[3] = s1;
	}
	in->nops = 4;
}

void lsc_fence(L *l, int slm)
{
	vk_emit(l->vk, slm ? "lsc_fence.slm.none.group" : "lsc_fence.ugm.invalidate.gpu", 0, 0);
}

/* the thread's scratch surface state: S = r0.5 >> 4 (L.scratch_ss is
 * declared by private_memory, before the body is lowered) */
void lsc_scratch_prologue(L *l)
{
	VInst *in;
	in = vk_emit(l->vk, "shr", 1, 1);
	in->nomask = 1;
	in->ops[0] = vo_dst(l->scratch_ss, 0);
	in->ops[1] = vo_scalar(vk_alias(l->vk, vk_predefined(l->vk, "%r0", VT_UD), VT_UD, 0), 5);
	in->ops[2] = vo_imm(4, VT_UD);
	in->nops = 3;
}
