/* amd_decode.c - the linked IL of one kernel as one flat array of decoded
 * instructions for the AMD emulator.
 *
 * Layout: the IL main first (its ;$$$$$$$$$$ becomes "call <wrapper>"; a
 * main without any call calls the wrapper at its end [I]), each function of
 * the call closure after it, every function closed by an AOP_FUNC_END (main
 * by AOP_MAIN_END).
 * Registers r# are shared by all functions of a work-item (amdil.md 5:
 * "no register windows") and renumbered densely.  Literals: a function sees
 * its own dcl_literal lines first, then main's, then any other function's
 * of the closure (amdil.md 3: declarations may appear anywhere, literal ids
 * are unique module-wide) [I].  Structured control flow gets its jump
 * targets here; anything the executor cannot run is refused with its
 * file:line.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "amdint.h"

typedef struct Lit {
	long long num;
	uint32_t v[4];
} Lit;
typedef VEC(Lit) LitVec;

typedef struct Dec {
	Program *p;
	Kernel *k;
	AmdCode *c;
	char *err;
	LitVec main_lits, func_lits, all_lits;
	VEC(int) ctl;        /* open if/loop/switch instruction indices */
	VEC(int) calls;      /* call instructions to resolve */
	VEC(long long) fids; /* function ids, parallel to fstart */
	VEC(int) fstart;
	VEC(int) regscope;   /* macro scope of each dense register (0: functions) */
	int scope, nscopes;  /* the scope being decoded; scopes made so far */
	int shared;          /* an outlined macro's scope: its r# are the functions' (scope 0) */
	int depth;           /* macro calls being decoded, one inside the other */
} Dec;

static int fail(Dec *d, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(Dec *d, Loc loc, const char *fmt, ...)
{
	va_list ap;
	Buf b = {0};
	if (d->err)
		return -1;
	buf_printf(&b, "%s:%d: ", loc.file ? loc.file : "?", loc.line);
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	d->err = b.s;
	return -1;
}

/* ---- literals, registers, arrays ---------------------------------------- */

static int collect_lits(Dec *d, const Func *f, LitVec *into)
{
	size_t i;
	int j;
	for (i = 0; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		Lit lit;
		if (in->op != OP_DCL_LITERAL)
			continue;
		if (in->nops != 5 || in->ops[0].file != RF_LITERAL)
			return fail(d, in->loc, "dcl_literal takes a literal register and four values");
		lit.num = in->ops[0].num;
		for (j = 0; j < 4; j++) {
			const Operand *o = &in->ops[1 + j];
			if (o->file == RF_NUMBER && o->num >= -2147483648LL && o->num <= 0xffffffffLL) {
				lit.v[j] = (uint32_t)o->num;
			} else if (o->file == RF_FLOAT) {
				float fv = (float)o->fval;
				memcpy(&lit.v[j], &fv, 4);
			} else {
				return fail(d, o->loc, "dcl_literal value is not a 32-bit number");
			}
		}
		vec_push(into, lit);
	}
	return 0;
}

static const Lit *find_lit(const LitVec *v, long long num)
{
	size_t i;
	for (i = v->n; i-- > 0;)
		if (v->v[i].num == num)
			return &v->v[i];
	return NULL;
}

/* The dense register of r<num> in a scope: every macro call has registers
 * of its own (its r#, and in#/out# as negative numbers). */
static int scoped_reg(Dec *d, int scope, long long num)
{
	size_t i;
	for (i = 0; i < d->c->regnum.n; i++)
		if (d->c->regnum.v[i] == num && d->regscope.v[i] == scope)
			return (int)i;
	vec_push(&d->c->regnum, num);
	vec_push(&d->regscope, scope);
	return d->c->nregs++;
}

static int reg_index(Dec *d, long long num)
{
	return scoped_reg(d, num >= 0 && d->scope && d->scope == d->shared ? 0 : d->scope, num);
}

#define MACRO_IN(j) (-1 - (long long)(j))            /* in<j> of a macro scope */
#define MACRO_OUT(j) (-1000001 - (long long)(j))     /* out<j> */

static int array_index(Dec *d, const Operand *o)
{
	size_t i;
	for (i = 0; i < d->c->arrays.n; i++)
		if (d->c->arrays.v[i].num == o->num)
			return (int)i;
	return fail(d, o->loc, "x%lld[] is not declared by dcl_indexed_temp_array", o->num);
}

static void declare_array(Dec *d, const Inst *in)
{
	AArray a;
	size_t i;
	if (in->nops != 1 || in->ops[0].file != RF_ITEMP || in->ops[0].index_imm <= 0 ||
	    in->ops[0].index_imm > 65536) {
		fail(d, in->loc, "dcl_indexed_temp_array needs x<n>[1..65536]");
		return;
	}
	for (i = 0; i < d->c->arrays.n; i++)
		if (d->c->arrays.v[i].num == in->ops[0].num) {
			if (d->c->arrays.v[i].len < in->ops[0].index_imm)
				fail(d, in->loc, "x%lld[] declared again with another size", in->ops[0].num);
			return;
		}
	a.num = (int)in->ops[0].num;
	a.len = (int)in->ops[0].index_imm;
	a.base = d->c->array_elems;
	d->c->array_elems += a.len;
	vec_push(&d->c->arrays, a);
}

/* dcl_lds_id(n) bytes: every id its own allocation (addresses count from
 * its byte 0); the largest size per id; lds_dcl is the lowest id's */
static int lds_declared(Dec *d, const Inst *in, long long id, int bytes, int stride)
{
	AmdCode *c = d->c;
	int n, k;
	if (id < 0 || id > 0xffff) {
		if (bytes == 0)
			return 0; /* declares nothing */
		return fail(d, in->loc, "dcl_lds needs an LDS id: dcl_lds_id(n) <bytes>");
	}
	for (n = 0; n < c->nlds && c->lds_ids[n] < id; n++)
		;
	if (n == c->nlds || c->lds_ids[n] != id) {
		if (c->nlds == 8)
			return fail(d, in->loc, "more than 8 LDS ids are not emulated");
		for (k = c->nlds++; k > n; k--)
			c->lds_ids[k] = c->lds_ids[k - 1], c->lds_sizes[k] = c->lds_sizes[k - 1],
			c->lds_strides[k] = c->lds_strides[k - 1];
		c->lds_ids[n] = (int)id;
		c->lds_sizes[n] = 0;
		c->lds_strides[n] = stride;
	} else if (c->lds_strides[n] != stride) {
		return fail(d, in->loc, "LDS id %lld is declared with two layouts (raw or structured, stride)", id);
	}
	if (bytes > c->lds_sizes[n])
		c->lds_sizes[n] = bytes;
	c->lds_dcl = c->lds_sizes[0];
	return 0;
}

/* ---- operands ------------------------------------------------------------- */

static int dec_src(Dec *d, const Operand *o, const LitVec *fl, ASrc *s);
static void push_mov(Dec *d, Loc loc, const ADst *t, const ASrc *s);
/* the register numbers a special register used as an index is copied to */
#define SPECIAL_INDEX_REG (1LL << 40)
/* the registers transpose copies its rows to */
#define TRANSPOSE_REG (SPECIAL_INDEX_REG + SR_COUNT)
/* the register a literal used as an index (brcc: cb0[l0.x + 0]) is copied
 * to: one per literal and component */
#define LITERAL_INDEX_REG (1LL << 41)

static int rel_index(Dec *d, const Operand *o, const LitVec *fl, int *rel, uint8_t *rel_sel)
{
	int sel[4];
	*rel = -1;
	*rel_sel = 0;
	if (!o->index_reg)
		return 0;
	if ((o->index_reg->file == RF_SPECIAL || (o->index_reg->file == RF_LITERAL && o->index_reg->num >= 0 &&
	     o->index_reg->num < (1LL << 32))) && !o->index_reg->nmods && !il_swizzle(o->index_reg, sel) &&
	    sel[0] <= SEL_W) {
		/* g[vaTid.x], cb0[l0.x + 0]: the id or literal copied into a
		 * register of its own first */
		ADst t;
		ASrc s;
		if (dec_src(d, o->index_reg, fl, &s))
			return -1;
		memset(&t, 0, sizeof t);
		t.kind = D_TEMP;
		t.m[0] = WM_WRITE;
		t.rel = -1;
		t.reg = reg_index(d, o->index_reg->file == RF_SPECIAL ? SPECIAL_INDEX_REG + o->index_reg->num :
		                  LITERAL_INDEX_REG + 4 * o->index_reg->num + sel[0]);
		push_mov(d, o->loc, &t, &s);
		*rel = t.reg;
		*rel_sel = 0;
		return 0;
	}
	if (o->index_reg->file != RF_TEMP || o->index_reg->has_index || o->index_reg->nmods ||
	    il_swizzle(o->index_reg, sel) || sel[0] > SEL_W)
		return fail(d, o->loc, "the relative index of '%s' must be one component of a register r<n>, "
		            "a literal l<n> or a special register",
		            o->name ? o->name : "?");
	*rel = reg_index(d, o->index_reg->num);
	*rel_sel = (uint8_t)sel[0];
	return 0;
}

/* Does an il_ps kernel declare v<n> as its window position? */
static int position_input(const Kernel *k, long long n)
{
	size_t f, i;
	for (f = 0; f < k->funcs.n; f++)
		for (i = 0; i < k->funcs.v[f]->code.n; i++) {
			const Inst *in = &k->funcs.v[f]->code.v[i];
			if (in->op == OP_DCL_INPUT && in->nops && in->ops[0].file == RF_VINPUT && in->ops[0].num == n &&
			    il_dcl_usage(in, "position"))
				return 1;
		}
	return 0;
}

/* o<n> is one of an il_ps kernel's render targets: 0, else a diagnostic */
static int render_target(Dec *d, const Operand *o)
{
	if (!d->k->ps || o->has_index || o->num < 0 || o->num >= MD_CAL_OUTPUTS)
		return fail(d, o->loc, "'%s' is no render target (o0..o%d of an il_ps program)",
		            o->name ? o->name : "?", MD_CAL_OUTPUTS - 1);
	return 0;
}

static int dec_src(Dec *d, const Operand *o, const LitVec *fl, ASrc *s)
{
	int sel[4], c, i;
	const Lit *lit;
	memset(s, 0, sizeof *s);
	s->rel = -1;
	if (il_swizzle(o, sel))
		return fail(d, o->loc, "malformed swizzle '.%s'", o->comps);
	for (c = 0; c < 4; c++)
		s->sel[c] = (uint8_t)sel[c];
	for (i = 0; i < o->nmods; i++) {
		const Mod *m = &o->mods[i];
		if (!strcmp(m->name, "neg")) {
			for (c = 0; c < 4; c++)
				if (!m->arg || strchr(m->arg, "xyzw"[c]))
					s->neg |= (uint8_t)(1u << c);
		} else if (!strcmp(m->name, "abs")) {
			s->abs = 1;
		} else {
			return fail(d, m->loc, "source modifier '_%s' is not emulated", m->name);
		}
	}
	switch (o->file) {
	case RF_TEMP:
		if (o->has_index)
			return fail(d, o->loc, "'%s' cannot be indexed", o->name);
		s->kind = S_TEMP;
		s->reg = reg_index(d, o->num);
		return 0;
	case RF_IN:
	case RF_OUT:
		if (!d->scope)
			return fail(d, o->loc, "'%s' outside a macro", o->name);
		s->kind = S_TEMP;
		s->reg = reg_index(d, o->file == RF_IN ? MACRO_IN(o->num) : MACRO_OUT(o->num));
		return 0;
	case RF_LITERAL:
		if (!(fl && (lit = find_lit(fl, o->num))) && !(lit = find_lit(&d->main_lits, o->num)) &&
		    !(lit = find_lit(&d->all_lits, o->num)))
			return fail(d, o->loc, "literal l%lld is not declared", o->num);
		s->kind = S_LIT;
		memcpy(s->lit, lit->v, sizeof s->lit);
		return 0;
	case RF_NUMBER:
		s->kind = S_LIT;
		for (c = 0; c < 4; c++)
			s->lit[c] = (uint32_t)o->num;
		return 0;
	case RF_CB:
		if (!o->has_index)
			return fail(d, o->loc, "cb%lld needs an index", o->num);
		s->kind = S_CB;
		s->reg = (int)o->num;
		s->idx = (int)o->index_imm;
		return rel_index(d, o, fl, &s->rel, &s->rel_sel);
	case RF_ITEMP:
		s->kind = S_ITEMP;
		if ((s->reg = array_index(d, o)) < 0)
			return -1;
		s->idx = (int)o->index_imm;
		return rel_index(d, o, fl, &s->rel, &s->rel_sel);
	case RF_SPECIAL:
		if (o->num == SR_OTHER || (o->num == SR_WIN_COORD && !d->k->ps))
			return fail(d, o->loc, "special register '%s' has no meaning in a compute kernel", o->name);
		s->kind = S_SPECIAL;
		s->reg = (int)o->num;
		return 0;
	case RF_GLOBAL:
		if (!d->k->derived || !o->has_index)
			return fail(d, o->loc, "'g' (the R7xx global buffer) exists only in CAL compute shaders without metadata");
		s->kind = S_GLOBAL;
		s->idx = (int)o->index_imm;
		return rel_index(d, o, fl, &s->rel, &s->rel_sel);
	case RF_VOUTPUT: /* il_ps: a render target's register, read back (mad o0, a, b, o0) */
		if (render_target(d, o))
			return -1;
		s->kind = S_OUTPUT;
		s->reg = (int)o->num;
		return 0;
	case RF_VINPUT: /* il_ps: v<n> declared as the window position is vWinCoord0 */
		if (!d->k->ps || !position_input(d->k, o->num))
			return fail(d, o->loc, "'%s' is no window position (dcl_input_position... of an il_ps program)",
			            o->name ? o->name : "?");
		s->kind = S_SPECIAL;
		s->reg = SR_WIN_COORD;
		return 0;
	default:
		return fail(d, o->loc, "operand '%s' is not emulated", o->name ? o->name : "?");
	}
}

static int dec_dst(Dec *d, const Operand *o, const LitVec *fl, ADst *t)
{
	int m[4], c;
	memset(t, 0, sizeof *t);
	t->rel = -1;
	if (il_wmask(o, m))
		return fail(d, o->loc, "malformed write mask '.%s'", o->comps);
	for (c = 0; c < 4; c++)
		t->m[c] = (uint8_t)m[c];
	switch (o->file) {
	case RF_TEMP:
		if (o->has_index)
			return fail(d, o->loc, "'%s' cannot be indexed", o->name);
		t->kind = D_TEMP;
		t->reg = reg_index(d, o->num);
		return 0;
	case RF_IN:
	case RF_OUT:
		if (!d->scope)
			return fail(d, o->loc, "'%s' outside a macro", o->name);
		t->kind = D_TEMP;
		t->reg = reg_index(d, o->file == RF_IN ? MACRO_IN(o->num) : MACRO_OUT(o->num));
		return 0;
	case RF_ITEMP:
		t->kind = D_ITEMP;
		if ((t->reg = array_index(d, o)) < 0)
			return -1;
		t->idx = (int)o->index_imm;
		return rel_index(d, o, fl, &t->rel, &t->rel_sel);
	case RF_MEM:
		t->kind = D_MEM;
		return 0;
	case RF_GLOBAL:
		if (!d->k->derived || !o->has_index)
			return fail(d, o->loc, "'g' (the R7xx global buffer) exists only in CAL compute shaders without metadata");
		t->kind = D_GLOBAL;
		t->idx = (int)o->index_imm;
		return rel_index(d, o, fl, &t->rel, &t->rel_sel);
	case RF_VOUTPUT:
		if (render_target(d, o))
			return -1;
		t->kind = D_OUTPUT;
		t->reg = (int)o->num;
		return 0;
	default:
		return fail(d, o->loc, "destination '%s' is not emulated", o->name ? o->name : "?");
	}
}

/* ---- instruction modifiers -------------------------------------------------- */

static int check_mods(Dec *d, const Inst *in, AInst *a)
{
	static const char *const ok[] = {"id", "resource", "cached", "aligned", "sat", "zeroop", "relop",
	                                 "ieee", "arena", "size", "cmpval", "b64", "addr"};
	static const char *const fence[] = {"threads", "lds", "memory", "gds", "gws", "mem", "read",
	                                    "write", "only", "sr"};
	static const char *const sample[] = {"id", "resource", "sampler", "coordtype", "aoffimmi"};
	static const char *const resinfo[] = {"id", "resource", "uint"};
	static const char *const r7[] = {"lOffset", "neighborExch"};
	int i, smp = amd_image_samples(in->op), isr7 = in->op == OP_LDS_WRITE_VEC || in->op == OP_LDS_READ_VEC;
	size_t j;
	for (i = 0; i < in->nmods; i++) {
		const char *n = in->mods[i].name;
		const char *const *t = in->op == OP_FENCE ? fence : smp ? sample : in->op == OP_RESINFO ? resinfo :
		                       isr7 ? r7 : ok;
		size_t nt = in->op == OP_FENCE ? NELEM(fence) : smp ? NELEM(sample) :
		            in->op == OP_RESINFO ? NELEM(resinfo) : isr7 ? NELEM(r7) : NELEM(ok);
		for (j = 0; j < nt && strcmp(n, t[j]); j++)
			;
		if (j == nt && t == ok && amd_fmath_mod(n))
			continue; /* rounding modes and destination shifts (amd_fmath.c) */
		if (j == nt)
			return fail(d, in->mods[i].loc, "modifier '_%s' of '%s' is not emulated", n, il_ops[in->op].name);
	}
	{
		/* _addr(64): the 64-bit ABI's address pair (amd_abi64.c) */
		const Mod *am = il_inst_mod(in, "addr");
		if (am && (!am->arg || strcmp(am->arg, "64") || !d->k->md->abi64))
			return fail(d, am->loc, "'%s': _addr(64) is the only address size, and only in a kernel "
			            "of the 64-bit ABI (;memory:64bitABI)", il_ops[in->op].name);
	}
	a->sat = il_inst_mod(in, "sat") != NULL;
	a->arena = il_inst_mod(in, "arena") != NULL;
	a->b64 = il_inst_mod(in, "b64") != NULL;
	a->unnorm = in->op == OP_RESINFO && il_inst_mod(in, "uint"); /* resinfo: integer results */
	if (smp) {
		const Mod *sm = il_inst_mod(in, "sampler"), *ct = il_inst_mod(in, "coordtype");
		if (!sm || il_mod_int(sm, -1) < 0)
			return fail(d, in->loc, "'%s' needs _sampler(n)", il_ops[in->op].name);
		a->samp = (int)il_mod_int(sm, -1);
		const Mod *ao = il_inst_mod(in, "aoffimmi");
		a->unnorm = ct && ct->arg && !strcmp(ct->arg, "unnormalized");
		a->coordtype = ct != NULL;
		if (ao) { /* three whole numbers in -8..7 (written 1 or 1.0) */
			double o[3];
			int n = 0, k;
			if (!ao->arg || sscanf(ao->arg, "%lf,%lf,%lf%n", &o[0], &o[1], &o[2], &n) != 3 || ao->arg[n])
				return fail(d, ao->loc, "'_aoffimmi(%s)' is not three texel offsets", ao->arg ? ao->arg : "");
			for (k = 0; k < 3; k++) {
				if (!(o[k] >= -8 && o[k] <= 7) || o[k] != (int)o[k])
					return fail(d, ao->loc, "'_aoffimmi(%s)': offsets are whole texels in -8..7", ao->arg);
				a->off[k] = (int8_t)o[k];
			}
		}
		if (ct && (!ct->arg || (a->unnorm == 0 && strcmp(ct->arg, "normalized"))))
			return fail(d, ct->loc, "'_coordtype(%s)' is neither normalized nor unnormalized",
			            ct->arg ? ct->arg : "");
	}
	return 0;
}

/* _zeroop(infinity|fltmax|zero|inf_else_max): a.aux 1, 2, 3, 4 (0: none, IEEE) */
static int zeroop(Dec *d, const Inst *in, AInst *a)
{
	static const char *const pol[] = {"infinity", "fltmax", "zero", "inf_else_max"};
	const Mod *z = il_inst_mod(in, "zeroop");
	int i;
	if (!z)
		return 0;
	for (i = 0; z->arg && i < 4; i++)
		if (!strcmp(z->arg, pol[i])) {
			a->aux = i + 1;
			return 0;
		}
	return fail(d, z->loc, "'_zeroop(%s)' is not a zero policy",
	            z->arg ? z->arg : "");
}

static int relop_code(Dec *d, const Inst *in)
{
	static const char *const rels[] = {"eq", "ne", "gt", "ge", "lt", "le"};
	const Mod *r = il_inst_mod(in, "relop");
	int i;
	for (i = 0; r && r->arg && i < 6; i++)
		if (!strcmp(r->arg, rels[i]))
			return i;
	return fail(d, in->loc, "'%s' needs _relop(eq|ne|gt|ge|lt|le)", il_ops[in->op].name);
}

/* ---- declarations ----------------------------------------------------------- */

static int dec_dcl(Dec *d, const Inst *in)
{
	const Mod *id = il_inst_mod(in, "id");
	int i;
	switch (in->op) {
	case OP_DCL_LITERAL:
	case OP_DCL_MAX_THREAD_PER_GROUP:
	case OP_DCL_GLOBAL_FLAGS:
	case OP_DCL_WAVESIZE: /* the wavefront's width (amd_exec.c wave_op) */
		if (in->nops == 1 && in->ops[0].file == RF_NUMBER)
			d->c->wavesize = (int)in->ops[0].num;
		return 0;
	case OP_DCL_ARENA_UAV: { /* the arena aliases the default UAV (amd_mem.c amd_heap_uav) */
		const Mod *id = il_inst_mod(in, "id");
		if (id)
			d->c->arena_uav = (int)il_mod_int(id, -1);
		return 0;
	}
	case OP_DCL_CB:
		if (in->nops == 1 && in->ops[0].file == RF_CB && in->ops[0].num == 1 &&
		    in->ops[0].index_imm * 16 > d->c->cb1_dcl)
			d->c->cb1_dcl = (int)in->ops[0].index_imm * 16;
		return 0;
	case OP_DCL_NUM_THREAD_PER_BLK: /* the R7xx-era name */
	case OP_DCL_NUM_THREAD_PER_GROUP:
		for (i = 0; i < 3; i++)
			d->c->reqd[i] = i < in->nops && in->ops[i].file == RF_NUMBER ? (int)in->ops[i].num : 1;
		return 0;
	case OP_DCL_INDEXED_TEMP_ARRAY:
		declare_array(d, in);
		return d->err ? -1 : 0;
	case OP_DCL_LDS_SIZE_PER_THREAD: /* R7xx LDS: dwords of each thread's area (amd_exec.c) */
		if (in->nops != 1 || in->ops[0].file != RF_NUMBER || in->ops[0].num < 4 || in->ops[0].num > 64 ||
		    in->ops[0].num % 4)
			return fail(d, in->loc, "dcl_lds_size_per_thread takes 4 to 64 dwords, a multiple of 4");
		d->c->r7_size = (int)in->ops[0].num;
		return 0;
	case OP_DCL_LDS_SHARING_MODE:
		if (in->nops != 1 || !in->ops[0].name || (strcmp(in->ops[0].name, "_wavefrontRel") &&
		                                         strcmp(in->ops[0].name, "_wavefrontAbs")))
			return fail(d, in->loc, "dcl_lds_sharing_mode takes _wavefrontRel or _wavefrontAbs");
		d->c->r7_abs = !strcmp(in->ops[0].name, "_wavefrontAbs");
		return 0;
	case OP_DCL_LDS:
		if (in->nops != 1 || in->ops[0].file != RF_NUMBER || in->ops[0].num < 0 || in->ops[0].num > 65536)
			return fail(d, in->loc, "dcl_lds takes an LDS id and 0..65536 bytes");
		return lds_declared(d, in, il_mod_int(id, -1), (int)in->ops[0].num, 0);
	case OP_DCL_STRUCT_LDS: { /* dcl_struct_lds_id(n) stride, count: count elements of stride bytes */
		long long st = in->nops == 2 && in->ops[0].file == RF_NUMBER ? in->ops[0].num : -1;
		long long cnt = in->nops == 2 && in->ops[1].file == RF_NUMBER ? in->ops[1].num : -1;
		if (il_mod_int(id, -1) < 0 || st < 4 || st > 2048 || st % 4 || cnt < 1 || cnt > 65536 || st * cnt > 65536)
			return fail(d, in->loc, "dcl_struct_lds takes _id(n), a stride of 4 to 2048 bytes (a "
			            "multiple of 4) and a count, at most 65536 bytes in all");
		return lds_declared(d, in, il_mod_int(id, -1), (int)(st * cnt), (int)st);
	}
	case OP_DCL_RAW_UAV:
	case OP_DCL_TYPELESS_UAV: {
		const Mod *acc = il_inst_mod(in, "access");
		if (!id || il_mod_int(id, -1) < 0)
			return fail(d, in->loc, "'%s' needs _id(n)", il_ops[in->op].name);
		if (acc && acc->arg && !strcmp(acc->arg, "private")) {
			long long bytes = d->k->md->mem_uavprivate;
			if (bytes <= 0)
				bytes = il_mod_int(il_inst_mod(in, "stride"), 4) * il_mod_int(il_inst_mod(in, "length"), 0);
			if (bytes <= 0 || bytes > (1 << 20))
				return fail(d, in->loc, "private UAV %lld needs 1 byte to 1 MiB per work-item "
				            "(;memory:uavprivate or _stride/_length), found %lld", il_mod_int(id, -1), bytes);
			d->c->priv_uav = (int)il_mod_int(id, -1);
			d->c->priv_bytes = bytes;
		} else {
			vec_push(&d->c->uav_dcl, (int)il_mod_int(id, -1));
		}
		return 0;
	}
	case OP_DCL_STRUCT_UAV: { /* the stride of uav_struct_load/store (amd_mem.c) */
		long long n = il_mod_int(id, -1), st = in->nops == 1 && in->ops[0].file == RF_NUMBER ? in->ops[0].num : -1;
		size_t j;
		if (n < 0 || st < 4 || st > 2048 || st % 4)
			return fail(d, in->loc, "dcl_struct_uav takes _id(n) and a stride of 4 to 2048 bytes, "
			            "a multiple of 4");
		for (j = 0; j < d->c->struct_uav.n; j++)
			if (d->c->struct_uav.v[j] == n) {
				if (d->c->struct_stride.v[j] != st)
					return fail(d, in->loc, "UAV %lld is declared with strides %d and %lld", n,
					            d->c->struct_stride.v[j], st);
				return 0;
			}
		vec_push(&d->c->struct_uav, (int)n);
		vec_push(&d->c->struct_stride, (int)st);
		vec_push(&d->c->uav_dcl, (int)n);
		return 0;
	}
	case OP_DCL_RESOURCE:
	case OP_DCL_UAV:
	case OP_DCL_TYPED_UAV:
	case OP_DCL_SAMPLER: {
		char *why = NULL;
		if (amd_image_dcl(d->k, in, &why)) {
			fail(d, in->loc, "%s", why);
			free(why);
			return -1;
		}
		return 0;
	}
	case OP_DCL_INPUT: /* il_ps: only the window position */
		if (d->k->ps && in->nops && il_dcl_usage(in, "position") &&
		    (in->ops[0].file == RF_VINPUT || (in->ops[0].file == RF_SPECIAL && in->ops[0].num == SR_WIN_COORD)))
			return 0;
		return fail(d, in->loc, "'dcl_input' is emulated only for the window position of an il_ps program");
	case OP_DCL_OUTPUT:
		if (d->k->ps && in->nops && in->ops[0].file == RF_VOUTPUT && in->ops[0].num >= 0 &&
		    in->ops[0].num < MD_CAL_OUTPUTS && il_dcl_usage(in, "generic"))
			return 0;
		return fail(d, in->loc, "'dcl_output' is emulated only for the generic render targets of an il_ps program");
	default:
		return fail(d, in->loc, "declaration '%s' is not emulated", il_ops[in->op].name);
	}
}

/* ---- control flow ------------------------------------------------------------ */

static AInst *at(Dec *d, int i)
{
	return &d->c->code.v[i];
}

static int innermost(Dec *d, int loop_only)
{
	size_t i;
	for (i = d->ctl.n; i-- > 0;) {
		int op = at(d, d->ctl.v[i])->op;
		if (op == OP_WHILELOOP || (!loop_only && op == OP_SWITCH))
			return d->ctl.v[i];
	}
	return -1;
}

/* Jump targets of structure; called after the instruction at index i was
 * pushed.  Breaks/continues record their loop (target) and get the exit
 * fixed up at endloop/endswitch. */
static int dec_cf(Dec *d, const Inst *in, int i)
{
	AInst *a = at(d, i);
	OpKind kind = il_ops[in->op].kind;
	int open = d->ctl.n ? d->ctl.v[d->ctl.n - 1] : -1, j;
	switch (kind) {
	case K_IF:
		vec_push(&d->ctl, i);
		return 0;
	case K_ELSE:
		if (open < 0 || il_ops[at(d, open)->op].kind != K_IF)
			return fail(d, in->loc, "else without if");
		at(d, open)->target = i + 1; /* the false branch */
		d->ctl.v[d->ctl.n - 1] = i;
		return 0;
	case K_ENDIF:
		if (open < 0 || (il_ops[at(d, open)->op].kind != K_IF && at(d, open)->op != OP_ELSE))
			return fail(d, in->loc, "endif without if");
		at(d, open)->target = i + 1;
		d->ctl.n--;
		return 0;
	case K_LOOP:
	case K_SWITCH:
		a->target = -1;
		vec_push(&d->ctl, i);
		return 0;
	case K_CASE:
		if (open < 0 || at(d, open)->op != OP_SWITCH)
			return fail(d, in->loc, "'%s' outside a switch", il_ops[in->op].name);
		if (in->op == OP_CASE) {
			if (in->nops != 1 || in->ops[0].file != RF_NUMBER)
				return fail(d, in->loc, "case needs an integer value");
			a->target2 = (int)in->ops[0].num;
		}
		a->target = -1;
		for (j = open; at(d, j)->target >= 0; j = at(d, j)->target)
			;
		at(d, j)->target = i; /* chain of cases from the switch */
		return 0;
	case K_ENDLOOP:
	case K_ENDSWITCH:
		if (open < 0 || at(d, open)->op != (kind == K_ENDLOOP ? OP_WHILELOOP : OP_SWITCH))
			return fail(d, in->loc, "'%s' does not close the innermost construct", il_ops[in->op].name);
		a->target = open + 1;
		at(d, open)->target2 = i + 1;
		for (j = open + 1; j < i; j++)
			if (at(d, j)->op < OP_COUNT && il_ops[at(d, j)->op].kind == K_BREAK &&
			    at(d, j)->target2 == open)
				at(d, j)->target = i + 1;
		d->ctl.n--;
		return 0;
	case K_BREAK:
		if ((j = innermost(d, 0)) < 0)
			return fail(d, in->loc, "'%s' outside a loop or switch", il_ops[in->op].name);
		a->target2 = j;
		return 0;
	case K_CONTINUE:
		if ((j = innermost(d, 1)) < 0)
			return fail(d, in->loc, "'%s' outside a loop", il_ops[in->op].name);
		a->target = j + 1;
		return 0;
	default:
		return 0;
	}
}

/* ---- instructions ---------------------------------------------------------------- */

static int has_dst(const Inst *in)
{
	if (in->nops == 0)
		return 0;
	if (in->ops[0].file == RF_MEM || il_ops[in->op].ndst == 1 || in->op == OP_POISONV ||
	    in->op == OP_FLAT_LOAD)
		return 1;
	return il_ops[in->op].ndst < 0 && strstr(il_ops[in->op].name, "_read_") != NULL;
}

/* A 64-bit instruction writes whole component pairs and takes no modifier. */
static int check_alu64(Dec *d, const Inst *in, const AInst *a)
{
	int i;
	if ((a->d.m[0] == WM_WRITE) != (a->d.m[1] == WM_WRITE) ||
	    (a->d.m[2] == WM_WRITE) != (a->d.m[3] == WM_WRITE))
		return fail(d, in->loc, "'%s' writes 64-bit component pairs: its write mask must cover "
		            "x and y, z and w, or both", il_ops[in->op].name);
	if (a->sat)
		return fail(d, in->loc, "'_sat' on the 64-bit instruction '%s' is not emulated",
		            il_ops[in->op].name);
	for (i = 0; i < a->nsrc; i++)
		if (a->s[i].neg || a->s[i].abs)
			return fail(d, in->loc, "source modifiers on the 64-bit instruction '%s' are not emulated",
			            il_ops[in->op].name);
	return 0;
}

static int dec_inst(Dec *d, const Inst *in, const LitVec *fl);

static void push_mov(Dec *d, Loc loc, const ADst *t, const ASrc *s)
{
	AInst a;
	memset(&a, 0, sizeof a);
	a.loc = loc;
	a.op = OP_MOV;
	a.target = a.target2 = -1;
	a.samp = -1;
	a.nsrc = 1;
	a.d = *t;
	a.s[0] = *s;
	vec_push(&d->c->code, a);
}

/* mcall(N) (outs), (ins): the macro's body decoded in place, in a register
 * scope of its own, between a whole-register copy of each input into in<j>
 * and a copy of out<j> into each output under its write mask. */
static int dec_mcall(Dec *d, const Inst *in, const LitVec *fl)
{
	const Operand *outs, *ins;
	const Func *mac;
	LitVec lits = {0};
	char *end;
	long long id;
	int j, caller = d->scope, callee, rc = 0, shared = d->shared;
	size_t i;
	id = in->arg ? strtoll(in->arg, &end, 10) : -1;
	if (!in->arg || *end || in->nops != 2 || in->ops[0].file != RF_GROUP || in->ops[1].file != RF_GROUP)
		return fail(d, in->loc, "mcall needs mcall(N) (outputs), (inputs)");
	if (!(mac = il_macro(d->p->m, id))) /* the program's, else AMD's library's */
		return fail(d, in->loc, "macro %lld is neither in the program nor built in", id);
	outs = &in->ops[0], ins = &in->ops[1];
	if (outs->ngroup != mac->nout || ins->ngroup != mac->nin)
		return fail(d, in->loc, "mcall(%lld) passes %d outputs and %d inputs to a macro of %d and %d",
		            id, outs->ngroup, ins->ngroup, mac->nout, mac->nin);
	if (d->depth >= 32)
		return fail(d, in->loc, "macro calls nest too deep");
	callee = ++d->nscopes;
	for (j = 0; j < ins->ngroup; j++) {
		ADst t;
		ASrc s;
		memset(&t, 0, sizeof t);
		t.kind = D_TEMP;
		t.rel = -1;
		t.m[0] = t.m[1] = t.m[2] = t.m[3] = WM_WRITE;
		t.reg = scoped_reg(d, callee, MACRO_IN(j));
		if (dec_src(d, &ins->group[j], fl, &s))
			return -1;
		push_mov(d, ins->group[j].loc, &t, &s);
	}
	if (collect_lits(d, mac, &lits)) {
		vec_free(&lits);
		return -1;
	}
	d->scope = callee;
	/* an outlined macro (B14's kernel bodies) called from a function is a
	 * subroutine: its r# are the kernel's, shared with the functions it
	 * calls (arguments in r1); only in#/out# are its own.  Library macros,
	 * and outlined ones called from a macro, keep private r#: AMD's
	 * compiler keeps the caller's values in the same r# across them. */
	d->shared = mac->outline && !d->depth ? callee : 0;
	for (i = 0; mac->outline && d->depth && i < mac->code.n; i++)
		if (il_ops[mac->code.v[i].op].kind == K_CALL)
			return fail(d, in->loc, "outlined macro %lld, called from a macro, calls a function: "
			            "which registers the call passes is not emulated", id);
	d->depth++;
	for (i = 0; i < mac->code.n && !rc; i++) {
		OpKind k = il_ops[mac->code.v[i].op].kind;
		if (mac->code.v[i].op == OP_RET_DYN && i + 1 == mac->code.n)
			continue; /* "ret_dyn / mend" (B14 bodies): returns where the body ends */
		if (k == K_RETDYN)
			rc = fail(d, mac->code.v[i].loc, "a return inside a macro is not emulated");
		else
			rc = dec_inst(d, &mac->code.v[i], &lits);
	}
	d->depth--;
	d->scope = caller;
	d->shared = shared;
	vec_free(&lits);
	for (j = 0; j < outs->ngroup && !rc; j++) {
		ADst t;
		ASrc s;
		memset(&s, 0, sizeof s);
		s.kind = S_TEMP;
		s.rel = -1;
		s.sel[0] = SEL_X, s.sel[1] = SEL_Y, s.sel[2] = SEL_Z, s.sel[3] = SEL_W;
		s.reg = scoped_reg(d, callee, MACRO_OUT(j));
		if (outs->group[j].file != RF_TEMP)
			return fail(d, outs->group[j].loc, "a macro output must be a register r<n>");
		if (dec_dst(d, &outs->group[j], NULL, &t))
			return -1;
		push_mov(d, outs->group[j].loc, &t, &s);
		/* a transcendental of AMD's library: its result counts as
		 * approximate math (EmuResult.approx) when it is copied out */
		d->c->code.v[d->c->code.n - 1].approx = (uint8_t)(mac->approx > 255 ? 255 : mac->approx);
	}
	return rc;
}

/* transpose rD, rS: the 4x4 matrix in rS..rS+3 (a register a row),
 * transposed into rD..rD+3 (rD+i.c = rS+c.i), through four registers of
 * its own so that rD may be rS */
static int dec_transpose(Dec *d, const Inst *in)
{
	const Operand *dst = &in->ops[0], *src = &in->ops[1];
	int sel[4], m[4], r, c;
	if (in->nops != 2 || dst->file != RF_TEMP || src->file != RF_TEMP || dst->has_index || src->has_index ||
	    src->nmods || in->nmods || il_swizzle(src, sel) || il_wmask(dst, m) || sel[0] != SEL_X ||
	    sel[1] != SEL_Y || sel[2] != SEL_Z || sel[3] != SEL_W || m[0] != WM_WRITE || m[1] != WM_WRITE ||
	    m[2] != WM_WRITE || m[3] != WM_WRITE || dst->num < 0 || src->num < 0 || dst->num > (1LL << 40) ||
	    src->num > (1LL << 40))
		return fail(d, in->loc, "'transpose' takes two registers r<n> without masks, swizzles or modifiers "
		            "(each the first row of a 4x4 matrix in four registers)");
	for (r = 0; r < 4; r++) { /* the rows, copied */
		ASrc s;
		ADst t;
		memset(&s, 0, sizeof s);
		memset(&t, 0, sizeof t);
		s.kind = S_TEMP;
		s.rel = t.rel = -1;
		s.reg = reg_index(d, src->num + r);
		for (c = 0; c < 4; c++)
			s.sel[c] = (uint8_t)c, t.m[c] = WM_WRITE;
		t.kind = D_TEMP;
		t.reg = reg_index(d, TRANSPOSE_REG + r);
		push_mov(d, in->loc, &t, &s);
	}
	for (r = 0; r < 4; r++)
		for (c = 0; c < 4; c++) {
			ASrc s;
			ADst t;
			memset(&s, 0, sizeof s);
			memset(&t, 0, sizeof t);
			s.kind = S_TEMP;
			s.rel = t.rel = -1;
			s.reg = reg_index(d, TRANSPOSE_REG + c);
			s.sel[0] = s.sel[1] = s.sel[2] = s.sel[3] = (uint8_t)r;
			t.kind = D_TEMP;
			t.reg = reg_index(d, dst->num + r);
			t.m[c] = WM_WRITE;
			push_mov(d, in->loc, &t, &s);
		}
	return 0;
}

static int dec_inst(Dec *d, const Inst *in, const LitVec *fl)
{
	AInst a;
	OpKind kind = il_ops[in->op].kind;
	int i, first = 0, idx;
	memset(&a, 0, sizeof a);
	a.in = in;
	a.loc = in->loc;
	a.op = in->op;
	a.target = a.target2 = -1;
	a.samp = -1;
	if (kind == K_DCL)
		return dec_dcl(d, in);
	if (in->op == OP_MCALL)
		return dec_mcall(d, in, fl);
	if (in->op == OP_TRANSPOSE)
		return dec_transpose(d, in);
	if (kind == K_MDEF || kind == K_MEND)
		return fail(d, in->loc, "'%s' inside code", il_ops[in->op].name);
	if (check_mods(d, in, &a) || zeroop(d, in, &a))
		return -1;
	if (kind == K_INST && amd_fmath_mods(in, &a))
		return fail(d, in->loc, "'%s': %s", il_ops[in->op].name, amd_fmath_mods(in, &a));
	if (in->op == OP_PSEUDO_CALL) {
		a.op = OP_CALL;
		a.target2 = (int)d->k->wrapper->id;
	} else if (kind == K_CALL) {
		if (!il_call_target(in))
			return fail(d, in->loc, "'%s' needs a function id", il_ops[in->op].name);
		a.target2 = (int)il_call_target(in)->num;
		if (in->op != OP_CALL && (in->nops != 2 || !il_call_cond(in) ||
		                          dec_src(d, il_call_cond(in), fl, &a.s[0])))
			return d->err ? -1 : fail(d, in->loc, "'%s' needs a condition and a function id",
			                          il_ops[in->op].name);
		a.nsrc = in->op != OP_CALL;
		a.cond_z = in->op == OP_CALL_LOGICALZ;
	} else if (kind == K_INST || kind == K_IF || kind == K_BREAK || kind == K_CONTINUE ||
	           kind == K_RETDYN || kind == K_SWITCH) {
		if (kind == K_INST && has_dst(in)) {
			if (dec_dst(d, &in->ops[0], fl, &a.d))
				return -1;
			first = 1;
		}
		if (in->nops - first > 4)
			return fail(d, in->loc, "'%s' has too many operands", il_ops[in->op].name);
		for (i = first; i < in->nops; i++)
			if (dec_src(d, &in->ops[i], fl, &a.s[i - first]))
				return -1;
		a.nsrc = in->nops - first;
		if (in->op == OP_IFC || in->op == OP_BREAKC || in->op == OP_CONTINUEC) {
			if ((a.aux = relop_code(d, in)) < 0)
				return -1;
			if (a.nsrc != 2)
				return fail(d, in->loc, "'%s' compares two operands", il_ops[in->op].name);
		} else if (kind != K_INST && a.nsrc != (strstr(il_ops[in->op].name, "_logical") || kind == K_SWITCH)) {
			return fail(d, in->loc, "'%s' has the wrong number of operands", il_ops[in->op].name);
		}
		a.cond_z = strstr(il_ops[in->op].name, "_logicalz") != NULL;
	}
	if (in->op == OP_EXP || in->op == OP_LOG || in->op == OP_SQRT || in->op == OP_RSQ ||
	    in->op == OP_RCP || in->op == OP_SIN || in->op == OP_COS) {
		/* legacy scalar ops: lane w of the swizzled source, replicated */
		int c;
		for (c = 0; c < 3; c++)
			a.s[0].sel[c] = a.s[0].sel[3];
		a.s[0].neg = a.s[0].neg & 8 ? 0xf : 0;
	}
	if (amd_fmath_lane_w(in->op)) {
		/* exn ln tan asin acos atan pow: the same rule for every source */
		int c, s;
		for (s = 0; s < a.nsrc && s < 4; s++) {
			for (c = 0; c < 3; c++)
				a.s[s].sel[c] = a.s[s].sel[3];
			a.s[s].neg = a.s[s].neg & 8 ? 0xf : 0;
		}
	}
	if (in->op == OP_CMP) {
		/* B14: cmp_relop(cc)_cmpval(K) d, s, a, b = (s cc K) ? a : b */
		static const char *const ks[] = {"0.0", "0.5", "1.0", "-0.5", "-1.0"};
		static const uint32_t kv[] = {0x00000000u, 0x3f000000u, 0x3f800000u, 0xbf000000u, 0xbf800000u};
		const Mod *k = il_inst_mod(in, "cmpval");
		size_t j;
		if ((a.aux = relop_code(d, in)) < 0)
			return -1;
		for (j = 0; k && k->arg && j < 5 && strcmp(k->arg, ks[j]); j++)
			;
		if (!k || !k->arg || j == 5)
			return fail(d, in->loc, "'cmp' needs _cmpval(0.0|0.5|1.0|-0.5|-1.0)");
		a.k = kv[j];
	}
	if (amd_alu_kind(in->op) == 6 && amd_intx_check(&a))
		return fail(d, in->loc, "'%s': %s", il_ops[in->op].name, amd_intx_check(&a));
	if (amd_alu_kind(in->op) == 4 && check_alu64(d, in, &a))
		return -1;
	if (amd_alu_kind(in->op) == 5 && amd_f64_check(&a))
		return fail(d, in->loc, "'%s': %s", il_ops[in->op].name, amd_f64_check(&a));
	if (kind == K_INST && in->op != OP_NOP && in->op != OP_FENCE && !amd_alu_kind(in->op) &&
	    !amd_image_samples(in->op) && in->op != OP_LOAD && in->op != OP_RESINFO && !amd_wave_op(in->op) &&
	    in->op != OP_FLAT_LOAD && in->op != OP_FLAT_STORE && in->op != OP_APPEND_BUF_ALLOC &&
	    in->op != OP_APPEND_BUF_CONSUME && !strstr(il_ops[in->op].name, "uav_") && !strstr(il_ops[in->op].name, "lds_") &&
	    !(d->k->ps && (in->op == OP_DISCARD_LOGICALNZ || in->op == OP_DISCARD_LOGICALZ)))
		return fail(d, in->loc, "instruction '%s' is not emulated", il_ops[in->op].name);
	if (amd_wave_op(in->op) && (!has_dst(in) || a.nsrc > (in->op == OP_POISONV)))
		return fail(d, in->loc, "'%s' takes a destination register%s", il_ops[in->op].name,
		            in->op == OP_POISONV ? " and at most one source" : " and no source");
	if ((amd_alu_kind(in->op) == 1 || amd_alu_kind(in->op) == 3) && a.sat &&
	    in->op != OP_ITOF && in->op != OP_UTOF) /* itof/utof: a float result */
		return fail(d, in->loc, "'_sat' on the integer instruction '%s' is not emulated", il_ops[in->op].name);
	if (amd_alu_kind(in->op) && a.d.kind != D_TEMP && a.d.kind != D_ITEMP && a.d.kind != D_GLOBAL &&
	    a.d.kind != D_OUTPUT)
		return fail(d, in->loc, "'%s' needs a register destination", il_ops[in->op].name);
	if (in->op == OP_LDS_WRITE_VEC || in->op == OP_LDS_READ_VEC) {
		/* R7xx LDS (amd_exec.c amd_r7_lockstep): aux the write's dword
		 * offset or the read's _neighborExch */
		const Mod *off = il_inst_mod(in, "lOffset");
		if (a.nsrc != 1 || (in->op == OP_LDS_WRITE_VEC ? a.d.kind != D_MEM : a.d.kind != D_TEMP))
			return fail(d, in->loc, "'%s' takes %s and one source", il_ops[in->op].name,
			            in->op == OP_LDS_WRITE_VEC ? "mem.<mask>" : "a register destination");
		a.aux = in->op == OP_LDS_READ_VEC ? il_inst_mod(in, "neighborExch") != NULL :
		        off ? (int)il_mod_int(off, -1) : 0;
		if (in->op == OP_LDS_WRITE_VEC && (a.aux < 0 || a.aux % 4 || a.aux > 60))
			return fail(d, off ? off->loc : in->loc, "'_lOffset' takes a dword offset, a multiple of 4");
	} else if (in->op == OP_FENCE) {
		/* uav: a barrier; aux: the store kinds it makes visible (a
		 * _mem_read_only fence orders loads only) */
		a.uav = il_inst_mod(in, "threads") != NULL;
		if (!(il_inst_mod(in, "mem") && il_inst_mod(in, "read")))
			a.aux = (il_inst_mod(in, "lds") ? 1 << AK_LDS : 0) |
			        (il_inst_mod(in, "memory") ? 1 << AK_GLOBAL : 0);
	} else if (kind == K_INST) {
		const Mod *idm = il_inst_mod(in, "id");
		const Mod *size = il_inst_mod(in, "size");
		if (!idm)
			idm = il_inst_mod(in, "resource");
		a.uav = idm ? (int)il_mod_int(idm, -1) : -1;
		if (in->op == OP_FLAT_LOAD || in->op == OP_FLAT_STORE) {
			/* _size(ubyte|sbyte|ushort|sshort|dword|dwordx2..4): bytes, bit 8 signed */
			if (!size || (a.aux = amd_flat_size(size->arg)) < 0)
				return fail(d, size ? size->loc : in->loc, "'%s' needs _size(ubyte|sbyte|ushort|"
				            "sshort|dword|dwordx2|dwordx3|dwordx4)", il_ops[in->op].name);
		} else if (size && size->arg)
			a.aux = !strcmp(size->arg, "byte") ? 1 : !strcmp(size->arg, "short") ? 2 :
			        !strcmp(size->arg, "dword") ? 4 : -1;
		if (size && a.aux < 0)
			return fail(d, size->loc, "'_size(%s)' is not byte, short or dword", size->arg ? size->arg : "");
	}
	idx = (int)d->c->code.n;
	vec_push(&d->c->code, a);
	if (kind == K_CALL || in->op == OP_PSEUDO_CALL)
		vec_push(&d->calls, idx);
	return dec_cf(d, in, idx);
}

/* Does main call anything?  A main without the ;$$$$$$$$$$ patch point
 * (hand-written tests) is taken to call the kernel wrapper at its end [I]. */
static int calls_something(const Func *f)
{
	size_t i;
	for (i = 0; i < f->code.n; i++)
		if (f->code.v[i].op == OP_PSEUDO_CALL || il_ops[f->code.v[i].op].kind == K_CALL)
			return 1;
	return 0;
}

static int dec_func(Dec *d, const Func *f, long long id)
{
	AInst end;
	size_t i;
	d->func_lits.n = 0;
	if (collect_lits(d, f, &d->func_lits))
		return -1;
	vec_push(&d->fids, id);
	vec_push(&d->fstart, (int)d->c->code.n);
	d->ctl.n = 0;
	for (i = 0; i < f->code.n; i++)
		if (dec_inst(d, &f->code.v[i], id < 0 ? &d->main_lits : &d->func_lits))
			return -1;
	if (id < 0 && !calls_something(f)) {
		Inst pc;
		memset(&pc, 0, sizeof pc);
		pc.op = OP_PSEUDO_CALL;
		pc.loc = f->loc;
		if (dec_inst(d, &pc, &d->main_lits))
			return -1;
		d->c->code.v[d->c->code.n - 1].in = NULL;
	}
	if (d->ctl.n)
		return fail(d, at(d, d->ctl.v[d->ctl.n - 1])->loc, "'%s' is never closed",
		            il_ops[at(d, d->ctl.v[d->ctl.n - 1])->op].name);
	memset(&end, 0, sizeof end);
	end.op = id < 0 ? AOP_MAIN_END : AOP_FUNC_END;
	end.loc = f->end_loc;
	end.target = end.target2 = -1;
	vec_push(&d->c->code, end);
	return 0;
}

static int resolve_calls(Dec *d)
{
	size_t i, j;
	for (i = 0; i < d->calls.n; i++) {
		AInst *a = at(d, d->calls.v[i]);
		for (j = 0; j < d->fids.n && d->fids.v[j] != a->target2; j++)
			;
		if (j == d->fids.n)
			return fail(d, a->loc, "call of function %d, which is not in the kernel's call closure",
			            a->target2);
		a->target = d->fstart.v[j];
	}
	return 0;
}

int amd_decode(Program *p, Kernel *k, AmdCode *c, char **err)
{
	Dec d;
	size_t i;
	int rc = -1;
	memset(&d, 0, sizeof d);
	memset(c, 0, sizeof *c);
	d.p = p;
	d.k = k;
	d.c = c;
	c->priv_uav = -1;
	c->arena_uav = -1;
	c->lds_dcl = -1;
	if (collect_lits(&d, k->main, &d.main_lits))
		goto out;
	for (i = 0; i < k->funcs.n; i++)
		if (collect_lits(&d, k->funcs.v[i], &d.all_lits))
			goto out;
	/* arrays first: an access may precede its declaration in the text */
	for (i = 0; i <= k->funcs.n; i++) {
		const Func *f = i ? k->funcs.v[i - 1] : k->main;
		size_t j;
		for (j = 0; j < f->code.n && !d.err; j++)
			if (f->code.v[j].op == OP_DCL_INDEXED_TEMP_ARRAY)
				declare_array(&d, &f->code.v[j]);
	}
	if (d.err || dec_func(&d, k->main, -1))
		goto out;
	for (i = 0; i < k->funcs.n; i++)
		if (!(k->funcs.v[i]->is_macro && k->funcs.v[i] != k->wrapper) && /* reached by mcall */
		    dec_func(&d, k->funcs.v[i], k->funcs.v[i]->id))
			goto out;
	rc = resolve_calls(&d);
out:
	*err = d.err;
	vec_free(&d.main_lits);
	vec_free(&d.func_lits);
	vec_free(&d.all_lits);
	vec_free(&d.ctl);
	vec_free(&d.calls);
	vec_free(&d.fids);
	vec_free(&d.fstart);
	vec_free(&d.regscope);
	if (rc)
		amd_code_free(c);
	return rc;
}

void amd_code_free(AmdCode *c)
{
	vec_free(&c->code);
	vec_free(&c->regnum);
	vec_free(&c->arrays);
	vec_free(&c->uav_dcl);
	vec_free(&c->struct_uav);
	vec_free(&c->struct_stride);
}
