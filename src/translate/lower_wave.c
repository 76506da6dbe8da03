/* lower_wave.c - where a work-item runs: cu_id, wave_id, lane_id, and
 * poisonv, the "any value" instruction; ballot, readfirstlane and receivelane
 * are refused (isa.c says why).
 *
 * requires: lower.c (flat_local_id, alu_dst/alu_store), lower_int64.c's
 * ix_* helpers; provides: lower_wave(), wave_knows().
 *
 * AMD packs the work-items of a group into wavefronts in flat local id
 * order (x fastest), W at a time, W = the kernel's dcl_wavesize, which
 * AMD's backend prints on every device with cross-lane operations (SI and
 * later: 64), else the device's own (AMD's backend: Cedar 16, Redwood 32,
 * every other device 64).  So:
 *   lane_id d     d = flat local id mod W (the lane in the wavefront)
 *   wave_id d     d = flat local id / W: the wavefront's index in its
 *                 group.  AMD's hardware returns its wave slot, a number
 *                 no launch fixes; the index is the one value that is
 *                 unique within the group, which is what kernels use it for.
 *   cu_id d       d = 0.  The compute unit is the hardware's choice; 0 is
 *                 what any launch on a one-unit device returns, and Level
 *                 Zero gives a kernel no portable unit index (docs/design.md).
 *   poisonv d[, s]  AMD's backend emits it for __amdil_poisonv(x): the
 *                 result is undefined ("poison"), so any value is right;
 *                 the translation writes s (0 without a source), which the
 *                 AMD emulator does too, so the two runtimes compare.
 * Every written component of d gets the value; 0/1 mask selectors write
 * their constant. */
#include <string.h>

#include "lowerint.h"

int wave_knows(Opcode op)
{
	return op == OP_CU_ID || op == OP_WAVE_ID || op == OP_LANE_ID || op == OP_POISONV;
}

/* W for kernel k: its dcl_wavesize (lower_dcl checks the value), else its
 * ;device's wavefront size */
static int kernel_wavesize(const Kernel *k)
{
	const char *dev = k->md->device;
	size_t f, i;
	for (f = 0; f < k->funcs.n; f++)
		for (i = 0; i < k->funcs.v[f]->code.n; i++) {
			const Inst *in = &k->funcs.v[f]->code.v[i];
			if (in->op == OP_DCL_WAVESIZE && in->nops == 1 && in->ops[0].file == RF_NUMBER)
				return (int)in->ops[0].num;
		}
	if (dev && !strcmp(dev, "cedar"))
		return 16;
	if (dev && !strcmp(dev, "redwood"))
		return 32;
	return 64;
}

/* the instruction's value on every lane */
static Val wave_value(L *l, const Inst *in)
{
	int w = kernel_wavesize(l->k);
	switch (in->op) {
	case OP_LANE_ID:
		return ix_bin(l, "and", VT_UD, flat_local_id(l), val_imm((uint32_t)w - 1));
	case OP_WAVE_ID:
		return ix_bin(l, "shr", VT_UD, flat_local_id(l), val_imm(w == 16 ? 4 : w == 32 ? 5 : 6));
	default: /* cu_id; poisonv without a source */
		return val_imm(0);
	}
}

int lower_wave(L *l, const Inst *in)
{
	const Operand *d = &in->ops[0];
	int m[4], c, scratch;
	VDecl *tmp[4] = {0};
	long long key;
	Val v = val_imm(0);
	if (in->op == OP_BALLOT || in->op == OP_READFIRSTLANE || in->op == OP_RECEIVELANE) {
		lerr(l, in->loc, "'%s' is not supported: it %s", il_ops[in->op].name, isa_refusal(in->op));
		return 1;
	}
	if (!wave_knows(in->op))
		return 0;
	if (in->nops < 1 || in->nops > (in->op == OP_POISONV ? 2 : 1)) {
		lerr(l, in->loc, "'%s' takes a destination%s", il_ops[in->op].name,
		     in->op == OP_POISONV ? " and at most one source" : " and no source");
		return 1;
	}
	if (alu_dst(l, d, &key, &scratch, m))
		return 1;
	if (in->op != OP_POISONV || in->nops == 1)
		v = wave_value(l, in); /* one value for every component */
	for (c = 0; c < 4; c++) {
		if (m[c] != WM_WRITE)
			continue;
		tmp[c] = ix_t(l);
		ix_mov(l, tmp[c], in->op == OP_POISONV && in->nops == 2 ? lsrc(l, &in->ops[1], c) : v);
	}
	alu_store(l, d, key, scratch, m, tmp);
	return 1;
}
