/* lower_mem.c - memory instructions: raw UAV loads and stores as
 * stateless A64 messages (the base of each address from the UAV id or from
 * provenance, see lower.c's header comment). */
#include <string.h>

#include "lowerint.h"


static const MdArg *uav_owner(L *l, int uav, int *count)
{
	const MdArg *owner = NULL;
	size_t i;
	*count = 0;
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *a = &l->k->md->args.v[i];
		if (a->kind == MA_POINTER && a->bufid == uav &&
		    (!strcmp(a->mem, "uav") || !strcmp(a->mem, "g") || !strcmp(a->mem, "c"))) {
			owner = a;
			++*count;
		}
	}
	return owner;
}

static const MdArg *access_base(L *l, const Inst *in, int uav)
{
	int n, b;
	const MdArg *owner = uav_owner(l, uav, &n);
	if (n == 1)
		return owner;
	if (n == 0) {
		lerr(l, in->loc, "'%s' uses UAV %d, which no pointer argument is bound to",
		      il_ops[in->op].name, uav);
		return NULL;
	}
	b = provenance_of(&l->pv, in);
	if (b >= 0 && l->k->md->args.v[b].bufid == uav)
		return &l->k->md->args.v[b];
	if (b >= 0)
		lerr(l, in->loc, "the address of this '%s' derives from argument '%s', which is bound "
		      "to UAV %d, not %d", il_ops[in->op].name, l->k->md->args.v[b].name,
		      l->k->md->args.v[b].bufid, uav);
	else
		lerr(l, in->loc, "the address of this '%s' on shared UAV %d does not derive from one "
		      "pointer argument (%s); dynamic bases are not supported yet",
		      il_ops[in->op].name, uav, b == PV_TOP ? "it may come from several" : "no argument found");
	return NULL;
}

/* 64-bit per-lane addresses of chunk h: base + (A - lo32(base)). */
static VDecl *address(L *l, Val a, const MdArg *base, int h)
{
	VDecl *addr = vk_temp(l->vk, "ADDR", VT_UQ, l->chunk);
	VDecl *a32 = vk_alias(l->vk, addr, VT_UD, 0);
	VDecl *off = vk_temp(l->vk, "OFF", VT_UD, l->chunk);
	VDecl *lo = vk_temp(l->vk, "LO", VT_UD, l->chunk);
	VDecl *cy = vk_temp(l->vk, "CY", VT_UD, l->chunk);
	VDecl *hi = vk_temp(l->vk, "HI", VT_UD, l->chunk);
	Val blo = val_scalar(cb1_image(l), base->offset / 4), bhi = val_scalar(cb1_image(l), base->offset / 4 + 1);
	VInst *in;
	Val nb = blo;
	nb.neg = 1;
	in = emit_chunk(l, "add", h);
	in->ops[0] = vo_dst(off, 0);
	in->ops[1] = opnd(l, a, VT_UD, h);
	in->ops[2] = opnd(l, nb, VT_UD, h);
	in->nops = 3;
	in = emit_chunk(l, "addc", h);
	in->ops[0] = vo_dst(lo, 0);
	in->ops[1] = vo_dst(cy, 0);
	in->ops[2] = vo_src(off, 0);
	in->ops[3] = opnd(l, blo, VT_UD, h);
	in->nops = 4;
	in = emit_chunk(l, "add", h);
	in->ops[0] = vo_dst(hi, 0);
	in->ops[1] = vo_src(cy, 0);
	in->ops[2] = opnd(l, bhi, VT_UD, h);
	in->nops = 3;
	in = emit_chunk(l, "mov", h);
	in->ops[0] = vo_dst_stride(a32, 0, 2);
	in->ops[1] = vo_src(lo, 0);
	in->nops = 2;
	in = emit_chunk(l, "mov", h);
	in->ops[0] = vo_dst_stride(a32, 1, 2);
	in->ops[1] = vo_src(hi, 0);
	in->nops = 2;
	return addr;
}

static const char *const chmask[5] = {"", "R", "RG", "RGB", "RGBA"};

static int prefix_count(const int m[4])
{
	int n = 0;
	while (n < 4 && m[n] == WM_WRITE)
		n++;
	for (int c = n; c < 4; c++)
		if (m[c] != WM_SKIP)
			return -1;
	return n;
}

static int uav_id(L *l, const Inst *in)
{
	const Mod *id = il_inst_mod(in, "id");
	if (!id || il_mod_int(id, -1) < 0) {
		lerr(l, in->loc, "'%s' needs a UAV id: _id(n)", il_ops[in->op].name);
		return -1;
	}
	return (int)il_mod_int(id, -1);
}

static void lower_raw_load(L *l, const Inst *in)
{
	int m[4], n, h, j, uav = uav_id(l, in);
	const Operand *d = &in->ops[0];
	const MdArg *base;
	Val a;
	if (uav < 0)
		return;
	if (d->file != RF_TEMP || il_wmask(d, m) || (n = prefix_count(m)) <= 0) {
		lerr(l, d->loc, "uav_raw_load destination must be a register with mask x, xy, xyz or xyzw");
		return;
	}
	if (!(base = access_base(l, in, uav)))
		return;
	a = lsrc1(l, &in->ops[1]);
	for (h = 0; h < l->nchunks; h++) {
		VDecl *addr = address(l, a, base, h);
		VDecl *data = vk_temp(l->vk, "LD", VT_UD, n * l->chunk);
		char op[40];
		VInst *v;
		snprintf(op, sizeof op, "svm_gather4scaled.%s", chmask[n]);
		v = emit_chunk(l, intern(op), h);
		v->ops[0] = vo_imm(0, VT_UQ);
		v->ops[1] = vo_raw(addr, 0);
		v->ops[2] = vo_raw(data, 0);
		v->nops = 3;
		for (j = 0; j < n; j++) {
			v = emit_chunk(l, "mov", h);
			v->ops[0] = vo_dst(vk_alias(l->vk, reg_comp(l, d->num, j), VT_UD, 0), h * l->chunk);
			v->ops[1] = vo_src(data, j * l->chunk);
			v->nops = 2;
		}
	}
}

static void lower_raw_store(L *l, const Inst *in)
{
	int m[4], n, h, j, uav = uav_id(l, in);
	const Operand *d = &in->ops[0];
	const MdArg *base;
	Val a, s[4];
	if (uav < 0)
		return;
	if (d->file != RF_MEM || il_wmask(d, m) || (n = prefix_count(m)) <= 0) {
		lerr(l, d->loc, "uav_raw_store needs 'mem' with mask x, xy, xyz or xyzw");
		return;
	}
	if (!(base = access_base(l, in, uav)))
		return;
	a = lsrc1(l, &in->ops[1]);
	for (j = 0; j < n; j++)
		s[j] = lsrc(l, &in->ops[2], j);
	l->stores++;
	for (h = 0; h < l->nchunks; h++) {
		VDecl *addr = address(l, a, base, h);
		VDecl *data = vk_temp(l->vk, "ST", VT_UD, n * l->chunk);
		char op[40];
		VInst *v;
		for (j = 0; j < n; j++) {
			v = emit_chunk(l, "mov", h);
			v->ops[0] = vo_dst(data, j * l->chunk);
			v->ops[1] = opnd(l, s[j], VT_UD, h);
			v->nops = 2;
		}
		snprintf(op, sizeof op, "svm_scatter4scaled.%s", chmask[n]);
		v = emit_chunk(l, intern(op), h);
		v->ops[0] = vo_imm(0, VT_UQ);
		v->ops[1] = vo_raw(addr, 0);
		v->ops[2] = vo_raw(data, 0);
		v->nops = 3;
	}
}


/* cbN[i] with N >= 2: a hardware constant buffer, bound by AMD's runtime to
 * the `hc` pointer argument whose buffer id is N.  Element i is the 16 bytes
 * at byte 16*i of that buffer; each lane reads its four dwords with one
 * gather (the index may differ per lane).  Reads past the buffer are not
 * checked (AMD returns 0 there; an Intel read goes to whatever memory
 * follows). */
Val hw_cb_read(L *l, const Operand *o, int sel)
{
	const MdArg *base = NULL;
	size_t i;
	int h, j;
	if (sel > SEL_W)
		return val_imm(sel == SEL_1 ? 0x3f800000u : 0);
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *a = &l->k->md->args.v[i];
		if (a->kind == MA_POINTER && !strcmp(a->mem, "hc") && a->bufid == o->num)
			base = a;
	}
	if (!base) {
		lerr(l, o->loc, "cb%lld is bound to no constant pointer argument (';pointer:...:hc:%lld:...')",
		     o->num, o->num);
		return val_imm(0);
	}
	if (l->hwcb_op != o) {
		Val idx, addr;
		VDecl *t = vk_temp(l->vk, "CBA", VT_UD, l->simd);
		Val a[2];
		if (o->index_reg) {
			Val r = lsrc1(l, o->index_reg);
			if (o->index_imm) {
				a[0] = r, a[1] = val_imm((uint32_t)o->index_imm);
				alu(l, "add", VT_UD, t, 2, a, 0);
				idx = val_vec(t);
			} else {
				idx = r;
			}
		} else {
			idx = val_imm((uint32_t)o->index_imm);
		}
		/* the AMD-style address of the element: lo32(base) + 16 * index */
		a[0] = idx, a[1] = val_imm(4);
		alu(l, "shl", VT_UD, t, 2, a, 0);
		a[0] = val_vec(t), a[1] = val_scalar(cb1_image(l), base->offset / 4);
		alu(l, "add", VT_UD, t, 2, a, 0);
		addr = val_vec(t);
		for (j = 0; j < 4; j++)
			l->hwcb_val[j] = vk_temp(l->vk, "CBV", VT_D, l->simd);
		for (h = 0; h < l->nchunks; h++) {
			VDecl *ad = address(l, addr, base, h);
			VDecl *data = vk_temp(l->vk, "CBD", VT_UD, 4 * l->chunk);
			VInst *v = emit_chunk(l, "svm_gather4scaled.RGBA", h);
			v->ops[0] = vo_imm(0, VT_UQ);
			v->ops[1] = vo_raw(ad, 0);
			v->ops[2] = vo_raw(data, 0);
			v->nops = 3;
			for (j = 0; j < 4; j++) {
				v = emit_chunk(l, "mov", h);
				v->ops[0] = vo_dst(vk_alias(l->vk, l->hwcb_val[j], VT_UD, 0), h * l->chunk);
				v->ops[1] = vo_src(data, j * l->chunk);
				v->nops = 2;
			}
		}
		l->hwcb_op = o;
	}
	return val_vec(l->hwcb_val[sel]);
}

int lower_mem(L *l, const Inst *in)
{
	switch (in->op) {
	case OP_UAV_RAW_LOAD:
		lower_raw_load(l, in);
		return 1;
	case OP_UAV_RAW_STORE:
		lower_raw_store(l, in);
		return 1;
	default:
		return 0;
	}
}
