/* lower_flat.c - CI flat memory (amdil.md 4.12): flat_load_size(T) d, a.xy
 * and flat_store_size(T) v, a.xy.
 *
 * Forms, from the AMDIL backend's FlatLoad / FlatStore classes (HLC
 * AMDILMultiClass.td): a load prints "$dst, $addy", a store "$src, $addy"
 * (the value first, then the address); T is ubyte, sbyte, ushort, sshort
 * (one value extended to 32 bits), dword, dwordx2, dwordx3 or dwordx4 (the
 * backend's GPR_32 / GPRV2I32 / GPRV4I32 data); the address is GPR_32 or,
 * with 64-bit pointers, GPR_64.  The _slc/_glc/_prt variants are refused.
 *
 * Apertures.  A GCN flat address is global unless it falls in the LDS or
 * private aperture, 4 GiB windows whose bases the hardware takes from
 * SH_MEM_BASES, set by AMD's runtime.  An AMD IL kernel cannot name those
 * bases: no cb0 slot or instruction yields them, and the AMDIL backend's
 * flat mode (the flat-address-space override) turns local and private
 * accesses into flat instructions without adding any base
 * (AMDILISelDAGToDAG isFlatLoad/isFlatStore).  So the only flat addresses a
 * kernel holds are those its arguments give it.  Under Level Zero every
 * pointer argument of the 64-bit ABI is a global (USM) address, and the
 * `flat` pointer argument kind, through which AMD's runtime could pass an
 * LDS-aperture address, is refused by abi.c; so every flat access is a
 * global one: an A64 stateless message on the pair, as uav_raw_load_addr(64)
 * (abi64.c).  A 32-bit address (dcl_global_flags flat_address_ptr32, or a
 * kernel without ;memory:64bitABI) is refused: which buffer it points into
 * would need the provenance analysis of 32-bit pointers, not done for flat.
 *
 * Loads: T of one dword or less writes one component (any); dwordx2..4
 * write their dwords into the written components in order (.xy or .zw for
 * dwordx2, .xyz for dwordx3, .xyzw for dwordx4).  Stores take the value's
 * first 1-4 swizzle selectors; byte/short stores its low bytes. */
#include <string.h>

#include "lowerint.h"

static const struct {
	const char *name;
	int bytes, sign;
} flat_sizes[] = {
	{"ubyte", 1, 0}, {"sbyte", 1, 1}, {"ushort", 2, 0}, {"sshort", 2, 1},
	{"dword", 4, 0}, {"dwordx2", 8, 0}, {"dwordx3", 12, 0}, {"dwordx4", 16, 0},
};

int flat_knows(Opcode op)
{
	return op == OP_FLAT_LOAD || op == OP_FLAT_STORE;
}

/* the written components of a load's destination, in order; -1 after a
 * diagnostic */
static int flat_dst(L *l, const Inst *in, int dwords, int comps[4])
{
	const Operand *d = &in->ops[0];
	int m[4], c, n = 0;
	if (d->file != RF_TEMP || il_wmask(d, m)) {
		lerr(l, d->loc, "'%s' loads into a register", il_ops[in->op].name);
		return -1;
	}
	for (c = 0; c < 4; c++) {
		if (m[c] == WM_WRITE)
			comps[n++] = c;
		else if (m[c] != WM_SKIP) {
			lerr(l, d->loc, "'%s': a 0 or 1 in the destination mask is not supported", il_ops[in->op].name);
			return -1;
		}
	}
	if (n != dwords || (dwords == 2 && (comps[0] & 1 || comps[1] != comps[0] + 1)) ||
	    (dwords >= 3 && comps[0] != 0)) {
		lerr(l, d->loc, "'%s' writes %s: the mask '.%s' does not name %s", il_ops[in->op].name,
		     dwords == 1 ? "one value" : "consecutive dwords", d->comps,
		     dwords == 1 ? "one component" : dwords == 2 ? "a pair (xy or zw)" :
		     dwords == 3 ? "xyz" : "xyzw");
		return -1;
	}
	return n;
}

/* n dwords a lane (sub-dword sizes: a64_sub_dword) */
static void flat_message(L *l, int store, int h, VDecl *addr, int n, VDecl *data)
{
	char op[40];
	VInst *v;
	if (l->lsc) {
		lsc_move(l, LSC_UGM, store, h, addr, 0, 0, 4, n, data, 0);
		return;
	}
	snprintf(op, sizeof op, "%s.%s", store ? "svm_scatter4scaled" : "svm_gather4scaled",
	         n == 1 ? "R" : n == 2 ? "RG" : n == 3 ? "RGB" : "RGBA");
	v = emit_chunk(l, intern(op), h);
	v->ops[0] = vo_imm(0, VT_UQ);
	v->ops[1] = vo_raw(addr, 0);
	v->ops[2] = vo_raw(data, 0);
	v->nops = 3;
}

int lower_flat(L *l, const Inst *in)
{
	int store = in->op == OP_FLAT_STORE, ai = 1, bytes = 0, sign = 0, n, h, j, comps[4];
	const char *name = il_ops[in->op].name;
	const Mod *sz = il_inst_mod(in, "size");
	Val lo, hi, v[4];
	size_t i;
	if (in->op == OP_FLAT_ATOMIC) {
		lerr(l, in->loc, "'flat_atomic' is not supported: %s", isa_undocumented(in->op));
		return 1;
	}
	if (!flat_knows(in->op))
		return 0;
	for (i = 0; i < (size_t)in->nmods; i++)
		if (strcmp(in->mods[i].name, "size")) {
			lerr(l, in->mods[i].loc, "'%s': the cache modifier '_%s' is not supported (only _size(T))",
			     name, in->mods[i].name);
			return 1;
		}
	for (i = 0; sz && sz->arg && i < NELEM(flat_sizes); i++)
		if (!strcmp(sz->arg, flat_sizes[i].name))
			bytes = flat_sizes[i].bytes, sign = flat_sizes[i].sign;
	if (!bytes) {
		lerr(l, sz ? sz->loc : in->loc, "'%s' needs _size(ubyte|sbyte|ushort|sshort|dword|dwordx2|"
		     "dwordx3|dwordx4)", name);
		return 1;
	}
	if (in->nops != 2 || (store && in->ops[0].file == RF_MEM)) {
		lerr(l, in->loc, "'%s' takes %s, then the address (AMD's AMDIL backend prints "
		     "flat_%s_size(T) %s, addr)", name, store ? "the value" : "a destination register",
		     store ? "store" : "load", store ? "value" : "dst");
		return 1;
	}
	if (!l->k->md->abi64) {
		lerr(l, in->ops[ai].loc, "'%s': a flat address is lowered only as the 64-bit pair of AMD's "
		     "64-bit ABI (;memory:64bitABI); kernel '%s' has 32-bit pointers, whose buffer would need "
		     "pointer provenance, which flat accesses do not have yet", name, l->k->name);
		return 1;
	}
	n = bytes < 4 ? 1 : bytes / 4;
	if (!store && flat_dst(l, in, n, comps) < 0)
		return 1;
	if (abi64_access(l, in, &in->ops[ai], &lo, &hi))
		return 1;
	if (store) {
		for (j = 0; j < n; j++)
			v[j] = lsrc(l, &in->ops[0], j);
		l->stores++;
	}
	for (h = 0; h < l->nchunks; h++) {
		VDecl *addr = abi64_address(l, lo, hi, h);
		VDecl *data = vk_temp(l->vk, store ? "FST" : "FLD", VT_UD, n * l->chunk);
		VInst *x;
		if (store) {
			for (j = 0; j < n; j++) {
				x = emit_chunk(l, "mov", h);
				x->ops[0] = vo_dst(data, j * l->chunk);
				x->ops[1] = opnd(l, v[j], VT_UD, h);
				x->nops = 2;
			}
			if (bytes < 4)
				a64_sub_dword(l, 1, h, addr, bytes, 0, data, NULL);
			else
				flat_message(l, 1, h, addr, n, data);
			continue;
		}
		if (bytes < 4) {
			a64_sub_dword(l, 0, h, addr, bytes, sign, data,
			              vk_alias(l->vk, reg_comp(l, in->ops[0].num, comps[0]), VT_UD, 0));
			continue;
		}
		flat_message(l, 0, h, addr, n, data);
		for (j = 0; j < n; j++) {
			x = emit_chunk(l, "mov", h);
			x->ops[0] = vo_dst(vk_alias(l->vk, reg_comp(l, in->ops[0].num, comps[j]), VT_UD, 0),
			                   h * l->chunk);
			x->ops[1] = vo_src(data, j * l->chunk);
			x->nops = 2;
		}
	}
	return 1;
}
