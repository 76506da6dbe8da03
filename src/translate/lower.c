/* lower.c - linked AMD IL of one kernel to vISA, and its payload.
 *
 * requires: md_link()ed kernel, cb0 table, platform; provides: a VKernel and
 * the ZeKernel payload description.
 *
 * Lanes: one IL work-item is one SIMD lane; each IL register component is one
 * vISA variable of simd dwords (type d, viewed as ud/f through aliases).
 * Instructions are issued in chunks of at most 16 lanes, as IGC does.
 *
 * Payload (Gen12LP rule, intel-target notes 6.1): r0, then three local-id
 * channels, then cross-thread data.  Cross-thread data holds the implicit
 * arguments the kernel reads and then an image of cb1: every explicit
 * argument sits at (cb1 image start + its cb1 offset), so cb1[i].c is one
 * element of one input variable.
 *
 * Pointers: the IL sees the low 32 bits of each buffer's 64-bit address as
 * the pointer value.  An access to 32-bit address A with base argument B
 * reads 64-bit address B + (A - lo32(B)): exact for every offset inside a
 * buffer smaller than 4 GB, NULL stays 0 and distinct buffers keep distinct
 * values.  The base comes from the UAV id when one pointer argument owns it,
 * else from provenance analysis: one argument, or one of several per lane
 * (dynbase.c); an access with no base is an error.
 *
 * Functions: every IL function is a vISA subroutine; ret_dyn jumps to the
 * subroutine's end label; structured control flow becomes SIMD goto.
 */
#include <stdlib.h>
#include <string.h>

#include "translate.h"

#include "lowerint.h"

void lerr(L *l, Loc loc, const char *fmt, ...)
{
	va_list ap;
	Buf b = {0};
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	/* an operand is evaluated once per component: say things once */
	if (!(l->bad && l->last_err.line == loc.line && l->last_err.col == loc.col &&
	      l->last_err.file == loc.file))
		diag_error(loc, "%s", b.s);
	l->last_err = loc;
	buf_free(&b);
	l->bad = 1;
}

/* ---- variables ---------------------------------------------------------- */

VDecl *reg_comp(L *l, long long num, int c)
{
	size_t i;
	RegVar r = {num, {0}};
	for (i = 0; i < l->regs.n; i++)
		if (l->regs.v[i].num == num)
			break;
	if (i == l->regs.n)
		vec_push(&l->regs, r);
	if (!l->regs.v[i].c[c]) {
		/* r<num>_<c>, or x<array>_<element>_<c> (built by hand: snprintf
		 * was 1.6% of a batch's front end) */
		char name[48], *q = name + sizeof name;
		unsigned long long u = num >= 0 ? (unsigned long long)num : (unsigned long long)(-num - 1);
		*--q = 0;
		*--q = "xyzw"[c];
		*--q = '_';
		if (num < 0) {
			unsigned long long e = u & 0xffffffffULL;
			do
				*--q = (char)('0' + e % 10);
			while (e /= 10);
			*--q = '_';
			u >>= 32;
		}
		do
			*--q = (char)('0' + u % 10);
		while (u /= 10);
		*--q = num >= 0 ? 'r' : 'x';
		l->regs.v[i].c[c] = vk_decl(l->vk, q, VT_D, l->simd, 0);
	}
	return l->regs.v[i].c[c];
}

static VDecl *implicit(L *l, int which)
{
	if (!l->imp[which])
		l->imp[which] = vk_decl(l->vk, imp_name[which], VT_UD,
		                        implicit_arg_size(imp_type[which]) / 4,
		                        implicit_arg_size(imp_type[which]) == 8 ? 8 : 4);
	return l->imp[which];
}

VDecl *implicit_arg(L *l, int which)
{
	return implicit(l, which);
}

VDecl *cb1_image(L *l)
{
	if (!l->cb1)
		l->cb1 = vk_decl(l->vk, "CB1", VT_UD, l->cb1_bytes / 4, 0);
	return l->cb1;
}

static VDecl *local_id(L *l, int c)
{
	if (!l->lid[c]) {
		static const char *const n[3] = {"LID_X", "LID_Y", "LID_Z"};
		l->lid[c] = vk_decl(l->vk, n[c], VT_UW, l->simd, 0);
	}
	if (!l->tid[c]) {
		static const char *const n[3] = {"TID_X", "TID_Y", "TID_Z"};
		l->tid[c] = vk_decl(l->vk, n[c], VT_D, l->simd, 0);
	}
	return l->tid[c];
}

static VDecl *group_id(L *l, int c)
{
	if (!l->grp[c]) {
		static const char *const n[3] = {"GRP_X", "GRP_Y", "GRP_Z"};
		l->grp[c] = vk_decl(l->vk, n[c], VT_D, 1, 4);
	}
	return l->grp[c];
}

/* ---- emission helpers --------------------------------------------------- */

VOpnd opnd(L *l, Val v, VType t, int h)
{
	VOpnd o;
	uint32_t bits = v.imm;
	switch (v.kind) {
	case V_VEC:
		o = vo_src(vk_alias(l->vk, v.var, t, 0), h * l->chunk);
		break;
	case V_SCALAR:
		o = vo_scalar(vk_alias(l->vk, v.var, t, 0), v.elem);
		break;
	default:
		if (t == VT_F) {
			if (v.abs)
				bits &= 0x7fffffffu;
			if (v.neg)
				bits ^= 0x80000000u;
		} else if (v.neg) {
			bits = 0u - bits;
		}
		return vo_imm(bits, t == VT_D ? VT_UD : t);
	}
	if (v.neg && v.abs)
		o.mod = VM_NEGABS;
	else if (v.neg)
		o.mod = VM_NEG;
	else if (v.abs)
		o.mod = VM_ABS;
	return o;
}

VInst *emit_chunk(L *l, const char *op, int h)
{
	return vk_emit(l->vk, op, l->chunk, 1 + h * l->chunk / 4);
}

static int int_type(VType t)
{
	return t == VT_D || t == VT_UD || t == VT_W || t == VT_UW || t == VT_B || t == VT_UB ||
	       t == VT_Q || t == VT_UQ;
}

/* v with an integer _neg computed: ~x + 1 into a temporary (unchanged when
 * v carries no negate or is an immediate, which opnd negates itself). */
static Val int_negated(L *l, Val v)
{
	VDecl *n;
	Val x[2];
	if (v.kind == V_IMM || !v.neg)
		return v;
	n = vk_temp(l->vk, "NEG", VT_UD, l->simd);
	x[0] = v, x[1] = val_imm(0xffffffffu);
	x[0].neg = 0;
	alu(l, "xor", VT_UD, n, 2, x, 0);
	x[0] = val_vec(n), x[1] = val_imm(1);
	alu(l, "add", VT_UD, n, 2, x, 0);
	x[0] = val_vec(n);
	x[0].abs = v.abs;
	return x[0];
}

/* v with AMD's integer _abs applied: the sign bit cleared, as AMD's macro
 * library uses it (`ilt d, x_abs, k` compares a float's magnitude bits,
 * `ixor d, x_abs, x` isolates the sign; docs/real-il.md 8); a _neg stays on
 * the result (abs first, then the two's complement). */
Val int_abs_cleared(L *l, Val v)
{
	VDecl *n;
	Val x[2];
	if (!v.abs)
		return v;
	if (v.kind == V_IMM) {
		v.imm &= 0x7fffffffu;
		v.abs = 0;
		return v;
	}
	n = vk_temp(l->vk, "IABS", VT_UD, l->simd);
	x[0] = v;
	x[0].neg = x[0].abs = 0;
	x[1] = val_imm(0x7fffffffu);
	alu(l, "and", VT_UD, n, 2, x, 0);
	x[0] = val_vec(n);
	x[0].neg = v.neg;
	return x[0];
}

/* v with a float _abs/_neg applied to its bits (sign cleared as
 * int_abs_cleared does, then flipped) for an operation that moves typeless
 * data: cmov_logical's value operands (docs/real-il.md: AMD's library cos
 * selects -sin that way). */
static Val float_signed(L *l, Val v)
{
	VDecl *n;
	Val x[2];
	v = int_abs_cleared(l, v);
	if (!v.neg)
		return v;
	if (v.kind == V_IMM)
		return val_imm(v.imm ^ 0x80000000u);
	n = vk_temp(l->vk, "FSGN", VT_UD, l->simd);
	x[0] = v;
	x[0].neg = 0;
	x[1] = val_imm(0x80000000u);
	alu(l, "xor", VT_UD, n, 2, x, 0);
	return val_vec(n);
}

/* dst = op(srcs) on every lane, type t.  An integer _neg (AMD IL: the 32-bit
 * two's complement, amdil.md 8.15) is a vISA source negate only for add;
 * for other operations it is computed first as ~x + 1, since a negated :ud
 * or INT_MIN source is not a 32-bit value to min, cmp, mulh ... */
void alu(L *l, const char *op, VType t, VDecl *dst, int ns, const Val *s, int sat)
{
	int h, i;
	Val m[4];
	if (int_type(t) && strcmp(op, "add") && ns <= 4) {
		for (i = 0; i < ns; i++)
			m[i] = int_negated(l, s[i]);
		s = m;
	}
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, op, h);
		in->sat = sat;
		in->ops[0] = vo_dst(vk_alias(l->vk, dst, t, 0), h * l->chunk);
		for (i = 0; i < ns; i++)
			in->ops[1 + i] = opnd(l, s[i], t, h);
		in->nops = 1 + ns;
	}
}

Val val_vec(VDecl *v)
{
	Val x;
	memset(&x, 0, sizeof x);
	x.kind = V_VEC;
	x.var = v;
	return x;
}

Val val_scalar(VDecl *v, int elem)
{
	Val x;
	memset(&x, 0, sizeof x);
	x.kind = V_SCALAR;
	x.var = v;
	x.elem = elem;
	return x;
}

Val val_imm(uint32_t bits)
{
	Val x;
	memset(&x, 0, sizeof x);
	x.kind = V_IMM;
	x.imm = bits;
	return x;
}

/* P = a rel b on every lane */
VDecl *compare(L *l, const char *rel, VType t, Val a, Val b)
{
	VDecl *p = vk_pred(l->vk);
	char op[16];
	int h;
	if (l->o->mutate == MUT_FLIP_COMPARE && !strcmp(rel, "lt"))
		rel = "ge"; /* deliberately wrong (--mutate flip-compare) */
	if (int_type(t))
		a = int_negated(l, a), b = int_negated(l, b);
	snprintf(op, sizeof op, "cmp.%s", rel);
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, intern(op), h);
		in->ops[0] = vo_predop(p);
		in->ops[1] = opnd(l, a, t, h);
		in->ops[2] = opnd(l, b, t, h);
		in->nops = 3;
	}
	return p;
}

/* dst = P ? a : b (lowerint.h) */
void lower_select(L *l, VDecl *p, int pnot, VDecl *dst, VType t, Val a, Val b)
{
	int h;
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, "sel", h);
		in->pred = p;
		in->pred_not = pnot;
		in->ops[0] = vo_dst(vk_alias(l->vk, dst, t, 0), h * l->chunk);
		in->ops[1] = opnd(l, a, t, h);
		in->ops[2] = opnd(l, b, t, h);
		in->nops = 3;
	}
}

static void jump(L *l, VDecl *p, int pnot, const char *label)
{
	VInst *in = vk_emit(l->vk, "goto", l->simd, 1);
	in->pred = p;
	in->pred_not = pnot;
	in->ops[0] = vo_label(label);
	in->nops = 1;
}

/* ---- operands ----------------------------------------------------------- */

static const Lit *find_lit(L *l, long long num)
{
	size_t i;
	for (i = l->func_lits.n; i-- > 0;)
		if (l->func_lits.v[i].num == num)
			return &l->func_lits.v[i];
	for (i = l->main_lits.n; i-- > 0;)
		if (l->main_lits.v[i].num == num)
			return &l->main_lits.v[i];
	/* literal numbers are unique in a module: one another function of the
	 * kernel declares (the wrapper's, say) is the same literal */
	for (i = l->all_lits.n; i-- > 0;)
		if (l->all_lits.v[i].num == num)
			return &l->all_lits.v[i];
	return NULL;
}

static int neg_listed(const Mod *m, int c)
{
	if (!m)
		return 0;
	if (!m->arg)
		return 1;
	return strchr(m->arg, "xyzw"[c]) != NULL;
}

/* Per-lane value of a special register component. */
static Val special(L *l, const Operand *o, int sel)
{
	Special sr = (Special)o->num;
	if (sel > SEL_W)
		return val_imm(sel == SEL_1 ? 0x3f800000u : 0);
	switch (sr) {
	case SR_TID_IN_GRP:
		if (sel < 3)
			return val_vec(local_id(l, sel));
		return val_imm(0);
	case SR_THREAD_GRP_ID:
		if (sel < 3)
			return val_scalar(group_id(l, sel), 0);
		return val_imm(0);
	case SR_VA_TID: /* R7xx CAL's absolute id: the flattened one (vAbsTidFlat) */
		return lower_special(l, SR_ABS_TID_FLAT, sel);
	case SR_ABS_TID:
		if (sel < 3) {
			if (!l->abs_tid[sel]) {
				static const char *const n[3] = {"ABS_X", "ABS_Y", "ABS_Z"};
				local_id(l, sel);
				group_id(l, sel);
				implicit(l, IMP_LOCAL_SIZE);
				l->abs_tid[sel] = vk_decl(l->vk, n[sel], VT_D, l->simd, 0);
			}
			return val_vec(l->abs_tid[sel]);
		}
		return val_imm(0);
	case SR_TID_IN_GRP_FLAT:
		if (!l->tid_flat) {
			local_id(l, 0), local_id(l, 1), local_id(l, 2);
			implicit(l, IMP_LOCAL_SIZE);
			l->tid_flat = vk_decl(l->vk, "TID_FLAT", VT_D, l->simd, 0);
		}
		return sel == SEL_X ? val_vec(l->tid_flat) : val_imm(0);
	case SR_THREAD_GRP_ID_FLAT:
		if (!l->grp_flat) {
			group_id(l, 0), group_id(l, 1), group_id(l, 2);
			implicit(l, IMP_GROUP_COUNT);
			l->grp_flat = vk_decl(l->vk, "GRP_FLAT", VT_D, 1, 4);
		}
		return sel == SEL_X ? val_scalar(l->grp_flat, 0) : val_imm(0);
	case SR_ABS_TID_FLAT:
		if (!l->abs_flat) {
			int c;
			Operand tmp = *o;
			for (c = 0; c < 3; c++) {
				tmp.num = SR_ABS_TID;
				special(l, &tmp, c);
			}
			implicit(l, IMP_GLOBAL_SIZE);
			l->abs_flat = vk_decl(l->vk, "ABS_FLAT", VT_D, l->simd, 0);
		}
		return sel == SEL_X ? val_vec(l->abs_flat) : val_imm(0);
	case SR_WIN_COORD:
		if (l->k->ps)
			return ps_win_coord(l, sel);
		/* fall through */
	default:
		lerr(l, o->loc, "special register '%s' has no meaning in a compute kernel", o->name);
		return val_imm(0);
	}
}

Val lower_special(L *l, Special sr, int sel)
{
	Operand o;
	memset(&o, 0, sizeof o);
	o.file = RF_SPECIAL;
	o.num = sr;
	return special(l, &o, sel);
}

Val flat_local_id(L *l)
{
	Operand o;
	memset(&o, 0, sizeof o);
	o.file = RF_SPECIAL;
	o.num = SR_TID_IN_GRP_FLAT;
	return special(l, &o, SEL_X);
}

/* The 64-bit address of the program's data blob (global segment at 0, the
 * constant-buffer segments after it), set by faddr in the prologue and
 * patched by a relocation; NULL when the program has no data. */
VDecl *data_blob(L *l)
{
	if (!l->dseg && l->o->seg_off && l->p->segs.n)
		l->dseg = vk_decl(l->vk, "DATA_SEGMENTS", VT_UQ, 1, 8);
	return l->dseg;
}

/* The blob when the program has a global segment (what cb0[8].x points to). */
int global_segment(const L *l)
{
	size_t i;
	for (i = 0; i < l->p->segs.n; i++)
		if (l->p->segs.v[i].cbid < 0)
			return 1;
	return 0;
}

VDecl *data_segment(L *l)
{
	return global_segment(l) ? data_blob(l) : NULL;
}

/* Is this cb1 byte part of an `hc` (hardware constant buffer) pointer? */
int hc_pointer_at(L *l, int byte)
{
	size_t i;
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *a = &l->k->md->args.v[i];
		if (a->kind == MA_POINTER && !strcmp(a->mem, "hc") && byte >= a->offset && byte < a->offset + 8)
			return 1;
	}
	return 0;
}

/* A sampler argument's dword is rebuilt from Level Zero's sampler
 * metadata, which has no filter mode (lower_image.c): say so where the
 * kernel reads it outside the wrapper (which copies every argument into a
 * register whether used or not), once per argument. */
static void sampler_read(L *l, const Operand *o, int byte)
{
	size_t i;
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *a = &l->k->md->args.v[i];
		if (a->kind == MA_SAMPLER && byte == a->offset && l->func != l->k->wrapper &&
		    !l->sampler_warned[i % 64]) {
			l->sampler_warned[i % 64] = 1;
			diag_warning(o->loc, "this reads sampler argument '%s', whose filter bits (0x10 "
			             "nearest, 0x20 linear) read as 0: Level Zero passes no filter mode "
			             "to a kernel", a->name);
		}
	}
}

/* Component sel of cb0 slot `slot` from its Level Zero source.  A slot
 * without one is an error for a constant index; a relative read (quiet)
 * gets 0 there and *missing is set. */
static Val cb0_slot(L *l, const Operand *o, int slot, int sel, int quiet, int *missing)
{
	const Cb0Entry *e = cb0_entry(l->o->cb0, l->k->md->abi64, slot, sel);
	l->cb0_read[slot] |= (unsigned char)(1u << sel);
	if (e->present && e->source == CB0_DATASEG) {
		/* AMD wrappers always copy the data-segment base.  Without a
		 * global segment (no ;memory:datareqd, or Evergreen's tables
		 * all in hardware cb2) it reads 0, and an access that derives
		 * from it is refused (lower_mem.c access_base; under the
		 * 64-bit ABI the address 0 is outside every buffer). */
		VDecl *d = data_segment(l);
		return d ? val_scalar(vk_alias(l->vk, d, VT_UD, 0), e->element) : val_imm(0);
	}
	if (e->present && e->source == CB0_PRINTF)
		return printf_cb0(l, e->element);
	if (!e->present || e->source == CB0_UNSUPPORTED) {
		if (quiet)
			*missing = 1;
		else
			lerr(l, o->loc, "cb0[%d].%c (%s) has no Level Zero source yet", slot, "xyzw"[sel],
			     e->present ? e->meaning : "unassigned slot");
		return val_imm(0);
	}
	if (e->source == CB0_CONSTANT)
		return val_imm(e->value);
	{
		int which;
		for (which = 0; which < IMP_COUNT; which++)
			if (imp_type[which] == e->arg)
				break;
		if (which == IMP_COUNT)
			die("cb0 table names an implicit argument the lowering does not lay out");
		return val_scalar(implicit(l, which), e->element);
	}
}

/* cb0[r + n]: every slot's component selected by the index (outside the
 * block, as a constant buffer read beyond its end on AMD's hardware, 0);
 * slots with no Level Zero source read 0, with a warning that names them */
static Val cb0_relative(L *l, const Operand *o, int sel)
{
	VDecl *idx, *r;
	Val a[2];
	int slot, c, missing = 0;
	if (sel > SEL_W)
		return val_imm(sel == SEL_1 ? 0x3f800000u : 0);
	idx = vk_temp(l->vk, "CB0I", VT_D, l->simd);
	r = vk_temp(l->vk, "CB0V", VT_UD, l->simd);
	a[0] = lsrc1(l, o->index_reg), a[1] = val_imm((uint32_t)o->index_imm);
	alu(l, "add", VT_D, idx, 2, a, 0);
	a[0] = val_imm(0);
	alu(l, "mov", VT_UD, r, 1, a, 0);
	for (slot = 0; slot < CB0_SLOTS; slot++) {
		int m = 0;
		Val v = cb0_slot(l, o, slot, sel, 1, &m);
		missing |= m;
		if (!m)
			lower_select(l, compare(l, "eq", VT_D, val_vec(idx), val_imm((uint32_t)slot)), 0, r, VT_UD, v,
			             val_vec(r));
	}
	if (missing && l->cb0_rel_warned != o) {
		/* once per operand, naming every slot some component lacks */
		Buf names = {0};
		for (slot = 0; slot < CB0_SLOTS; slot++)
			for (c = 0; c < 4; c++) {
				const Cb0Entry *e = cb0_entry(l->o->cb0, l->k->md->abi64, slot, c);
				if (!e->present || e->source == CB0_UNSUPPORTED)
					buf_printf(&names, "%scb0[%d].%c", names.n ? ", " : "", slot, "xyzw"[c]);
			}
		l->cb0_rel_warned = o;
		diag_warning(o->loc, "relative cb0 read: %s have no Level Zero source and read 0", names.s);
		free(names.s);
	}
	return val_vec(r);
}

static Val cb_read(L *l, const Operand *o, int sel)
{
	if (o->num >= 2 || l->k->derived) /* a CAL kernel's cb0 and cb1 are user buffers */
		return hw_cb_read(l, o, sel);
	if (o->index_reg && o->num == 1)
		return cb1_relative(l, o, sel);
	if (o->index_reg && o->num == 0)
		return cb0_relative(l, o, sel);
	if (sel > SEL_W)
		return val_imm(sel == SEL_1 ? 0x3f800000u : 0);
	if (o->num == 0) {
		if (o->index_imm < 0 || o->index_imm >= CB0_SLOTS) {
			lerr(l, o->loc, "cb0[%lld] is outside the runtime's cb0 block", o->index_imm);
			return val_imm(0);
		}
		return cb0_slot(l, o, (int)o->index_imm, sel, 0, NULL);
	}
	if (o->num == 1) {
		long long byte = o->index_imm * 16 + sel * 4;
		if (o->index_imm < 0 || byte + 4 > l->cb1_bytes) {
			lerr(l, o->loc, "cb1[%lld] is outside the declared argument buffer (%d bytes)",
			      o->index_imm, l->cb1_bytes);
			return val_imm(0);
		}
		if (hc_pointer_at(l, (int)byte))
			return val_imm(0); /* an hc pointer is an offset inside its own CB */
		sampler_read(l, o, (int)byte);
		return val_scalar(cb1_image(l), (int)(byte / 4));
	}
	return hw_cb_read(l, o, sel);
}

/* Register-family key of a constant-indexed temporary array element. */
static long long itemp_key(const Operand *o)
{
	return -((o->num << 32) + o->index_imm) - 1;
}

/* the key of r<num>.c in L.written; a number no IL program can name (the
 * fuzzer writes r9223372036854775807) wraps instead of overflowing */
static long long written_key(long long num, int row, int c)
{
	return (long long)(((unsigned long long)num + (unsigned)row) * 4u + (unsigned)c);
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return x < y ? -1 : x > y;
}

/* Every register component some instruction of the kernel may write (the
 * first operand of each instruction, through its mask; transpose's four
 * rows): a read of one no instruction writes is 0, as on AMD's side, where
 * registers start as 0, rather than whatever the GRF held (AMD's compilers
 * store such components: tests/il/atomic-lds.il's r70.yzw; hand-written CAL
 * reads them). */
static void scan_written(L *l)
{
	size_t f, i;
	int c, m[4];
	for (f = 0; f <= l->k->funcs.n; f++) {
		const Func *fn = f < l->k->funcs.n ? l->k->funcs.v[f] : l->k->main;
		for (i = 0; i < fn->code.n; i++) {
			const Inst *in = &fn->code.v[i];
			int r;
			if (!in->nops || in->ops[0].file != RF_TEMP || il_ops[in->op].kind == K_DCL)
				continue;
			if (il_wmask(&in->ops[0], m))
				m[0] = m[1] = m[2] = m[3] = WM_WRITE;
			for (r = 0; r < (in->op == OP_TRANSPOSE ? 4 : 1); r++) /* transpose: four rows */
				for (c = 0; c < 4; c++)
					if (m[c] != WM_SKIP)
						vec_push(&l->written, written_key(in->ops[0].num, r, c));
		}
	}
	if (l->written.n)
		qsort(l->written.v, l->written.n, sizeof *l->written.v, cmp_ll);
}

static int is_written(const L *l, long long num, int c)
{
	long long key = written_key(num, 0, c);
	return l->written.n && bsearch(&key, l->written.v, l->written.n, sizeof key, cmp_ll);
}

/* Value of dst component c of source operand o. */
Val lsrc(L *l, const Operand *o, int c)
{
	int sel[4];
	Val v;
	const Mod *neg, *absm;
	if (il_swizzle(o, sel)) {
		lerr(l, o->loc, "malformed swizzle '.%s'", o->comps);
		return val_imm(0);
	}
	switch (o->file) {
	case RF_TEMP:
		if (o->has_index) {
			lerr(l, o->loc, "'%s' cannot be indexed", o->name);
			return val_imm(0);
		}
		v = sel[c] > SEL_W ? val_imm(sel[c] == SEL_1 ? 0x3f800000u : 0) :
		    !is_written(l, o->num, sel[c]) ? val_imm(0) : val_vec(reg_comp(l, o->num, sel[c]));
		break;
	case RF_ITEMP:
		if (itemp_in_scratch(l, o->num)) {
			v = sel[c] > SEL_W ? val_imm(sel[c] == SEL_1 ? 0x3f800000u : 0) : itemp_load(l, o, sel[c]);
			break;
		}
		if (o->index_reg || o->index_imm < 0 || o->index_imm > 0xffffffffLL) {
			lerr(l, o->loc, "relative indexing of '%s' is not supported yet", o->name);
			return val_imm(0);
		}
		v = sel[c] > SEL_W ? val_imm(sel[c] == SEL_1 ? 0x3f800000u : 0) :
		    val_vec(reg_comp(l, itemp_key(o), sel[c]));
		break;
	case RF_LITERAL: {
		const Lit *lit = find_lit(l, o->num);
		if (!lit) {
			lerr(l, o->loc, "literal l%lld is not declared", o->num);
			return val_imm(0);
		}
		v = val_imm(sel[c] > SEL_W ? (sel[c] == SEL_1 ? 0x3f800000u : 0) : lit->v[sel[c]]);
		break;
	}
	case RF_CB:
		v = cb_read(l, o, sel[c]);
		break;
	case RF_SPECIAL:
		v = special(l, o, sel[c]);
		break;
	case RF_GLOBAL:
		v = hw_cb_read(l, o, sel[c]);
		break;
	case RF_VOUTPUT: /* a render target's register: CAL kernels accumulate in them (mad o0, a, b, o0) */
		if (!l->k->ps)
			goto unsupported;
		if (sel[c] > SEL_W) {
			v = val_imm(sel[c] == SEL_1 ? 0x3f800000u : 0);
			break;
		}
		if (ps_output_dst(l, o))
			return val_imm(0);
		v = val_vec(ps_out_reg(l, (int)o->num, sel[c]));
		break;
	case RF_VINPUT:
		if (!l->k->ps)
			goto unsupported;
		v = ps_input(l, o, sel[c]);
		break;
	case RF_NUMBER:
		v = val_imm((uint32_t)o->num);
		break;
	case RF_ICB:
		lerr(l, o->loc, "'icb' (the immediate constant buffer) is not supported: %s", isa_icb_reason());
		return val_imm(0);
	default:
	unsupported:
		lerr(l, o->loc, "operand '%s' is not supported as a source yet", o->name ? o->name : "?");
		return val_imm(0);
	}
	neg = il_mod(o->mods, o->nmods, "neg");
	absm = il_mod(o->mods, o->nmods, "abs");
	v.neg = neg_listed(neg, c);
	v.abs = absm != NULL;
	{
		int i;
		for (i = 0; i < o->nmods; i++)
			if (strcmp(o->mods[i].name, "neg") && strcmp(o->mods[i].name, "abs")) {
				lerr(l, o->loc, "source modifier '_%s' is not supported", o->mods[i].name);
				break;
			}
	}
	return v;
}

/* The one component a condition or address operand names. */
Val lsrc1(L *l, const Operand *o)
{
	return lsrc(l, o, 0);
}

/* ---- per-component ALU -------------------------------------------------- */

enum { F_NONE, F_SUB = 1, F_MAD = 2, F_CMP = 4, F_CMOV = 8, F_MOV = 16, F_CVT = 32, F_NEG1 = 64,
       F_ROUND_CVT = 128, F_MASK24 = 256, F_ABS = 512, F_CLAMP = 1024, F_DOT = 2048, F_BFI = 4096,
       F_BFM = 8192, F_LEGACY = 16384, F_ALIGN = 32768, F_MINMAX3 = 65536, F_CARRY = 131072, F_CMPK = 262144, F_LANEW = 524288, F_SGN = 1048576, F_F2H = 2097152,
       F_H2F = 4194304, F_UNPACK = 8388608, F_SAD = 16777216 };

typedef struct AluOp {
	Opcode op;
	const char *vop;   /* vISA mnemonic (for F_CMP: the relation) */
	VType t;           /* operand type */
	int flags;
	VType dt;          /* F_CVT: destination type */
} AluOp;

static const AluOp alu_ops[] = {
	{OP_IADD, "add", VT_D, 0, 0}, {OP_INEGATE, "mov", VT_D, F_NEG1, 0},
	{OP_IMUL, "mul", VT_D, 0, 0}, {OP_UMUL, "mul", VT_UD, 0, 0},
	{OP_IMUL_HIGH, "mulh", VT_D, 0, 0}, {OP_UMUL_HIGH, "mulh", VT_UD, 0, 0},
	{OP_IMAD, "mul", VT_D, F_MAD, 0}, {OP_UMAD, "mul", VT_UD, F_MAD, 0},
	{OP_IMIN, "min", VT_D, 0, 0}, {OP_IMAX, "max", VT_D, 0, 0},
	{OP_UMIN, "min", VT_UD, 0, 0}, {OP_UMAX, "max", VT_UD, 0, 0},
	{OP_ISHL, "shl", VT_D, 0, 0}, {OP_ISHR, "asr", VT_D, 0, 0}, {OP_USHR, "shr", VT_UD, 0, 0},
	{OP_IAND, "and", VT_UD, 0, 0}, {OP_AND, "and", VT_UD, 0, 0},
	{OP_IOR, "or", VT_UD, 0, 0}, {OP_IXOR, "xor", VT_UD, 0, 0}, {OP_INOT, "not", VT_UD, 0, 0},
	{OP_UDIV, "div", VT_UD, 0, 0}, {OP_UMOD, "mod", VT_UD, 0, 0},
	{OP_IEQ, "eq", VT_D, F_CMP, 0}, {OP_INE, "ne", VT_D, F_CMP, 0},
	{OP_ILT, "lt", VT_D, F_CMP, 0}, {OP_IGE, "ge", VT_D, F_CMP, 0},
	{OP_ULT, "lt", VT_UD, F_CMP, 0}, {OP_UGE, "ge", VT_UD, F_CMP, 0},
	{OP_EQ, "eq", VT_F, F_CMP, 0}, {OP_NE, "ne", VT_F, F_CMP, 0},
	{OP_LT, "lt", VT_F, F_CMP, 0}, {OP_GE, "ge", VT_F, F_CMP, 0},
	{OP_GT, "gt", VT_F, F_CMP, 0}, {OP_LE, "le", VT_F, F_CMP, 0},
	{OP_CMOV_LOGICAL, "sel", VT_UD, F_CMOV, 0},
	{OP_ADD, "add", VT_F, 0, 0}, {OP_SUB, "add", VT_F, F_SUB, 0},
	{OP_MUL_IEEE, "mul", VT_F, 0, 0},
	{OP_MAD_IEEE, "mul", VT_F, F_MAD, 0}, {OP_FMA, "mad", VT_F, 0, 0},
	{OP_MIN_IEEE, "min", VT_F, 0, 0}, {OP_MAX_IEEE, "max", VT_F, 0, 0},
	{OP_DIV, "div", VT_F, 0, 0}, {OP_FRC, "frc", VT_F, 0, 0},
	{OP_ROUND_NEAREST, "rnde", VT_F, 0, 0}, {OP_ROUND_NEGINF, "rndd", VT_F, 0, 0},
	{OP_RND, "rnde", VT_F, 0, 0}, /* HLSL round (docs/fmath.md): halves to even */
	{OP_ROUND_PLUSINF, "rndu", VT_F, 0, 0}, {OP_ROUND_Z, "rndz", VT_F, 0, 0},
	{OP_EXP_VEC, "exp", VT_F, 0, 0}, {OP_LOG_VEC, "log", VT_F, 0, 0},
	{OP_SQRT_VEC, "sqrt", VT_F, 0, 0}, {OP_RSQ_VEC, "rsqrt", VT_F, 0, 0},
	{OP_RCP_VEC, "inv", VT_F, 0, 0}, {OP_SIN_VEC, "sin", VT_F, 0, 0}, {OP_COS_VEC, "cos", VT_F, 0, 0},
	{OP_FTOI, "mov", VT_F, F_CVT, VT_D}, {OP_FTOU, "mov", VT_F, F_CVT, VT_UD},
	{OP_ITOF, "mov", VT_D, F_CVT, VT_F}, {OP_UTOF, "mov", VT_UD, F_CVT, VT_F},
	{OP_MOV, "mov", VT_UD, F_MOV, 0},
	/* bits: vISA's fbh/fbl give AMD's -1 for "no bit" directly */
	{OP_FFB_HI, "fbh", VT_UD, 0, 0}, {OP_FFB_LO, "fbl", VT_UD, 0, 0},
	{OP_FFB_SHI, "fbh", VT_D, 0, 0}, {OP_ICBITS, "cbit", VT_UD, 0, 0},
	{OP_UBIT_REVERSE, "bfrev", VT_UD, 0, 0},
	{OP_UBIT_EXTRACT, "bfe", VT_UD, 0, 0}, {OP_IBIT_EXTRACT, "bfe", VT_D, 0, 0},
	{OP_UBIT_INSERT, "bfi", VT_UD, 0, 0}, {OP_BFI, "and", VT_UD, F_BFI, 0},
	{OP_BFM, "shl", VT_UD, F_BFM, 0},
	/* 24-bit multiplies: the operands' low 24 bits (sign-extended for i) */
	{OP_UMUL24, "mul", VT_UD, F_MASK24, 0}, {OP_IMUL24, "mul", VT_D, F_MASK24, 0},
	{OP_UMAD24, "mul", VT_UD, F_MASK24 | F_MAD, 0}, {OP_IMAD24, "mul", VT_D, F_MASK24 | F_MAD, 0},
	/* float */
	{OP_ABS, "and", VT_UD, F_ABS, 0}, {OP_CLAMP, "max", VT_F, F_CLAMP, 0},
	{OP_FTOI_FLR, "rndd", VT_F, F_ROUND_CVT, VT_D}, {OP_FTOI_RPI, "rndu", VT_F, F_ROUND_CVT, VT_D},
	/* legacy DX9 multiplies: 0 * anything = +0, Inf and NaN included [I] */
	{OP_MUL, "mul", VT_F, F_LEGACY, 0}, {OP_MAD, "mul", VT_F, F_LEGACY | F_MAD, 0},
	{OP_IMUL24_HIGH, "mulh", VT_D, F_MASK24, 0}, {OP_UMUL24_HIGH, "mulh", VT_UD, F_MASK24, 0},
	/* low 32 bits of (a:b) >> s, s = src2 & 31 (bitalign) or 8 * (src2 & 3) */
	{OP_BITALIGN, "shr", VT_UD, F_ALIGN, 0}, {OP_BYTEALIGN, "shr", VT_UD, F_ALIGN, 0},
	/* three-operand min / max / median */
	{OP_IMIN3, "min", VT_D, F_MINMAX3, 0}, {OP_IMAX3, "max", VT_D, F_MINMAX3, 0},
	{OP_IMED3, "med", VT_D, F_MINMAX3, 0}, {OP_UMIN3, "min", VT_UD, F_MINMAX3, 0},
	{OP_UMAX3, "max", VT_UD, F_MINMAX3, 0}, {OP_UMED3, "med", VT_UD, F_MINMAX3, 0},
	/* legacy min / max and the three-operand float forms: IEEE minNum /
	 * maxNum as min_ieee / max_ieee (the D3D10 rule the IL carries) [I] */
	{OP_MIN, "min", VT_F, 0, 0}, {OP_MAX, "max", VT_F, 0, 0},
	{OP_MIN3, "min", VT_F, F_MINMAX3, 0}, {OP_MAX3, "max", VT_F, F_MINMAX3, 0},
	{OP_MED3, "med", VT_F, F_MINMAX3, 0}, {OP_FLR, "rndd", VT_F, 0, 0},
	{OP_SGN, "sel", VT_F, F_SGN, 0}, {OP_DP2ADD, "mul", VT_F, F_DOT, 0},
	/* legacy scalar transcendentals: lane w of the swizzled source,
	 * replicated (amdil.md 4.5) */
	{OP_EXP, "exp", VT_F, F_LANEW, 0}, {OP_LOG, "log", VT_F, F_LANEW, 0},
	{OP_SQRT, "sqrt", VT_F, F_LANEW, 0}, {OP_RSQ, "rsqrt", VT_F, F_LANEW, 0},
	{OP_RCP, "inv", VT_F, F_LANEW, 0}, {OP_SIN, "sin", VT_F, F_LANEW, 0},
	{OP_COS, "cos", VT_F, F_LANEW, 0},
	/* half conversions (round to nearest even); media ops */
	{OP_F2F16, "mov", VT_F, F_F2H, 0}, {OP_F2F16_NEAR, "mov", VT_F, F_F2H, 0},
	{OP_F162F, "mov", VT_UD, F_H2F, 0},
	{OP_UNPACK0, "mov", VT_UD, F_UNPACK, 0}, {OP_UNPACK1, "mov", VT_UD, F_UNPACK, 0},
	{OP_UNPACK2, "mov", VT_UD, F_UNPACK, 0}, {OP_UNPACK3, "mov", VT_UD, F_UNPACK, 0},
	{OP_SAD, "add", VT_UD, F_SAD, 0}, {OP_SADHI, "add", VT_UD, F_SAD, 0},
	/* B14's float select against a constant: cmp_relop(cc)_cmpval(K) */
	{OP_CMP, "sel", VT_UD, F_CMPK, 0},
	/* carry out of a + b, borrow of a - b: 1 or 0 */
	{OP_ICARRY, "add", VT_UD, F_CARRY, 0}, {OP_IBORROW, "sub", VT_UD, F_CARRY, 0},
	/* dot products; the forms without _ieee multiply with the legacy rule */
	{OP_DP2, "mul", VT_F, F_DOT, 0}, {OP_DP3, "mul", VT_F, F_DOT, 0}, {OP_DP4, "mul", VT_F, F_DOT, 0},
};

static const AluOp *find_alu(Opcode op)
{
	size_t i;
	for (i = 0; i < NELEM(alu_ops); i++)
		if (alu_ops[i].op == op)
			return &alu_ops[i];
	return NULL;
}

/* dst = a * b with the legacy rule: a zero operand gives +0 [I]. */
static void legacy_mul(L *l, VDecl *dst, Val a, Val b)
{
	Val x[2] = {a, b};
	VDecl *p;
	alu(l, "mul", VT_F, dst, 2, x, 0);
	p = compare(l, "eq", VT_F, a, val_imm(0));
	lower_select(l, p, 0, dst, VT_UD, val_imm(0), val_vec(dst));
	p = compare(l, "eq", VT_F, b, val_imm(0));
	lower_select(l, p, 0, dst, VT_UD, val_imm(0), val_vec(dst));
}

/* _zeroop(policy) of div, rcp_vec, rsq_vec and log_vec: the result for a
 * zero divisor or argument (amdil.md 4.4).  infinity (and no modifier) is
 * what IEEE gives; fltmax gives +-FLT_MAX (div: the sign of a xor b's; rcp,
 * rsq: the argument's; log: -FLT_MAX), zero gives +0.  inf_else_max has no
 * source; read from its name (docs/fmath.md [I]): infinity when the
 * divisor or argument is zero, else +-FLT_MAX where a finite dividend's
 * quotient (a reciprocal) overflows. */
static void zero_op(L *l, const Inst *in, VDecl *dst, const Val *s)
{
	const Mod *z = il_inst_mod(in, "zeroop");
	Val arg, x[2];
	VDecl *p, *t;
	int fltmax;
	if (!z || !z->arg || !strcmp(z->arg, "infinity"))
		return;
	fltmax = !strcmp(z->arg, "fltmax");
	if (!fltmax && strcmp(z->arg, "zero") && strcmp(z->arg, "inf_else_max")) {
		lerr(l, z->loc, "'_zeroop(%s)' is not a zero policy (fltmax, zero, infinity, inf_else_max)",
		     z->arg);
		return;
	}
	if (in->op != OP_DIV && in->op != OP_RCP_VEC && in->op != OP_RSQ_VEC && in->op != OP_LOG_VEC &&
	    in->op != OP_RCP && in->op != OP_RSQ && in->op != OP_LOG) {
		lerr(l, z->loc, "'_zeroop' on '%s' is not supported", il_ops[in->op].name);
		return;
	}
	arg = in->op == OP_DIV ? s[1] : s[0];
	if (!strcmp(z->arg, "inf_else_max")) {
		if (in->op != OP_DIV && in->op != OP_RCP_VEC && in->op != OP_RCP)
			return; /* rsq and log of a non-zero float never overflow */
		if (!l->warned_inf_else_max)
			diag_warning(z->loc, "'_zeroop(inf_else_max)' has no documented result; translated as "
			             "infinity for a zero %s and +-FLT_MAX where a finite %s overflows "
			             "(docs/fmath.md)", in->op == OP_DIV ? "divisor" : "argument",
			             in->op == OP_DIV ? "dividend's quotient" : "argument's reciprocal");
		l->warned_inf_else_max = 1;
		/* |dst| == Inf, arg != 0 and (div) |a| != Inf: dst's sign with FLT_MAX */
		t = vk_temp(l->vk, "ZOP", VT_UD, l->simd);
		x[0] = val_vec(dst), x[1] = val_imm(0x80000000u);
		alu(l, "and", VT_UD, t, 2, x, 0);
		x[0] = val_vec(t), x[1] = val_imm(0x7f7fffffu);
		alu(l, "or", VT_UD, t, 2, x, 0);
		{
			VDecl *m = vk_temp(l->vk, "ZOPM", VT_UD, l->simd);
			x[0] = val_vec(dst), x[1] = val_imm(0x7fffffffu);
			alu(l, "and", VT_UD, m, 2, x, 0);
			p = compare(l, "eq", VT_UD, val_vec(m), val_imm(0x7f800000u));
			lower_select(l, p, 0, m, VT_UD, val_vec(t), val_vec(dst));
			p = compare(l, "eq", VT_F, arg, val_imm(0));
			lower_select(l, p, 0, m, VT_UD, val_vec(dst), val_vec(m));
			if (in->op == OP_DIV) {
				VDecl *q = vk_temp(l->vk, "ZOPA", VT_UD, l->simd);
				x[0] = s[0], x[1] = val_imm(0x3f800000u);
				alu(l, "mul", VT_F, q, 2, x, 0); /* the dividend as read (modifiers applied) */
				x[0] = val_vec(q), x[1] = val_imm(0x7fffffffu);
				alu(l, "and", VT_UD, q, 2, x, 0);
				p = compare(l, "eq", VT_UD, val_vec(q), val_imm(0x7f800000u));
				lower_select(l, p, 0, m, VT_UD, val_vec(dst), val_vec(m));
			}
			x[0] = val_vec(m);
			alu(l, "mov", VT_UD, dst, 1, x, 0);
		}
		return;
	}
	t = vk_temp(l->vk, "ZOP", VT_UD, l->simd);
	if (!fltmax || in->op == OP_LOG_VEC || in->op == OP_LOG) {
		x[0] = val_imm(!fltmax ? 0 : 0xff7fffffu);
		alu(l, "mov", VT_UD, t, 1, x, 0);
	} else {
		/* the sign: the argument's (div: dividend's xor divisor's), as
		 * the lowering reads them (modifiers applied by a float mul) */
		x[0] = in->op == OP_DIV ? s[0] : val_imm(0x3f800000u), x[1] = arg;
		alu(l, "mul", VT_F, t, 2, x, 0);
		x[0] = val_vec(t), x[1] = val_imm(0x80000000u);
		alu(l, "and", VT_UD, t, 2, x, 0);
		x[0] = val_vec(t), x[1] = val_imm(0x7f7fffffu);
		alu(l, "or", VT_UD, t, 2, x, 0);
	}
	if (il_inst_mod(in, "sat")) {
		x[0] = val_vec(t);
		alu(l, "mov", VT_F, t, 1, x, 1);
	}
	p = compare(l, "eq", VT_F, arg, val_imm(0));
	lower_select(l, p, 0, dst, VT_UD, val_vec(t), val_vec(dst));
}

/* One result component into dst. */
static void alu_comp(L *l, const Inst *in, const AluOp *a, VDecl *dst, int c)
{
	Val s[4];
	int i, ns = in->nops - 1, sat = il_inst_mod(in, "sat") != NULL && !fmath_shift(in);
	if (a->flags & F_DOT) {
		/* a dot product: the same sum in every written component, each
		 * product rounded, summed from x up (not fused) */
		VDecl *t = vk_temp(l->vk, "DOT", VT_F, l->simd);
		int n = a->op == OP_DP2 || a->op == OP_DP2ADD ? 2 : a->op == OP_DP3 ? 3 : 4;
		int add = a->op == OP_DP2ADD; /* + c.x */
		Val p[2];
		int legacy = il_inst_mod(in, "ieee") == NULL; /* dp2 (not dp2_ieee): 0 * x = +0 */
		for (i = 0; i < n; i++) {
			p[0] = lsrc(l, &in->ops[1], i), p[1] = lsrc(l, &in->ops[2], i);
			if (legacy)
				legacy_mul(l, i ? t : dst, p[0], p[1]);
			else
				alu(l, "mul", VT_F, i ? t : dst, 2, p, 0);
			if (i) {
				p[0] = val_vec(dst), p[1] = val_vec(t);
				alu(l, "add", VT_F, dst, 2, p, i + 1 == n && !add ? sat : 0);
			}
		}
		if (add) {
			p[0] = val_vec(dst), p[1] = lsrc(l, &in->ops[3], 0);
			alu(l, "add", VT_F, dst, 2, p, sat);
		}
		return;
	}
	for (i = 0; i < ns && i < 4; i++)
		s[i] = lsrc(l, &in->ops[1 + i], a->flags & F_LANEW ? 3 : c);
	if (int_type(a->t))
		for (i = 0; i < ns && i < 4; i++)
			if (!((a->flags & F_CMOV) && i > 0)) /* cmov's values: float_signed */
				s[i] = int_abs_cleared(l, s[i]);
	if (a->flags & F_SGN) {
		/* 1.0, -1.0, or 0 (zeros and NaN) [I] */
		VDecl *p;
		Val z = val_imm(0);
		alu(l, "mov", VT_UD, dst, 1, &z, 0);
		p = compare(l, "gt", VT_F, s[0], val_imm(0));
		lower_select(l, p, 0, dst, VT_UD, val_imm(0x3f800000u), val_vec(dst));
		p = compare(l, "lt", VT_F, s[0], val_imm(0));
		lower_select(l, p, 0, dst, VT_UD, val_imm(0xbf800000u), val_vec(dst));
		return;
	}
	if (a->flags & (F_F2H | F_H2F)) {
		/* through a half temporary: f2f16 leaves the half in the low 16
		 * bits (upper bits 0), f162f reads the low 16 bits */
		VDecl *h = vk_temp(l->vk, "HF", VT_HF, l->simd);
		int k;
		for (k = 0; k < l->nchunks; k++) {
			VInst *v = emit_chunk(l, "mov", k);
			v->ops[0] = vo_dst(h, k * l->chunk);
			v->ops[1] = opnd(l, s[0], a->flags & F_F2H ? VT_F : VT_UD, k);
			if (a->flags & F_H2F)
				v->ops[0] = vo_dst(vk_alias(l->vk, h, VT_UW, 0), k * l->chunk);
			v->nops = 2;
			v = emit_chunk(l, "mov", k);
			v->ops[0] = vo_dst(vk_alias(l->vk, dst, a->flags & F_F2H ? VT_UD : VT_F, 0), k * l->chunk);
			v->ops[1] = vo_src(a->flags & F_F2H ? vk_alias(l->vk, h, VT_UW, 0) : h, k * l->chunk);
			v->sat = sat && (a->flags & F_H2F);
			v->nops = 2;
		}
		return;
	}
	if (a->flags & F_UNPACK) {
		/* byte n of the source as a float */
		VDecl *t = vk_temp(l->vk, "UNP", VT_UD, l->simd);
		Val x[2] = {s[0], val_imm(8u * (unsigned)(a->op - OP_UNPACK0))};
		int k;
		alu(l, "shr", VT_UD, t, 2, x, 0);
		x[0] = val_vec(t), x[1] = val_imm(0xff);
		alu(l, "and", VT_UD, t, 2, x, 0);
		for (k = 0; k < l->nchunks; k++) {
			VInst *v = emit_chunk(l, "mov", k);
			v->sat = sat;
			v->ops[0] = vo_dst(vk_alias(l->vk, dst, VT_F, 0), k * l->chunk);
			v->ops[1] = vo_src(t, k * l->chunk);
			v->nops = 2;
		}
		return;
	}
	if (a->flags & F_SAD) {
		/* sum of |a.byte[i] - b.byte[i]| + c; sadhi: (sum << 16) + c
		 * (cl_amd_media_ops amd_sad / amd_sadhi) */
		VDecl *ta = vk_temp(l->vk, "SAD", VT_D, l->simd), *tb = vk_temp(l->vk, "SAD", VT_D, l->simd);
		VDecl *sum = vk_temp(l->vk, "SAD", VT_D, l->simd);
		Val x[2];
		int k;
		for (k = 0; k < 4; k++) {
			x[0] = s[0], x[1] = val_imm(8u * (unsigned)k);
			alu(l, "shr", VT_UD, ta, 2, x, 0);
			x[0] = val_vec(ta), x[1] = val_imm(0xff);
			alu(l, "and", VT_UD, ta, 2, x, 0);
			x[0] = s[1], x[1] = val_imm(8u * (unsigned)k);
			alu(l, "shr", VT_UD, tb, 2, x, 0);
			x[0] = val_vec(tb), x[1] = val_imm(0xff);
			alu(l, "and", VT_UD, tb, 2, x, 0);
			x[0] = val_vec(ta), x[1] = val_vec(tb);
			x[1].neg = 1;
			alu(l, "add", VT_D, ta, 2, x, 0);
			x[0] = val_vec(ta);
			x[0].abs = 1;
			if (k == 0) {
				alu(l, "mov", VT_D, sum, 1, x, 0);
			} else {
				x[1] = val_vec(sum);
				alu(l, "add", VT_D, sum, 2, x, 0);
			}
		}
		if (a->op == OP_SADHI) {
			x[0] = val_vec(sum), x[1] = val_imm(16);
			alu(l, "shl", VT_UD, sum, 2, x, 0);
		}
		x[0] = val_vec(sum), x[1] = s[2];
		alu(l, "add", VT_UD, dst, 2, x, 0);
		return;
	}
	if ((a->op == OP_UDIV || a->op == OP_UMOD) && !l->o->plat->int_divide) {
		/* lower_div.c; an integer _neg computed first, as alu() does */
		udiv_emulated(l, a->op == OP_UMOD, dst, int_negated(l, s[0]), int_negated(l, s[1]));
		return;
	}
	if (a->flags & F_MASK24) {
		/* low 24 bits: bfe of width 24 at 0, unsigned or signed by type */
		for (i = 0; i < 2; i++) {
			VDecl *t = vk_temp(l->vk, "M24", VT_D, l->simd);
			Val b[3] = {val_imm(24), val_imm(0), s[i]};
			alu(l, "bfe", a->t, t, 3, b, 0);
			s[i] = val_vec(t);
		}
	}
	if (a->flags & F_ROUND_CVT) {
		/* floor / ceil, then float to int */
		VDecl *t = vk_temp(l->vk, "RND", VT_F, l->simd);
		int h;
		alu(l, a->vop, VT_F, t, 1, s, 0);
		for (h = 0; h < l->nchunks; h++) {
			VInst *v = emit_chunk(l, "mov", h);
			v->ops[0] = vo_dst(vk_alias(l->vk, dst, VT_D, 0), h * l->chunk);
			v->ops[1] = vo_src(t, h * l->chunk);
			v->nops = 2;
		}
		return;
	}
	if (a->flags & F_ABS) {
		Val t[2] = {s[0], val_imm(0x7fffffffu)};
		t[0].neg = t[0].abs = 0;
		alu(l, "and", VT_UD, dst, 2, t, 0);
		return;
	}
	if (a->flags & F_CLAMP) {
		Val t[2] = {s[0], s[1]};
		alu(l, "max", VT_F, dst, 2, t, 0);
		t[0] = val_vec(dst), t[1] = s[2];
		alu(l, "min", VT_F, dst, 2, t, sat);
		return;
	}
	if (a->flags & F_BFI) {
		/* (m & a) | (~m & b) */
		for (i = 0; i < 3; i++)
			s[i] = int_negated(l, s[i]);
		VDecl *t = vk_temp(l->vk, "BFI", VT_UD, l->simd);
		Val x[2] = {s[0], s[1]};
		alu(l, "and", VT_UD, t, 2, x, 0);
		x[0] = s[0], x[1] = s[2];
		{
			int h;
			for (h = 0; h < l->nchunks; h++) {
				VInst *v = emit_chunk(l, "and", h);
				v->ops[0] = vo_dst(vk_alias(l->vk, dst, VT_UD, 0), h * l->chunk);
				/* ~m: a source modifier, or the complement of an immediate
				 * (vISA has no modifier on immediates) */
				v->ops[1] = opnd(l, x[0], VT_UD, h);
				if (v->ops[1].kind == VO_IMM)
					v->ops[1].imm = ~v->ops[1].imm & 0xffffffffu;
				else
					v->ops[1] = vo_mod(v->ops[1], VM_NOT);
				v->ops[2] = opnd(l, x[1], VT_UD, h);
				v->nops = 3;
			}
		}
		x[0] = val_vec(dst), x[1] = val_vec(t);
		alu(l, "or", VT_UD, dst, 2, x, 0);
		return;
	}
	if (a->flags & F_BFM) {
		/* ((1 << (w & 31)) - 1) << (o & 31): shifts take their count mod 32 */
		Val x[2] = {val_imm(1), s[0]};
		alu(l, "shl", VT_UD, dst, 2, x, 0);
		x[0] = val_vec(dst), x[1] = val_imm(0xffffffffu);
		alu(l, "add", VT_UD, dst, 2, x, 0);
		x[0] = val_vec(dst), x[1] = s[1];
		alu(l, "shl", VT_UD, dst, 2, x, 0);
		return;
	}
	if (a->flags & F_LEGACY) {
		legacy_mul(l, dst, s[0], s[1]);
		if (a->flags & F_MAD) {
			Val t[2] = {val_vec(dst), s[2]};
			alu(l, "add", VT_F, dst, 2, t, sat);
		} else if (sat) {
			Val t = val_vec(dst);
			alu(l, "mov", VT_F, dst, 1, &t, 1);
		}
		return;
	}
	if (a->flags & F_ALIGN) {
		/* (b >> n) | ((a << (31 - n)) << 1): no shift by 32, which the
		 * hardware would take as 0 */
		VDecl *n = vk_temp(l->vk, "AL", VT_UD, l->simd), *t = vk_temp(l->vk, "AL", VT_UD, l->simd);
		Val x[2] = {s[2], val_imm(a->op == OP_BITALIGN ? 31 : 3)};
		alu(l, "and", VT_UD, n, 2, x, 0);
		if (a->op == OP_BYTEALIGN) {
			x[0] = val_vec(n), x[1] = val_imm(3);
			alu(l, "shl", VT_UD, n, 2, x, 0);
		}
		x[0] = s[1], x[1] = val_vec(n);
		alu(l, "shr", VT_UD, dst, 2, x, 0);
		x[0] = val_vec(n), x[1] = val_imm(31);
		alu(l, "xor", VT_UD, n, 2, x, 0);
		x[0] = s[0], x[1] = val_vec(n);
		alu(l, "shl", VT_UD, t, 2, x, 0);
		x[0] = val_vec(t), x[1] = val_imm(1);
		alu(l, "shl", VT_UD, t, 2, x, 0);
		x[0] = val_vec(dst), x[1] = val_vec(t);
		alu(l, "or", VT_UD, dst, 2, x, 0);
		return;
	}
	if (a->flags & F_MINMAX3) {
		Val x[2] = {s[0], s[1]};
		if (!strcmp(a->vop, "med")) {
			/* max(min(a, b), min(max(a, b), c)) */
			VDecl *t = vk_temp(l->vk, "MED", VT_D, l->simd);
			alu(l, "max", a->t, t, 2, x, 0);
			alu(l, "min", a->t, dst, 2, x, 0);
			x[0] = val_vec(t), x[1] = s[2];
			alu(l, "min", a->t, t, 2, x, 0);
			x[0] = val_vec(dst), x[1] = val_vec(t);
			alu(l, "max", a->t, dst, 2, x, sat);
		} else {
			alu(l, a->vop, a->t, dst, 2, x, 0);
			x[0] = val_vec(dst), x[1] = s[2];
			alu(l, a->vop, a->t, dst, 2, x, sat);
		}
		return;
	}
	if (a->flags & F_CMPK) {
		/* (s0 cc K) ? s1 : s2, the chosen source's bits unchanged */
		static const char *const ks[] = {"0.0", "0.5", "1.0", "-0.5", "-1.0"};
		static const uint32_t kv[] = {0x00000000u, 0x3f000000u, 0x3f800000u, 0xbf000000u, 0xbf800000u};
		static const char *const rels[] = {"eq", "ne", "gt", "ge", "lt", "le"};
		const Mod *k = il_inst_mod(in, "cmpval"), *r = il_inst_mod(in, "relop");
		size_t j, q;
		for (j = 0; k && k->arg && j < NELEM(ks) && strcmp(k->arg, ks[j]); j++)
			;
		for (q = 0; r && r->arg && q < NELEM(rels) && strcmp(r->arg, rels[q]); q++)
			;
		if (!k || !k->arg || j == NELEM(ks) || !r || !r->arg || q == NELEM(rels)) {
			lerr(l, in->loc, "'cmp' needs _relop(eq|ne|gt|ge|lt|le) and _cmpval(0.0|0.5|1.0|-0.5|-1.0): "
			     "no source gives their defaults, and AMD's compiler always writes both (HLC CmpRelop)");
			return;
		}
		lower_select(l, compare(l, rels[q], VT_F, s[0], val_imm(kv[j])), 0, dst, VT_UD, s[1], s[2]);
		return;
	}
	if (a->flags & F_CARRY) {
		VDecl *p;
		if (a->op == OP_ICARRY) {
			Val x[2] = {s[0], s[1]};
			alu(l, "add", VT_UD, dst, 2, x, 0);
			p = compare(l, "lt", VT_UD, val_vec(dst), s[0]);
		} else {
			p = compare(l, "lt", VT_UD, s[0], s[1]);
		}
		lower_select(l, p, 0, dst, VT_UD, val_imm(1), val_imm(0));
		return;
	}
	if (a->flags & F_MOV) {
		/* bit copy; float modifiers as sign-bit operations so NaNs and
		 * denormals pass unchanged */
		Val x = s[0];
		int ng = x.neg, ab = x.abs;
		x.neg = x.abs = 0;
		if (sat || fmath_shift(in)) {
			/* _sat makes it float arithmetic: a multiply by 1.0, so a
			 * denormal flushes like every float result (a mov.sat
			 * would copy it) */
			Val t[2] = {s[0], val_imm(0x3f800000u)};
			t[0].neg = ng, t[0].abs = ab;
			alu(l, "mul", VT_F, dst, 2, t, sat);
		} else if (ab && ng) {
			Val t[2] = {x, val_imm(0x80000000u)};
			alu(l, "or", VT_UD, dst, 2, t, 0);
		} else if (ab) {
			Val t[2] = {x, val_imm(0x7fffffffu)};
			alu(l, "and", VT_UD, dst, 2, t, 0);
		} else if (ng) {
			Val t[2] = {x, val_imm(0x80000000u)};
			alu(l, "xor", VT_UD, dst, 2, t, 0);
		} else {
			alu(l, "mov", VT_UD, dst, 1, &x, 0);
		}
	} else if (a->flags & F_CVT) {
		int h;
		if (int_type(a->t))
			s[0] = int_negated(l, s[0]);
		for (h = 0; h < l->nchunks; h++) {
			VInst *v = emit_chunk(l, "mov", h);
			v->sat = sat;
			v->ops[0] = vo_dst(vk_alias(l->vk, dst, a->dt, 0), h * l->chunk);
			v->ops[1] = opnd(l, s[0], a->t, h);
			v->nops = 2;
		}
	} else if (a->flags & F_CMP) {
		VDecl *p = compare(l, a->vop, a->t, s[0], s[1]);
		lower_select(l, p, 0, dst, VT_UD, val_imm(0xffffffffu), val_imm(0));
	} else if (a->flags & F_CMOV) {
		/* the condition's _neg is the integer one (it keeps 0 and
		 * non-0 apart); the values' _neg/_abs act on the sign bit */
		VDecl *p = compare(l, "ne", VT_UD, s[0], val_imm(0));
		lower_select(l, p, 0, dst, VT_UD, float_signed(l, s[1]), float_signed(l, s[2]));
	} else if (a->flags & F_MAD) {
		/* AMD's mad is not fused: multiply, round, add */
		alu(l, "mul", a->t, dst, 2, s, 0);
		{
			Val t[2] = {val_vec(dst), s[2]};
			alu(l, "add", a->t, dst, 2, t, sat);
		}
	} else if (a->flags & F_SUB) {
		s[1].neg = !s[1].neg;
		alu(l, a->vop, a->t, dst, 2, s, sat);
	} else if (a->flags & F_NEG1) {
		s[0].neg = !s[0].neg;
		alu(l, a->vop, a->t, dst, 1, s, 0);
	} else if (a->op == OP_FRC && sat) {
		/* GenX_IR takes no .sat on frc ("frc does not support
		 * saturation"): the fraction, then a saturating move (a NaN
		 * fraction becomes 0) */
		Val t = val_vec(dst);
		alu(l, a->vop, a->t, dst, ns, s, 0);
		alu(l, "mov", VT_F, dst, 1, &t, 1);
	} else {
		alu(l, a->vop, a->t, dst, ns, s, sat);
		zero_op(l, in, dst, s);
		if (a->op == OP_UMOD) {
			/* x mod 0 is 0xFFFFFFFF (the D3D11 rule, amdil.md 4.1); Gen
			 * leaves the dividend */
			VDecl *p = compare(l, "eq", VT_UD, s[1], val_imm(0));
			lower_select(l, p, 0, dst, VT_UD, val_imm(0xffffffffu), val_vec(dst));
		}
	}
}

/* Does a source (or a source's index) name the destination's register or
 * array element? */
static int names_dst(const Operand *s, const Operand *d)
{
	if (s->index_reg && names_dst(s->index_reg, d))
		return 1;
	return s->file == d->file && s->num == d->num &&
	       (d->file != RF_ITEMP || s->index_reg || d->index_reg || s->index_imm == d->index_imm);
}

static int reads_reg(const Inst *in, const Operand *d)
{
	int i;
	for (i = 1; i < in->nops; i++)
		if (names_dst(&in->ops[i], d))
			return 1;
	return 0;
}

/* The register key of an ALU destination and its write mask; -1 after a
 * diagnostic.  *scratch: 0 a register, 1 an array kept in scratch (key 0),
 * 2 a derived kernel's global buffer g[] (key 0), 3 an il_ps kernel's
 * render target oN (key 0); for 1 to 3 the values are computed into
 * temporaries and alu_store writes them out. */
int alu_dst(L *l, const Operand *d, long long *key, int *scratch, int m[4])
{
	*key = 0;
	*scratch = d->file == RF_ITEMP && itemp_in_scratch(l, d->num);
	if (d->file == RF_GLOBAL)
		*scratch = 2; /* computed into temporaries, then stored to g[] */
	if (d->file == RF_VOUTPUT && l->k->ps) {
		if (ps_output_dst(l, d))
			return -1;
		*scratch = 3; /* computed into temporaries, then the render target's registers */
	}
	if (d->file == RF_TEMP && !d->has_index) {
		*key = d->num;
	} else if (*scratch) {
		/* computed into temporaries, then stored to the array in scratch */
	} else if (d->file == RF_ITEMP && !d->index_reg && d->index_imm >= 0 && d->index_imm <= 0xffffffffLL) {
		*key = itemp_key(d);
	} else {
		lerr(l, d->loc, "destination '%s' is not supported yet%s", d->name ? d->name : "?",
		      d->file == RF_ITEMP ? " (relative indexing)" : "");
		return -1;
	}
	if (il_wmask(d, m)) {
		lerr(l, d->loc, "malformed write mask '.%s'", d->comps);
		return -1;
	}
	return 0;
}

/* Writes the components computed into tmp[] (and the mask's 0 / 1.0
 * components) to the destination. */
void alu_store(L *l, const Operand *d, long long key, int scratch, const int m[4], VDecl *const tmp[4])
{
	int c;
	if (scratch == 2) {
		global_store(l, d, m, tmp);
		return;
	}
	if (scratch == 3) {
		ps_output_store(l, d, m, tmp);
		return;
	}
	for (c = 0; c < 4 && scratch; c++) {
		if (m[c] == WM_WRITE)
			itemp_store(l, d, c, val_vec(tmp[c]));
		else if (m[c] == WM_ZERO || m[c] == WM_ONE)
			itemp_store(l, d, c, val_imm(m[c] == WM_ONE ? 0x3f800000u : 0));
	}
	for (c = 0; c < 4 && !scratch; c++) {
		if (tmp[c]) {
			Val v = val_vec(tmp[c]);
			alu(l, "mov", VT_UD, reg_comp(l, key, c), 1, &v, 0);
		} else if (m[c] == WM_ZERO || m[c] == WM_ONE) {
			Val v = val_imm(m[c] == WM_ONE ? 0x3f800000u : 0);
			alu(l, "mov", VT_UD, reg_comp(l, key, c), 1, &v, 0);
		}
	}
}

static void lower_alu(L *l, const Inst *in, const AluOp *a)
{
	const Operand *d = &in->ops[0];
	int m[4], c, scratch;
	VDecl *tmp[4] = {0};
	long long key;
	if (alu_dst(l, d, &key, &scratch, m))
		return;
	for (c = 0; c < 4; c++) {
		VDecl *dst;
		if (m[c] != WM_WRITE)
			continue;
		/* all sources are read before any component is written (and a
		 * lowering of several instructions may write its destination early) */
		if (scratch || reads_reg(in, d))
			dst = tmp[c] = vk_temp(l->vk, "T", VT_D, l->simd);
		else
			dst = reg_comp(l, key, c);
		alu_comp(l, in, a, dst, c);
		fmath_post(l, in, dst); /* _x2 .. _d8, then _sat */
	}
	alu_store(l, d, key, scratch, m, tmp);
}

/* ---- 64-bit integers ---------------------------------------------------- */

/* i64add ... u64ge (amdil.md 4.8) on component pairs (x low, y high) and
 * (z low, w high), lowered to 32-bit operations (TGLLP has no 64-bit integer
 * ALU): addc/subb carry chains, mul + mulh with cross products, shifts built
 * from 32-bit shifts with the count's bit 5 selecting the crossed form, and
 * compares decided on the high dwords, on the low ones (unsigned) when the
 * high dwords are equal.  A compare writes its all-ones/zero mask to BOTH
 * dwords of the pair (the width is [U] in the docs): the pair reads as -1/0
 * as a long and its low dword as a 32-bit boolean.  Results go to
 * temporaries first, so a destination that is also a source is safe. */

typedef struct Pair {
	Val lo, hi;
} Pair;

static int is_i64(Opcode op)
{
	switch (op) {
	case OP_I64ADD: case OP_I64SUB: case OP_I64NEGATE: case OP_I64MUL: case OP_U64MUL:
	case OP_I64SHL: case OP_I64SHR: case OP_U64SHR: case OP_I64MIN: case OP_I64MAX:
	case OP_U64MIN: case OP_U64MAX: case OP_I64EQ: case OP_I64NE: case OP_I64LT:
	case OP_I64GE: case OP_U64LT: case OP_U64GE:
		return 1;
	default:
		return 0;
	}
}

static VDecl *temp32(L *l)
{
	return vk_temp(l->vk, "Q", VT_D, l->simd);
}

static void op2(L *l, const char *op, VType t, VDecl *dst, Val a, Val b)
{
	Val s[2] = {a, b};
	alu(l, op, t, dst, 2, s, 0);
}

/* lo, carry = a + b (addc) or lo, borrow = a - b (subb) */
static void carry_op(L *l, const char *op, VDecl *lo, VDecl *cy, Val a, Val b)
{
	int h;
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, op, h);
		in->ops[0] = vo_dst(vk_alias(l->vk, lo, VT_UD, 0), h * l->chunk);
		in->ops[1] = vo_dst(vk_alias(l->vk, cy, VT_UD, 0), h * l->chunk);
		in->ops[2] = opnd(l, a, VT_UD, h);
		in->ops[3] = opnd(l, b, VT_UD, h);
		in->nops = 4;
	}
}

static Val negv(Val v)
{
	v.neg = !v.neg;
	return v;
}

static void add64(L *l, const char *op, VDecl *r[2], Pair a, Pair b)
{
	VDecl *cy = temp32(l);
	int sub = !strcmp(op, "subb");
	carry_op(l, op, r[0], cy, a.lo, b.lo);
	op2(l, "add", VT_UD, r[1], a.hi, sub ? negv(b.hi) : b.hi);
	op2(l, "add", VT_UD, r[1], val_vec(r[1]), sub ? negv(val_vec(cy)) : val_vec(cy));
}

/* the low 64 bits of the product (the same for i64mul and u64mul) */
static void mul64(L *l, VDecl *r[2], Pair a, Pair b)
{
	VDecl *t = temp32(l);
	op2(l, "mul", VT_UD, r[0], a.lo, b.lo);
	op2(l, "mulh", VT_UD, r[1], a.lo, b.lo);
	op2(l, "mul", VT_UD, t, a.lo, b.hi);
	op2(l, "add", VT_UD, r[1], val_vec(r[1]), val_vec(t));
	op2(l, "mul", VT_UD, t, a.hi, b.lo);
	op2(l, "add", VT_UD, r[1], val_vec(r[1]), val_vec(t));
}

/* Shift by n = count & 63.  32-bit shifts use the count mod 32, so
 * "near" = the result for n & 31 < 32 and the n >= 32 result is the near
 * one's moved word; the bits crossing between the words are shifted twice
 * ((x >> 1) >> (31 - n)) so that n = 0 moves none. */
static void shift64(L *l, Opcode op, VDecl *r[2], Pair a, Val n)
{
	VDecl *inv = temp32(l), *x = temp32(l), *near = temp32(l), *far = temp32(l), *b5 = temp32(l), *p;
	Val z = val_imm(0);
	alu(l, "not", VT_UD, inv, 1, &n, 0);       /* ~n: 31 - (n & 31) mod 32 */
	if (op == OP_I64SHL) {
		op2(l, "shl", VT_UD, near, a.lo, n);     /* low word; the high one when n >= 32 */
		op2(l, "shr", VT_UD, x, a.lo, val_imm(1));
		op2(l, "shr", VT_UD, x, val_vec(x), val_vec(inv));
		op2(l, "shl", VT_UD, far, a.hi, n);
		op2(l, "or", VT_UD, far, val_vec(far), val_vec(x));
	} else {
		op2(l, op == OP_I64SHR ? "asr" : "shr", op == OP_I64SHR ? VT_D : VT_UD, near, a.hi, n);
		op2(l, "shl", VT_UD, x, a.hi, val_imm(1));
		op2(l, "shl", VT_UD, x, val_vec(x), val_vec(inv));
		op2(l, "shr", VT_UD, far, a.lo, n);
		op2(l, "or", VT_UD, far, val_vec(far), val_vec(x));
		if (op == OP_I64SHR) {
			z = val_vec(temp32(l));
			op2(l, "asr", VT_D, z.var, a.hi, val_imm(31));
		}
	}
	op2(l, "and", VT_UD, b5, n, val_imm(32));
	p = compare(l, "ne", VT_UD, val_vec(b5), val_imm(0));
	if (op == OP_I64SHL) {
		lower_select(l, p, 0, r[0], VT_UD, val_imm(0), val_vec(near));
		lower_select(l, p, 0, r[1], VT_UD, val_vec(near), val_vec(far));
	} else {
		lower_select(l, p, 0, r[0], VT_UD, val_vec(near), val_vec(far));
		lower_select(l, p, 0, r[1], VT_UD, z, val_vec(near));
	}
}

/* mask = a rel b (all ones / zero); rel is eq, ne, lt or ge */
static void cmp64(L *l, const char *rel, int sign, VDecl *mask, Pair a, Pair b)
{
	VDecl *lo = temp32(l), *hi = temp32(l), *p;
	Val ones = val_imm(0xffffffffu), z = val_imm(0);
	p = compare(l, rel, VT_UD, a.lo, b.lo);
	lower_select(l, p, 0, lo, VT_UD, ones, z);
	if (!strcmp(rel, "eq") || !strcmp(rel, "ne")) {
		/* unequal high dwords decide: not equal */
		Val v = val_imm(!strcmp(rel, "ne") ? 0xffffffffu : 0);
		alu(l, "mov", VT_UD, hi, 1, &v, 0);
	} else {
		p = compare(l, rel, sign ? VT_D : VT_UD, a.hi, b.hi);
		lower_select(l, p, 0, hi, VT_UD, ones, z);
	}
	p = compare(l, "eq", VT_UD, a.hi, b.hi);
	lower_select(l, p, 0, mask, VT_UD, val_vec(lo), val_vec(hi));
}

/* One destination pair r[0] (low), r[1] (high). */
static void alu64_pair(L *l, const Inst *in, VDecl *r[2], int c)
{
	Pair a, b;
	Opcode op = in->op;
	int sign = op == OP_I64LT || op == OP_I64GE || op == OP_I64MIN || op == OP_I64MAX;
	a.lo = lsrc(l, &in->ops[1], c);
	a.hi = lsrc(l, &in->ops[1], c + 1);
	b.lo = b.hi = val_imm(0);
	if (in->nops > 2) {
		b.lo = lsrc(l, &in->ops[2], c);
		b.hi = lsrc(l, &in->ops[2], c + 1);
	}
	switch (op) {
	case OP_I64ADD: add64(l, "addc", r, a, b); break;
	case OP_I64SUB: add64(l, "subb", r, a, b); break;
	case OP_I64NEGATE: {
		/* 0 - a, the zero in a register (subb's first source) */
		VDecl *z = temp32(l);
		Val v = val_imm(0);
		Pair zero;
		alu(l, "mov", VT_UD, z, 1, &v, 0);
		zero.lo = zero.hi = val_vec(z);
		add64(l, "subb", r, zero, a);
		break;
	}
	case OP_I64MUL: case OP_U64MUL: mul64(l, r, a, b); break;
	case OP_I64SHL: case OP_I64SHR: case OP_U64SHR: shift64(l, op, r, a, b.lo); break;
	case OP_I64MIN: case OP_I64MAX: case OP_U64MIN: case OP_U64MAX: {
		/* a < b picks a for min, b for max */
		VDecl *m = temp32(l), *p;
		int mn = op == OP_I64MIN || op == OP_U64MIN;
		cmp64(l, "lt", sign, m, a, b);
		p = compare(l, "ne", VT_UD, val_vec(m), val_imm(0));
		lower_select(l, p, 0, r[0], VT_UD, mn ? a.lo : b.lo, mn ? b.lo : a.lo);
		lower_select(l, p, 0, r[1], VT_UD, mn ? a.hi : b.hi, mn ? b.hi : a.hi);
		break;
	}
	default: {
		const char *rel = op == OP_I64EQ ? "eq" : op == OP_I64NE ? "ne" :
		                  op == OP_I64LT || op == OP_U64LT ? "lt" : "ge";
		Val v;
		cmp64(l, rel, sign, r[0], a, b);
		v = val_vec(r[0]);
		alu(l, "mov", VT_UD, r[1], 1, &v, 0);
		break;
	}
	}
}

/* The destination and modifier checks of a 64-bit instruction on component
 * pairs (x low, y high; z low, w high), then f(pair) for each written pair
 * into temporaries, stored at the end (a destination that is also a source
 * is safe).  i64 ops here, 64-bit division (lower_int64.c), qsad/mqsad
 * (lower_media.c). */
void alu_pairs(L *l, const Inst *in, void (*f)(L *, const Inst *, VDecl *[2], int))
{
	const Operand *d = &in->ops[0];
	const char *name = il_ops[in->op].name;
	int m[4], c, i, scratch;
	VDecl *tmp[4] = {0};
	long long key;
	if (alu_dst(l, d, &key, &scratch, m))
		return;
	if ((m[0] == WM_WRITE) != (m[1] == WM_WRITE) || (m[2] == WM_WRITE) != (m[3] == WM_WRITE)) {
		lerr(l, d->loc, "'%s' writes 64-bit component pairs: the write mask '.%s' must cover x and "
		      "y, z and w, or both", name, d->comps);
		return;
	}
	if (il_inst_mod(in, "sat")) {
		lerr(l, in->loc, "'_sat' on the 64-bit instruction '%s' is not supported", name);
		return;
	}
	for (i = 1; i < in->nops; i++)
		if (in->ops[i].nmods) {
			lerr(l, in->ops[i].loc, "source modifiers on the 64-bit instruction '%s' are not supported",
			      name);
			return;
		}
	for (c = 0; c < 4; c += 2) {
		if (m[c] != WM_WRITE)
			continue;
		tmp[c] = temp32(l);
		tmp[c + 1] = temp32(l);
		f(l, in, &tmp[c], c);
	}
	alu_store(l, d, key, scratch, m, tmp);
}

/* ---- control flow ------------------------------------------------------- */

/* Predicate that is true on lanes where the condition operand is non-zero
 * (logicalnz) or zero (logicalz), or where the relop holds (ifc/breakc). */
static VDecl *condition(L *l, const Inst *in, int *pnot)
{
	const char *n = il_ops[in->op].name;
	*pnot = 0;
	if (strstr(n, "_logicalz"))
		return compare(l, "eq", VT_UD, lsrc1(l, &in->ops[0]), val_imm(0));
	if (strstr(n, "_logicalnz"))
		return compare(l, "ne", VT_UD, lsrc1(l, &in->ops[0]), val_imm(0));
	{
		const Mod *r = il_inst_mod(in, "relop");
		static const char *const rels[] = {"eq", "ne", "gt", "ge", "lt", "le"};
		size_t i;
		if (r && r->arg)
			for (i = 0; i < NELEM(rels); i++)
				if (!strcmp(r->arg, rels[i]))
					return compare(l, rels[i], VT_F, lsrc1(l, &in->ops[0]), lsrc1(l, &in->ops[1]));
		lerr(l, in->loc, "'%s' needs _relop(eq|ne|gt|ge|lt|le)", n);
		return NULL;
	}
}

static Ctl *innermost_loop(L *l)
{
	size_t i;
	for (i = l->ctl.n; i-- > 0;)
		if (l->ctl.v[i].kind == K_LOOP)
			return &l->ctl.v[i];
	return NULL;
}

/* What break leaves: the innermost loop or switch. */
static Ctl *innermost_breakable(L *l)
{
	size_t i;
	for (i = l->ctl.n; i-- > 0;)
		if (l->ctl.v[i].kind == K_LOOP || l->ctl.v[i].kind == K_SWITCH)
			return &l->ctl.v[i];
	return NULL;
}

/* switch v: every lane goes to the label of the first case equal to v (in
 * code order), else to default, else past endswitch; cases fall through
 * like C's.  The case values are read ahead from this switch's own level
 * of the code. */
static void lower_switch(L *l, const Inst *in)
{
	const Func *f = l->body;
	size_t i = (size_t)(in - f->code.v), j;
	int dflt = -1;
	VEC(const Inst *) cases = {0}; /* this switch's case and default lines, in order */
	Ctl c;
	VDecl *v = vk_temp(l->vk, "SWV", VT_UD, l->simd);
	Val x = lsrc1(l, &in->ops[0]);
	memset(&c, 0, sizeof c);
	c.kind = K_SWITCH;
	c.l_end = vk_label_name(l->vk, "endswitch");
	alu(l, "mov", VT_UD, v, 1, &x, 0);
	for (j = i + 1; j < l->close[i]; j++) {
		const Inst *w = &f->code.v[j];
		OpKind k = il_ops[w->op].kind;
		if (k == K_IF || k == K_LOOP || k == K_SWITCH)
			j = l->close[j]; /* nested: not this switch's cases */
		else if (k == K_CASE)
			vec_push(&cases, w);
	}
	c.l_case = arena_alloc(&l->vk->arena, sizeof *c.l_case * (cases.n + 1));
	for (j = 0; j < cases.n; j++) {
		const Inst *w = cases.v[j];
		const char *lab = vk_label_name(l->vk, w->op == OP_DEFAULT ? "default" : "case");
		c.l_case[c.ncase] = lab;
		if (w->op == OP_DEFAULT) {
			dflt = c.ncase;
		} else if (w->nops != 1 || w->ops[0].file != RF_NUMBER) {
			lerr(l, w->loc, "'case' takes an integer value");
		} else {
			VDecl *p = compare(l, "eq", VT_UD, val_vec(v), val_imm((uint32_t)w->ops[0].num));
			jump(l, p, 0, lab);
		}
		c.ncase++;
	}
	vec_free(&cases);
	jump(l, NULL, 0, dflt >= 0 ? c.l_case[dflt] : c.l_end);
	vec_push(&l->ctl, c);
}

static void lower_cf(L *l, const Inst *in)
{
	OpKind kind = il_ops[in->op].kind;
	int pnot;
	VDecl *p;
	Ctl c;
	Ctl *lp;
	memset(&c, 0, sizeof c);
	switch (kind) {
	case K_IF:
		c.kind = K_IF;
		c.l_else = vk_label_name(l->vk, "else");
		c.l_end = vk_label_name(l->vk, "endif");
		p = condition(l, in, &pnot);
		if (p)
			jump(l, p, 1, c.l_else); /* lanes failing the condition skip the then-part */
		vec_push(&l->ctl, c);
		break;
	case K_ELSE:
		if (!l->ctl.n)
			die("else with no open if (il_check should have refused it)");
		lp = &l->ctl.v[l->ctl.n - 1];
		jump(l, NULL, 0, lp->l_end);
		vk_label(l->vk, lp->l_else);
		lp->has_else = 1;
		break;
	case K_ENDIF:
		if (!l->ctl.n)
			die("endif with no open if (il_check should have refused it)");
		lp = &l->ctl.v[--l->ctl.n];
		if (!lp->has_else)
			vk_label(l->vk, lp->l_else);
		vk_label(l->vk, lp->l_end);
		break;
	case K_LOOP:
		c.kind = K_LOOP;
		c.l_head = vk_label_name(l->vk, "loop");
		c.l_cont = vk_label_name(l->vk, "cont");
		c.l_end = vk_label_name(l->vk, "endloop");
		vk_label(l->vk, c.l_head);
		vec_push(&l->ctl, c);
		break;
	case K_ENDLOOP:
		if (!l->ctl.n)
			die("endloop with no open loop (il_check should have refused it)");
		lp = &l->ctl.v[--l->ctl.n];
		vk_label(l->vk, lp->l_cont);
		jump(l, NULL, 0, lp->l_head);
		vk_label(l->vk, lp->l_end);
		break;
	case K_BREAK:
	case K_CONTINUE:
		lp = kind == K_BREAK ? innermost_breakable(l) : innermost_loop(l);
		if (!lp) {
			lerr(l, in->loc, "'%s' outside a loop%s", il_ops[in->op].name, kind == K_BREAK ? " or switch" : "");
			break;
		}
		p = NULL;
		pnot = 0;
		if (in->op != OP_BREAK && in->op != OP_CONTINUE && !(p = condition(l, in, &pnot)))
			break;
		jump(l, p, 0, kind == K_BREAK ? lp->l_end : lp->l_cont);
		break;
	case K_RETDYN:
		p = NULL;
		pnot = 0;
		if (in->op != OP_RET_DYN && !(p = condition(l, in, &pnot)))
			break;
		jump(l, p, 0, l->fend);
		break;
	case K_SWITCH:
		lower_switch(l, in);
		break;
	case K_CASE:
		if (!l->ctl.n || l->ctl.v[l->ctl.n - 1].kind != K_SWITCH)
			die("case outside a switch (il_check should have refused it)");
		lp = &l->ctl.v[l->ctl.n - 1];
		if (lp->next_case < lp->ncase)
			vk_label(l->vk, lp->l_case[lp->next_case++]); /* fall-through from above */
		break;
	case K_ENDSWITCH:
		if (!l->ctl.n || l->ctl.v[l->ctl.n - 1].kind != K_SWITCH)
			die("endswitch with no open switch (il_check should have refused it)");
		lp = &l->ctl.v[--l->ctl.n];
		vk_label(l->vk, lp->l_end);
		break;
	default:
		break;
	}
}

/* A function's subroutine label; with clones (provenance_clones) one per
 * calling context: F<id>_<context>. */
static const char *func_label(L *l, long long id, int ctx)
{
	char name[48];
	if (l->clones)
		snprintf(name, sizeof name, "F%lld_%d", id, ctx);
	else
		snprintf(name, sizeof name, "F%lld", id);
	return intern(name);
}

/* The base provenance found for a memory instruction, in the context being
 * lowered when functions are cloned. */
PvVal pv_base(L *l, const Inst *in)
{
	return l->clones ? provenance_in(&l->pv, in, l->ctx) : provenance_of(&l->pv, in);
}

static void lower_call(L *l, const Inst *in)
{
	long long id;
	VInst *v;
	const char *skip = NULL;
	if (in->op == OP_MCALL) { /* expand_macros inlined every mcall of a function */
		lerr(l, in->loc, "a macro call in the IL main is not supported");
		return;
	}
	if (in->op == OP_PSEUDO_CALL)
		id = l->k->wrapper->id;
	else
		id = il_call_target(in) ? il_call_target(in)->num : -1;
	if (in->op == OP_CALL_LOGICALNZ || in->op == OP_CALL_LOGICALZ) {
		VDecl *p;
		if (!il_call_cond(in)) {
			lerr(l, in->loc, "'%s' needs a condition and a function id", il_ops[in->op].name);
			return;
		}
		p = compare(l, in->op == OP_CALL_LOGICALNZ ? "eq" : "ne", VT_UD,
		            lsrc1(l, il_call_cond(in)), val_imm(0));
		skip = vk_label_name(l->vk, "nocall");
		jump(l, p, 0, skip);
	}
	{
		int ctx = 0;
		/* main (not walked by provenance) calls the wrapper, context 0 */
		int from_main = !l->func && id == l->k->wrapper->id;
		if (l->clones && in->op != OP_PSEUDO_CALL && !from_main &&
		    (ctx = provenance_child(&l->pv, l->ctx, in)) < 0) {
			lerr(l, in->loc, "no calling context recorded for this call");
			return;
		}
		v = vk_emit(l->vk, "call", l->simd, 1);
		v->ops[0] = vo_label(func_label(l, id, ctx));
		v->nops = 1;
	}
	if (skip)
		vk_label(l->vk, skip);
}

/* ---- declarations ------------------------------------------------------- */

/* Literal j of a dcl_literal, or -1 (with a diagnostic when loud). */
static int lit_value(L *l, const Operand *o, int loud, uint32_t *v)
{
	if (o->file == RF_NUMBER) {
		if (o->num < -2147483648LL || o->num > 0xffffffffLL) {
			if (loud)
				lerr(l, o->loc, "literal value %lld does not fit in 32 bits", o->num);
			return -1;
		}
		*v = (uint32_t)o->num;
		return 0;
	}
	if (o->file == RF_FLOAT) {
		float fv = (float)o->fval;
		memcpy(v, &fv, 4);
		return 0;
	}
	if (loud)
		lerr(l, o->loc, "dcl_literal values must be numbers");
	return -1;
}

/* into_main: 1 the IL main's, 0 the function being lowered, 2 every
 * function of the kernel (quietly: each is checked when it is lowered) */
static void collect_lits(L *l, const Func *f, int into_main)
{
	size_t i;
	int j, loud = into_main != 2;
	for (i = 0; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		Lit lit;
		int ok = 1;
		if (in->op != OP_DCL_LITERAL)
			continue;
		if (in->nops != 5 || in->ops[0].file != RF_LITERAL) {
			if (loud)
				lerr(l, in->loc, "dcl_literal takes a literal register and four values");
			continue;
		}
		lit.num = in->ops[0].num;
		for (j = 0; j < 4; j++)
			if (lit_value(l, &in->ops[1 + j], loud, &lit.v[j]))
				ok = 0, lit.v[j] = 0;
		if (into_main == 2) {
			if (ok)
				vec_push(&l->all_lits, lit);
		} else if (into_main) {
			vec_push(&l->main_lits, lit);
		} else {
			vec_push(&l->func_lits, lit);
		}
	}
}

static void lower_dcl(L *l, const Inst *in)
{
	switch (in->op) {
	case OP_DCL_LITERAL:
	case OP_DCL_CB:
	case OP_DCL_RAW_UAV:
	case OP_DCL_ARENA_UAV:
	case OP_DCL_MAX_THREAD_PER_GROUP:
		break;
	case OP_DCL_LDS_SIZE_PER_THREAD: case OP_DCL_LDS_SHARING_MODE: /* R7xx LDS (lower_mem.c) */
	case OP_DCL_LDS: /* dcl_lds_id(n) bytes: static size per LDS id (lower_mem.c) */
	case OP_DCL_STRUCT_LDS: /* dcl_struct_lds_id(n) stride, count (lower_mem.c) */
	case OP_DCL_STRUCT_UAV: /* structured UAVs; raw/structured SRVs are refused (lower_mem.c) */
	case OP_DCL_RAW_SRV:
	case OP_DCL_STRUCT_SRV:
		lower_mem(l, in);
		break;
	case OP_DCL_INDEXED_TEMP_ARRAY:
		break;
	case OP_DCL_TYPELESS_UAV:
		break; /* a private UAV was found by private_memory() before lowering */
	case OP_DCL_RESOURCE:
	case OP_DCL_UAV:
	case OP_DCL_TYPED_UAV:
	case OP_DCL_SAMPLER:
		lower_image(l, in); /* image and sampler declarations (lower_image.c) */
		break;
	case OP_DCL_WAVESIZE:
		/* AMD's backend prints it on every device with cross-lane
		 * operations (SI: 64): the width lane_id and wave_id count in
		 * (lower_wave.c reads it from there).  Checked here. */
		if (in->nops != 1 || in->ops[0].file != RF_NUMBER ||
		    (in->ops[0].num != 16 && in->ops[0].num != 32 && in->ops[0].num != 64))
			lerr(l, in->loc, "dcl_wavesize takes the wavefront size of an AMD GPU: 16, 32 or 64");
		break;
	case OP_DCL_NUM_THREAD_PER_BLK: /* the R7xx-era name of the same declaration */
	case OP_DCL_NUM_THREAD_PER_GROUP: {
		int i;
		for (i = 0; i < in->nops && i < 3; i++)
			if (in->ops[i].file == RF_NUMBER)
				l->ze->required_wg[i] = (int)in->ops[i].num;
		for (; i < 3; i++)
			l->ze->required_wg[i] = 1;
		break;
	}
	case OP_DCL_INPUT: case OP_DCL_OUTPUT:
		if (l->k->ps) {
			(void)ps_dcl(l, in);
			break;
		}
		/* fall through */
	default:
		if (isa_refusal(in->op) || isa_undocumented(in->op))
			lerr(l, in->loc, "'%s' is not supported: %s", il_ops[in->op].name,
			     isa_refusal(in->op) ? isa_refusal(in->op) : isa_undocumented(in->op));
		else
			lerr(l, in->loc, "declaration '%s' is not supported yet", il_ops[in->op].name);
		break;
	}
}

/* ---- functions ---------------------------------------------------------- */

/* Instruction modifiers the lowering understands, per opcode family. */
static int check_mods(L *l, const Inst *in)
{
	static const char *const mem[] = {"id", "cached", "aligned", "size"};
	static const char *const alu[] = {"sat", "zeroop", "relop", "ieee", "cmpval"};
	static const char *const lds[] = {"id", "resource"}; /* B14 _id(n), B11 _resource(n) */
	static const char *const r7lds[] = {"lOffset", "neighborExch"}; /* R7xx (lower_mem.c) */
	static const char *const uatom[] = {"id", "arena", "b64"};
	static const char *const counter[] = {"id"};
	const char *const *ok;
	size_t n, j;
	int i;
	if (in->op == OP_UAV_RAW_LOAD || in->op == OP_UAV_RAW_STORE || in->op == OP_UAV_BYTE_LOAD ||
	    in->op == OP_UAV_UBYTE_LOAD || in->op == OP_UAV_SHORT_LOAD || in->op == OP_UAV_USHORT_LOAD ||
	    in->op == OP_UAV_BYTE_STORE || in->op == OP_UAV_SHORT_STORE || in->op == OP_UAV_ARENA_LOAD ||
	    in->op == OP_UAV_ARENA_STORE || in->op == OP_UAV_STRUCT_LOAD || in->op == OP_UAV_STRUCT_STORE ||
	    in->op == OP_SRV_RAW_LOAD || in->op == OP_SRV_STRUCT_LOAD)
		ok = mem, n = NELEM(mem);
	else if (in->op == OP_LDS_WRITE_VEC || in->op == OP_LDS_READ_VEC)
		ok = r7lds, n = NELEM(r7lds);
	else if (!strncmp(il_ops[in->op].name, "lds_", 4))
		ok = lds, n = NELEM(lds);
	else if (uav_atomic_op(in->op))
		ok = uatom, n = NELEM(uatom);
	else if (in->op == OP_APPEND_BUF_ALLOC || in->op == OP_APPEND_BUF_CONSUME)
		ok = counter, n = NELEM(counter);
	else if (il_ops[in->op].kind == K_DCL || in->op == OP_FENCE || flat_knows(in->op) ||
	         in->op == OP_FLAT_ATOMIC)
		return 0; /* lower_flat checks its own modifiers */
	else if (image_inst(in->op))
		return 0; /* lower_image checks its own modifiers */
	else
		ok = alu, n = NELEM(alu);
	for (i = 0; i < in->nmods; i++) {
		for (j = 0; j < n && strcmp(in->mods[i].name, ok[j]); j++)
			;
		if (j == n && (ok == mem || ok == uatom) && !strcmp(in->mods[i].name, "addr")) {
			if (abi64_addr_mod(l, in, &in->mods[i]))
				return -1;
			continue;
		}
		if (j == n && ok == alu && fmath_mod(in->mods[i].name)) {
			/* rounding modes and destination shifts (lower_fmath.c) */
			const char *why = fmath_check(in);
			if (why) {
				lerr(l, in->mods[i].loc, "modifier '_%s' of '%s': %s", in->mods[i].name,
				      il_ops[in->op].name, why);
				return -1;
			}
			continue;
		}
		if (j == n) {
			if (il_known_mod(in->mods[i].name))
				lerr(l, in->mods[i].loc, "modifier '_%s' of '%s' is not supported yet",
				      in->mods[i].name, il_ops[in->op].name);
			else
				lerr(l, in->mods[i].loc, "unknown modifier '_%s' for '%s'", in->mods[i].name,
				      il_ops[in->op].name);
			return -1;
		}
	}
	return 0;
}

/* transpose rD, rS (Oberon A2's CAL kernels: "output is stored in
 * {r30,r31,r32,r33}", then "transpose r30, r30"): the 4x4 matrix in rows
 * rS..rS+3 transposed into rD..rD+3, rD+i.c = rS+c.i; copied first, as rD
 * may be rS. */
static void lower_transpose(L *l, const Inst *in)
{
	const Operand *dst = &in->ops[0], *src = &in->ops[1];
	VDecl *t[4][4];
	int sel[4], m[4], r, c;
	if (in->nops != 2 || dst->file != RF_TEMP || src->file != RF_TEMP || dst->has_index || src->has_index ||
	    src->nmods || in->nmods || il_swizzle(src, sel) || il_wmask(dst, m) || sel[0] != SEL_X ||
	    sel[1] != SEL_Y || sel[2] != SEL_Z || sel[3] != SEL_W || m[0] != WM_WRITE || m[1] != WM_WRITE ||
	    m[2] != WM_WRITE || m[3] != WM_WRITE || dst->num < 0 || src->num < 0 || dst->num > (1LL << 40) ||
	    src->num > (1LL << 40)) {
		lerr(l, in->loc, "'transpose' takes two registers r<n> without masks, swizzles or modifiers "
		     "(each the first row of a 4x4 matrix in four registers)");
		return;
	}
	for (r = 0; r < 4; r++)
		for (c = 0; c < 4; c++) {
			Operand o = *src;
			Val v;
			o.num = src->num + r;
			v = lsrc(l, &o, c);
			t[r][c] = vk_temp(l->vk, "TR", VT_UD, l->simd);
			alu(l, "mov", VT_UD, t[r][c], 1, &v, 0);
		}
	for (r = 0; r < 4; r++)
		for (c = 0; c < 4; c++) {
			Val v = val_vec(t[c][r]);
			alu(l, "mov", VT_UD, reg_comp(l, dst->num + r, c), 1, &v, 0);
		}
}

static void lower_inst(L *l, const Inst *in)
{
	const OpInfo *oi = &il_ops[in->op];
	const AluOp *a;
	/* structure is kept even for a rejected instruction: the stack of open
	 * if/loop constructs must stay balanced */
	if (check_mods(l, in) && (oi->kind == K_INST || oi->kind == K_CALL))
		return;
	switch (oi->kind) {
	case K_DCL:
		lower_dcl(l, in);
		return;
	case K_CALL:
		lower_call(l, in);
		return;
	case K_RET:
		return;
	case K_INST:
		break;
	default:
		lower_cf(l, in);
		return;
	}
	dyn_def(l, in); /* the shadow of a pointer from several arguments, first */
	if ((a = find_alu(fmath_alu_op(in)))) {
		fmath_round(l, in); /* _rte/_rtp/_rtn/_rtz: cr0's rounding mode ... */
		lower_alu(l, in, a);
		fmath_round(l, in); /* ... and back */
		return;
	}
	if (is_i64(in->op)) {
		alu_pairs(l, in, alu64_pair);
		return;
	}
	if (lower_f64(l, in))
		return;
	if (lower_int64(l, in) || lower_media(l, in) || lower_fmath(l, in))
		return;
	if (lower_mem(l, in) || lower_flat(l, in))
		return;
	if (lower_image(l, in))
		return;
	if (lower_wave(l, in))
		return;
	switch (in->op) {
	case OP_NOP:
		break;
	case OP_TRANSPOSE:
		lower_transpose(l, in);
		break;
	case OP_DISCARD_LOGICALNZ: case OP_DISCARD_LOGICALZ:
		if (l->k->ps) { /* CAL pixel shader: the pixel keeps its contents */
			int pnot;
			VDecl *p = condition(l, in, &pnot);
			if (p)
				ps_kill(l, p, pnot);
			break;
		}
		/* fall through */
	default:
		if (isa_refusal(in->op) || isa_undocumented(in->op))
			lerr(l, in->loc, "'%s' is not supported: %s", oi->name,
			     isa_refusal(in->op) ? isa_refusal(in->op) : isa_undocumented(in->op));
		else
			lerr(l, in->loc, "instruction '%s' is not supported by the translator yet", oi->name);
		break;
	}
}

/* Does the lowering have code for op?  The same tests lower_inst and
 * lower_dcl make, for docs/ISA.md (isa.c). */
int lower_knows(Opcode op)
{
	switch (il_ops[op].kind) {
	case K_DCL:
		switch (op) {
		case OP_DCL_LITERAL: case OP_DCL_CB: case OP_DCL_RAW_UAV: case OP_DCL_ARENA_UAV:
		case OP_DCL_MAX_THREAD_PER_GROUP: case OP_DCL_INDEXED_TEMP_ARRAY: case OP_DCL_TYPELESS_UAV:
		case OP_DCL_NUM_THREAD_PER_GROUP: case OP_DCL_NUM_THREAD_PER_BLK: case OP_DCL_WAVESIZE:
			return 1;
		default:
			return mem_knows(op) || image_lowers(op);
		}
	case K_INST:
		return op == OP_NOP || op == OP_TRANSPOSE || find_alu(op) || is_i64(op) || mem_knows(op) || image_lowers(op) ||
		       f64_knows(op) || int64_knows(op) || media_knows(op) || fmath_knows(op) || wave_knows(op) ||
		       flat_knows(op);
	case K_CALL:
		return 1; /* call, call_logicalnz/z; mcall through expand_macros */
	default:
		return 1; /* control flow and program structure */
	}
}

/* The AMD compiler's dummy write (;memory:compilerwrite) sits under
 * "if_logicalz cb0[0].x": global size x is at least 1 in every launch, so the
 * then-part is dead; returns the index of its else/endif, or 0. */
static size_t dead_then(const L *l, const Func *f, size_t i)
{
	const Inst *in = &f->code.v[i];
	const Operand *c;
	int sel[4];
	if (in->op != OP_IF_LOGICALZ || in->nops != 1 || l->k->derived) /* CAL: cb0 is user data */
		return 0;
	c = &in->ops[0];
	if (c->file != RF_CB || c->num != 0 || c->index_reg || c->index_imm != 0 || c->nmods ||
	    il_swizzle(c, sel) || sel[0] != SEL_X)
		return 0;
	if (l->else_at[i])
		return l->else_at[i];
	return l->close[i] < f->code.n ? l->close[i] : 0;
}

static void lower_body(L *l, const Func *f)
{
	size_t i, j;
	l->ctl.n = 0;
	l->body = f;
	il_nest(f, &l->close, &l->else_at);
	for (i = 0; i < f->code.n; i++) {
		if ((j = dead_then(l, f, i))) {
			/* the else-part, if any, runs on every lane: lower it plainly */
			if (f->code.v[j].op == OP_ELSE) {
				size_t end = l->close[i];
				for (i = j + 1; i < end; i++)
					lower_inst(l, &f->code.v[i]);
				i = end;
			} else {
				i = j;
			}
			continue;
		}
		lower_inst(l, &f->code.v[i]);
	}
	free(l->close);
	free(l->else_at);
	l->close = l->else_at = NULL;
}

static void lower_func(L *l, const Func *f)
{
	const char *name = func_label(l, f->id, l->ctx);
	VInst *r;
	l->vk->cur = vk_func(l->vk, name);
	l->func = f;
	l->func_lits.n = 0;
	collect_lits(l, f, 0);
	l->fend = vk_label_name(l->vk, "ret");
	lower_body(l, f);
	vk_label(l->vk, l->fend);
	r = vk_emit(l->vk, "ret", l->simd, 1);
	r->nops = 0;
}

/* ---- prologue and payload ------------------------------------------------ */

static void scalar_op(L *l, const char *op, VDecl *dst, Val a, Val b)
{
	VInst *in = vk_emit(l->vk, op, 1, 1);
	in->nomask = 1;
	in->ops[0] = vo_dst(vk_alias(l->vk, dst, VT_D, 0), 0);
	in->ops[1] = opnd(l, a, VT_D, 0);
	in->ops[2] = opnd(l, b, VT_D, 0);
	in->nops = b.kind == V_IMM && !strcmp(op, "mov") ? 2 : 3;
}

/* flat = x + y*sx + z*sx*sy, per lane (vec) or scalar */
static void flatten(L *l, VDecl *dst, VDecl *const xyz[3], int is_vec, VDecl *size)
{
	VDecl *t = vk_temp(l->vk, "FL", VT_D, is_vec ? l->simd : 1);
	Val sx = val_scalar(size, 0), sy = val_scalar(size, 1), sxy;
	VDecl *pxy = vk_temp(l->vk, "SXY", VT_D, 1);
	scalar_op(l, "mul", pxy, sx, sy);
	sxy = val_scalar(pxy, 0);
	if (is_vec) {
		Val a[2];
		a[0] = val_vec(xyz[2]), a[1] = sxy;
		alu(l, "mul", VT_D, t, 2, a, 0);
		a[0] = val_vec(xyz[1]), a[1] = sx;
		alu(l, "mul", VT_D, dst, 2, a, 0);
		a[0] = val_vec(dst), a[1] = val_vec(t);
		alu(l, "add", VT_D, dst, 2, a, 0);
		a[0] = val_vec(dst), a[1] = val_vec(xyz[0]);
		alu(l, "add", VT_D, dst, 2, a, 0);
	} else {
		scalar_op(l, "mul", t, val_scalar(xyz[2], 0), sxy);
		scalar_op(l, "mul", dst, val_scalar(xyz[1], 0), sx);
		scalar_op(l, "add", dst, val_scalar(dst, 0), val_scalar(t, 0));
		scalar_op(l, "add", dst, val_scalar(dst, 0), val_scalar(xyz[0], 0));
	}
}

static void prologue(L *l)
{
	static const char *const gid[3] = {"%group_id_x", "%group_id_y", "%group_id_z"};
	int c;
	for (c = 0; l->cb1 && l->slm_static && c < (int)l->k->md->args.n; c++) {
		const MdArg *m = &l->k->md->args.v[c];
		VInst *in;
		if (m->kind != MA_POINTER || strcmp(m->mem, "hl"))
			continue;
		in = vk_emit(l->vk, "add", 1, 1);
		in->nomask = 1;
		in->ops[0] = vo_dst(l->cb1, m->offset / 4);
		in->ops[1] = vo_scalar(l->cb1, m->offset / 4);
		in->ops[2] = vo_imm((uint32_t)l->slm_static, VT_UD);
		in->nops = 3;
	}
	f64_prologue(l);
	if (l->pbase)
		private_prologue(l);
	image_prologue(l);
	printf_prologue(l);
	if (l->dseg) {
		VInst *in = vk_emit(l->vk, "faddr", 0, 0);
		in->ops[0] = vo_label(ABI_DATA_SYMBOL);
		in->ops[1] = vo_dst(l->dseg, 0);
		in->nops = 2;
	}
	for (c = 0; c < 3; c++)
		if (l->tid[c]) {
			int h;
			for (h = 0; h < l->nchunks; h++) {
				VInst *in = emit_chunk(l, "mov", h);
				in->ops[0] = vo_dst(l->tid[c], h * l->chunk);
				in->ops[1] = vo_src(l->lid[c], h * l->chunk);
				in->nops = 2;
			}
		}
	for (c = 0; c < 3; c++)
		if (l->grp[c]) {
			VInst *in = vk_emit(l->vk, "mov", 1, 1);
			in->nomask = 1;
			in->ops[0] = vo_dst(l->grp[c], 0);
			in->ops[1] = vo_scalar(vk_predefined(l->vk, gid[c], VT_UD), 0);
			in->nops = 2;
		}
	for (c = 0; c < 3; c++)
		if (l->abs_tid[c]) {
			VDecl *g = vk_temp(l->vk, "GL", VT_D, 1);
			Val a[2];
			scalar_op(l, "mul", g, val_scalar(l->grp[c], 0), val_scalar(l->imp[IMP_LOCAL_SIZE], c));
			a[0] = val_vec(l->tid[c]), a[1] = val_scalar(g, 0);
			alu(l, "add", VT_D, l->abs_tid[c], 2, a, 0);
		}
	if (l->tid_flat)
		flatten(l, l->tid_flat, l->tid, 1, l->imp[IMP_LOCAL_SIZE]);
	if (l->grp_flat)
		flatten(l, l->grp_flat, l->grp, 0, l->imp[IMP_GROUP_COUNT]);
	if (l->abs_flat)
		flatten(l, l->abs_flat, l->abs_tid, 1, l->imp[IMP_GLOBAL_SIZE]);
	ps_prologue(l);
	if (l->k->derived) {
		/* a hand-written CAL program may read a register on a path that
		 * did not write it (a switch setting one component per case): 0,
		 * as AMD's side starts registers, not whatever the GRF held */
		size_t i;
		Val z = val_imm(0);
		for (i = 0; i < l->regs.n; i++)
			for (c = 0; l->regs.v[i].num >= 0 && c < 4; c++)
				if (l->regs.v[i].c[c])
					alu(l, "mov", VT_UD, l->regs.v[i].c[c], 1, &z, 0);
	}
}

static int align_up(int v, int a)
{
	return (v + a - 1) / a * a;
}

/* Provenance as the ABI map states it. */
static const char *pointer_provenance(L *l, const MdArg *m)
{
	size_t i;
	int n = 0;
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *a = &l->k->md->args.v[i];
		n += a->kind == MA_POINTER && a->bufid == m->bufid && strcmp(a->mem, m->mem) == 0;
	}
	if (l->k->derived && m->output)
		return "CAL render target: pixel (x, y) of the domain (x0, y0, w, h) is the 16 bytes at "
		       "16*((y - y0)*w + x - x0) from this base, its four components unconverted";
	if (l->k->derived)
		return !strcmp(m->mem, "uav") ? "CAL raw UAV: the IL's address is a byte offset from this base" :
		       "CAL buffer: element i is the 16 bytes at 16*i from this base";
	if (!strcmp(m->mem, "hc"))
		return "hardware constant buffer: cbN[i] reads 16 bytes at 16*i from this base; the IL sees 0";
	return n == 1 ? "own UAV: every access through it has this base" :
	       "shared UAV: each access's base found statically by provenance analysis";
}

/* Places the inputs, fills the ZE payload arguments and the ABI plan. */
static void layout(L *l)
{
	const Platform *pl = l->o->plat;
	int grf = pl->grf_bytes, chan = align_up(l->simd * 2, grf), cross, off = 0, c, w;
	int imp_off[IMP_COUNT];
	ZeKernel *ze = l->ze;
	AbiPlan *plan = l->plan;
	size_t i;
	int has_constarg = 0;
	for (i = 0; i < l->k->md->args.n; i++)
		has_constarg |= l->k->md->args.v[i].is_const;
	ze->local_id_size = 3 * chan;
	cross = grf + 3 * chan;
	/* XeHP-class dispatch: the finalizer's prolog loads the local ids
	 * (and, with inline data, the cross-thread data after its first GRF) */
	if (pl->thread_prolog)
		l->vk->per_thread_input = ze->local_id_size;
	ze->inline_data_size = pl->inline_data ? PLATFORM_INLINE_BYTES : 0;
	plan->kernel = l->k->name;
	plan->simd = l->simd;
	plan->grf_bytes = grf;
	plan->local_id_size = 3 * chan;
	plan->cross_start = cross;
	plan->cb1_cross = -1;
	plan->cb1_bytes = l->cb1_bytes;
	plan->lds_bytes = l->slm_static;
	plan->private_bytes = l->priv_bytes;
	plan->data_bytes = l->dseg ? 1 : 0; /* the size is the program's, filled by the caller */
	plan->printf_slot = l->pf_used ? l->pf_slot : 0;
	plan->md = l->k->md;
	plan->derived = l->k->derived;
	plan->pf = l->o->pf;
	for (c = 0; c < 3; c++)
		if (l->lid[c])
			vk_input(l->vk, l->lid[c], grf + c * chan, l->simd * 2);
	for (w = 0; w < IMP_COUNT; w++) {
		ZeArg a;
		int sz;
		imp_off[w] = -1;
		if (!l->imp[w])
			continue;
		sz = implicit_arg_size(imp_type[w]);
		off = align_up(off, sz > 4 ? 16 : 4);
		imp_off[w] = off;
		vk_input(l->vk, l->imp[w], cross + off, sz);
		memset(&a, 0, sizeof a);
		a.type = imp_type[w];
		a.offset = off;
		a.size = sz;
		a.arg_index = -1;
		a.source_offset = -1;
		vec_push(&ze->args, a);
		off += sz;
	}
	off = align_up(off, grf);
	if (l->cb1) {
		/* --mutate cb1-offset: deliberately one dword off */
		vk_input(l->vk, l->cb1, cross + off + (l->o->mutate == MUT_CB1_OFFSET ? 4 : 0), l->cb1_bytes);
		plan->cb1_cross = off;
	}
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *m = &l->k->md->args.v[i];
		AbiEntry e;
		ZeArg a;
		memset(&e, 0, sizeof e);
		e.kind = AK_ARG;
		e.arg = m;
		e.cb = m->cb;
		e.cb_offset = m->offset;
		e.amd_id = m->kind == MA_POINTER ? m->bufid : -1;
		e.ze_first = (int)ze->args.n;
		e.input = l->cb1 ? intern(l->cb1->name) : NULL;
		e.payload_offset = cross + off + m->offset;
		memset(&a, 0, sizeof a);
		a.arg_index = m->index;
		a.source_offset = -1;
		if (m->kind == MA_POINTER && !strcmp(m->mem, "hl")) {
			/* NEO patches the offset after static SLM; the prologue adds the
			 * static size so the IL reads AMD's LDS offset */
			a.type = ZA_ARG_BYPOINTER;
			a.offset = off + m->offset;
			a.size = 8;
			a.addrmode = ZM_SLM;
			a.addrspace = ZS_LOCAL;
			a.access = ZC_READWRITE;
			a.slm_alignment = m->align > 0 ? m->align : 4;
			e.cb_size = 4;
			e.provenance = "local memory: LDS offset = Level Zero's SLM offset + static SLM size "
			               "(added in the prologue)";
			vec_push(&ze->args, a);
		} else if (m->kind == MA_POINTER) {
			a.type = ZA_ARG_BYPOINTER;
			a.offset = off + m->offset;
			a.size = 8;
			a.addrmode = ZM_STATELESS;
			a.addrspace = !strcmp(m->mem, "c") || !strcmp(m->mem, "hc") ? ZS_CONSTANT : ZS_GLOBAL;
			/* IGC derives the access from the const qualifier (;constarg);
			 * AMD's RO/RW field only when no ;constarg line exists.  A
			 * global const pointer that is also restrict is readwrite for
			 * IGC 1.0.12504 (__constant ones stay readonly) */
			a.access = (has_constarg ? m->is_const : m->access && !strcmp(m->access, "RO"))
			           ? ZC_READONLY : ZC_READWRITE;
			if (a.addrspace == ZS_GLOBAL && m->is_restrict)
				a.access = ZC_READWRITE;
			e.cb_size = 4;
			e.provenance = pointer_provenance(l, m);
			vec_push(&ze->args, a);
		} else if (m->kind == MA_COUNTER) {
			/* Level Zero has no counters: the host passes a buffer whose
			 * first dword is the counter (lower_mem.c lower_counter) */
			a.type = ZA_ARG_BYPOINTER;
			a.offset = off + m->offset;
			a.size = 8;
			a.addrmode = ZM_STATELESS;
			a.addrspace = ZS_GLOBAL;
			a.access = ZC_READWRITE;
			e.amd_id = m->bufid;
			e.cb_size = 4;
			e.provenance = "atomic counter: a global buffer whose first dword is the counter; "
			               "append_buf_alloc adds 1 and returns the old value, append_buf_consume "
			               "subtracts 1 and returns the new value";
			vec_push(&ze->args, a);
		} else if (m->kind == MA_IMAGE || m->kind == MA_SAMPLER) {
			image_layout(l, m, &e, off); /* lower_image.c */
		} else {
			int po[8], ps[8], src[8], n = abi_value_pieces(m, po, ps, src, 8), j;
			a.type = ZA_ARG_BYVALUE;
			for (j = 0; j < n; j++) {
				a.offset = off + po[j];
				a.size = ps[j];
				a.source_offset = n > 1 ? src[j] : -1;
				e.cb_size = po[j] + ps[j] - m->offset;
				vec_push(&ze->args, a);
			}
		}
		e.ze_count = (int)ze->args.n - e.ze_first;
		vec_push(&plan->entries, e);
	}
	for (c = 0; c < CB0_SLOTS * 4; c++) {
		const Cb0Entry *t = cb0_entry(l->o->cb0, l->k->md->abi64, c / 4, c % 4);
		AbiEntry e;
		if (!(l->cb0_read[c / 4] & (1u << (c % 4))))
			continue;
		memset(&e, 0, sizeof e);
		e.kind = AK_CB0;
		e.slot = c / 4;
		e.comp = c % 4;
		e.meaning = t->meaning;
		e.cb = 0;
		e.cb_offset = c * 4;
		e.cb_size = 4;
		e.amd_id = -1;
		e.source = t->source;
		e.constant = t->value;
		if (t->source == CB0_DATASEG && !l->k->md->datareqd)
			e.source = CB0_CONSTANT, e.constant = 0; /* see cb_read */
		else if (t->source == CB0_DATASEG && l->dseg)
			e.data_symbol = ABI_DATA_SYMBOL, e.input = intern(l->dseg->name), e.element = t->element;
		e.ze_first = -1;
		if (t->source == CB0_PRINTF && (t->element == 1 || !l->pf_used)) {
			e.source = CB0_CONSTANT; /* the slot size, 0 when the kernel never prints */
			e.constant = printf_cb0(l, t->element).imm;
		} else if (t->source == CB0_PRINTF) {
			/* the IL sees 0 (its slot is staged); the records go to printf_buffer */
			e.constant = 0;
			for (i = 0; i < ze->args.n; i++)
				if (ze->args.v[i].type == ZA_PRINTF_BUFFER)
					e.ze_first = (int)i, e.ze_count = 1;
			e.input = intern(l->imp[IMP_PRINTF_BUFFER]->name);
			e.payload_offset = cross + imp_off[IMP_PRINTF_BUFFER];
			e.provenance = "printf: the IL reads 0 and its slot arithmetic addresses a staging area "
			               "of cb0[8].z dwords in the work-item's private memory; at kernel exit each "
			               "record becomes a Level Zero printf record in printf_buffer";
		}
		if (t->source == CB0_PAYLOAD) {
			for (w = 0; w < IMP_COUNT && imp_type[w] != t->arg; w++)
				;
			e.element = t->element;
			for (i = 0; i < ze->args.n; i++)
				if (ze->args.v[i].type == t->arg && ze->args.v[i].arg_index < 0)
					e.ze_first = (int)i, e.ze_count = 1;
			if (w < IMP_COUNT && l->imp[w]) {
				e.input = intern(l->imp[w]->name);
				e.payload_offset = cross + imp_off[w] + 4 * t->element;
			}
		}
		vec_push(&plan->entries, e);
	}
}

/* Does the IL main call anything (the ;$$$$$$$$$$ pseudo-call or a call)? */
static int calls_anything(const Func *main)
{
	size_t i;
	for (i = 0; i < main->code.n; i++)
		if (il_ops[main->code.v[i].op].kind == K_CALL)
			return 1;
	return 0;
}

int translate_kernel(Program *p, Kernel *kernel, const TranslateOptions *o, VKernel **vkp, ZeKernel *ze,
                     AbiPlan *plan)
{
	L l;
	size_t i;
	VFunc *entry, *mainbody;
	Kernel kx, *k = &kx;
	memset(plan, 0, sizeof *plan);
	if (expand_macros(p, kernel, &kx))
		return -1;
	memset(&l, 0, sizeof l);
	l.p = p;
	l.k = k;
	l.o = o;
	l.ze = ze;
	l.plan = plan;
	memset(plan, 0, sizeof *plan);
	l.simd = o->simd ? o->simd : o->plat->default_simd;
	l.chunk = l.simd < 16 ? l.simd : 16;
	l.nchunks = l.simd / l.chunk;
	l.lsc = lsc_choose(o);
	for (i = 0; i < k->md->errors.n; i++)
		lerr(&l, k->md->errors.v[i]->loc, "the AMD compiler reported an error for kernel '%s': %s",
		      k->name, k->md->errors.v[i]->text + 6);
	/* a derived kernel's addresses are offsets in their buffers: no OpenCL
	 * pointer values to trace (its cb0/cb1 are user data, not the ABI's) */
	if (l.bad || abi_check_args(k) || (!k->derived && provenance(p, k, &l.pv)))
		goto fail;
	l.cb1_bytes = abi_cb1_size(k);
	l.vk = vk_new(k->name, l.simd, o->plat->grf_bytes);
	if (private_memory(&l))
		goto fail;
	entry = l.vk->funcs.v[0];
	collect_lits(&l, l.k->main, 1);
	for (i = 0; i < k->funcs.n; i++)
		collect_lits(&l, k->funcs.v[i], 2);
	scan_written(&l);
	/* a function called with different pointers on a shared UAV is lowered
	 * once per calling context, each copy with its own static bases */
	l.clones = provenance_clones(&l.pv);
	dyn_setup(&l);
	if (l.clones)
		for (i = 0; i < l.pv.ctx.n; i++) {
			l.ctx = (int)i;
			lower_func(&l, l.pv.ctx.v[i].f);
		}
	else
		for (i = 0; i < k->funcs.n; i++)
			lower_func(&l, k->funcs.v[i]);
	l.ctx = 0;
	/* the IL main (its ;$$$$$$$$$$ calls the wrapper) after the prologue */
	mainbody = vk_func(l.vk, "_mainbody");
	l.vk->cur = mainbody;
	l.fend = vk_label_name(l.vk, "exit");
	l.func = NULL;
	lower_body(&l, l.k->main);
	if (!l.bad && !calls_anything(l.k->main))
		lower_call(&l, &(Inst){.op = OP_PSEUDO_CALL}); /* no ;$$$$$$$$$$: the wrapper at the end */
	l.vk->cur = entry;
	ps_setup(&l);
	prologue(&l);
	for (i = 0; i < mainbody->code.n; i++)
		vec_push(&entry->code, mainbody->code.v[i]);
	vk_label(l.vk, l.fend);
	ps_epilogue(&l);
	printf_epilogue(&l);
	vk_emit(l.vk, "ret", 1, 1);
	vec_free(&mainbody->code);
	/* drop _mainbody (functions created after it, such as the software
	 * double routines, move down) */
	for (i = 0; l.vk->funcs.v[i] != mainbody; i++)
		;
	memmove(&l.vk->funcs.v[i], &l.vk->funcs.v[i + 1], (l.vk->funcs.n - i - 1) * sizeof *l.vk->funcs.v);
	l.vk->funcs.n--;
	if (l.bad)
		goto fail;
	ze->name = k->name;
	ze->simd = l.simd;
	ze->grf_count = o->plat->grf_count;
	ze->has_4gb_buffers = 1;
	ze->has_no_stateless_write = l.stores == 0;
	ze->slm_size = l.slm_static;
	ze->scratch_size = l.priv_bytes * l.simd;
	ze->barrier_count = l.barriers;
	ze->has_global_atomics |= l.pf_used; /* the record reservation (as IGC sets it) */
	if (k->md->cws[0])
		for (i = 0; i < 3; i++)
			ze->required_wg[i] = k->md->cws[i];
	kernel_arg_info(k, ze);
	layout(&l);
	plan->approx = approx_math(l.vk);
	plan->mem_pointers = l.mem_pointers;
	*vkp = l.vk;
	vec_free(&l.regs);
	vec_free(&l.written);
	vec_free(&l.main_lits);
	vec_free(&l.func_lits);
	vec_free(&l.all_lits);
	vec_free(&l.ctl);
	provenance_free(&l.pv);
	dyn_free(&l);
	expand_macros_free(&kx);
	return 0;
fail:
	vk_free(l.vk);
	vec_free(&l.regs);
	vec_free(&l.written);
	vec_free(&l.main_lits);
	vec_free(&l.func_lits);
	vec_free(&l.all_lits);
	vec_free(&l.ctl);
	provenance_free(&l.pv);
	dyn_free(&l);
	abi_plan_free(plan);
	expand_macros_free(&kx);
	return -1;
}
