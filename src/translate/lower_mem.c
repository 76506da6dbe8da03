/* lower_mem.c - memory instructions: raw UAV loads and stores as
 * stateless A64 messages (the base of each address from the UAV id or from
 * provenance, see lower.c's header comment); AMD's local data share (LDS)
 * on Intel's shared local memory (SLM); fences and barriers.
 *
 * LDS: an IL LDS address is a byte offset from the start of the kernel's
 * LDS allocation, and %slm offsets count from the start of the work-group's
 * SLM, so the IL address is the message offset unchanged.  AMD's OpenCL
 * compiler uses LDS id 1; a kernel declaring several ids gets one region
 * per id (each id addresses its own allocation from byte 0), laid out in
 * ascending id order at 16-byte aligned offsets, the address rebased by
 * the region's offset (lds_layout).  The static part of SLM
 * (L.slm_static, ze_info slm_size) comes first; the runtime places
 * __local pointer arguments after it (see lds_static_size).
 *
 * LDS atomics are dword_atomic on %slm, UAV atomics svm_atomic on the
 * same A64 addresses as raw loads and stores, 8 lanes per message.  Forms
 * without a dataport equivalent (rsub; inc/dec with a wrap limit other than
 * 0xFFFFFFFF) and mskor ((mem & ~mask) | value, docs/memory.md) are a
 * compare-exchange loop.  The compare-exchange operands
 * come in opposite orders: lds_cmp addr, compare, value but uav_cmp addr,
 * value, compare (AMD's printer strings, and CAL++'s generator, written
 * against the real compiler, emits the same two orders).
 */
#include <string.h>

#include "lowerint.h"


/* The memory UAV id names: Evergreen's arena UAV (dcl_arena_uav_id(n), 8)
 * and the default raw UAV (;uavid, 11) are two views of one global heap,
 * so an argument bound to the arena may be read through the raw UAV (AMD's
 * backend does so when a pointer's UAVs conflict: lit uavid_conflict_arg)
 * and the other way round; both name the default UAV here.  Other ids are
 * their own. */
static int heap_uav(L *l, int id)
{
	size_t i, j;
	int def = l->k->md->uavid >= 0 ? l->k->md->uavid : 11;
	if (l->arena_uav == -2) {
		l->arena_uav = -1;
		for (i = 0; i < l->k->funcs.n; i++)
			for (j = 0; j < l->k->funcs.v[i]->code.n; j++) {
				const Inst *in = &l->k->funcs.v[i]->code.v[j];
				const Mod *m;
				if (in->op == OP_DCL_ARENA_UAV && (m = il_inst_mod(in, "id")))
					l->arena_uav = (int)il_mod_int(m, -1);
			}
	}
	return id >= 0 && id == l->arena_uav ? def : id;
}

/* argument a's buffer is in the memory UAV uav addresses */
static int bound_to(L *l, const MdArg *a, int uav)
{
	return a->bufid == uav || heap_uav(l, a->bufid) == heap_uav(l, uav);
}

static const MdArg *uav_owner(L *l, int uav, int *count)
{
	const MdArg *owner = NULL;
	size_t i;
	*count = 0;
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *a = &l->k->md->args.v[i];
		if (a->kind == MA_POINTER && bound_to(l, a, uav) &&
		    (!strcmp(a->mem, "uav") || !strcmp(a->mem, "g") || !strcmp(a->mem, "c"))) {
			owner = a;
			++*count;
		}
	}
	return owner;
}

/* The 64-bit base an access adds its offset to, as two scalar dwords. */
typedef struct Base {
	Val lo, hi;
	int direct;   /* 64-bit ABI: lo, hi are the address itself (abi64.c) */
	int offset;   /* a derived (CAL) kernel's UAV: the IL's address is a byte
	               * offset from the buffer's start, not an AMD pointer */
} Base;

static Base arg_base(L *l, const MdArg *a)
{
	Base b;
	b.direct = 0;
	b.offset = 0;
	b.lo = val_scalar(cb1_image(l), a->offset / 4);
	b.hi = val_scalar(cb1_image(l), a->offset / 4 + 1);
	return b;
}

static int global_pointer(const MdArg *a)
{
	return a->kind == MA_POINTER && (!strcmp(a->mem, "uav") || !strcmp(a->mem, "g") || !strcmp(a->mem, "c"));
}

/* dyn_base's check of each candidate of an arena access (uav unused) */
static int arena_fits(L *l, const Inst *in, const MdArg *a, int uav)
{
	(void)uav;
	if (global_pointer(a))
		return 1;
	lerr(l, in->loc, "the address of this '%s' on the arena UAV may come from argument '%s', which is "
	     "not a global pointer", il_ops[in->op].name, a->name);
	return 0;
}

/* ... and of an access to shared UAV uav */
static int shared_fits(L *l, const Inst *in, const MdArg *a, int uav)
{
	if (bound_to(l, a, uav))
		return 1;
	lerr(l, in->loc, "the address of this '%s' on shared UAV %d may come from argument '%s', which is "
	     "bound to UAV %d", il_ops[in->op].name, uav, a->name, a->bufid);
	return 0;
}

/* The base of an access whose address was read from memory: of the
 * arguments it may point into, the global pointers (uav -1: the arena, a
 * view of the whole heap) or those bound to UAV uav, per lane the one whose
 * buffer holds it (mem_base). */
static int loaded_base(L *l, const Inst *in, int uav, Base *out)
{
	VEC(const MdArg *) c = {0};
	size_t i;
	int rc;
	if (global_segment(l)) {
		/* .data.const is NEO's, not the host's: no span holds it */
		lerr(l, in->loc, "the address of this '%s' was read from memory, and the program has a "
		     "global data segment (;#DATASTART) it may point into, which Level Zero places apart "
		     "from the buffers", il_ops[in->op].name);
		return -1;
	}
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *a = &l->k->md->args.v[i];
		if (global_pointer(a) && (uav < 0 || bound_to(l, a, uav)))
			vec_push(&c, a);
	}
	rc = mem_base(l, in, c.v, c.n, &out->lo, &out->hi);
	vec_free(&c);
	return rc;
}

/* Why an access has no base: b is PV_TOP or no argument. */
static const char *no_base(PvVal b)
{
	return b == PV_TOP ? "it may come from several that cannot be told apart per lane" :
	       "no argument found: the value is not a pointer argument's cb1 value moved, selected or "
	       "offset, e.g. a literal";
}

/* Which buffer a UAV access reads: the data segment when its address comes
 * from cb0[8].x, else the one pointer argument bound to the UAV, else (a
 * shared UAV) the argument provenance found, or per lane one of the
 * arguments it found (dynbase.c).  0 on success. */
static int access_base(L *l, const Inst *in, const Operand *ao, int uav, Base *out)
{
	int n;
	PvVal b;
	const MdArg *owner;
	out->direct = l->k->md->abi64;
	out->offset = 0;
	if (out->direct)
		return abi64_access(l, in, ao, &out->lo, &out->hi);
	if (l->k->derived) { /* CAL: the address is an offset in the UAV's one argument */
		owner = uav_owner(l, uav, &n);
		if (n != 1) {
			lerr(l, in->loc, "'%s' uses UAV %d, which no dcl_raw_uav_id(%d) declares", il_ops[in->op].name,
			     uav, uav);
			return -1;
		}
		*out = arg_base(l, owner);
		out->offset = 1;
		return 0;
	}
	b = pv_base(l, in);
	if (b == PV_DATASEG) {
		VDecl *d = data_segment(l);
		if (!d) {
			lerr(l, in->loc, "the address of this '%s' derives from the data segment (cb0[8].x), but "
			     "the program has no global ';#DATASTART' segment", il_ops[in->op].name);
			return -1;
		}
		out->lo = val_scalar(vk_alias(l->vk, d, VT_UD, 0), 0);
		out->hi = val_scalar(vk_alias(l->vk, d, VT_UD, 0), 1);
		return 0;
	}
	if (il_inst_mod(in, "arena") || in->op == OP_UAV_ARENA_LOAD || in->op == OP_UAV_ARENA_STORE) {
		/* Evergreen's arena UAV is a second view of the global heap that
		 * all pointers of the default UAV point into: no argument is bound
		 * to it, the base is the argument the address derives from */
		const MdArg *a = pv_is_arg(b) ? &l->k->md->args.v[b] : NULL;
		if (a && global_pointer(a)) {
			*out = arg_base(l, a);
			return 0;
		}
		if (pv_is_set(b))
			return dyn_base(l, in, b, arena_fits, uav, &out->lo, &out->hi);
		if (b == PV_MEM)
			return loaded_base(l, in, -1, out);
		lerr(l, in->loc, "the address of this '%s' on the arena UAV does not derive from a "
		     "global pointer argument (%s)", il_ops[in->op].name, no_base(b));
		return -1;
	}
	owner = uav_owner(l, uav, &n);
	if (n == 1) {
		*out = arg_base(l, owner);
		return 0;
	}
	if (n == 0) {
		lerr(l, in->loc, "'%s' uses UAV %d, which no pointer argument is bound to",
		      il_ops[in->op].name, uav);
		return -1;
	}
	if (pv_is_arg(b) && bound_to(l, &l->k->md->args.v[b], uav)) {
		*out = arg_base(l, &l->k->md->args.v[b]);
		return 0;
	}
	if (pv_is_set(b))
		return dyn_base(l, in, b, shared_fits, uav, &out->lo, &out->hi);
	if (b == PV_MEM)
		return loaded_base(l, in, uav, out);
	if (pv_is_arg(b))
		lerr(l, in->loc, "the address of this '%s' derives from argument '%s', which is bound "
		      "to UAV %d, not %d", il_ops[in->op].name, l->k->md->args.v[b].name,
		      l->k->md->args.v[b].bufid, uav);
	else
		lerr(l, in->loc, "the address of this '%s' on shared UAV %d does not derive from a "
		      "pointer argument (%s)", il_ops[in->op].name, uav, no_base(b));
	return -1;
}

/* ---- reuse of computed addresses ----
 * A load-modify-store of one element (y[i] = a * x[i] + y[i]) computes the
 * same 64-bit address twice.  An address emitted earlier in the same basic
 * block of the same vISA function, from the same 32-bit value and base, is
 * still right when no instruction since has written either (through any
 * view of their storage) and none is a label, jump, call or return: the
 * lanes running now are those that ran then, or fewer (after a goto). */

static VDecl *address_new(L *l, Val a, Base base, int h);

static const VDecl *storage(const VDecl *d)
{
	while (d && d->alias)
		d = d->alias;
	return d;
}

/* the same value: two views of one storage at the same offset count as
 * one (r65_x and r65_x_ud) */
static int same_place(Val x, Val y)
{
	int ox = 0, oy = 0;
	const VDecl *a = x.var, *b = y.var;
	if (x.kind != y.kind || x.neg != y.neg || x.abs != y.abs)
		return 0;
	if (x.kind == V_IMM)
		return x.imm == y.imm;
	for (; a && a->alias; a = a->alias)
		ox += a->alias_off;
	for (; b && b->alias; b = b->alias)
		oy += b->alias_off;
	return a == b && ox == oy && (x.kind == V_VEC || x.elem == y.elem);
}

/* Does instruction i write the storage of d, or end the basic block? */
static int clobbers(const VInst *i, const VDecl *d)
{
	int k;
	if (i->label || !strncmp(i->op, "goto", 4) || !strncmp(i->op, "call", 4) || !strncmp(i->op, "ret", 3) ||
	    !strncmp(i->op, "jmp", 3) || !strncmp(i->op, "fcall", 5) || !strncmp(i->op, "fret", 4))
		return 1;
	if (!d)
		return 0;
	for (k = 0; k < i->nops; k++) {
		const VOpnd *o = &i->ops[k];
		/* a message's raw operands may be written: counted as writes */
		if (o->var && storage(o->var) == d && (o->is_dst || o->kind != VO_REG))
			return 1;
	}
	return 0;
}

static VDecl *address_memo(L *l, Val a, Base base, int h)
{
	int j;
	for (j = 0; j < l->namemo && j < (int)(sizeof l->amemo / sizeof *l->amemo); j++) {
		const AddrMemo *m = &l->amemo[j];
		const VDecl *r[4];
		size_t q;
		int ok = 1, n = 0;
		if (m->f != l->vk->cur || m->h != h || m->chunk != l->chunk || m->offset != base.offset ||
		    !same_place(m->a, a) ||
		    !same_place(m->lo, base.lo) || !same_place(m->hi, base.hi) || m->at > l->vk->cur->code.n)
			continue;
		/* the address temp itself: written only by address_new, read
		   by messages since (their raw operands) */
		r[n++] = NULL;
		if (a.kind != V_IMM && a.var)
			r[n++] = storage(a.var);
		if (base.lo.kind != V_IMM && base.lo.var)
			r[n++] = storage(base.lo.var);
		if (base.hi.kind != V_IMM && base.hi.var)
			r[n++] = storage(base.hi.var);
		for (q = m->at; ok && q < l->vk->cur->code.n; q++) {
			int t;
			for (t = 0; t < n && ok; t++)
				ok = !clobbers(&l->vk->cur->code.v[q], r[t]);
		}
		if (ok)
			return m->addr;
	}
	return NULL;
}

static VDecl *address_keep(L *l, Val a, Base base, int h, VDecl *addr)
{
	AddrMemo *m = &l->amemo[l->namemo++ % (int)(sizeof l->amemo / sizeof *l->amemo)];
	m->f = l->vk->cur;
	m->at = l->vk->cur->code.n;
	m->a = a;
	m->lo = base.lo;
	m->hi = base.hi;
	m->offset = base.offset;
	m->h = h;
	m->chunk = l->chunk;
	m->addr = addr;
	return addr;
}

/* 64-bit per-lane addresses of chunk h: base + (A - lo32(base)). */
static VDecl *address(L *l, Val a, Base base, int h)
{
	VDecl *memo = address_memo(l, a, base, h);
	if (memo)
		return memo;
	return address_keep(l, a, base, h, address_new(l, a, base, h));
}

static VDecl *address_new(L *l, Val a, Base base, int h)
{
	/* base + off with off = A - lo32(base), an offset in [0, 2^32): the
	 * low dword is A itself, and the 64-bit sum carries exactly when
	 * A < lo32(base) (unsigned); the compare's -1 is subtracted from the
	 * high dword.  Both dwords go straight into the address's halves. */
	VDecl *addr, *a32, *cy;
	VInst *in;
	if (base.direct)
		return abi64_address(l, base.lo, base.hi, h);
	if (base.offset) { /* an offset O: A = O + lo32(base) (mod 2^32) gives base + O below */
		VDecl *t = vk_temp(l->vk, "OFS", VT_UD, l->simd);
		in = emit_chunk(l, "add", h);
		in->ops[0] = vo_dst(t, h * l->chunk);
		in->ops[1] = opnd(l, a, VT_UD, h);
		in->ops[2] = opnd(l, base.lo, VT_UD, h);
		in->nops = 3;
		a = val_vec(t);
	}
	addr = vk_temp(l->vk, "ADDR", VT_UQ, l->chunk);
	a32 = vk_alias(l->vk, addr, VT_UD, 0);
	cy = vk_temp(l->vk, "CY", VT_UD, l->chunk);
	in = emit_chunk(l, a.kind == V_IMM ? "cmp.gt" : "cmp.lt", h);
	in->ops[0] = vo_dst(cy, 0);
	in->ops[1] = opnd(l, a.kind == V_IMM ? base.lo : a, VT_UD, h);
	in->ops[2] = opnd(l, a.kind == V_IMM ? a : base.lo, VT_UD, h);
	in->nops = 3;
	in = emit_chunk(l, "mov", h);
	in->ops[0] = vo_dst_stride(a32, 0, 2);
	in->ops[1] = opnd(l, a, VT_UD, h);
	in->nops = 2;
	in = emit_chunk(l, "add", h);
	in->ops[0] = vo_dst_stride(a32, 1, 2);
	in->ops[1] = opnd(l, base.hi, VT_UD, h);
	in->ops[2] = vo_src(cy, 0); /* a temp of the chunk: row 0 */
	in->ops[2].mod = VM_NEG;
	in->nops = 3;
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

static void private_access(L *l, int store, Val a, int n, const Operand *dst, const Val *data);

static void lower_raw_load(L *l, const Inst *in)
{
	int m[4], n, h, j, uav = uav_id(l, in);
	const Operand *d = &in->ops[0];
	Base base;
	Val a;
	if (uav < 0)
		return;
	if (d->file != RF_TEMP || il_wmask(d, m) || (n = prefix_count(m)) <= 0) {
		/* AMD's backend writes only x, xy and xyzw (AMDIL{EG,SI}IOExpansion
		 * expandGlobalLoad route any other destination through r1011);
		 * no source says which dwords another mask would receive */
		lerr(l, d->loc, "uav_raw_load destination must be a register with mask x, xy, xyz or xyzw "
		     "(AMD's compiler writes no other; what another mask loads is not documented)");
		return;
	}
	if (uav == l->priv_uav) {
		private_access(l, 0, lsrc1(l, &in->ops[1]), n, d, NULL);
		return;
	}
	if (printf_access(l, in, uav)) {
		printf_stage(l, 0, lsrc1(l, &in->ops[1]), n, d, NULL);
		return;
	}
	if (access_base(l, in, &in->ops[1], uav, &base))
		return;
	a = lsrc1(l, &in->ops[1]);
	for (h = 0; h < l->nchunks; h++) {
		VDecl *addr = address(l, a, base, h);
		VDecl *data = vk_temp(l->vk, "LD", VT_UD, n * l->chunk);
		char op[40];
		VInst *v;
		if (l->lsc) {
			lsc_move(l, LSC_UGM, 0, h, addr, 0, 0, 4, n, data, 0);
		} else {
			snprintf(op, sizeof op, "svm_gather4scaled.%s", chmask[n]);
			v = emit_chunk(l, intern(op), h);
			v->ops[0] = vo_imm(0, VT_UQ);
			v->ops[1] = vo_raw(addr, 0);
			v->ops[2] = vo_raw(data, 0);
			v->nops = 3;
		}
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
	Base base;
	Val a, s[4];
	if (uav < 0)
		return;
	if (d->file != RF_MEM || il_wmask(d, m) || (n = prefix_count(m)) <= 0) {
		lerr(l, d->loc, "uav_raw_store needs 'mem' with mask x, xy, xyz or xyzw");
		return;
	}
	if (uav == l->priv_uav || printf_access(l, in, uav)) {
		a = lsrc1(l, &in->ops[1]);
		for (j = 0; j < n; j++)
			s[j] = lsrc(l, &in->ops[2], j);
		if (uav == l->priv_uav)
			private_access(l, 1, a, n, NULL, s);
		else
			printf_stage(l, 1, a, n, NULL, s);
		return;
	}
	if (access_base(l, in, &in->ops[1], uav, &base))
		return;
	a = lsrc1(l, &in->ops[1]);
	for (j = 0; j < n; j++)
		s[j] = lsrc(l, &in->ops[2], j);
	l->stores++;
	for (h = 0; h < l->nchunks; h++)
		svm_store(l, address(l, a, base, h), h, 0, n, s);
}

/* n dwords (n <= 4) of every lane of chunk h at its A64 address + off */
void svm_store(L *l, VDecl *addr, int h, uint64_t off, int n, const Val *v)
{
	VDecl *data = vk_temp(l->vk, "ST", VT_UD, n * l->chunk);
	char op[40];
	VInst *in;
	int j;
	for (j = 0; j < n; j++) {
		in = emit_chunk(l, "mov", h);
		in->ops[0] = vo_dst(data, j * l->chunk);
		in->ops[1] = opnd(l, v[j], VT_UD, h);
		in->nops = 2;
	}
	if (l->lsc) {
		lsc_move(l, LSC_UGM, 1, h, addr, 0, (int64_t)off, 4, n, data, 0);
		return;
	}
	snprintf(op, sizeof op, "svm_scatter4scaled.%s", chmask[n]);
	in = emit_chunk(l, intern(op), h);
	in->ops[0] = vo_imm(off, VT_UQ);
	in->ops[1] = vo_raw(addr, 0);
	in->ops[2] = vo_raw(data, 0);
	in->nops = 3;
}


/* ---- structured UAVs ------------------------------------------------------
 * dcl_struct_uav_id(n) stride; uav_struct_load_id(n) d, a.xy and
 * uav_struct_store_id(n) mem.m, a.xy, v (docs/memory.md): the byte address
 * is a.x * stride + a.y (element index, byte offset; GRVK's compiler and
 * D3D11's ld_structured/store_structured), wrapping at 32 bits, in the
 * UAV's address space: AMD's runtime binds every UAV to its global heap and
 * passes pointer arguments as heap offsets (ROCm clr's old gpukernel.cpp),
 * so the address is an IL pointer like a raw access's, and its base comes
 * from the UAV id or provenance (of a.y, the offset) as for uav_raw_load.
 * A load's written component c gets the dword at address + 4c (no resource
 * swizzle in AMD IL: D3D's default .xyzw), only those dwords are read; a
 * store writes v's first 1-4 components (mask x, xy, xyz or xyzw, the only
 * ones D3D11's store_structured allows). */

/* The stride dcl_struct_uav gives UAV uav (declarations may stand anywhere in
 * the kernel's code, every one must agree); -1 after a diagnostic. */
static int struct_stride(L *l, const Inst *at, int uav)
{
	const Inst *first = NULL;
	size_t i, j;
	for (i = 0; i <= l->k->funcs.n; i++) {
		const Func *f = i ? l->k->funcs.v[i - 1] : &l->p->m->main;
		for (j = 0; j < f->code.n; j++) {
			const Inst *in = &f->code.v[j];
			if (in->op != OP_DCL_STRUCT_UAV || il_mod_int(il_inst_mod(in, "id"), -1) != uav ||
			    in->nops != 1 || in->ops[0].file != RF_NUMBER)
				continue;
			if (first && first->ops[0].num != in->ops[0].num) {
				lerr(l, in->loc, "dcl_struct_uav_id(%d) declares stride %lld here and %lld at line %d",
				     uav, in->ops[0].num, first->ops[0].num, first->loc.line);
				return -1;
			}
			if (!first)
				first = in;
		}
	}
	if (!first) {
		lerr(l, at->loc, "'%s' uses UAV %d, which no dcl_struct_uav_id(%d) <stride> declares",
		     il_ops[at->op].name, uav, uav);
		return -1;
	}
	if (first->ops[0].num < 4 || first->ops[0].num > 2048 || first->ops[0].num % 4) {
		lerr(l, first->ops[0].loc, "dcl_struct_uav_id(%d) stride %lld: a structure is 4 to 2048 bytes, "
		     "a multiple of 4 (its elements are dwords)", uav, first->ops[0].num);
		return -1;
	}
	return (int)first->ops[0].num;
}

/* dcl_struct_uav_id(n) stride: checked here, used by each access */
static void struct_dcl(L *l, const Inst *in)
{
	long long id = il_mod_int(il_inst_mod(in, "id"), -1);
	if (id < 0 || id > 0xffff || in->nops != 1 || in->ops[0].file != RF_NUMBER) {
		lerr(l, in->loc, "dcl_struct_uav takes a UAV id and a stride: dcl_struct_uav_id(n) <bytes>");
		return;
	}
	if (id == l->priv_uav) {
		lerr(l, in->loc, "UAV %lld is the private UAV; it cannot also be structured", id);
		return;
	}
	struct_stride(l, in, (int)id);
}

static int load_dst(L *l, const Inst *in, int m[4]);
static void load_consts(L *l, const Inst *in, const int m[4]);

/* a.x * stride + a.y on every lane */
static Val struct_address(L *l, const Operand *a, int stride)
{
	VDecl *t = vk_temp(l->vk, "SADDR", VT_UD, l->simd);
	Val v[2];
	v[0] = lsrc(l, a, 0);
	v[1] = val_imm((uint32_t)stride);
	alu(l, "mul", VT_UD, t, 2, v, 0);
	v[0] = val_vec(t);
	v[1] = lsrc(l, a, 1);
	alu(l, "add", VT_UD, t, 2, v, 0);
	return val_vec(t);
}

/* common checks of both forms: the UAV, its stride and base; 0 ok */
static int struct_access(L *l, const Inst *in, int *uav, int *stride, Base *base)
{
	if ((*uav = uav_id(l, in)) < 0 || (*stride = struct_stride(l, in, *uav)) < 0)
		return -1;
	if (*uav == l->priv_uav || printf_access(l, in, *uav)) {
		lerr(l, in->loc, "'%s' uses UAV %d, which is the %s UAV, not a structured buffer",
		     il_ops[in->op].name, *uav, *uav == l->priv_uav ? "private" : "printf");
		return -1;
	}
	if (l->k->md->abi64) {
		/* its a.y is a 32-bit heap offset; 64-bit kernels address with pairs */
		lerr(l, in->loc, "'%s' in a kernel of AMD's 64-bit ABI is not supported: a structured "
		     "address holds a 32-bit offset, and no AMD compiler emits the form there", il_ops[in->op].name);
		return -1;
	}
	return access_base(l, in, &in->ops[1], *uav, base);
}

static void lower_struct_load(L *l, const Inst *in)
{
	int m[4], n, uav, stride, h, c, j;
	const Operand *d = &in->ops[0];
	Base base;
	Val a;
	if (in->nops != 2) {
		lerr(l, in->loc, "uav_struct_load takes a destination and an address (index, byte offset)");
		return;
	}
	if ((n = load_dst(l, in, m)) <= 0) {
		if (!n)
			lerr(l, d->loc, "uav_struct_load writes no component");
		return;
	}
	if (struct_access(l, in, &uav, &stride, &base))
		return;
	a = struct_address(l, &in->ops[1], stride);
	for (h = 0; h < l->nchunks; h++) {
		VDecl *addr = address(l, a, base, h);
		/* one message per run of written components: exactly their dwords */
		for (c = 0; c < 4; c++) {
			VDecl *data;
			VInst *v;
			char op[40];
			n = 0;
			while (c + n < 4 && m[c + n] == WM_WRITE)
				n++;
			if (!n)
				continue;
			data = vk_temp(l->vk, "LD", VT_UD, n * l->chunk);
			if (l->lsc) {
				lsc_move(l, LSC_UGM, 0, h, addr, 0, 4 * c, 4, n, data, 0);
			} else {
				snprintf(op, sizeof op, "svm_gather4scaled.%s", chmask[n]);
				v = emit_chunk(l, intern(op), h);
				v->ops[0] = vo_imm((uint64_t)(4 * c), VT_UQ);
				v->ops[1] = vo_raw(addr, 0);
				v->ops[2] = vo_raw(data, 0);
				v->nops = 3;
			}
			for (j = 0; j < n; j++) {
				v = emit_chunk(l, "mov", h);
				v->ops[0] = vo_dst(vk_alias(l->vk, reg_comp(l, d->num, c + j), VT_UD, 0), h * l->chunk);
				v->ops[1] = vo_src(data, j * l->chunk);
				v->nops = 2;
			}
			c += n;
		}
	}
	load_consts(l, in, m);
}

static void lower_struct_store(L *l, const Inst *in)
{
	int m[4], n, uav, stride, h, j;
	const Operand *d = &in->ops[0];
	Base base;
	Val a, s[4];
	if (in->nops != 3 || d->file != RF_MEM) {
		lerr(l, in->loc, "uav_struct_store takes 'mem', an address (index, byte offset) and a value");
		return;
	}
	if (il_wmask(d, m) || (n = prefix_count(m)) <= 0) {
		lerr(l, d->loc, "uav_struct_store needs 'mem' with mask x, xy, xyz or xyzw (the only masks "
		     "D3D11's store_structured allows)");
		return;
	}
	if (struct_access(l, in, &uav, &stride, &base))
		return;
	a = struct_address(l, &in->ops[1], stride);
	for (j = 0; j < n; j++)
		s[j] = lsrc(l, &in->ops[2], j);
	l->stores++;
	for (h = 0; h < l->nchunks; h++)
		svm_store(l, address(l, a, base, h), h, 0, n, s);
}

/* Forms with no buffer a Level Zero kernel can be given (docs/memory.md) */
static void struct_refuse(L *l, const Inst *in)
{
	if (in->op == OP_BUFINFO)
		lerr(l, in->loc, "'bufinfo' is not supported: AMD's runtime binds every UAV to its whole "
		     "global heap, so the size it returns is the heap's, and Level Zero passes a kernel no "
		     "buffer size (OpenCL kernels take sizes as arguments)");
	else
		lerr(l, in->loc, "'%s' is not supported: AMD's OpenCL runtime binds resource (SRV) slots only "
		     "to read-only image arguments (;image:...:RO:n), so no kernel argument can be a raw or "
		     "structured SRV buffer (AMD's compiler reads read-only buffers through UAVs and "
		     "constant buffers)", il_ops[in->op].name);
}

/* Sub-dword and arena accesses: SI's uav_byte/ubyte/short/ushort_load and
 * uav_byte/short_store (_id(n)), Evergreen's uav_arena_load/store_id(8)
 * with _size(byte|short|dword): one value per lane at any byte address, as
 * A64 byte-block messages (svm_gather/svm_scatter.1.N put a lane's N bytes
 * in the low bytes of its dword).  Loads extend to 32 bits: byte/short
 * signed, ubyte/ushort and arena zero-extended (AMD's compiler re-extends
 * arena loads itself). */
static void lower_sub_dword(L *l, const Inst *in)
{
	int arena = in->op == OP_UAV_ARENA_LOAD || in->op == OP_UAV_ARENA_STORE;
	int store = in->op == OP_UAV_BYTE_STORE || in->op == OP_UAV_SHORT_STORE || in->op == OP_UAV_ARENA_STORE;
	int size = 4, sign = in->op == OP_UAV_BYTE_LOAD || in->op == OP_UAV_SHORT_LOAD;
	int uav = uav_id(l, in), m[4], c = -1, h, ai = store && !arena ? 1 : store ? 0 : 1;
	const char *name = il_ops[in->op].name;
	const Mod *sz = il_inst_mod(in, "size");
	Base base;
	Val a, v;
	if (uav < 0)
		return;
	if (in->op == OP_UAV_BYTE_LOAD || in->op == OP_UAV_UBYTE_LOAD || in->op == OP_UAV_BYTE_STORE)
		size = 1;
	else if (in->op == OP_UAV_SHORT_LOAD || in->op == OP_UAV_USHORT_LOAD || in->op == OP_UAV_SHORT_STORE)
		size = 2;
	else if (arena) {
		if (!sz || !sz->arg || (strcmp(sz->arg, "byte") && strcmp(sz->arg, "short") && strcmp(sz->arg, "dword"))) {
			lerr(l, in->loc, "'%s' needs _size(byte), _size(short) or _size(dword)", name);
			return;
		}
		size = sz->arg[0] == 'b' ? 1 : sz->arg[0] == 's' ? 2 : 4;
	}
	if (in->nops != (store && !arena ? 3 : 2)) {
		lerr(l, in->loc, "'%s' takes %s", name, store && !arena ? "mem, an address and a value" :
		     store ? "an address and a value" : "a destination and an address");
		return;
	}
	if (!store) {
		if (in->ops[0].file != RF_TEMP || il_wmask(&in->ops[0], m)) {
			lerr(l, in->ops[0].loc, "'%s' loads into one component of a register", name);
			return;
		}
		for (h = 0; h < 4; h++)
			if (m[h] == WM_WRITE) {
				if (c >= 0) {
					lerr(l, in->ops[0].loc, "'%s' loads one value: its mask writes one component", name);
					return;
				}
				c = h;
			}
		if (c < 0) {
			lerr(l, in->ops[0].loc, "'%s' writes no component", name);
			return;
		}

	}
	if (uav == l->priv_uav || printf_access(l, in, uav)) {
		lerr(l, in->loc, "'%s' on %s memory is not supported yet", name,
		     uav == l->priv_uav ? "private" : "the printf buffer's");
		return;
	}
	if (access_base(l, in, &in->ops[ai], uav, &base))
		return;
	a = lsrc1(l, &in->ops[ai]);
	v = store ? lsrc1(l, &in->ops[ai + 1]) : val_imm(0);
	if (store)
		l->stores++;
	for (h = 0; h < l->nchunks; h++) {
		VDecl *addr = address(l, a, base, h);
		VDecl *data = vk_temp(l->vk, store ? "SBST" : "SBLD", VT_UD, l->chunk);
		VInst *x;
		if (store) {
			x = emit_chunk(l, "mov", h);
			x->ops[0] = vo_dst(data, 0);
			x->ops[1] = opnd(l, v, VT_UD, h);
			x->nops = 2;
		}
		a64_sub_dword(l, store, h, addr, size, sign, data,
		              store ? NULL : vk_alias(l->vk, reg_comp(l, in->ops[0].num, c), VT_UD, 0));
	}
	/* 0 and 1 in the mask: constants, written after the address was read */
	for (h = 0; !store && h < 4; h++)
		if (m[h] == WM_ZERO || m[h] == WM_ONE) {
			Val k = val_imm(m[h] == WM_ZERO ? 0 : 0x3f800000u);
			alu(l, "mov", VT_UD, reg_comp(l, in->ops[0].num, h), 1, &k, 0);
		}
}

/* One A64 access of 1 or 2 bytes a lane in chunk h (lower_flat.c too): the
 * message (LSC or the legacy byte scatter/gather), and for a load the
 * lane's bytes in data extended into dst: shl, then asr (sign) or shr by
 * 32 - 8 * size. */
void a64_sub_dword(L *l, int store, int h, VDecl *addr, int size, int sign, VDecl *data, VDecl *dst)
{
	char op[32];
	int k = 32 - 8 * size;
	VInst *x;
	if (l->lsc) {
		lsc_move(l, LSC_UGM, store, h, addr, 0, 0, size, 1, data, 0);
	} else {
		snprintf(op, sizeof op, "%s.1.%d", store ? "svm_scatter" : "svm_gather", size);
		x = emit_chunk(l, intern(op), h);
		x->ops[0] = vo_raw(addr, 0);
		x->ops[1] = vo_raw(data, 0);
		x->nops = 2;
	}
	if (store)
		return;
	x = emit_chunk(l, "shl", h);
	x->ops[0] = vo_dst(data, 0);
	x->ops[1] = vo_src(data, 0);
	x->ops[2] = vo_imm((uint32_t)k, VT_UD);
	x->nops = 3;
	x = emit_chunk(l, sign ? "asr" : "shr", h);
	x->ops[0] = vo_dst(sign ? vk_alias(l->vk, dst, VT_D, 0) : dst, h * l->chunk);
	x->ops[1] = vo_src(sign ? vk_alias(l->vk, data, VT_D, 0) : data, 0);
	x->ops[2] = vo_imm((uint32_t)k, VT_UD);
	x->nops = 3;
}

/* cbN[i] with N >= 2: a hardware constant buffer, bound by AMD's runtime to
 * the `hc` pointer argument whose buffer id is N.  Element i is the 16 bytes
 * at byte 16*i of that buffer; each lane reads its four dwords with one
 * gather (the index may differ per lane).  Reads past the buffer are not
 * checked (AMD returns 0 there; an Intel read goes to whatever memory
 * follows). */
/* The buffer argument of a cbN (an `hc` pointer with buffer id N) or, for
 * the R7xx global buffer g[] of a derived kernel, its `g` argument; NULL if
 * none. */
static const MdArg *elem_buffer(L *l, const Operand *o)
{
	const char *mem = o->file == RF_GLOBAL ? "g" : "hc";
	long long id = o->file == RF_GLOBAL ? MD_CAL_GLOBAL_ID : o->num;
	const MdArg *hc = NULL;
	size_t i;
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *a = &l->k->md->args.v[i];
		if (a->kind == MA_POINTER && !strcmp(a->mem, mem) && a->bufid == id)
			hc = a;
	}
	return hc;
}

/* lo32(base) + seg + 16 * (index of o): the address of o's 16-byte element
 * in our scheme, later rebased by address() */
static Val elem_address(L *l, const Operand *o, Base base, long long seg)
{
	Val idx;
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
	a[0] = idx, a[1] = val_imm(4);
	alu(l, "shl", VT_UD, t, 2, a, 0);
	a[0] = val_vec(t), a[1] = base.lo;
	alu(l, "add", VT_UD, t, 2, a, 0);
	if (seg > 0) {
		a[0] = val_vec(t), a[1] = val_imm((uint32_t)seg);
		alu(l, "add", VT_UD, t, 2, a, 0);
	}
	return val_vec(t);
}

/* A derived kernel's g[i] written: each written component c (and the
 * mask's 0 / 1.0 ones) is the dword at byte 16 i + 4 c of the `g`
 * argument's buffer; tmp[c] holds the computed values.  All four at once
 * take one 4-dword store. */
void global_store(L *l, const Operand *d, const int m[4], VDecl *const tmp[4])
{
	const MdArg *g = elem_buffer(l, d);
	Base base;
	Val addr, v[4];
	int c, h, n = 0;
	if (!g) {
		lerr(l, d->loc, "'g' (the R7xx global buffer) exists only in CAL compute shaders without metadata");
		return;
	}
	base = arg_base(l, g);
	addr = elem_address(l, d, base, 0);
	for (c = 0; c < 4; c++) {
		v[c] = m[c] == WM_WRITE ? val_vec(tmp[c]) : val_imm(m[c] == WM_ONE ? 0x3f800000u : 0);
		n += m[c] != WM_SKIP;
	}
	for (h = 0; h < l->nchunks; h++) {
		VDecl *ad = address(l, addr, base, h);
		if (n == 4) {
			svm_store(l, ad, h, 0, 4, v);
			continue;
		}
		for (c = 0; c < 4; c++)
			if (m[c] != WM_SKIP)
				svm_store(l, ad, h, (uint64_t)(4 * c), 1, &v[c]);
	}
	l->stores++;
}

void elem_store4(L *l, const MdArg *buf, Val idx, const Val v[4])
{
	Base base = arg_base(l, buf);
	VDecl *t = vk_temp(l->vk, "CBA", VT_UD, l->simd);
	Val a[2];
	int h;
	a[0] = idx, a[1] = val_imm(4);
	alu(l, "shl", VT_UD, t, 2, a, 0);
	a[0] = val_vec(t), a[1] = base.lo;
	alu(l, "add", VT_UD, t, 2, a, 0);
	for (h = 0; h < l->nchunks; h++)
		svm_store(l, address(l, val_vec(t), base, h), h, 0, 4, v);
	l->stores++;
}

Val hw_cb_read(L *l, const Operand *o, int sel)
{
	const MdArg *hc;
	Base base;
	long long seg = -1;
	size_t i;
	int h, j;
	if (sel > SEL_W)
		return val_imm(sel == SEL_1 ? 0x3f800000u : 0);
	hc = elem_buffer(l, o);
	if (!hc && o->file == RF_GLOBAL) {
		lerr(l, o->loc, "'g' (the R7xx global buffer) exists only in CAL compute shaders without metadata");
		return val_imm(0);
	}
	if (!hc && l->k->derived) {
		lerr(l, o->loc, "cb%lld is not declared (dcl_cb cb%lld[n])", o->num, o->num);
		return val_imm(0);
	}
	/* no argument on this CB: a ;#DATASTART:N segment of the program */
	for (i = 0; !hc && l->o->seg_off && i < l->p->segs.n; i++)
		if (l->p->segs.v[i].cbid == o->num)
			seg = l->o->seg_off[i];
	if (!hc && (seg < 0 || !data_blob(l))) {
		lerr(l, o->loc, "cb%lld is bound to no constant pointer argument (';pointer:...:hc:%lld:...') "
		     "and no data segment (';#DATASTART:%lld:...')", o->num, o->num, o->num);
		return val_imm(0);
	}
	if (hc) {
		base = arg_base(l, hc);
	} else {
		base.lo = val_scalar(vk_alias(l->vk, data_blob(l), VT_UD, 0), 0);
		base.hi = val_scalar(vk_alias(l->vk, data_blob(l), VT_UD, 0), 1);
		base.direct = 0;
		base.offset = 0;
	}
	if (l->hwcb_op != o) {
		Val addr = elem_address(l, o, base, seg);
		for (j = 0; j < 4; j++)
			l->hwcb_val[j] = vk_temp(l->vk, "CBV", VT_D, l->simd);
		for (h = 0; h < l->nchunks; h++) {
			VDecl *ad = address(l, addr, base, h);
			VDecl *data = vk_temp(l->vk, "CBD", VT_UD, 4 * l->chunk);
			VInst *v;
			if (l->lsc) {
				lsc_move(l, LSC_UGM, 0, h, ad, 0, 0, 4, 4, data, 0);
			} else {
				v = emit_chunk(l, "svm_gather4scaled.RGBA", h);
				v->ops[0] = vo_imm(0, VT_UQ);
				v->ops[1] = vo_raw(ad, 0);
				v->ops[2] = vo_raw(data, 0);
				v->nops = 3;
			}
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

static void sel_ud(L *l, VDecl *p, VDecl *dst, Val a, Val b);

/* cb1[r.c + k]: the argument image is in registers (the payload), which a
 * lane cannot index with its own value, so component sel of every 16-byte
 * element is selected where the lane's index equals the element's: a chain
 * of compare + sel over the declared argument bytes.  An index outside them
 * reads 0 (AMD's constant buffers return 0 past their end); an hc pointer's
 * dwords read 0 as in the constant-index path (cb_read). */
Val cb1_relative(L *l, const Operand *o, int sel)
{
	VDecl *idx, *r;
	Val a[2];
	int e;
	if (sel > SEL_W)
		return val_imm(sel == SEL_1 ? 0x3f800000u : 0);
	idx = vk_temp(l->vk, "CB1I", VT_D, l->simd);
	r = vk_temp(l->vk, "CB1V", VT_UD, l->simd);
	a[0] = lsrc1(l, o->index_reg), a[1] = val_imm((uint32_t)o->index_imm);
	alu(l, "add", VT_D, idx, 2, a, 0);
	a[0] = val_imm(0);
	alu(l, "mov", VT_UD, r, 1, a, 0);
	for (e = 0; e * 16 + sel * 4 + 4 <= l->cb1_bytes; e++) {
		int byte = e * 16 + sel * 4;
		if (hc_pointer_at(l, byte))
			continue;
		sel_ud(l, compare(l, "eq", VT_D, val_vec(idx), val_imm((uint32_t)e)), r,
		       val_scalar(cb1_image(l), byte / 4), val_vec(r));
	}
	return val_vec(r);
}

/* ---- LDS: declarations and the static SLM size ---------------------------- */

#define SLM_MAX 65536 /* Gen12LP: 64 KB of shared local memory per work-group */

/* Bytes of static SLM.  AMD's runtime puts the __local pointer arguments
 * after ;memory:hwlocal (the compiler's count of static LDS bytes); without
 * such arguments every byte the kernel may address is static: the largest of
 * hwlocal and the dcl_lds size (which tools may set to the whole LDS when a
 * kernel takes __local arguments, so it is not used then).  Rounded up to
 * the largest alignment of a __local argument: the runtime aligns each
 * argument relative to the end of the static part. */
static int lds_static_size(L *l)
{
	const MdBlock *md = l->k->md;
	int has_hw = 0, hl = 0, align = 4, dcl = 0, size;
	size_t i;
	for (i = 0; i < md->mems.n; i++)
		has_hw |= md->mems.v[i].kind == MM_HWLOCAL;
	for (i = 0; i < md->args.n; i++) {
		const MdArg *a = &md->args.v[i];
		if (a->kind == MA_POINTER && a->mem && !strcmp(a->mem, "hl")) {
			hl = 1;
			if (a->align > align && a->align <= 4096 && !(a->align & (a->align - 1)))
				align = a->align;
		}
	}
	if (l->nlds)
		dcl = l->lds_base[l->nlds - 1] + l->lds_bytes[l->nlds - 1];
	size = md->mem_hwlocal;
	if (!(hl && has_hw) && dcl > size)
		size = dcl;
	return (size + align - 1) / align * align;
}

/* dcl_struct_lds_id(n) stride, count (GRVK's decoder: structured LDS of
 * count elements of stride bytes; D3D11's thread-group shared memory):
 * stride 4..2048, a multiple of 4 (dword elements, D3D11's limit), the
 * whole within SLM.  0 ok. */
static int struct_lds_shape(const Inst *in, int *stride, long long *bytes)
{
	long long s, n;
	if (in->nops != 2 || in->ops[0].file != RF_NUMBER || in->ops[1].file != RF_NUMBER)
		return -1;
	s = in->ops[0].num, n = in->ops[1].num;
	if (s < 4 || s > 2048 || s % 4 || n < 1 || n > SLM_MAX || s * n > SLM_MAX)
		return -1;
	*stride = (int)s;
	*bytes = s * n;
	return 0;
}

/* Every LDS id the kernel's code declares (main and its functions, a
 * declaration may follow its uses), ascending, with its largest size and
 * its region's SLM offset.  0 ok. */
static int lds_layout(L *l, const Inst *at)
{
	const Func *f;
	size_t i, j;
	int n, k, hl = 0;
	if (l->lds_laid)
		return l->lds_laid < 0 ? -1 : 0;
	l->lds_laid = -1;
	l->nlds = 0;
	for (i = 0; i <= l->k->funcs.n; i++) {
		f = i ? l->k->funcs.v[i - 1] : &l->p->m->main;
		for (j = 0; j < f->code.n; j++) {
			const Inst *in = &f->code.v[j];
			long long id = il_mod_int(il_inst_mod(in, "id"), -1), bytes;
			int stride = 0;
			if (in->op == OP_DCL_STRUCT_LDS) {
				if (struct_lds_shape(in, &stride, &bytes) || id < 0 || id > 0xffff)
					continue; /* lds_dcl diagnoses these */
			} else if (in->op != OP_DCL_LDS || id < 0 || id > 0xffff || in->nops != 1 ||
			           in->ops[0].file != RF_NUMBER || in->ops[0].num < 0 || in->ops[0].num > SLM_MAX) {
				continue; /* lds_dcl diagnoses these */
			} else {
				bytes = in->ops[0].num;
			}
			for (n = 0; n < l->nlds && l->lds_ids[n] < id; n++)
				;
			if (n < l->nlds && l->lds_ids[n] == id) {
				if (stride != l->lds_stride[n]) {
					lerr(l, in->loc, "LDS id %lld is declared both %s", id, stride && l->lds_stride[n] ?
					     "with two strides" : "raw (dcl_lds) and structured (dcl_struct_lds)");
					return -1;
				}
				if (bytes > l->lds_bytes[n])
					l->lds_bytes[n] = (int)bytes;
				continue;
			}
			if (l->nlds == LDS_IDS) {
				lerr(l, in->loc, "the kernel declares more than %d LDS ids", LDS_IDS);
				return -1;
			}
			for (k = l->nlds; k > n; k--)
				l->lds_ids[k] = l->lds_ids[k - 1], l->lds_bytes[k] = l->lds_bytes[k - 1],
				l->lds_stride[k] = l->lds_stride[k - 1];
			l->lds_ids[n] = (int)id;
			l->lds_bytes[n] = (int)bytes;
			l->lds_stride[n] = stride;
			l->nlds++;
		}
	}
	for (i = 0; i < l->k->md->args.n; i++)
		hl |= l->k->md->args.v[i].kind == MA_POINTER && l->k->md->args.v[i].mem &&
		      !strcmp(l->k->md->args.v[i].mem, "hl");
	if (l->nlds > 1 && hl) {
		lerr(l, at->loc, "the kernel declares %d LDS ids and takes __local pointer arguments: "
		     "which id's allocation AMD's runtime puts them in is not known", l->nlds);
		return -1;
	}
	for (n = 0; n < l->nlds; n++)
		l->lds_base[n] = n ? (l->lds_base[n - 1] + l->lds_bytes[n - 1] + 15) / 16 * 16 : 0;
	l->lds_laid = 1;
	return 0;
}

/* dcl_lds_id(n) bytes; dcl_struct_lds_id(n) stride, count */
static void lds_dcl(L *l, const Inst *in)
{
	const Mod *idm = il_inst_mod(in, "id");
	long long id = idm ? il_mod_int(idm, -1) : -1, bytes;
	int stride;
	if (in->op == OP_DCL_STRUCT_LDS) {
		if (id < 0 || id > 0xffff || struct_lds_shape(in, &stride, &bytes)) {
			lerr(l, in->loc, "dcl_struct_lds takes an LDS id, a stride and an element count: "
			     "dcl_struct_lds_id(n) <stride>, <count>, the stride 4 to 2048 bytes, a multiple of 4, "
			     "and stride x count at most %d bytes (shared local memory)", SLM_MAX);
			return;
		}
		goto laid;
	}
	if (in->nops != 1 || in->ops[0].file != RF_NUMBER) {
		lerr(l, in->loc, "dcl_lds takes an LDS id and a byte count: dcl_lds_id(n) <bytes>");
		return;
	}
	bytes = in->ops[0].num;
	if (!idm && bytes == 0)
		return; /* declares nothing */
	if (id < 0 || id > 0xffff) {
		lerr(l, in->loc, "dcl_lds needs an LDS id: dcl_lds_id(n) <bytes>");
		return;
	}
	if (bytes < 0 || bytes > SLM_MAX) {
		lerr(l, in->ops[0].loc, "dcl_lds_id(%lld) declares %lld bytes; shared local memory holds "
		     "at most %d", id, bytes, SLM_MAX);
		return;
	}
laid:
	if (lds_layout(l, in))
		return;
	l->slm_static = lds_static_size(l);
	if (l->slm_static > SLM_MAX)
		lerr(l, in->loc, "the kernel needs %d bytes of static LDS; shared local memory holds at "
		     "most %d", l->slm_static, SLM_MAX);
}

static int declares_lds(const Func *f, long long id)
{
	size_t i;
	for (i = 0; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		if ((in->op == OP_DCL_LDS || in->op == OP_DCL_STRUCT_LDS) &&
		    il_mod_int(il_inst_mod(in, "id"), -1) == id)
			return 1;
	}
	return 0;
}

/* the stride of a structured LDS id, 0 for raw LDS (after lds_layout) */
static int lds_stride(const L *l, int id)
{
	int n;
	for (n = 0; n < l->nlds; n++)
		if (l->lds_ids[n] == id)
			return l->lds_stride[n];
	return 0;
}

/* The LDS id of an access (_id(n), or B11's _resource(n)); -1 after a
 * diagnostic.  Declarations may stand anywhere in the kernel's code. */
static int lds_id(L *l, const Inst *in)
{
	const Mod *m = il_inst_mod(in, "id");
	long long id;
	size_t i;
	if (!m)
		m = il_inst_mod(in, "resource");
	id = il_mod_int(m, -1);
	if (id < 0) {
		lerr(l, in->loc, "'%s' needs an LDS id: _id(n)", il_ops[in->op].name);
		return -1;
	}
	for (i = 0; i <= l->k->funcs.n; i++)
		if (declares_lds(i ? l->k->funcs.v[i - 1] : &l->p->m->main, id)) {
			if (lds_layout(l, in))
				return -1;
			if (lds_stride(l, (int)id) && in->op != OP_LDS_LOAD_VEC && in->op != OP_LDS_STORE_VEC) {
				lerr(l, in->loc, "'%s' on structured LDS id %lld (dcl_struct_lds) is not supported: "
				     "only lds_load_vec and lds_store_vec, which take the element index and the byte "
				     "offset as two operands, address structured LDS here", il_ops[in->op].name, id);
				return -1;
			}
			return (int)id;
		}
	lerr(l, in->loc, "'%s' uses LDS id %lld, which no dcl_lds_id(%lld) declares",
	     il_ops[in->op].name, id, id);
	return -1;
}

/* the byte address index * stride + offset of structured LDS */
static Val struct_lds_address(L *l, int id, Val index, Val offset)
{
	VDecl *t = vk_temp(l->vk, "LDSE", VT_UD, l->simd);
	Val v[2];
	v[0] = index, v[1] = val_imm((uint32_t)lds_stride(l, id));
	alu(l, "mul", VT_UD, t, 2, v, 0);
	v[0] = val_vec(t), v[1] = offset;
	alu(l, "add", VT_UD, t, 2, v, 0);
	return val_vec(t);
}

/* The SLM offset of IL address a of LDS id: a plus the id's region */
static Val lds_address(L *l, int id, Val a)
{
	VDecl *t;
	Val v[2];
	int n;
	for (n = 0; n < l->nlds && l->lds_ids[n] != id; n++)
		;
	if (n == l->nlds || !l->lds_base[n])
		return a;
	t = vk_temp(l->vk, "LDSA", VT_UD, l->simd);
	v[0] = a, v[1] = val_imm((uint32_t)l->lds_base[n]);
	alu(l, "add", VT_UD, t, 2, v, 0);
	return val_vec(t);
}

/* ---- LDS: message helpers ------------------------------------------------ */

static VOpnd slm_surf(L *l)
{
	return vo_surf(vk_predefined(l->vk, "%slm", VT_UD));
}

static VOpnd null_raw(L *l)
{
	return vo_raw(vk_predefined(l->vk, "%null", VT_UD), 0);
}

/* a fresh chunk-wide message operand of type t holding value v of chunk h */
static VDecl *chunk_val_t(L *l, const char *prefix, Val v, int h, VType t)
{
	VDecl *d = vk_temp(l->vk, prefix, t, l->chunk);
	VInst *in = emit_chunk(l, "mov", h);
	in->ops[0] = vo_dst(d, 0);
	in->ops[1] = opnd(l, v, t, h);
	in->nops = 2;
	return d;
}

static VDecl *chunk_val(L *l, const char *prefix, Val v, int h)
{
	return chunk_val_t(l, prefix, v, h, VT_UD);
}

/* dst component c of chunk h = src (type t) */
static void put(L *l, long long reg, int c, VType t, VOpnd src, int h)
{
	VInst *in = emit_chunk(l, "mov", h);
	in->ops[0] = vo_dst(vk_alias(l->vk, reg_comp(l, reg, c), t, 0), h * l->chunk);
	in->ops[1] = src;
	in->nops = 2;
}

/* the components a load writes; the number written, -1 after a diagnostic */
static int load_dst(L *l, const Inst *in, int m[4])
{
	const Operand *d = &in->ops[0];
	int c, n = 0;
	if (d->file != RF_TEMP || d->has_index || il_wmask(d, m)) {
		lerr(l, d->loc, "the destination of '%s' must be a register r<n> with a write mask",
		     il_ops[in->op].name);
		return -1;
	}
	for (c = 0; c < 4; c++)
		n += m[c] == WM_WRITE;
	return n;
}

/* the .0/.1 components of a load's write mask */
static void load_consts(L *l, const Inst *in, const int m[4])
{
	int c;
	for (c = 0; c < 4; c++)
		if (m[c] == WM_ZERO || m[c] == WM_ONE) {
			Val v = val_imm(m[c] == WM_ONE ? 0x3f800000u : 0);
			alu(l, "mov", VT_UD, reg_comp(l, in->ops[0].num, c), 1, &v, 0);
		}
}

static int one_written(L *l, const Inst *in, const int m[4], int n)
{
	int c;
	if (n != 1) {
		lerr(l, in->ops[0].loc, "'%s' writes one component; the destination mask names %d",
		     il_ops[in->op].name, n);
		return -1;
	}
	for (c = 0; m[c] != WM_WRITE; c++)
		;
	return c;
}

static int same_val(Val a, Val b)
{
	if (a.kind != b.kind || a.neg != b.neg || a.abs != b.abs)
		return 0;
	if (a.kind == V_IMM)
		return a.imm == b.imm;
	return a.var == b.var && (a.kind == V_VEC || a.elem == b.elem);
}

/* lds_store_vec mem, addr, data, data: both data operands must be the same
 * (the second's role is not documented) */
static int same_data(L *l, const Inst *in, int n)
{
	Buf a = {0}, b = {0};
	int j;
	for (j = 0; j < n; j++)
		if (!same_val(lsrc(l, &in->ops[2], j), lsrc(l, &in->ops[3], j)))
			break;
	if (j == n)
		return 0;
	il_print_operand(&a, &in->ops[2]);
	il_print_operand(&b, &in->ops[3]);
	lerr(l, in->ops[3].loc, "'lds_store_vec' needs its two data operands to be the same (AMD-APP "
	     "writes 'mem0, addr, data, data'), not '%s' and '%s'", a.s, b.s);
	free(a.s);
	free(b.s);
	return -1;
}

/* _vec forms give the address twice (element index and byte offset of
 * structured LDS); raw LDS needs both to be the same byte address */
static int second_address(L *l, const Inst *in, int first, int second)
{
	Buf a = {0}, b = {0};
	if (same_val(lsrc1(l, &in->ops[first]), lsrc1(l, &in->ops[second])))
		return 0;
	il_print_operand(&a, &in->ops[first]);
	il_print_operand(&b, &in->ops[second]);
	lerr(l, in->ops[second].loc, "'%s' on raw LDS needs its second address operand equal to the "
	     "first ('%s', not '%s'); element index and offset address structured LDS "
	     "(dcl_struct_lds) only",
	     il_ops[in->op].name, a.s, b.s);
	buf_free(&a);
	buf_free(&b);
	return -1;
}

/* ---- LDS: loads and stores ----------------------------------------------- */

/* lds_load64 writes one 64-bit component pair: xy (what AMD's backend
 * writes: AMDILEGIOExpansion expandLocalLoad moves any other destination
 * through r1011.xy) or zw (the IL's pair convention, x/z = low dword).
 * The first component of the pair, -1 after a diagnostic. */
static int pair_written(L *l, const Inst *in, const int m[4])
{
	int c;
	for (c = 0; c < 4; c += 2)
		if (m[c] == WM_WRITE && m[c + 1] == WM_WRITE && m[2 - c] != WM_WRITE && m[3 - c] != WM_WRITE)
			return c;
	lerr(l, in->ops[0].loc, "'lds_load64' writes one 64-bit component pair: the destination mask "
	     "must write x and y (or z and w) and nothing else");
	return -1;
}

/* lds_load dst, addr (dword); lds_load_vec dst, addr, addr (dwords addr+4c
 * into the written components c); lds_load_[u]byte/[u]short dst, addr
 * (sign/zero extended); lds_load64 dst.xy__|__zw, addr (the dwords at addr
 * and addr+4 into the pair's low and high component) */
/* One chunk's SLM load or store of `words` dwords per lane (sub: 1 or 2
 * for a byte or short in the low end of one dword): an LSC message, else
 * the legacy dataport's scaled gather/scatter. */
static void slm_move(L *l, int store, int h, VDecl *addr, int sub, int words, VDecl *data)
{
	char op[40];
	VInst *v;
	if (l->lsc) {
		lsc_move(l, LSC_SLM, store, h, addr, 0, 0, sub ? sub : 4, words, data, 0);
		return;
	}
	if (sub)
		snprintf(op, sizeof op, "%s_scaled.%d", store ? "scatter" : "gather", sub);
	else
		snprintf(op, sizeof op, "%s4_scaled.%s", store ? "scatter" : "gather", chmask[words]);
	v = emit_chunk(l, intern(op), h);
	v->ops[0] = slm_surf(l);
	v->ops[1] = vo_imm(0, VT_UD);
	v->ops[2] = vo_raw(addr, 0);
	v->ops[3] = vo_raw(data, 0);
	v->nops = 4;
}

static void lds_load(L *l, const Inst *in)
{
	int m[4], n, c, h, last = 0, sub = 0, sign = 0, id, first = 0, words;
	Val a;
	if ((id = lds_id(l, in)) < 0 || (n = load_dst(l, in, m)) < 0)
		return;
	switch (in->op) {
	case OP_LDS_LOAD_VEC:
		if (in->nops != 3 || (!lds_stride(l, id) && second_address(l, in, 1, 2)))
			return;
		for (c = 0; c < 4; c++)
			if (m[c] == WM_WRITE)
				last = c + 1;
		break;
	case OP_LDS_LOAD_BYTE: sub = 1, sign = 1; break;
	case OP_LDS_LOAD_UBYTE: sub = 1; break;
	case OP_LDS_LOAD_SHORT: sub = 2, sign = 1; break;
	case OP_LDS_LOAD_USHORT: sub = 2; break;
	case OP_LDS_LOAD64:
		if ((first = pair_written(l, in, m)) < 0)
			return;
		last = 2;
		break;
	default: break;
	}
	if (in->op != OP_LDS_LOAD_VEC && in->op != OP_LDS_LOAD64 && (last = one_written(l, in, m, n)) < 0)
		return;
	words = in->op == OP_LDS_LOAD_VEC || in->op == OP_LDS_LOAD64 ? last : 1;
	a = lsrc1(l, &in->ops[1]);
	if (lds_stride(l, id)) /* lds_load_vec dst, index, offset */
		a = struct_lds_address(l, id, a, lsrc1(l, &in->ops[2]));
	a = lds_address(l, id, a);
	for (h = 0; h < l->nchunks && n > 0; h++) {
		VDecl *addr = chunk_val(l, "SA", a, h);
		VDecl *data = vk_temp(l->vk, "LD", VT_UD, words * l->chunk);
		slm_move(l, 0, h, addr, sub, words, data);
		if (sub) {
			/* the bytes land in the low end of each lane's dword */
			VType st = sub == 1 ? (sign ? VT_B : VT_UB) : (sign ? VT_W : VT_UW);
			put(l, in->ops[0].num, last, sign ? VT_D : VT_UD,
			    vo_region(vk_alias(l->vk, data, st, 0), 0, 4 / sub, 1, 0), h);
		} else if (in->op == OP_LDS_LOAD64) {
			put(l, in->ops[0].num, first, VT_UD, vo_src(data, 0), h);
			put(l, in->ops[0].num, first + 1, VT_UD, vo_src(data, l->chunk), h);
		} else if (in->op == OP_LDS_LOAD_VEC) {
			for (c = 0; c < 4; c++)
				if (m[c] == WM_WRITE)
					put(l, in->ops[0].num, c, VT_UD, vo_src(data, c * l->chunk), h);
		} else {
			put(l, in->ops[0].num, last, VT_UD, vo_src(data, 0), h);
		}
	}
	load_consts(l, in, m);
}

/* lds_store addr, v; lds_store_vec mem.<mask>, addr, addr, v (components
 * x.. of v at addr, addr+4 ..); lds_store_byte/short addr, v (low bits);
 * lds_store64 addr, v (AMD's backend, AMDILMultiClass.td LDSLSInst
 * STOREi64r) or lds_store64 mem.xy__, addr, v: the pair v.x (low dword)
 * and v.y (high) at addr and addr+4 (the source's first two selectors,
 * e.g. r2.xyxy) */
static void lds_store(L *l, const Inst *in)
{
	int m[4], n = 1, j, h, sub = 0, ai = 0, vi = 1, id;
	Val a, s[4];
	if ((id = lds_id(l, in)) < 0)
		return;
	if (in->op == OP_LDS_STORE_VEC) {
		const Operand *d = &in->ops[0];
		if (d->file != RF_MEM || il_wmask(d, m) || (n = prefix_count(m)) <= 0) {
			lerr(l, d->loc, "lds_store_vec needs 'mem' with mask x, xy, xyz or xyzw");
			return;
		}
		/* AMD-APP 2.x writes the address, then the data register twice;
		 * structured LDS: mem, index, offset, data (GRVK's decoder) */
		if (in->nops != 4 || (!lds_stride(l, id) && same_data(l, in, n)))
			return;
		ai = 1, vi = lds_stride(l, id) ? 3 : 2;
	} else if (in->op == OP_LDS_STORE64) {
		const Operand *d = &in->ops[0];
		n = 2;
		if (d->file == RF_MEM) {
			if (il_wmask(d, m) || prefix_count(m) != 2) {
				lerr(l, d->loc, "lds_store64 writes one 64-bit pair: 'mem' needs the mask xy");
				return;
			}
			ai = 1, vi = 2;
		}
		if (in->nops != vi + 1) {
			lerr(l, in->loc, "lds_store64 takes an address and a 64-bit value: "
			     "lds_store64_id(n) addr, value (or mem.xy__, addr, value)");
			return;
		}
	} else if (in->op == OP_LDS_STORE_BYTE) {
		sub = 1;
	} else if (in->op == OP_LDS_STORE_SHORT) {
		sub = 2;
	}
	a = lsrc1(l, &in->ops[ai]);
	if (in->op == OP_LDS_STORE_VEC && lds_stride(l, id))
		a = struct_lds_address(l, id, a, lsrc1(l, &in->ops[2]));
	a = lds_address(l, id, a);
	for (j = 0; j < n; j++)
		s[j] = lsrc(l, &in->ops[vi], j);
	for (h = 0; h < l->nchunks; h++) {
		VDecl *addr = chunk_val(l, "SA", a, h);
		VDecl *data = vk_temp(l->vk, "ST", VT_UD, n * l->chunk);
		VInst *v;
		for (j = 0; j < n; j++) {
			v = emit_chunk(l, "mov", h);
			v->ops[0] = vo_dst(data, j * l->chunk);
			v->ops[1] = opnd(l, s[j], VT_UD, h);
			v->nops = 2;
		}
		slm_move(l, 1, h, addr, sub, n, data);
	}
}

/* ---- R7xx LDS ---------------------------------------------------------------
 * The LDS model of the Radeon HD 4000 family (CAL compute shaders: Brook+,
 * AMD-SPL's FFTs, CAL++; docs/memory.md "R7xx LDS"): each thread of a group
 * owns an area of dcl_lds_size_per_thread dwords that only it writes and
 * every thread of the group reads; accesses are 128 bits, 4-dword aligned.
 *   lds_write_vec[_lOffset(n)] mem.<mask>, v  v's components c into the
 *       writer's area at dword n + c
 *   lds_read_vec[_neighborExch] d, a          dwords a.y .. a.y+3 of area a.x;
 *       _neighborExch: threads 4j..4j+3 exchange what they read as a 4x4
 *       transpose (thread 4j+k gets component k of each, in thread order)
 * _wavefrontRel: thread t (flat id in its group) owns area t; _wavefrontAbs:
 * area t mod 64 (every wavefront of 64 writes the same 64 areas).  AMD runs
 * a wavefront in lockstep, so a program needs nothing between one thread's
 * write and another's read; a group spans several hardware threads here,
 * so a work-group barrier precedes every R7xx LDS instruction, which must
 * therefore be reached by the whole group: outside control flow, in
 * functions called outside control flow (checked). */

typedef VEC(const Func *) FuncList;

/* The functions of the kernel that use an R7xx LDS instruction or call one
 * that does (a fixed point over the call closure, so no call graph shape
 * costs more than funcs^2 scans). */
static void r7_users(L *l, FuncList *users)
{
	size_t i, j, u;
	int grew = 1;
	while (grew) {
		grew = 0;
		for (i = 0; i <= l->k->funcs.n; i++) {
			const Func *f = i ? l->k->funcs.v[i - 1] : &l->p->m->main;
			int uses = 0;
			for (u = 0; u < users->n && users->v[u] != f; u++)
				;
			if (u < users->n)
				continue;
			for (j = 0; !uses && j < f->code.n; j++) {
				const Inst *in = &f->code.v[j];
				const Operand *t;
				const Func *g;
				uses = in->op == OP_LDS_WRITE_VEC || in->op == OP_LDS_READ_VEC;
				if (!uses && il_ops[in->op].kind == K_CALL && (t = il_call_target(in)) &&
				    (g = il_func(l->p->m, t->num)))
					for (u = 0; !uses && u < users->n; u++)
						uses = users->v[u] == g;
			}
			if (uses) {
				vec_push(users, f);
				grew = 1;
			}
		}
	}
}

/* every R7xx LDS instruction and every call of a function using one
 * reached by the whole group: at nesting depth 0, not under a condition,
 * and after no conditional return or discard (a barrier the whole group
 * reaches); 0 ok */
static int r7_uniform(L *l, const Func *f, const FuncList *users)
{
	size_t i, u;
	int depth = 0, diverged = 0;
	for (i = 0; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		const Operand *t;
		const Func *g = NULL;
		int uses = in->op == OP_LDS_WRITE_VEC || in->op == OP_LDS_READ_VEC;
		switch (il_ops[in->op].kind) {
		case K_IF: case K_LOOP: case K_SWITCH: depth++; break;
		case K_ENDIF: case K_ENDLOOP: case K_ENDSWITCH: depth--; break;
		case K_RET: case K_RETDYN: diverged |= depth > 0 || in->op == OP_RET_LOGICALNZ ||
		                                       in->op == OP_RET_LOGICALZ; break;
		default: break;
		}
		diverged |= in->op == OP_DISCARD_LOGICALNZ || in->op == OP_DISCARD_LOGICALZ;
		if (il_ops[in->op].kind == K_CALL && (t = il_call_target(in)) && (g = il_func(l->p->m, t->num)))
			for (u = 0; !uses && u < users->n; u++)
				uses = users->v[u] == g;
		if (uses && (depth > 0 || diverged || in->op == OP_CALL_LOGICALNZ || in->op == OP_CALL_LOGICALZ)) {
			lerr(l, in->loc, "'%s' %s: R7xx LDS accesses are translated with a work-group barrier "
			     "before each (AMD's wavefront ran in lockstep, the group here spans hardware "
			     "threads), which every work-item must reach", in->word ? in->word : il_ops[in->op].name,
			     il_ops[in->op].kind == K_CALL ? "calls a function using the R7xx LDS model inside "
			     "control flow or under a condition" : diverged && !depth ? "follows a conditional "
			     "return or discard" : "is inside control flow");
			return -1;
		}
	}
	return 0;
}

/* the declarations (dcl_lds_size_per_thread, dcl_lds_sharing_mode, the
 * group size) and the SLM they need; 0 ok */
static int r7_layout(L *l, const Inst *at)
{
	long long size = -1, group = 1, bytes;
	int mode = -1, have_group = 0;
	size_t i, j;
	FuncList users = {0};
	int exch = 0, bad = 0;
	if (l->r7_laid)
		return l->r7_laid < 0 ? -1 : 0;
	l->r7_laid = -1;
	r7_users(l, &users);
	for (i = 0; i <= l->k->funcs.n && !bad; i++)
		bad = r7_uniform(l, i ? l->k->funcs.v[i - 1] : &l->p->m->main, &users);
	vec_free(&users);
	if (bad)
		return -1;
	for (i = 0; i <= l->k->funcs.n; i++) {
		const Func *f = i ? l->k->funcs.v[i - 1] : &l->p->m->main;
		for (j = 0; j < f->code.n; j++) {
			const Inst *in = &f->code.v[j];
			const char *w = in->nops == 1 ? in->ops[0].name : NULL;
			int d;
			exch |= in->op == OP_LDS_READ_VEC && il_inst_mod(in, "neighborExch");
			if (in->op == OP_DCL_LDS || in->op == OP_DCL_STRUCT_LDS) {
				lerr(l, in->loc, "the R7xx LDS model and dcl_lds ids in one kernel are not supported");
				return -1;
			}
			if (in->op == OP_DCL_LDS_SIZE_PER_THREAD) {
				if (in->nops != 1 || in->ops[0].file != RF_NUMBER || in->ops[0].num < 4 ||
				    in->ops[0].num > 64 || in->ops[0].num % 4) {
					lerr(l, in->loc, "dcl_lds_size_per_thread takes the dwords of each thread's LDS "
					     "area: a multiple of 4 from 4 to 64 (R7xx: 128-bit accesses, at most 64 "
					     "dwords a thread)");
					return -1;
				}
				size = in->ops[0].num;
			} else if (in->op == OP_DCL_LDS_SHARING_MODE) {
				if (w && !strcmp(w, "_wavefrontRel")) {
					mode = 0;
				} else if (w && !strcmp(w, "_wavefrontAbs")) {
					mode = 1;
				} else {
					lerr(l, in->loc, "dcl_lds_sharing_mode takes _wavefrontRel or _wavefrontAbs");
					return -1;
				}
			} else if ((in->op == OP_DCL_NUM_THREAD_PER_GROUP || in->op == OP_DCL_NUM_THREAD_PER_BLK) &&
			           !have_group) {
				have_group = 1;
				for (d = 0; d < in->nops && d < 3; d++)
					if (in->ops[d].file == RF_NUMBER && in->ops[d].num > 0 && in->ops[d].num <= 1024)
						group *= in->ops[d].num;
			}
		}
	}
	if (size < 0 || mode < 0 || !have_group) {
		lerr(l, at->loc, "the R7xx LDS model needs %s: each thread of the group owns an LDS area",
		     size < 0 ? "dcl_lds_size_per_thread (the dwords of each thread's area)" :
		     mode < 0 ? "dcl_lds_sharing_mode (_wavefrontRel or _wavefrontAbs)" :
		     "dcl_num_thread_per_group (the threads that share the areas)");
		return -1;
	}
	if (exch && group % 4) {
		lerr(l, at->loc, "_neighborExch exchanges among four threads, but the group has %lld", group);
		return -1;
	}
	bytes = (mode && group > 64 ? 64 : group) * size * 4;
	if (group > 1024 || bytes > SLM_MAX) {
		lerr(l, at->loc, "the R7xx LDS model needs %lld bytes (%lld threads of %lld dwords); shared "
		     "local memory holds at most %d", bytes, group, size, SLM_MAX);
		return -1;
	}
	l->r7_size = (int)size;
	l->r7_abs = mode;
	l->slm_static = (int)bytes;
	l->r7_laid = 1;
	return 0;
}

/* the barrier before every R7xx LDS instruction (see above): an SLM fence
 * and the work-group barrier, as fence_threads_lds lowers */
static void r7_barrier(L *l)
{
	static const char *const msg[] = {"fence_local.E", "barrier"};
	if (l->lsc)
		lsc_fence(l, 1);
	else
		vk_emit(l->vk, msg[0], 0, 0);
	vk_emit(l->vk, msg[1], 0, 0);
	l->barriers = 1;
}

static void r7_write(L *l, const Inst *in)
{
	const Operand *d = &in->ops[0];
	const Mod *off = il_inst_mod(in, "lOffset");
	long long n = off ? il_mod_int(off, -1) : 0;
	int m[4], c, h, j, k[4], nk = 0, run;
	Val a, x[3], s[4];
	VDecl *t;
	if (in->nops != 2 || d->file != RF_MEM || il_wmask(d, m)) {
		lerr(l, in->loc, "lds_write_vec takes mem.<mask> and a value: lds_write_vec[_lOffset(n)] mem, v");
		return;
	}
	if (n < 0 || n % 4 || n + 4 > l->r7_size) {
		lerr(l, off ? off->loc : in->loc, "_lOffset(%s) must be a dword offset, a multiple of 4 within "
		     "the thread's %d dwords", off && off->arg ? off->arg : "", l->r7_size);
		return;
	}
	for (c = 0; c < 4; c++)
		if (m[c] == WM_WRITE)
			k[nk++] = c, s[c] = lsrc(l, &in->ops[1], c);
	if (!nk)
		return;
	r7_barrier(l);
	/* byte address of the writer's area at dword n: (area * size + n) * 4 */
	t = vk_temp(l->vk, "R7A", VT_UD, l->simd);
	x[0] = flat_local_id(l);
	if (l->r7_abs) {
		x[1] = val_imm(63);
		alu(l, "and", VT_UD, t, 2, x, 0);
		x[0] = val_vec(t);
	}
	x[1] = val_imm((uint32_t)l->r7_size * 4), x[2] = val_imm((uint32_t)n * 4);
	alu(l, "mad", VT_UD, t, 3, x, 0);
	a = val_vec(t);
	/* runs of consecutive written components: one message each */
	for (j = 0; j < nk; j += run) {
		for (run = 1; j + run < nk && k[j + run] == k[j] + run; run++)
			;
		for (h = 0; h < l->nchunks; h++) {
			Val ac = a;
			VDecl *addr, *data = vk_temp(l->vk, "ST", VT_UD, run * l->chunk);
			int i;
			if (k[j]) {
				VDecl *t2 = vk_temp(l->vk, "R7B", VT_UD, l->simd);
				x[0] = a, x[1] = val_imm((uint32_t)k[j] * 4);
				alu(l, "add", VT_UD, t2, 2, x, 0);
				ac = val_vec(t2);
			}
			addr = chunk_val(l, "SA", ac, h);
			for (i = 0; i < run; i++) {
				VInst *v = emit_chunk(l, "mov", h);
				v->ops[0] = vo_dst(data, i * l->chunk);
				v->ops[1] = opnd(l, s[k[j + i]], VT_UD, h);
				v->nops = 2;
			}
			slm_move(l, 1, h, addr, 0, run, data);
		}
	}
}

static void r7_read(L *l, const Inst *in)
{
	int m[4], n, c, h, k, exch = il_inst_mod(in, "neighborExch") != NULL;
	VDecl *t;
	Val x[3];
	if (in->nops != 2 || (n = load_dst(l, in, m)) < 0) {
		if (in->nops != 2)
			lerr(l, in->loc, "lds_read_vec takes a destination and an address: lds_read_vec d, a "
			     "(a.x the thread whose area is read, a.y the dword in it)");
		return;
	}
	r7_barrier(l);
	/* byte address: (a.x * size + a.y) * 4 */
	t = vk_temp(l->vk, "R7A", VT_UD, l->simd);
	x[0] = lsrc(l, &in->ops[1], 0), x[1] = val_imm((uint32_t)l->r7_size), x[2] = lsrc(l, &in->ops[1], 1);
	alu(l, "mad", VT_UD, t, 3, x, 0);
	x[0] = val_vec(t), x[1] = val_imm(2);
	alu(l, "shl", VT_UD, t, 2, x, 0);
	for (h = 0; h < l->nchunks && n > 0; h++) {
		VDecl *addr = chunk_val(l, "SA", val_vec(t), h);
		VDecl *data = vk_temp(l->vk, "LD", VT_UD, 4 * l->chunk), *out = data;
		slm_move(l, 0, h, addr, 0, 4, data);
		if (exch) {
			/* out[c][4j + k] = data[k][4j + c]: for each pair (c, k) a
			 * strided move over the chunk's quads (NoMask: temporaries) */
			out = vk_temp(l->vk, "NX", VT_UD, 4 * l->chunk);
			for (c = 0; c < 4; c++)
				for (k = 0; k < 4; k++) {
					VInst *v = vk_emit(l->vk, "mov", l->chunk / 4, 0);
					v->nomask = 1;
					v->ops[0] = vo_dst_stride(out, c * l->chunk + k, 4);
					v->ops[1] = vo_region(data, k * l->chunk + c, 4, 1, 0);
					v->nops = 2;
				}
		}
		for (c = 0; c < 4; c++)
			if (m[c] == WM_WRITE)
				put(l, in->ops[0].num, c, VT_UD, vo_src(out, c * l->chunk), h);
	}
	load_consts(l, in, m);
}

/* ---- atomics: LDS (%slm) and UAV (A64) ------------------------------------ */

enum { AT_PLAIN, AT_CMPXCHG, AT_INC, AT_DEC, AT_RSUB, AT_MSKOR };

typedef struct Atomic {
	Opcode op;
	int ret;          /* *_read_*: returns the old value */
	const char *vop;  /* dword_atomic / svm_atomic operation */
	int form;         /* AT_* */
} Atomic;

static const Atomic lds_atomics[] = {
	{OP_LDS_ADD, 0, "add", AT_PLAIN}, {OP_LDS_READ_ADD, 1, "add", AT_PLAIN},
	{OP_LDS_SUB, 0, "sub", AT_PLAIN}, {OP_LDS_READ_SUB, 1, "sub", AT_PLAIN},
	{OP_LDS_RSUB, 0, NULL, AT_RSUB}, {OP_LDS_READ_RSUB, 1, NULL, AT_RSUB},
	{OP_LDS_MIN, 0, "minsint", AT_PLAIN}, {OP_LDS_READ_MIN, 1, "minsint", AT_PLAIN},
	{OP_LDS_MAX, 0, "maxsint", AT_PLAIN}, {OP_LDS_READ_MAX, 1, "maxsint", AT_PLAIN},
	{OP_LDS_UMIN, 0, "min", AT_PLAIN}, {OP_LDS_READ_UMIN, 1, "min", AT_PLAIN},
	{OP_LDS_UMAX, 0, "max", AT_PLAIN}, {OP_LDS_READ_UMAX, 1, "max", AT_PLAIN},
	{OP_LDS_AND, 0, "and", AT_PLAIN}, {OP_LDS_READ_AND, 1, "and", AT_PLAIN},
	{OP_LDS_OR, 0, "or", AT_PLAIN}, {OP_LDS_READ_OR, 1, "or", AT_PLAIN},
	{OP_LDS_XOR, 0, "xor", AT_PLAIN}, {OP_LDS_READ_XOR, 1, "xor", AT_PLAIN},
	{OP_LDS_READ_XCHG, 1, "xchg", AT_PLAIN},
	{OP_LDS_INC, 0, "inc", AT_INC}, {OP_LDS_READ_INC, 1, "inc", AT_INC},
	{OP_LDS_DEC, 0, "dec", AT_DEC}, {OP_LDS_READ_DEC, 1, "dec", AT_DEC},
	{OP_LDS_CMP, 0, "cmpxchg", AT_CMPXCHG}, {OP_LDS_READ_CMP_XCHG, 1, "cmpxchg", AT_CMPXCHG},
	{OP_LDS_MSKOR, 0, NULL, AT_MSKOR}, {OP_LDS_READ_MSKOR, 1, NULL, AT_MSKOR},
};

/* UAV atomics: the same operations on global memory (uinc/udec are the
 * wrapping inc/dec; the _arena forms have the same operands) */
static const Atomic uav_atomics[] = {
	{OP_UAV_ADD, 0, "add", AT_PLAIN}, {OP_UAV_READ_ADD, 1, "add", AT_PLAIN},
	{OP_UAV_SUB, 0, "sub", AT_PLAIN}, {OP_UAV_READ_SUB, 1, "sub", AT_PLAIN},
	{OP_UAV_RSUB, 0, NULL, AT_RSUB}, {OP_UAV_READ_RSUB, 1, NULL, AT_RSUB},
	{OP_UAV_MIN, 0, "minsint", AT_PLAIN}, {OP_UAV_READ_MIN, 1, "minsint", AT_PLAIN},
	{OP_UAV_MAX, 0, "maxsint", AT_PLAIN}, {OP_UAV_READ_MAX, 1, "maxsint", AT_PLAIN},
	{OP_UAV_UMIN, 0, "min", AT_PLAIN}, {OP_UAV_READ_UMIN, 1, "min", AT_PLAIN},
	{OP_UAV_UMAX, 0, "max", AT_PLAIN}, {OP_UAV_READ_UMAX, 1, "max", AT_PLAIN},
	{OP_UAV_AND, 0, "and", AT_PLAIN}, {OP_UAV_READ_AND, 1, "and", AT_PLAIN},
	{OP_UAV_OR, 0, "or", AT_PLAIN}, {OP_UAV_READ_OR, 1, "or", AT_PLAIN},
	{OP_UAV_XOR, 0, "xor", AT_PLAIN}, {OP_UAV_READ_XOR, 1, "xor", AT_PLAIN},
	{OP_UAV_READ_XCHG, 1, "xchg", AT_PLAIN},
	{OP_UAV_UINC, 0, "inc", AT_INC}, {OP_UAV_READ_UINC, 1, "inc", AT_INC},
	{OP_UAV_UDEC, 0, "dec", AT_DEC}, {OP_UAV_READ_UDEC, 1, "dec", AT_DEC},
	{OP_UAV_CMP, 0, "cmpxchg", AT_CMPXCHG}, {OP_UAV_READ_CMP_XCHG, 1, "cmpxchg", AT_CMPXCHG},
};

static const Atomic *find_atomic(const Atomic *t, size_t n, Opcode op)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (t[i].op == op)
			return &t[i];
	return NULL;
}

int uav_atomic_op(Opcode op)
{
	return find_atomic(uav_atomics, NELEM(uav_atomics), op) != NULL;
}

/* The memory an atomic works on: SLM (32-bit offsets, one dword_atomic per
 * chunk) or global memory (A64 addresses built by address()). */
typedef struct AtomMem {
	int global;
	Val a;            /* the IL address */
	Base base;        /* global: the buffer the address points into */
} AtomMem;

/* the message address of chunk h */
static VDecl *atom_addr(L *l, const AtomMem *m, int h)
{
	return m->global ? address(l, m->a, m->base, h) : chunk_val(l, "SA", m->a, h);
}

/* a raw dword operand moved on to the 8-lane piece q (not %null) */
static VOpnd piece(VOpnd o, int q)
{
	if (o.kind == VO_RAW && !o.var->predefined)
		o.off += q * 8 * 4;
	return o;
}

/* dst = old mem, mem = op(mem, s0, s1) on the lanes of chunk h, in vISA's
 * operand roles (cmpxchg: s0 is stored where mem equals s1); %null where
 * unused.  A64 atomics go 8 lanes per message: GenX_IR gives a 16-lane
 * svm_atomic a one-register reply, so (M1,8) (M3,8) per 16-lane chunk, the
 * address 64 bytes and the dwords 32 bytes on per piece. */
static void atom_send(L *l, const AtomMem *m, VDecl *addr, int h, const char *vop, VOpnd dst,
                      VOpnd s0, VOpnd s1)
{
	char op[40];
	VInst *v;
	int q;
	if (l->lsc) {
		lsc_atomic(l, m->global, addr, h, vop, dst, s0, s1, "d32");
		return;
	}
	snprintf(op, sizeof op, "%s.%s", m->global ? "svm_atomic" : "dword_atomic", vop);
	if (!m->global) {
		v = emit_chunk(l, intern(op), h);
		v->ops[0] = slm_surf(l);
		v->ops[1] = vo_raw(addr, 0);
		v->ops[2] = s0;
		v->ops[3] = s1;
		v->ops[4] = dst;
		v->nops = 5;
		return;
	}
	for (q = 0; q < l->chunk / 8; q++) {
		v = vk_emit(l->vk, intern(op), 8, 1 + (h * l->chunk + 8 * q) / 4);
		v->ops[0] = vo_raw(addr, 64 * q);
		v->ops[1] = piece(dst, q);
		v->ops[2] = piece(s0, q);
		v->ops[3] = piece(s1, q);
		v->nops = 4;
	}
}

/* one dword per lane of chunk h into dst at byte off */
static void atom_load(L *l, const AtomMem *m, VDecl *addr, int h, VDecl *dst, int off)
{
	VInst *v;
	if (l->lsc) {
		lsc_move(l, m->global ? LSC_UGM : LSC_SLM, 0, h, addr, 0, 0, 4, 1, dst, off);
		return;
	}
	v = emit_chunk(l, m->global ? "svm_gather4scaled.R" : "gather4_scaled.R", h);
	if (m->global) {
		v->ops[0] = vo_imm(0, VT_UQ);
		v->ops[1] = vo_raw(addr, 0);
		v->ops[2] = vo_raw(dst, off);
		v->nops = 3;
	} else {
		v->ops[0] = slm_surf(l);
		v->ops[1] = vo_imm(0, VT_UD);
		v->ops[2] = vo_raw(addr, 0);
		v->ops[3] = vo_raw(dst, off);
		v->nops = 4;
	}
}

static void sel_ud(L *l, VDecl *p, VDecl *dst, Val a, Val b)
{
	lower_select(l, p, 0, dst, VT_UD, a, b);
}

static void go(L *l, VDecl *p, const char *label)
{
	VInst *in = vk_emit(l->vk, "goto", l->simd, 1);
	in->pred = p;
	in->ops[0] = vo_label(label);
	in->nops = 1;
}

/* mem = f(mem, s) for forms the dataport lacks, by compare-exchange until
 * the exchange sees the value f was computed from; old receives that value:
 *   rsub  s - old
 *   inc   old >= s ? 0 : old + 1
 *   dec   old == 0 || old > s ? s : old - 1      (s: the wrap limit)
 *   mskor (old & ~s) | s2                        (s: the mask, s2: the value)
 * Lanes of one message that hit one address are applied one after another
 * by the cmpxchg; a lane whose exchange saw another lane's value loops. */
static void cas_loop(L *l, const AtomMem *m, int form, Val s, Val s2, VDecl *old)
{
	VDecl *nw = vk_temp(l->vk, "NEW", VT_UD, l->simd), *got = vk_temp(l->vk, "GOT", VT_UD, l->simd);
	VDecl *addr[4], *p;
	const char *head = vk_label_name(l->vk, "cas"), *done = vk_label_name(l->vk, "casdone");
	Val vo = val_vec(old), t[2];
	int h;
	for (h = 0; h < l->nchunks; h++) {
		addr[h] = atom_addr(l, m, h);
		atom_load(l, m, addr[h], h, old, h * l->chunk * 4);
	}
	vk_label(l->vk, head);
	switch (form) {
	case AT_RSUB:
		t[0] = s, t[1] = vo;
		t[1].neg = 1;
		alu(l, "add", VT_D, nw, 2, t, 0);
		break;
	case AT_INC:
		t[0] = vo, t[1] = val_imm(1);
		alu(l, "add", VT_UD, nw, 2, t, 0);
		sel_ud(l, compare(l, "ge", VT_UD, vo, s), nw, val_imm(0), val_vec(nw));
		break;
	case AT_MSKOR:
		t[0] = s;
		alu(l, "not", VT_UD, nw, 1, t, 0);
		t[0] = val_vec(nw), t[1] = vo;
		alu(l, "and", VT_UD, nw, 2, t, 0);
		t[0] = val_vec(nw), t[1] = s2;
		alu(l, "or", VT_UD, nw, 2, t, 0);
		break;
	default: /* AT_DEC */
		t[0] = vo, t[1] = val_imm(0xffffffffu);
		alu(l, "add", VT_UD, nw, 2, t, 0);
		sel_ud(l, compare(l, "gt", VT_UD, vo, s), nw, s, val_vec(nw));
		sel_ud(l, compare(l, "eq", VT_UD, vo, val_imm(0)), nw, s, val_vec(nw));
		break;
	}
	for (h = 0; h < l->nchunks; h++)
		atom_send(l, m, addr[h], h, "cmpxchg", vo_raw(got, h * l->chunk * 4),
		          vo_raw(nw, h * l->chunk * 4) /* stored when equal */,
		          vo_raw(old, h * l->chunk * 4) /* compared */);
	p = compare(l, "eq", VT_UD, val_vec(got), vo);
	go(l, p, done);
	t[0] = val_vec(got);
	alu(l, "mov", VT_UD, old, 1, t, 0);
	go(l, NULL, head);
	vk_label(l->vk, done);
}

/* lds_<op> addr, s [, s2]; lds_read_<op> dst, addr, s [, s2]
 * uav_<op> addr, s [, s2]; uav_read_<op> dst, addr, s [, s2]
 * cmp / cmp_xchg: LDS gives the compare value, then the value stored; UAV
 * the value stored, then the compare value.  inc / dec: s = wrap limit.
 * A UAV read form returns the old value in x. */
/* UAV atomics with _b64: the same operands as the 32-bit form, each value
 * a 64-bit pair of components (low dword first, as 64-bit integer
 * operands are written: r.xy), the address a byte offset as before; the
 * returning forms write the old value to x and y.  compare-exchange: the
 * value stored, then the compare value (the UAV order of the 32-bit form).
 * One svm_atomic.<op>.64 per 8 lanes (A64 quadword atomics: TGLLP and DG2,
 * which IGC also uses for OpenCL's 64-bit atom_* on global memory); with LSC
 * messages (pvc) one lsc_atomic_<op>.ugm ... :d64 per chunk, as IGC on pvc. */
static void lower_atomic64(L *l, const Inst *in, const Atomic *at)
{
	int m[4], ai = at->ret, h, q, c, uav, lo = -1, nsrc = at->form == AT_CMPXCHG ? 2 : 1;
	const char *name = il_ops[in->op].name;
	VType t = strstr(at->vop ? at->vop : "", "sint") ? VT_Q : VT_UQ;
	Val v[2][2];
	AtomMem mem;
	char op[40];
	if (at->form != AT_PLAIN && at->form != AT_CMPXCHG) {
		lerr(l, in->loc, "'%s_b64' is not supported yet: %s", name, at->form == AT_RSUB ?
		     "the 64-bit rsub would be a 64-bit compare-exchange loop, which is not written" :
		     "no source gives the form of its 64-bit wrap limit operand");
		return;
	}
	if (in->nops != at->ret + 1 + nsrc) {
		lerr(l, in->loc, "'%s_b64' takes %s%s", name, at->ret ? "a destination, " : "",
		     nsrc == 2 ? "an address, a value and a compare value" : "an address and a value");
		return;
	}
	if ((uav = uav_id(l, in)) < 0)
		return;
	if (at->ret) {
		if (load_dst(l, in, m) < 0)
			return;
		/* AMD's backend gives the result a GPR_64 register: Rxy or Rzw
		 * (AMDILRegisterInfo.td, AMDILFormats.td BinAtomI64/CmpXChgI64) */
		for (c = 0; c < 4; c += 2)
			if (m[c] == WM_WRITE && m[c + 1] == WM_WRITE && m[2 - c] != WM_WRITE && m[3 - c] != WM_WRITE)
				lo = c;
		if (lo < 0) {
			lerr(l, in->ops[0].loc, "'%s_b64' returns the old 64-bit value in one component pair; "
			     "the destination mask must write x and y, or z and w, and nothing else", name);
			return;
		}
	}
	memset(&mem, 0, sizeof mem);
	mem.global = 1;
	if (access_base(l, in, &in->ops[ai], uav, &mem.base))
		return;
	mem.a = lsrc1(l, &in->ops[ai]);
	for (q = 0; q < nsrc; q++)
		for (c = 0; c < 2; c++)
			v[q][c] = lsrc(l, &in->ops[ai + 1 + q], c);
	l->stores++;
	l->ze->has_global_atomics = 1;
	snprintf(op, sizeof op, "svm_atomic.%s.64", at->vop);
	for (h = 0; h < l->nchunks; h++) {
		VDecl *addr = address(l, mem.a, mem.base, h), *src[2] = {NULL, NULL}, *dst = NULL;
		VInst *x;
		for (q = 0; q < nsrc; q++) {
			VDecl *ud;
			src[q] = vk_temp(l->vk, q ? "AC" : "AV", t, l->chunk);
			ud = vk_alias(l->vk, src[q], VT_UD, 0);
			for (c = 0; c < 2; c++) {
				x = emit_chunk(l, "mov", h);
				x->ops[0] = vo_dst_stride(ud, c, 2);
				x->ops[1] = opnd(l, v[q][c], VT_UD, h);
				x->nops = 2;
			}
		}
		if (at->ret)
			dst = vk_temp(l->vk, "AO", t, l->chunk);
		if (l->lsc)
			lsc_atomic(l, 1, addr, h, at->vop, dst ? vo_raw(dst, 0) : null_raw(l), vo_raw(src[0], 0),
			           src[1] ? vo_raw(src[1], 0) : null_raw(l), "d64");
		for (q = 0; !l->lsc && q < l->chunk / 8; q++) {
			x = vk_emit(l->vk, intern(op), 8, 1 + (h * l->chunk + 8 * q) / 4);
			x->ops[0] = vo_raw(addr, 64 * q);
			x->ops[1] = dst ? vo_raw(dst, 64 * q) : null_raw(l);
			x->ops[2] = vo_raw(src[0], 64 * q);
			x->ops[3] = src[1] ? vo_raw(src[1], 64 * q) : null_raw(l);
			x->nops = 4;
		}
		for (c = 0; dst && c < 2; c++)
			put(l, in->ops[0].num, lo + c, VT_UD, vo_region(vk_alias(l->vk, dst, VT_UD, 0), c, 2, 1, 0), h);
	}
	if (at->ret)
		load_consts(l, in, m);
}

static void lower_atomic(L *l, const Inst *in, const Atomic *at, int global)
{
	int m[4], dc = 0, ai = at->ret, h, uav = -1, lid = -1;
	int nsrc = at->form == AT_CMPXCHG || at->form == AT_MSKOR ? 2 : 1;
	AtomMem mem;
	Val val, cmp;
	const char *name = il_ops[in->op].name;
	if (global && il_inst_mod(in, "b64")) {
		lower_atomic64(l, in, at);
		return;
	}
	if (in->nops != at->ret + 1 + nsrc) {
		lerr(l, in->loc, "'%s' takes %s%s", name, at->ret ? "a destination, " : "",
		     at->form == AT_MSKOR ? "an address, a mask and a value" :
		     nsrc == 2 ? (global ? "an address, a value and a compare value" :
		                  "an address, a compare value and a value") :
		     at->form == AT_INC || at->form == AT_DEC ? "an address and a wrap limit" :
		     "an address and a value");
		return;
	}
	if (global ? (uav = uav_id(l, in)) < 0 : (lid = lds_id(l, in)) < 0)
		return;
	if (at->ret) {
		int n = load_dst(l, in, m);
		if (n < 0)
			return;
		if (global && (n != 1 || m[0] != WM_WRITE)) {
			lerr(l, in->ops[0].loc, "'%s' returns the old value in component x; the destination "
			     "mask must write x only", name);
			return;
		}
		if ((dc = one_written(l, in, m, n)) < 0)
			return;
	}
	memset(&mem, 0, sizeof mem);
	mem.global = global;
	if (global && access_base(l, in, &in->ops[ai], uav, &mem.base))
		return;
	mem.a = lsrc1(l, &in->ops[ai]);
	if (!global)
		mem.a = lds_address(l, lid, mem.a);
	val = lsrc(l, &in->ops[ai + 1 + (nsrc == 2 && !global)], 0);
	cmp = nsrc == 2 ? lsrc(l, &in->ops[ai + 1 + global], 0) : val_imm(0);
	if (global) {
		l->stores++;
		l->ze->has_global_atomics = 1;
	}
	if ((at->form == AT_INC || at->form == AT_DEC) && !(val.kind == V_IMM && val.imm == 0xffffffffu &&
	                                                    !val.neg))
		goto loop; /* a real wrap limit: the dataport wraps at 2^32 only */
	if (at->form == AT_RSUB)
		goto loop;
	if (at->form == AT_MSKOR)
		goto loop; /* lds_mskor addr, mask (cmp), value (val) */
	for (h = 0; h < l->nchunks; h++) {
		VDecl *addr = atom_addr(l, &mem, h), *dst = NULL;
		VOpnd s0 = null_raw(l), s1 = null_raw(l);
		/* the signed forms need signed message operands */
		VType t = strstr(at->vop, "sint") ? VT_D : VT_UD;
		if (at->form == AT_CMPXCHG) {
			s0 = vo_raw(chunk_val(l, "AV", val, h), 0); /* the value stored */
			s1 = vo_raw(chunk_val(l, "AC", cmp, h), 0); /* the compare value */
		} else if (at->form == AT_PLAIN) {
			s0 = vo_raw(chunk_val_t(l, "AV", val, h, t), 0);
		}
		if (at->ret)
			dst = vk_temp(l->vk, "AO", t, l->chunk);
		atom_send(l, &mem, addr, h, at->vop, dst ? vo_raw(dst, 0) : null_raw(l), s0, s1);
		if (dst)
			put(l, in->ops[0].num, dc, t, vo_src(dst, 0), h);
	}
	if (at->ret)
		load_consts(l, in, m);
	return;
loop: {
		VDecl *old = vk_temp(l->vk, "OLD", VT_UD, l->simd);
		cas_loop(l, &mem, at->form, at->form == AT_MSKOR ? cmp : val, val, old);
		if (at->ret) {
			Val v = val_vec(old);
			alu(l, "mov", VT_UD, reg_comp(l, in->ops[0].num, dc), 1, &v, 0);
			load_consts(l, in, m);
		}
	}
}

/* ---- atomic counters ------------------------------------------------------ */

/* append_buf_alloc_id(n) dst / append_buf_consume_id(n) dst: counter n of
 * cl_ext_atomic_counters_32, the ;counter argument with id n.  Level Zero
 * has no counters, so the argument is a global buffer whose first dword is
 * the counter (layout, lower.c).  alloc adds 1 and returns the old value;
 * consume subtracts 1 and returns the new one (AMD's own OpenCL library
 * defines atomic_dec(counter) as consume + 1, "the instruction returns the
 * updated value").  Both wrap at 2^32, as the dataport's inc and dec. */
static void lower_counter(L *l, const Inst *in)
{
	const char *name = il_ops[in->op].name;
	const MdArg *ctr = NULL;
	const Mod *idm = il_inst_mod(in, "id");
	long long id = idm ? il_mod_int(idm, -1) : -1;
	int m[4], n, dc, h, alloc = in->op == OP_APPEND_BUF_ALLOC;
	AtomMem mem;
	size_t i;
	if (id < 0) {
		lerr(l, in->loc, "'%s' needs a counter id: _id(n)", name);
		return;
	}
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *a = &l->k->md->args.v[i];
		if (a->kind != MA_COUNTER || a->bufid != id)
			continue;
		if (ctr) {
			lerr(l, in->loc, "'%s' names counter %lld, which both arguments '%s' and '%s' declare",
			     name, id, ctr->name, a->name);
			return;
		}
		ctr = a;
	}
	if (!ctr) {
		lerr(l, in->loc, "'%s' names counter %lld, and no ;counter argument of kernel '%s' has that id",
		     name, id, l->k->name);
		return;
	}
	if (in->nops != 1) {
		lerr(l, in->loc, "'%s' takes a destination only", name);
		return;
	}
	if ((n = load_dst(l, in, m)) < 0 || (dc = one_written(l, in, m, n)) < 0)
		return;
	memset(&mem, 0, sizeof mem);
	mem.global = 1;
	mem.base = arg_base(l, ctr);
	mem.a = mem.base.lo; /* the counter is the buffer's first dword */
	l->stores++;
	l->ze->has_global_atomics = 1;
	for (h = 0; h < l->nchunks; h++) {
		VDecl *addr = atom_addr(l, &mem, h), *old = vk_temp(l->vk, "AO", VT_UD, l->chunk);
		atom_send(l, &mem, addr, h, alloc ? "inc" : "dec", vo_raw(old, 0), null_raw(l), null_raw(l));
		if (!alloc) {
			VInst *x = emit_chunk(l, "add", h);
			x->ops[0] = vo_dst(old, 0);
			x->ops[1] = vo_src(old, 0);
			x->ops[2] = vo_imm(0xffffffffu, VT_UD);
			x->nops = 3;
		}
		put(l, in->ops[0].num, dc, VT_UD, vo_src(old, 0), h);
	}
	load_consts(l, in, m);
}

/* ---- fences and barriers -------------------------------------------------- */

/* fence_threads = work-group barrier; _lds orders LDS (SLM) accesses,
 * _memory global ones; the fences come before the barrier, as IGC emits
 * barrier(CLK_*_MEM_FENCE).  _mem_read_only / _mem_write_only only weaken
 * the fence, so the full fence is kept. */
static void lower_fence(L *l, const Inst *in)
{
	int threads = 0, lds = 0, mem = 0, i;
	for (i = 0; i < in->nmods; i++) {
		const char *n = in->mods[i].name;
		if (!strcmp(n, "threads"))
			threads = 1;
		else if (!strcmp(n, "lds"))
			lds = 1;
		else if (!strcmp(n, "memory"))
			mem = 1;
		else if (!strcmp(n, "gds")) {
			/* nothing to order: a kernel with no region (GDS) accesses,
			 * the only kind translated; the 2014 compiler writes
			 * fence_threads_memory_gds_lds for a plain barrier() */
		} else if (!strcmp(n, "gws")) {
			lerr(l, in->mods[i].loc, "'%s': fences on global wave sync (GWS) are not supported yet",
			     in->word);
			return;
		} else if (strcmp(n, "mem") && strcmp(n, "read") && strcmp(n, "write") && strcmp(n, "only")) {
			lerr(l, in->mods[i].loc, "modifier '_%s' of 'fence' is not supported", n);
			return;
		}
	}
	if (!threads && !lds && !mem) {
		lerr(l, in->loc, "'%s' orders nothing Intel has: it needs _threads, _lds or _memory", in->word);
		return;
	}
	if (lds && l->o->mutate != MUT_DROP_FENCE_LDS) /* --mutate drop-fence-lds: deliberately wrong */
		l->lsc ? lsc_fence(l, 1) : (void)vk_emit(l->vk, "fence_local.E", 0, 0);
	if (mem)
		l->lsc ? lsc_fence(l, 0) : (void)vk_emit(l->vk, "fence_global.EL1", 0, 0);
	if (threads && l->o->mutate == MUT_DROP_BARRIER) {
		l->barriers = 1; /* --mutate drop-barrier: deliberately wrong, the fences stay */
	} else if (threads) {
		vk_emit(l->vk, "barrier", 0, 0);
		l->barriers = 1;
	}
}


/* ---- private memory -------------------------------------------------------
 * SI-era kernels address private memory through a private UAV
 * (dcl_typeless_uav_id(n)..._access(private), ;privateid:n) with byte
 * addresses relative to the work-item's own area.  Here each work-item's
 * private dwords live in its thread's scratch space interleaved by lane, the
 * way IGC lays out private arrays: dword k of lane i at
 * scratch base + (k * SIMD + i) * 4, the base being r0.5 & 0xFFFFFC00.
 * Accesses are dword-granular (the AMD compiler aligns them). */
/* Indexed temporaries (x<n>[...]) that some instruction indexes with a
 * register live in the same private scratch area, after the private UAV's
 * bytes: element e, component c of x<n> is private dword k0 + 4e + c.
 * Arrays only indexed by constants stay in registers. */
static int itemp_arrays(L *l, int priv_dwords)
{
	size_t i, j;
	int q, k0 = priv_dwords, used[16] = {0};
	for (q = 0; q < 16; q++)
		l->itemp_k0[q] = -1, l->itemp_len[q] = 0;
	for (i = 0; i < l->k->funcs.n; i++)
		for (j = 0; j < l->k->funcs.v[i]->code.n; j++) {
			const Inst *in = &l->k->funcs.v[i]->code.v[j];
			if (in->op == OP_DCL_INDEXED_TEMP_ARRAY && in->nops == 1 && in->ops[0].file == RF_ITEMP &&
			    in->ops[0].num >= 0 && in->ops[0].num < 16)
				l->itemp_len[in->ops[0].num] = (int)in->ops[0].index_imm;
			for (q = 0; q < in->nops; q++)
				if (in->ops[q].file == RF_ITEMP && in->ops[q].index_reg && in->ops[q].num >= 0 &&
				    in->ops[q].num < 16)
					used[in->ops[q].num] = 1;
		}
	for (q = 0; q < 16; q++) {
		if (!used[q])
			continue;
		if (l->itemp_len[q] <= 0 || l->itemp_len[q] > 4096) {
			lerr(l, l->k->wrapper->loc, "x%d[] is indexed by a register but declared with %d elements "
			     "(dcl_indexed_temp_array x%d[1..4096])", q, l->itemp_len[q], q);
			return -1;
		}
		l->itemp_k0[q] = k0;
		k0 += 4 * l->itemp_len[q];
	}
	return k0;
}

int itemp_in_scratch(L *l, long long array)
{
	return array >= 0 && array < 16 && l->itemp_k0[array] >= 0;
}

/* Scratch offset of private dword (idx * 4 + k) for every lane */
static VDecl *itemp_offset(L *l, const Operand *o, int comp)
{
	VDecl *off = vk_temp(l->vk, "XOFF", VT_UD, l->simd);
	Val v[2];
	int shift = 0;
	while ((4 << shift) < 4 * l->simd)
		shift++;
	if (o->index_reg) {
		v[0] = lsrc1(l, o->index_reg), v[1] = val_imm((uint32_t)o->index_imm);
		alu(l, "add", VT_UD, off, 2, v, 0);
		v[0] = val_vec(off), v[1] = val_imm(2);
		alu(l, "shl", VT_UD, off, 2, v, 0);
	} else {
		v[0] = val_imm((uint32_t)(o->index_imm * 4));
		alu(l, "mov", VT_UD, off, 1, v, 0);
	}
	v[0] = val_vec(off), v[1] = val_imm((uint32_t)(l->itemp_k0[o->num] + comp));
	alu(l, "add", VT_UD, off, 2, v, 0);
	v[0] = val_vec(off), v[1] = val_imm((uint32_t)(shift + 2));
	alu(l, "shl", VT_UD, off, 2, v, 0);
	v[0] = val_vec(off), v[1] = val_vec(l->pbase);
	alu(l, "add", VT_UD, off, 2, v, 0);
	return off;
}

static void scratch_message(L *l, int store, VDecl *off, VDecl *data)
{
	VDecl *scratch;
	int h;
	if (l->lsc) {
		for (h = 0; h < l->nchunks; h++)
			lsc_move(l, LSC_SCRATCH, store, h, off, h * l->chunk * 4, 0, 4, 1, data, h * l->chunk * 4);
		return;
	}
	scratch = vk_predefined(l->vk, "%scratch", VT_UD);
	scratch->kind = VD_SURFACE;
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, store ? "scatter4_scaled.R" : "gather4_scaled.R", h);
		in->ops[0] = vo_surf(scratch);
		in->ops[1] = vo_imm(0, VT_UD);
		in->ops[2] = vo_raw(off, h * l->chunk * 4);
		in->ops[3] = vo_raw(data, h * l->chunk * 4);
		in->nops = 4;
	}
}

Val itemp_load(L *l, const Operand *o, int comp)
{
	VDecl *d = vk_temp(l->vk, "XLD", VT_D, l->simd);
	scratch_message(l, 0, itemp_offset(l, o, comp), d);
	return val_vec(d);
}

void itemp_store(L *l, const Operand *dst, int comp, Val v)
{
	VDecl *d = vk_temp(l->vk, "XST", VT_UD, l->simd);
	alu(l, "mov", VT_UD, d, 1, &v, 0);
	scratch_message(l, 1, itemp_offset(l, dst, comp), d);
}

#define SCRATCH_MAX (2 << 20) /* per-thread scratch space: 1 KB .. 2 MB in the VFE state */

int private_memory(L *l)
{
	size_t i, j;
	int dwords;
	l->priv_uav = -1;
	l->arena_uav = -2; /* looked up on first use (heap_uav) */
	for (i = 0; i < l->k->funcs.n; i++)
		for (j = 0; j < l->k->funcs.v[i]->code.n; j++) {
			const Inst *in = &l->k->funcs.v[i]->code.v[j];
			const Mod *acc = il_inst_mod(in, "access");
			long long bytes;
			if (in->op != OP_DCL_TYPELESS_UAV || !acc || !acc->arg || strcmp(acc->arg, "private"))
				continue;
			bytes = l->k->md->mem_uavprivate;
			if (bytes <= 0)
				bytes = il_mod_int(il_inst_mod(in, "stride"), 4) * il_mod_int(il_inst_mod(in, "length"), 0);
			if (bytes <= 0 || bytes > 65536) {
				lerr(l, in->loc, "private UAV %lld needs a size of 1 to 65536 bytes per work-item "
				     "(;memory:uavprivate or _stride/_length), found %lld",
				     il_mod_int(il_inst_mod(in, "id"), -1), bytes);
				return -1;
			}
			l->priv_uav = (int)il_mod_int(il_inst_mod(in, "id"), -1);
			l->priv_bytes = (int)((bytes + 3) / 4 * 4);
		}
	if ((dwords = itemp_arrays(l, l->priv_bytes / 4)) < 0)
		return -1;
	dwords = printf_memory(l, dwords);
	l->priv_bytes = dwords * 4;
	if ((long long)l->priv_bytes * l->simd > SCRATCH_MAX) {
		lerr(l, l->k->wrapper->loc, "kernel '%s' needs %d bytes of private memory per work-item "
		     "(%d of them printf's slot, --printf-slot), %lld per SIMD%d thread: more than the "
		     "%d bytes of scratch a Gen12 thread can have", l->k->name, l->priv_bytes,
		     l->pf_used ? 4 * l->pf_slot : 0, (long long)l->priv_bytes * l->simd, l->simd, SCRATCH_MAX);
		return -1;
	}
	if (l->priv_bytes) {
		l->vk->spill_mem_offset = l->priv_bytes * l->simd;
		l->pbase = vk_decl(l->vk, "PRIV_BASE", VT_UD, l->simd, 0);
		if (l->lsc)
			l->scratch_ss = vk_decl(l->vk, "SCRATCH_SS", VT_UD, 1, 4);
	}
	return 0;
}

/* PRIV_BASE[lane] = (r0.5 & 0xFFFFFC00) + 4 * lane; with LSC messages
 * 4 * lane, offsets in the thread's scratch surface (lsc_scratch_prologue) */
void private_prologue(L *l)
{
	VDecl *sb = NULL;
	VDecl *lane = vk_decl(l->vk, "LANE", VT_UD, l->simd < 16 ? 16 : l->simd, 0);
	VInst *in;
	Val a[2];
	int h;
	if (l->lsc) {
		lsc_scratch_prologue(l);
	} else {
		sb = vk_decl(l->vk, "SCRATCH_BASE", VT_UD, 1, 4);
		in = vk_emit(l->vk, "and", 1, 1);
		in->nomask = 1;
		in->ops[0] = vo_dst(sb, 0);
		in->ops[1] = vo_scalar(vk_alias(l->vk, vk_predefined(l->vk, "%r0", VT_UD), VT_UD, 0), 5);
		in->ops[2] = vo_imm(0xfffffc00u, VT_UD);
		in->nops = 3;
	}
	in = vk_emit(l->vk, "mov", 8, 1);
	in->nomask = 1;
	in->ops[0] = vo_dst(lane, 0);
	in->ops[1] = vo_imm(0x76543210u, VT_V);
	in->nops = 2;
	in = vk_emit(l->vk, "add", 8, 1);
	in->nomask = 1;
	in->ops[0] = vo_dst(lane, 8);
	in->ops[1] = vo_src(lane, 0);
	in->ops[2] = vo_imm(8, VT_UD);
	in->nops = 3;
	for (h = 16; h < l->simd; h += 16) {
		in = vk_emit(l->vk, "add", 16, 1 + h / 4);
		in->nomask = 1;
		in->ops[0] = vo_dst(lane, h);
		in->ops[1] = vo_src(lane, 0);
		in->ops[2] = vo_imm((uint64_t)h, VT_UD);
		in->nops = 3;
	}
	a[0] = val_vec(lane), a[1] = val_imm(2);
	alu(l, "shl", VT_UD, l->pbase, 2, a, 0);
	if (sb) {
		a[0] = val_vec(l->pbase), a[1] = val_scalar(sb, 0);
		alu(l, "add", VT_UD, l->pbase, 2, a, 0);
	}
}

/* Private dword base + idx of every lane (idx per lane or constant),
 * loaded into a fresh variable or stored from v. */
static VDecl *priv_dword_offset(L *l, int base, Val idx)
{
	VDecl *off = vk_temp(l->vk, "QOFF", VT_UD, l->simd);
	Val v[2];
	int shift = 0;
	while ((4 << shift) < 4 * l->simd)
		shift++;
	v[0] = idx, v[1] = val_imm((uint32_t)base);
	alu(l, "add", VT_UD, off, 2, v, 0);
	v[0] = val_vec(off), v[1] = val_imm((uint32_t)(shift + 2));
	alu(l, "shl", VT_UD, off, 2, v, 0);
	v[0] = val_vec(off), v[1] = val_vec(l->pbase);
	alu(l, "add", VT_UD, off, 2, v, 0);
	return off;
}

VDecl *priv_load(L *l, int base, Val idx)
{
	VDecl *d = vk_temp(l->vk, "QLD", VT_UD, l->simd);
	scratch_message(l, 0, priv_dword_offset(l, base, idx), d);
	return d;
}

void priv_store(L *l, int base, Val idx, Val v)
{
	VDecl *d = vk_temp(l->vk, "QST", VT_UD, l->simd);
	VDecl *off = priv_dword_offset(l, base, idx);
	alu(l, "mov", VT_UD, d, 1, &v, 0);
	scratch_message(l, 1, off, d);
}

/* Scratch offsets of dword j of a private access at byte address a. */
static VDecl *private_offset(L *l, Val a, int j)
{
	VDecl *off = vk_temp(l->vk, "POFF", VT_UD, l->simd);
	Val v[2];
	int shift = 0;
	while ((4 << shift) < 4 * l->simd)
		shift++;
	v[0] = a, v[1] = val_imm(2);
	alu(l, "shr", VT_UD, off, 2, v, 0);
	if (j) {
		v[0] = val_vec(off), v[1] = val_imm((uint32_t)j);
		alu(l, "add", VT_UD, off, 2, v, 0);
	}
	v[0] = val_vec(off), v[1] = val_imm((uint32_t)(shift + 2));
	alu(l, "shl", VT_UD, off, 2, v, 0);
	v[0] = val_vec(off), v[1] = val_vec(l->pbase);
	alu(l, "add", VT_UD, off, 2, v, 0);
	return off;
}

/* One dword of private memory per message: j-th dword of the access. */
static void private_access(L *l, int store, Val a, int n, const Operand *dst, const Val *data)
{
	int j;
	if (!store && n > 1) {
		/* the address may be a register the load overwrites */
		VDecl *t = vk_temp(l->vk, "PADDR", VT_UD, l->simd);
		alu(l, "mov", VT_UD, t, 1, &a, 0);
		a = val_vec(t);
	}
	for (j = 0; j < n; j++) {
		VDecl *off = private_offset(l, a, j);
		VDecl *d = vk_temp(l->vk, store ? "PST" : "PLD", VT_UD, l->simd);
		if (store)
			alu(l, "mov", VT_UD, d, 1, &data[j], 0);
		scratch_message(l, store, off, d);
		if (!store) {
			Val v = val_vec(d);
			alu(l, "mov", VT_UD, reg_comp(l, dst->num, j), 1, &v, 0);
		}
	}
}

int mem_knows(Opcode op)
{
	switch (op) {
	case OP_UAV_RAW_LOAD: case OP_UAV_RAW_STORE: case OP_UAV_BYTE_LOAD: case OP_UAV_UBYTE_LOAD:
	case OP_UAV_SHORT_LOAD: case OP_UAV_USHORT_LOAD: case OP_UAV_BYTE_STORE: case OP_UAV_SHORT_STORE:
	case OP_UAV_ARENA_LOAD: case OP_UAV_ARENA_STORE: case OP_DCL_LDS: case OP_LDS_LOAD:
	case OP_LDS_LOAD_VEC: case OP_LDS_LOAD_BYTE: case OP_LDS_LOAD_UBYTE: case OP_LDS_LOAD_SHORT:
	case OP_LDS_LOAD_USHORT: case OP_LDS_STORE: case OP_LDS_STORE_VEC: case OP_LDS_STORE_BYTE:
	case OP_LDS_STORE_SHORT: case OP_LDS_LOAD64: case OP_LDS_STORE64: case OP_FENCE:
	case OP_DCL_STRUCT_UAV: case OP_UAV_STRUCT_LOAD: case OP_UAV_STRUCT_STORE: case OP_DCL_STRUCT_LDS:
	case OP_APPEND_BUF_ALLOC: case OP_APPEND_BUF_CONSUME:
	case OP_DCL_LDS_SIZE_PER_THREAD: case OP_DCL_LDS_SHARING_MODE: case OP_LDS_WRITE_VEC: case OP_LDS_READ_VEC:
		return 1;
	default:
		return find_atomic(lds_atomics, NELEM(lds_atomics), op) ||
		       find_atomic(uav_atomics, NELEM(uav_atomics), op);
	}
}

int lower_mem(L *l, const Inst *in)
{
	const Atomic *at;
	switch (in->op) {
	case OP_UAV_RAW_LOAD:
		lower_raw_load(l, in);
		return 1;
	case OP_UAV_RAW_STORE:
		lower_raw_store(l, in);
		return 1;
	case OP_DCL_STRUCT_UAV:
		struct_dcl(l, in);
		return 1;
	case OP_UAV_STRUCT_LOAD:
		lower_struct_load(l, in);
		return 1;
	case OP_UAV_STRUCT_STORE:
		lower_struct_store(l, in);
		return 1;
	case OP_DCL_RAW_SRV: case OP_DCL_STRUCT_SRV: case OP_SRV_RAW_LOAD: case OP_SRV_STRUCT_LOAD:
	case OP_BUFINFO:
		struct_refuse(l, in);
		return 1;
	case OP_UAV_BYTE_LOAD:
	case OP_UAV_UBYTE_LOAD:
	case OP_UAV_SHORT_LOAD:
	case OP_UAV_USHORT_LOAD:
	case OP_UAV_BYTE_STORE:
	case OP_UAV_SHORT_STORE:
	case OP_UAV_ARENA_LOAD:
	case OP_UAV_ARENA_STORE:
		lower_sub_dword(l, in);
		return 1;
	case OP_DCL_LDS:
	case OP_DCL_STRUCT_LDS:
		lds_dcl(l, in);
		return 1;
	case OP_LDS_LOAD:
	case OP_LDS_LOAD_VEC:
	case OP_LDS_LOAD_BYTE:
	case OP_LDS_LOAD_UBYTE:
	case OP_LDS_LOAD_SHORT:
	case OP_LDS_LOAD_USHORT:
	case OP_LDS_LOAD64:
		lds_load(l, in);
		return 1;
	case OP_LDS_STORE:
	case OP_LDS_STORE_VEC:
	case OP_LDS_STORE_BYTE:
	case OP_LDS_STORE_SHORT:
	case OP_LDS_STORE64:
		lds_store(l, in);
		return 1;
	case OP_FENCE:
		lower_fence(l, in);
		return 1;
	case OP_DCL_LDS_SIZE_PER_THREAD: case OP_DCL_LDS_SHARING_MODE:
		(void)r7_layout(l, in);
		return 1;
	case OP_LDS_WRITE_VEC:
		if (!r7_layout(l, in))
			r7_write(l, in);
		return 1;
	case OP_LDS_READ_VEC:
		if (!r7_layout(l, in))
			r7_read(l, in);
		return 1;
	case OP_APPEND_BUF_ALLOC:
	case OP_APPEND_BUF_CONSUME:
		lower_counter(l, in);
		return 1;
	default:
		if ((at = find_atomic(lds_atomics, NELEM(lds_atomics), in->op))) {
			lower_atomic(l, in, at, 0);
			return 1;
		}
		if ((at = find_atomic(uav_atomics, NELEM(uav_atomics), in->op))) {
			lower_atomic(l, in, at, 1);
			return 1;
		}
		return 0;
	}
}
