/* abi64.c - AMD's 64-bit ABI (;memory:64bitABI) on the translator's side.
 *
 * What AMD's 2014 AMDIL backend emits for it (docs/real-il.md section 9):
 * every pointer argument is a 64-bit value in .xy of its 16-byte cb1 slot
 * (x the low dword), the body computes addresses as component pairs with
 * i64add / i64shl / i64mul, and a global or constant access takes its
 * address as a pair: uav_raw_load_addr(64)_id(11) d, a.xyxy on SI, the
 * plain uav_raw_load_id(11) d, a.xyxy on Evergreen.  Program-scope
 * constant data is read at cb0[8].xy (the data blob's 64-bit address) plus
 * an offset.  LDS (lds_*) addresses stay 32-bit (the backend's LDS64
 * instructions take one component), and so does the private UAV: its frame
 * arithmetic is a 32-bit iadd on the stack pointer's pair, which leaves
 * the high dword meaningless, so only the low dword is the offset.
 *
 * Level Zero gives each buffer argument a 64-bit stateless address, and
 * the cb1 image holds it at the argument's offset (8 bytes, abi.c), so a
 * 64-bit kernel reads the Level Zero address itself: an access's pair IS
 * the A64 address, with no base to find.  Address provenance is not needed,
 * and a pointer loaded from memory works like any other.  The data blob's
 * address is the faddr of the prologue (cb0 table, source="dataseg"). */
#include <string.h>

#include "lowerint.h"

/* The address operand of a global access names a component pair: its first
 * two selectors are x,y or z,w.  0 ok, else a diagnostic. */
static int pair_operand(L *l, const Inst *in, const Operand *a)
{
	int sel[4];
	if (il_swizzle(a, sel) == 0 && (sel[0] == SEL_X || sel[0] == SEL_Z) && sel[1] == sel[0] + 1)
		return 0;
	lerr(l, a->loc, "under AMD's 64-bit ABI (;memory:64bitABI) the address of '%s' is a 64-bit "
	     "component pair (.xy or .zw first, as the AMD compiler writes a.xyxy); '.%s' does not "
	     "name one", il_ops[in->op].name, a->comps[0] ? a->comps : "xyzw");
	return -1;
}

int abi64_access(L *l, const Inst *in, const Operand *a, Val *lo, Val *hi)
{
	if (pair_operand(l, in, a))
		return -1;
	*lo = lsrc(l, a, 0);
	*hi = lsrc(l, a, 1);
	return 0;
}

/* The A64 address of chunk h: the pair's dwords, low then high. */
VDecl *abi64_address(L *l, Val lo, Val hi, int h)
{
	VDecl *addr = vk_temp(l->vk, "ADDR", VT_UQ, l->chunk);
	VDecl *a32 = vk_alias(l->vk, addr, VT_UD, 0);
	VInst *in = emit_chunk(l, "mov", h);
	in->ops[0] = vo_dst_stride(a32, 0, 2);
	in->ops[1] = opnd(l, lo, VT_UD, h);
	in->nops = 2;
	in = emit_chunk(l, "mov", h);
	in->ops[0] = vo_dst_stride(a32, 1, 2);
	in->ops[1] = opnd(l, hi, VT_UD, h);
	in->nops = 2;
	return addr;
}

/* _addr(64), SI's spelling of a 64-bit address: only _addr(64), and only in
 * a kernel of the 64-bit ABI, whose pointers are 64-bit (in a 32-bit kernel
 * the pair's high dword would be whatever the register holds). */
int abi64_addr_mod(L *l, const Inst *in, const Mod *m)
{
	if (!m->arg || strcmp(m->arg, "64")) {
		lerr(l, m->loc, "'%s': the address size modifier is _addr(64), not _addr(%s)",
		     il_ops[in->op].name, m->arg ? m->arg : "");
		return -1;
	}
	if (!l->k->md->abi64) {
		lerr(l, m->loc, "'%s' takes a 64-bit address (_addr(64)), but kernel '%s' does not use "
		     "AMD's 64-bit ABI (no ;memory:64bitABI): its pointers are 32-bit", il_ops[in->op].name,
		     l->k->name);
		return -1;
	}
	return 0;
}
