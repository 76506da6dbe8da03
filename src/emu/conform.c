/* conform.c - translate --conform: one kernel, both runtimes, same bytes.
 *
 * For every kernel of a translated program: a launch is generated from the
 * metadata alone (conform_launch), run by the emulated AMD runtime on the IL
 * and by the emulated Level Zero runtime on our vISA and zebin, and the
 * results compared: every buffer byte for byte (floats within EMU_TOLERANCE
 * only when a side used approximate math), the printf records as a multiset
 * (the two runtimes print in different orders by design; a Level Zero
 * "(string)" stands for any AMD %s text, docs/abi-map.txt section 8), and
 * whether each side finished.  The first difference is reported with its
 * argument, element and, where the AMD side tracked it, the work-item that
 * wrote it.
 *
 * Launch generation (deterministic: --seed and the kernel name):
 *   dimensions  the highest of x/y/z of a work-item id or a size slot of
 *               cb0 whose value reaches a use (dimensions: a copy of the
 *               whole id vector into a register that only x of is read
 *               counts as x); required group sizes (;cws) respected;
 *               1-D: groups of 64, 3 groups; 2-D: 8x4, 2x3 groups; 3-D:
 *               4x4x2, 2x2x2 groups
 *   integers    by value: 1..(global size x), so size arguments leave a
 *               partial tail (when the AMD side then reads outside a buffer,
 *               the arguments were strides or counts: the launch is made
 *               again with 1..16); in buffers: -100000..100000
 *   floats      multiples of 1/8 in -100..100 (exact in float arithmetic)
 *   buffers     16 elements per work-item, at least 4 KiB
 *   __local     16 bytes per work-item of a group
 *   images      RGBA, each dimension a power of two (exact reciprocals in the
 *               info block) covering the NDRange: width >= global x, height
 *               >= max(global y, 8), depth >= max(global z, 8), 8 layers;
 *               an image the IL reads or writes as integers (the first
 *               instruction using a read, the one computing a written
 *               value) alternates CL_SIGNED_INT32 / CL_SIGNED_INT16, the
 *               others CL_UNORM_INT8 / CL_FLOAT; texels like buffer elements
 *   samplers    nearest, clamp-to-edge, unnormalized (what read_image* with
 *               integer coordinates requires)
 *   shapes      --shapes N adds N random launches per kernel (shape_range)
 *
 * Hostile runs (docs/TESTING.md): both runtimes interleave work-items at
 * random (seeded by --seed and the kernel; in id order when the kernel's
 * result depends on the order of its atomics, or with --in-order), delay
 * stores until a fence or barrier makes them visible and report data races;
 * when either side read local or private memory nothing had written, the
 * launch runs again with the other poison pattern and each side must give
 * the same bytes both times.
 */
#include "xmlrt.h"
#include <float.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "amdint.h"

/* ---- deterministic random numbers --------------------------------------- */

typedef struct Rng {
	uint64_t s;
} Rng;

static uint64_t rng_next(Rng *r)
{
	/* xorshift64* */
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 0x2545F4914F6CDD1DULL;
}

static int64_t rng_range(Rng *r, int64_t lo, int64_t hi)
{
	return lo + (int64_t)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

static uint64_t hash(const char *s, uint64_t seed)
{
	uint64_t h = 1469598103934665603ULL ^ seed;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h ? h : 1;
}

/* ---- element types -------------------------------------------------------- */

typedef enum ElemKind { EK_INT, EK_FLOAT, EK_BYTES } ElemKind;

static int elem_of(const char *type, ElemKind *k)
{
	static const struct { const char *name; int size; ElemKind kind; } t[] = {
		{"i8", 1, EK_INT}, {"u8", 1, EK_INT}, {"i16", 2, EK_INT}, {"u16", 2, EK_INT},
		{"i32", 4, EK_INT}, {"u32", 4, EK_INT}, {"i64", 8, EK_INT}, {"u64", 8, EK_INT},
		{"float", 4, EK_FLOAT}, {"double", 8, EK_FLOAT}, {"half", 2, EK_BYTES},
		{"char", 1, EK_INT}, {"uchar", 1, EK_INT}, {"short", 2, EK_INT}, {"ushort", 2, EK_INT},
		{"int", 4, EK_INT}, {"uint", 4, EK_INT}, {"long", 8, EK_INT}, {"ulong", 8, EK_INT},
	};
	size_t i;
	for (i = 0; type && i < NELEM(t); i++)
		if (!strcmp(type, t[i].name)) {
			*k = t[i].kind;
			return t[i].size;
		}
	*k = EK_BYTES;
	return 1;
}

static void put_elem(uint8_t *p, int size, ElemKind k, Rng *r, int64_t ilo, int64_t ihi)
{
	if (k == EK_FLOAT && size == 4) {
		float f = (float)rng_range(r, -800, 800) / 8.0f;
		memcpy(p, &f, 4);
	} else if (k == EK_FLOAT && size == 8) {
		double d = (double)rng_range(r, -800, 800) / 8.0;
		memcpy(p, &d, 8);
	} else if (k == EK_INT) {
		int64_t v = rng_range(r, ilo, ihi);
		memcpy(p, &v, (size_t)size); /* little-endian host: the low bytes */
	} else {
		int j;
		for (j = 0; j < size; j++)
			p[j] = (uint8_t)rng_next(r);
	}
}

/* ---- the launch ------------------------------------------------------------ */

/* Does operand o carry a global or group id or a global size (whose y/z
 * components make the kernel 2-D/3-D)?  Specials, the size slots of cb0,
 * and the registers AMD's wrappers leave the ids in: r1021 and r1023
 * (2012-2013 compilers), x0[1] and x0[2] (2014).  Local ids and sizes do
 * not count: AMD's inlined printf computes a flat local id from all three
 * components in every kernel. */
static int ids_derived; /* dimensions() of a derived (CAL) kernel: cb0 and r1021.. are user data */

static int id_operand(const Operand *o)
{
	if (ids_derived && o->file != RF_SPECIAL)
		return 0;
	if (o->file == RF_SPECIAL)
		return o->num == SR_THREAD_GRP_ID || o->num == SR_ABS_TID || o->num == SR_VA_TID ||
		       o->num == SR_WIN_COORD;
	if (o->file == RF_CB)
		return o->num == 0 && !o->index_reg && (o->index_imm == 0 || o->index_imm == 2 ||
		                                        o->index_imm == 6 || o->index_imm == 9);
	if (o->file == RF_TEMP)
		return o->num == 1021 || o->num == 1023;
	if (o->file == RF_ITEMP)
		return o->num == 0 && !o->index_reg && (o->index_imm == 1 || o->index_imm == 2);
	return 0;
}

/* ---- which id dimensions the kernel really uses ----------------------------
 * AMD's 2014 bodies copy the whole id vector (`mov r33, x0[1].xyz0`) and
 * then keep x alone (`mov r33.x___, r33.x000`): a kernel that reads y or z
 * of an id operand does not use that dimension unless the component flows
 * somewhere that matters.  A flow-insensitive taint over register
 * components (r<n>, x<n>[k]): each component holds the dimensions (bits
 * x=1, y=2, z=4) of the ids it may carry; an ordinary instruction into a
 * register passes them on (component c from the sources' component c for
 * the component-wise opcodes below, from every read component otherwise);
 * a read anywhere else (a store, an address or value of a memory
 * operation with an effect, a condition, a call argument, a relative
 * index, a destination outside the registers) uses the dimensions it
 * carries.  A register reused for other data only adds dimensions (the
 * old 3-D launch), never drops one the kernel uses. */

typedef struct Taint {
	int file;
	long long num, idx;
	unsigned char t[4];
} Taint;

typedef struct Taints {
	VEC(Taint) v;
	size_t *hash, cap;  /* index + 1 into v, 0 empty */
	int changed;
	unsigned used;     /* dimensions that reach a use */
} Taints;

static int tracked_loc(const Operand *o)
{
	return (o->file == RF_TEMP && !o->has_index) || (o->file == RF_ITEMP && !o->index_reg);
}

static size_t taint_hash(int file, long long num, long long idx, size_t cap)
{
	unsigned long long h = ((unsigned long long)num * 31 + (unsigned long long)idx) * 8 + (unsigned)file;
	return (size_t)((h * 0x9E3779B97F4A7C15ull) >> 20) & (cap - 1);
}

static Taint *taint_of(Taints *ts, const Operand *o, int make)
{
	size_t h, i;
	Taint t;
	for (h = ts->cap ? taint_hash(o->file, o->num, o->index_imm, ts->cap) : 0; ts->cap && ts->hash[h];
	     h = (h + 1) & (ts->cap - 1)) {
		Taint *x = &ts->v.v[ts->hash[h] - 1];
		if (x->file == (int)o->file && x->num == o->num && x->idx == o->index_imm)
			return x;
	}
	if (!make)
		return NULL;
	memset(&t, 0, sizeof t);
	t.file = o->file, t.num = o->num, t.idx = o->index_imm;
	vec_push(&ts->v, t);
	if (2 * ts->v.n > ts->cap) {
		ts->cap = ts->cap ? 2 * ts->cap : 64;
		free(ts->hash);
		ts->hash = calloc(ts->cap, sizeof *ts->hash);
		for (i = 0; i < ts->v.n; i++) {
			for (h = taint_hash(ts->v.v[i].file, ts->v.v[i].num, ts->v.v[i].idx, ts->cap); ts->hash[h];
			     h = (h + 1) & (ts->cap - 1))
				;
			ts->hash[h] = i + 1;
		}
	} else {
		for (h = taint_hash(t.file, t.num, t.idx, ts->cap); ts->hash[h]; h = (h + 1) & (ts->cap - 1))
			;
		ts->hash[h] = ts->v.n;
	}
	return &ts->v.v[ts->v.n - 1];
}

/* dimensions component `sel` of operand o carries */
static unsigned src_taint(Taints *ts, const Operand *o, int sel)
{
	Taint *t;
	if (sel > SEL_W)
		return 0;
	if (id_operand(o))
		return sel == SEL_Y ? 2 : sel == SEL_Z ? 4 : sel == SEL_X ? 1 : 0;
	if (tracked_loc(o) && (t = taint_of(ts, o, 0)))
		return t->t[sel];
	return 0;
}

static int componentwise(Opcode op)
{
	static const char *const names[] = {
		"mov", "iadd", "imul", "imad", "umad", "umul", "ishl", "ishr", "ushr", "iand", "ior",
		"ixor", "inot", "ineg", "umin", "umax", "imin", "imax", "ilt", "ige", "ieq", "ine",
		"ult", "uge", "cmov_logical", "cmov", "udiv", "umod", "idiv", "imod", "add", "sub",
		"mul", "mad", "ftoi", "ftou", "itof", "utof", "min", "max", "eq", "ne", "lt", "ge",
		"and", "or", "xor", "not", "i64add",
	};
	size_t i;
	for (i = 0; i < sizeof names / sizeof *names; i++)
		if (!strcmp(il_ops[op].name, names[i]))
			return 1;
	return 0;
}

/* an instruction whose only effect is its register destination */
static int pure_def(const Inst *in)
{
	const OpInfo *oi = &il_ops[in->op];
	const char *n = oi->name;
	if (oi->kind != K_INST || oi->ndst != 1 || !in->nops || !tracked_loc(&in->ops[0]))
		return 0;
	return !strstr(n, "store") && strncmp(n, "uav_read_", 9) && strncmp(n, "lds_read_", 9) &&
	       strncmp(n, "gds_read_", 9) && !strstr(n, "append") && !strstr(n, "consume");
}

static void taint_inst(Taints *ts, const Inst *in, int kill)
{
	int j, c, sel[4], m[4];
	int first = il_ops[in->op].ndst > 0 ? il_ops[in->op].ndst : 0;
	unsigned all = 0, per[4] = {0, 0, 0, 0};
	for (j = 0; j < in->nops; j++) {
		const Operand *o = &in->ops[j];
		if (o->index_reg)
			for (c = 0; c < 4; c++)
				ts->used |= src_taint(ts, o->index_reg, c); /* an index matters */
		if (j < first || il_swizzle(o, sel))
			continue;
		for (c = 0; c < 4; c++) {
			unsigned t = src_taint(ts, o, sel[c]);
			per[c] |= t;
			all |= t;
		}
	}
	if (pure_def(in) && !il_wmask(&in->ops[0], m)) {
		Taint *d = taint_of(ts, &in->ops[0], all != 0 || kill);
		for (c = 0; d && c < 4; c++) {
			unsigned t = componentwise(in->op) ? per[c] : all;
			if (m[c] != WM_WRITE)
				continue;
			if (kill && m[c] == WM_WRITE)
				d->t[c] = (unsigned char)t; /* the old value is gone */
			else if ((d->t[c] | t) != d->t[c]) {
				d->t[c] |= (unsigned char)t;
				ts->changed = 1;
			}
		}
		return;
	}
	if (il_ops[in->op].ndst == 1 && in->nops && in->ops[0].index_reg)
		for (c = 0; c < 4; c++)
			ts->used |= src_taint(ts, in->ops[0].index_reg, c);
	ts->used |= all;
}

/* ---- the same, flow-sensitive ----------------------------------------------
 * AMD's compilers reuse registers freely: a body copies the global id vector
 * into r67 and later loads a vector into r67, which the flow-insensitive
 * taint above sees as a vector of ids stored to memory (a 3-D kernel where
 * the source uses get_global_id(0) alone).  So each function is walked in
 * order, a write replacing what its components held, over the structured
 * control flow: the two arms of an if meet at endif, a loop's body runs
 * again until its entry state holds still (the back edge), and the states
 * at its breaks meet after endloop (a switch likewise).  A function starts
 * from the flow-insensitive taints of every register (what any caller or
 * earlier call may leave), and a call returns the same: only the
 * registers a function writes before reading gain precision. */

static void taints_free(Taints *t)
{
	vec_free(&t->v);
	free(t->hash);
	memset(t, 0, sizeof *t);
}

/* a |= b; returns whether a changed */
static int taints_join(Taints *a, const Taints *b)
{
	size_t i;
	int c, changed = 0;
	for (i = 0; i < b->v.n; i++) {
		const Taint *x = &b->v.v[i];
		Operand o;
		Taint *y;
		if (!(x->t[0] | x->t[1] | x->t[2] | x->t[3]))
			continue;
		memset(&o, 0, sizeof o);
		o.file = x->file, o.num = x->num, o.index_imm = x->idx;
		y = taint_of(a, &o, 1);
		for (c = 0; c < 4; c++)
			if ((y->t[c] | x->t[c]) != y->t[c]) {
				y->t[c] |= x->t[c];
				changed = 1;
			}
	}
	return changed;
}

static void taints_copy(Taints *a, const Taints *b)
{
	unsigned used = a->used;
	taints_free(a);
	taints_join(a, b);
	a->used = used;
}

typedef struct Frame {
	int kind;       /* K_IF, K_LOOP, K_SWITCH */
	size_t start;   /* loop: the first instruction of its body */
	Taints entry;   /* state where the construct began (loop: at its head) */
	Taints other;   /* if: the then-arm's end after else; loop/switch: the
	                 * breaks' and continues' states */
	int has_else;
} Frame;

typedef VEC(Frame) Frames;

/* closes the innermost construct: st meets a and b (b may be NULL) */
static void frame_pop(Frames *fr, Taints *st, const Taints *a, const Taints *b)
{
	Frame *top = &fr->v[fr->n - 1];
	taints_join(st, a);
	if (b)
		taints_join(st, b);
	taints_free(&top->entry);
	taints_free(&top->other);
	fr->n--;
}

/* walks f from state st (which it leaves at the function's end), adding the
 * dimensions that reach a use to st->used */
static void taint_walk(const Func *f, Taints *st, const Taints *summary)
{
	Frames fr = {0};
	size_t i, j;
	for (i = 0; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		int kind = il_ops[in->op].kind;
		Frame *top = fr.n ? &fr.v[fr.n - 1] : NULL;
		Frame nf;
		if (kind == K_LOOP || kind == K_SWITCH || kind == K_IF) {
			taint_inst(st, in, 1); /* the condition or selector is a use */
			memset(&nf, 0, sizeof nf);
			nf.kind = kind == K_IF ? K_IF : kind == K_SWITCH ? K_SWITCH : K_LOOP;
			nf.start = i + 1;
			taints_copy(&nf.entry, st);
			vec_push(&fr, nf);
			continue;
		}
		if (kind == K_ELSE && top && top->kind == K_IF) {
			taints_copy(&top->other, st);
			taints_copy(st, &top->entry);
			top->has_else = 1;
			continue;
		}
		if (kind == K_ENDIF && top && top->kind == K_IF) {
			frame_pop(&fr, st, top->has_else ? &top->other : &top->entry, NULL);
			continue;
		}
		if ((kind == K_BREAK || kind == K_CONTINUE) && fr.n) {
			taint_inst(st, in, 1); /* a condition is a use */
			/* the innermost loop (or switch, for a break) */
			for (j = fr.n; j-- > 0;)
				if (fr.v[j].kind == K_LOOP || (kind == K_BREAK && fr.v[j].kind == K_SWITCH))
					break;
			if (j < fr.n)
				taints_join(&fr.v[j].other, st);
			continue;
		}
		if (kind == K_CASE && top && top->kind == K_SWITCH) {
			taints_join(st, &top->entry); /* entered from the switch */
			continue;
		}
		if (kind == K_ENDSWITCH && top && top->kind == K_SWITCH) {
			frame_pop(&fr, st, &top->other, &top->entry);
			continue;
		}
		if (kind == K_ENDLOOP && top && top->kind == K_LOOP) {
			/* the back edge: the body's end and its continues meet the
			 * head; run the body again until the head holds still */
			if (taints_join(&top->entry, st) | taints_join(&top->entry, &top->other)) {
				taints_copy(st, &top->entry);
				i = top->start - 1;
				continue;
			}
			/* after the loop: its breaks (and, for a counted loop, the head) */
			frame_pop(&fr, st, &top->other, &top->entry);
			continue;
		}
		taint_inst(st, in, 1);
		if (kind == K_CALL && strcmp(il_ops[in->op].name, "mcall"))
			taints_join(st, summary); /* what the callee may leave */
	}
	for (j = 0; j < fr.n; j++) {
		taints_free(&fr.v[j].entry);
		taints_free(&fr.v[j].other);
	}
	vec_free(&fr);
}

/* Highest dimension (1..3) the kernel uses.  AMD's wrappers compute all
 * three components whatever the kernel needs, so the wrapper is looked at
 * only when the kernel has no other function. */
static int dimensions(const Kernel *k)
{
	Taints ts, st;
	size_t f, i, f0 = k->funcs.n > 1 && !k->derived ? 1 : 0; /* a derived kernel's funcs[0] is its code */
	unsigned used = 0;
	memset(&ts, 0, sizeof ts);
	ids_derived = k->derived;
	do {
		ts.changed = 0;
		for (f = f0; f < k->funcs.n; f++)
			for (i = 0; i < k->funcs.v[f]->code.n; i++)
				taint_inst(&ts, &k->funcs.v[f]->code.v[i], 0);
	} while (ts.changed);
	/* ts: every register's taint anywhere; now each function in order */
	for (f = f0; f < k->funcs.n; f++) {
		memset(&st, 0, sizeof st);
		taints_join(&st, &ts);
		taint_walk(k->funcs.v[f], &st, &ts);
		used |= st.used;
		taints_free(&st);
	}
	taints_free(&ts);
	ids_derived = 0;
	return used & 4 ? 3 : used & 2 ? 2 : 1;
}

/* The group size the kernel requires (;cws, or dcl_num_thread_per_group
 * as the translator reads it), 0 when free; and the largest it allows
 * (dcl_max_thread_per_group), 0 when unstated. */
static void group_limits(const Kernel *k, uint32_t req[3], uint32_t *max)
{
	size_t f, i;
	int d;
	*max = 0;
	for (d = 0; d < 3; d++)
		req[d] = k->md->cws[0] ? (uint32_t)k->md->cws[d] : 0;
	for (f = 0; f < k->funcs.n; f++)
		for (i = 0; i < k->funcs.v[f]->code.n; i++) {
			const Inst *in = &k->funcs.v[f]->code.v[i];
			if ((in->op == OP_DCL_NUM_THREAD_PER_GROUP || in->op == OP_DCL_NUM_THREAD_PER_BLK) && !req[0])
				for (d = 0; d < 3; d++)
					req[d] = d < in->nops && in->ops[d].file == RF_NUMBER ? (uint32_t)in->ops[d].num : 1;
			if (in->op == OP_DCL_MAX_THREAD_PER_GROUP && in->nops == 1 && in->ops[0].file == RF_NUMBER)
				*max = (uint32_t)in->ops[0].num;
		}
}

static void choose_range(const Kernel *k, EmuRange *r)
{
	static const uint32_t loc[3][3] = {{64, 1, 1}, {8, 4, 1}, {4, 4, 2}};
	static const uint32_t groups[3][3] = {{3, 1, 1}, {2, 3, 1}, {2, 2, 2}};
	uint32_t req[3], max;
	int d;
	memset(r, 0, sizeof *r);
	r->dim = dimensions(k);
	group_limits(k, req, &max);
	if (req[0] && req[2] > 1)
		r->dim = 3;
	else if (req[0] && req[1] > 1 && r->dim < 2)
		r->dim = 2;
	if (k->ps)
		r->dim = 2; /* an il_ps kernel's domain is a rectangle of pixels */
	for (d = 0; d < 3; d++)
		r->local[d] = req[0] ? req[d] : d < r->dim ? loc[r->dim - 1][d] : 1;
	/* within dcl_max_thread_per_group: halve the largest dimension */
	while (!req[0] && max && r->local[0] * r->local[1] * r->local[2] > max) {
		int big = r->local[1] > r->local[0] ? 1 : 0;
		if (r->local[2] > r->local[big])
			big = 2;
		r->local[big] = r->local[big] / 2 ? r->local[big] / 2 : 1;
		if (r->local[0] * r->local[1] * r->local[2] == 1)
			break;
	}
	for (d = 0; d < 3; d++)
		r->global[d] = r->local[d] * (d < r->dim ? groups[r->dim - 1][d] : 1);

}

/* Launch shape `shape` (1..--shapes) of a kernel, seeded by --seed, the
 * kernel's name and the shape: its own dimensions; a required group size
 * kept, else 1..64 work-items per group (1..32 in 2-D and 3-D, within
 * dcl_max_thread_per_group), each dimension's share random, so groups that
 * are not a multiple of the SIMD width and partly filled threads come up;
 * 1..4 groups per dimension (1..3 beyond x); a global offset of 0..40 in
 * every dimension used.  Whole groups only: the global size is a multiple
 * of the local size, as OpenCL 1.2 and Level Zero's group counts require
 * (docs/TESTING.md). */
static void shape_range(const Kernel *k, const ConformOptions *o, int shape, EmuRange *r)
{
	Rng rng = {hash(k->name, o->seed * 1000003u + (uint64_t)shape * 7919u + (uint64_t)o->simd)};
	uint32_t req[3], max, lim, left;
	int d;
	choose_range(k, r);
	group_limits(k, req, &max);
	if (!req[0]) {
		lim = r->dim == 1 ? 64 : 32;
		if (max && max < lim)
			lim = max;
		left = lim;
		for (d = 0; d < 3; d++) {
			r->local[d] = d < r->dim ? (uint32_t)rng_range(&rng, 1, left) : 1;
			left /= r->local[d];
		}
	}
	for (d = 0; d < 3; d++) {
		r->global[d] = r->local[d] * (d < r->dim ? (uint32_t)rng_range(&rng, 1, d ? 3 : 4) : 1);
		r->offset[d] = d < r->dim ? (uint32_t)rng_range(&rng, 0, 40) : 0;
	}
}

/* Does the kernel's result depend on the order of its atomics (it uses an
 * atomic's returned value, or a compare-exchange)?  OpenCL leaves that order
 * open, so no byte-for-byte comparison can cover every order: such a kernel
 * runs its work-items in id order on both sides (where they agree by
 * construction), the others in a random interleaving. */
static int order_sensitive(const Kernel *k)
{
	size_t f, i;
	for (f = 0; f < k->funcs.n; f++)
		for (i = 0; i < k->funcs.v[f]->code.n; i++) {
			int op = k->funcs.v[f]->code.v[i].op;
			const char *n = il_ops[op].name;
			if (!strncmp(n, "uav_read_", 9) || (!strncmp(n, "lds_read_", 9) && op != OP_LDS_READ_VEC) ||
			    op == OP_UAV_CMP || op == OP_LDS_CMP) /* lds_read_vec: R7xx's plain read */
				return 1;
		}
	return 0;
}

/* ---- images -------------------------------------------------------------- */

/* Does the IL treat what instruction `at` of f reads from an image (its
 * destination register) as integers?  The first later instruction that reads
 * the register decides: integer sources, or float ones (moves pass). */
static int read_as_int(const Func *f, size_t at)
{
	long long r = f->code.v[at].ops[0].num;
	size_t i;
	int j;
	for (i = at + 1; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		int first = il_ops[in->op].ndst > 0 ? il_ops[in->op].ndst : 0, kind = amd_alu_kind(in->op);
		for (j = first; j < in->nops; j++)
			if (in->ops[j].file == RF_TEMP && in->ops[j].num == r && in->op != OP_MOV && kind)
				return kind == 1 || kind == 4 || kind == 6;
		if (first && in->nops && in->ops[0].file == RF_TEMP && in->ops[0].num == r)
			return 0;
	}
	return 0;
}

/* Is operand o (or its relative index) an element of buffer argument m? */
static int names_buffer(const Operand *o, const MdArg *m)
{
	return o && ((o->file == RF_CB && !strcmp(m->mem, "hc") && o->num == m->bufid) ||
	             (o->file == RF_GLOBAL && !strcmp(m->mem, "g")));
}

/* Does a derived (CAL) kernel read buffer argument m's elements as
 * integers: an integer instruction (or a relative index) takes one
 * directly, or a register movs copied one into (Brook+'s brcc copies cb0
 * into registers first: mov r269, cb0[l0.x + 0], then ilt ..., r269.z)?
 * Its data is then small positive integers (1..16): CAL programs keep
 * sizes, pitches and offsets in their constant buffers and index and loop
 * with them, which random floats or +-100000 would send out of every
 * buffer, or around a loop for ever, on both sides alike. */
static int derived_int_buffer(const Kernel *k, const MdArg *m)
{
	size_t f, i, r;
	int j, kind, pass, grew = 1;
	VEC(long long) regs = {0}; /* registers holding a copy of m's data */
	int found = 0;
	if (!k->derived || m->kind != MA_POINTER)
		return 0;
	for (pass = 0; grew && pass < 8; pass++) {
		grew = 0;
		for (f = 0; f < k->funcs.n; f++)
			for (i = 0; i < k->funcs.v[f]->code.n; i++) {
				const Inst *in = &k->funcs.v[f]->code.v[i];
				const Operand *s = in->nops > 1 ? &in->ops[1] : NULL;
				int copy = 0;
				if (in->op != OP_MOV || in->nops != 2 || in->ops[0].file != RF_TEMP)
					continue;
				copy = names_buffer(s, m);
				for (r = 0; !copy && s->file == RF_TEMP && r < regs.n; r++)
					copy = regs.v[r] == s->num;
				for (r = 0; copy && r < regs.n && regs.v[r] != in->ops[0].num; r++)
					;
				if (copy && r == regs.n) {
					vec_push(&regs, in->ops[0].num);
					grew = 1;
				}
			}
	}
	for (f = 0; !found && f < k->funcs.n; f++)
		for (i = 0; !found && i < k->funcs.v[f]->code.n; i++) {
			const Inst *in = &k->funcs.v[f]->code.v[i];
			kind = amd_alu_kind(in->op);
			for (j = il_ops[in->op].ndst > 0 ? il_ops[in->op].ndst : 0; !found && j < in->nops; j++) {
				const Operand *o = &in->ops[j];
				int hit = names_buffer(o, m), xhit = names_buffer(o->index_reg, m);
				for (r = 0; o->file == RF_TEMP && !hit && r < regs.n; r++)
					hit = regs.v[r] == o->num;
				for (r = 0; o->index_reg && o->index_reg->file == RF_TEMP && !xhit && r < regs.n; r++)
					xhit = regs.v[r] == o->index_reg->num;
				found = xhit || (hit && (kind == 1 || kind == 4 || kind == 6));
			}
		}
	vec_free(&regs);
	return found;
}

/* Is the value instruction `at` of f stores (its second operand) an integer?
 * The last earlier instruction writing the register decides. */
static int written_as_int(const Func *f, size_t at)
{
	long long r = at < f->code.n && f->code.v[at].nops > 1 ? f->code.v[at].ops[1].num : -1;
	size_t i;
	for (i = at; i-- > 0;) {
		const Inst *in = &f->code.v[i];
		int kind = amd_alu_kind(in->op);
		if (il_ops[in->op].ndst != 1 || !in->nops || in->ops[0].file != RF_TEMP || in->ops[0].num != r)
			continue;
		if (in->op == OP_MOV && in->nops > 1 && in->ops[1].file == RF_TEMP) {
			r = in->ops[1].num;
			continue;
		}
		return in->op != OP_ITOF && in->op != OP_UTOF && (kind == 1 || kind == 3 || kind == 4 || kind == 6);
	}
	return 0;
}

/* the image instruction in names image m (by resource or UAV id) */
static int names_image(const Inst *in, const MdArg *m)
{
	const Mod *id = il_inst_mod(in, "id"), *res = il_inst_mod(in, "resource");
	int uav = strcmp(m->access, "RO") != 0;
	if (uav ? in->op != OP_UAV_LOAD && in->op != OP_UAV_STORE :
	          in->op != OP_SAMPLE && in->op != OP_SAMPLE_L && in->op != OP_SAMPLE_B && in->op != OP_SAMPLE_G &&
	          in->op != OP_LOAD)
		return 0;
	if (!id)
		id = res;
	return id && il_mod_int(id, -1) == m->bufid;
}

static int image_is_int(const Kernel *k, const MdArg *m)
{
	size_t f, i;
	for (f = 0; f < k->funcs.n; f++)
		for (i = 0; i < k->funcs.v[f]->code.n; i++) {
			const Inst *in = &k->funcs.v[f]->code.v[i];
			if (!names_image(in, m))
				continue;
			if (in->op == OP_UAV_STORE ? written_as_int(k->funcs.v[f], i) :
			    in->nops && in->ops[0].file == RF_TEMP && read_as_int(k->funcs.v[f], i))
				return 1;
		}
	return 0;
}

static uint32_t pow2_at_least(uint32_t v)
{
	uint32_t p = 1;
	while (p < v)
		p *= 2;
	return p;
}

/* an image argument: the description and random texels; a --shapes
 * launch (shape > 0) also varies the channel order (CL_R, CL_RG, CL_RGBA),
 * so reads of the missing channels (0, 0, 1) and the border colours of one-
 * and two-channel images are compared too */
static void gen_image(const Kernel *k, const MdArg *m, const EmuRange *r, int shape, Rng *rng, int *nint,
                      int *nflt, EmuArg *e)
{
	static const uint32_t orders[] = {EMU_CL_R, EMU_CL_RG, EMU_CL_RGBA};
	static const struct { const char *dim; EmuImageType t; } dims[] = {
		{"1D", EI_1D}, {"1DA", EI_1D_ARRAY}, {"1DB", EI_1D_BUFFER}, {"2D", EI_2D},
		{"2DA", EI_2D_ARRAY}, {"3D", EI_3D},
	};
	EmuImage *d = &e->image;
	size_t i, j, cb;
	uint32_t slices, gx, gy;
	int isint = image_is_int(k, m);
	memset(d, 0, sizeof *d);
	for (i = 0; i < NELEM(dims); i++)
		if (!strcmp(dims[i].dim, m->dim))
			d->type = dims[i].t;
	/* an il_ps kernel's pixels are its global ids plus the offset (CAL's domain origin) */
	gx = r->global[0] + (k->ps ? r->offset[0] : 0), gy = r->global[1] + (k->ps ? r->offset[1] : 0);
	d->width = pow2_at_least(gx > 4 ? gx : 4);
	d->height = d->type == EI_2D || d->type == EI_2D_ARRAY || d->type == EI_3D ?
	            pow2_at_least(gy > 8 ? gy : 8) : 1;
	d->depth = d->type == EI_3D ? pow2_at_least(r->global[2] > 8 ? r->global[2] : 8) : 1;
	d->array_size = d->type == EI_1D_ARRAY || d->type == EI_2D_ARRAY ? 8 : 0;
	/* a shape's images take the orders in turn, shifted by the image's
	 * place, so two shapes cover CL_R and CL_RG for every image */
	d->order = shape ? orders[(size_t)(shape - 1 + *nint + *nflt) % NELEM(orders)] : EMU_CL_RGBA;
	d->data_type = isint ? ((*nint)++ % 2 ? EMU_CL_SIGNED_INT16 : EMU_CL_SIGNED_INT32)
	                     : ((*nflt)++ % 2 ? EMU_CL_FLOAT : EMU_CL_UNORM_INT8);
	if (m->cal_fmt) /* a CAL resource: the host binds the type its declaration gives */
		d->data_type = !strcmp(m->cal_fmt, "uint") ? EMU_CL_UNSIGNED_INT32 :
		               !strcmp(m->cal_fmt, "sint") ? EMU_CL_SIGNED_INT32 :
		               !strcmp(m->cal_fmt, "float") ? EMU_CL_FLOAT :
		               !strcmp(m->cal_fmt, "unorm") ? EMU_CL_UNORM_INT8 : d->data_type;
	d->texel = (uint32_t)emu_image_texel_bytes(d->order, d->data_type);
	d->row_pitch = d->width * d->texel;
	d->slice_pitch = d->row_pitch * d->height;
	slices = d->type == EI_3D ? d->depth : d->array_size ? d->array_size : 1;
	e->kind = EA_IMAGE;
	e->size = (size_t)d->slice_pitch * slices;
	e->bytes = xmalloc(e->size);
	cb = d->texel / (size_t)emu_image_channels(d->order);
	for (j = 0; j + cb <= e->size; j += cb)
		put_elem(e->bytes + j, (int)cb, d->data_type == EMU_CL_FLOAT ? EK_FLOAT : EK_INT, rng,
		         cb == 1 ? 0 : -100000, cb == 1 ? 255 : 100000);
}

/* 0, or -1 with *why when the kernel takes an argument no launch can
 * describe yet (counters, semaphores). */
/* The launches tried, in order, when the AMD side cannot run the one
 * before (docs/TESTING.md, "Launches a kernel can run"): AMD's sample
 * kernels take sizes, strides, counts and flags as integer arguments,
 * index with the data they read, and assume a 1-D group of a fixed size.
 * A variant changes only what it names; 0 is the generated launch. */
typedef struct Variant {
	int ints;       /* by-value integers: 0 1..global x, 1 1..16, 2 the launch's
	                 * sizes (global, local, 1, 2), 3 0..4, 4 zero */
	int data_small; /* integer buffer elements 0..15 instead of +-100000; 2:
	                 * each integer element its own index, so data used as
	                 * positions is a permutation (a scatter such as RadixSort's
	                 * permute writes each element once) */
	int local_x;    /* __local pointer arguments: this many times 16 bytes a work-item */
	int one_d;      /* 1: a 1-D launch of 3 groups of dcl_max_thread_per_group (or
	                 * 64) work-items; 2: of one such group; 3, 4: of 3 groups
	                 * of 64, 128 (sizes AMD's samples assume: URNG's 64) */
	int big;        /* buffers of 256 elements and __local arguments of 512 bytes
	                 * a work-item (a 256-bin histogram per work-item: AMD's
	                 * Histogram and RadixSort samples) */
} Variant;

static const Variant variants[] = {
	{0, 0, 1, 0, 0}, {1, 0, 1, 0, 0}, {2, 0, 1, 0, 0}, {1, 1, 8, 0, 0}, {2, 1, 8, 0, 0},
	{1, 1, 8, 1, 0}, {2, 1, 8, 1, 0}, {3, 1, 8, 0, 0}, {3, 1, 8, 1, 0}, {1, 1, 8, 2, 0}, {2, 1, 8, 2, 0},
	{1, 1, 8, 3, 0}, {2, 1, 8, 3, 0}, {1, 1, 8, 4, 0}, {2, 1, 8, 4, 0}, {1, 1, 8, 3, 1}, {3, 1, 8, 3, 1},
	{4, 2, 8, 3, 1},
};
#define NVARIANTS ((int)(sizeof variants / sizeof *variants))

/* what variant v changed, for the report */
static char *variant_desc(int v)
{
	static const char *const ints[] = {"", "by-value integers 1..16", "by-value integers from the launch's "
	                                   "sizes", "by-value integers 0..4", "by-value integers 0"};
	const Variant *va = &variants[v];
	return xasprintf("launch variant %d:%s%s%s%s%s%s%s%s", v, va->ints ? " " : "", ints[va->ints],
	                 va->data_small ? "," : "", va->data_small == 2 ? " integer buffer elements their own "
	                 "index" : va->data_small ? " integer buffer elements 0..15" : "",
	                 va->local_x > 1 && !va->big ? ", __local arguments 8x larger" : "",
	                 va->one_d ? ", " : "", va->one_d == 2 ? "a 1-D launch of one group" :
	                 va->one_d == 3 ? "a 1-D launch, groups of 64" : va->one_d == 4 ?
	                 "a 1-D launch, groups of 128" : va->one_d ? "a 1-D launch" : "",
	                 va->big ? ", 256 buffer elements and 512 bytes of each __local argument a work-item" : "");
}

static int conform_launch(const Kernel *k, const ConformOptions *o, int shape, int variant, EmuLaunch *l,
                          char **why)
{
	const Variant *va = &variants[variant];
	Rng rng = {hash(k->name, o->seed + (uint64_t)variant * 7919u)};
	uint64_t items, group;
	size_t i;
	int nint = 0, nflt = 0;
	memset(l, 0, sizeof *l);
	if (shape) {
		shape_range(k, o, shape, &l->range);
	} else if (va->one_d) {
		uint32_t req[3], max;
		int d;
		group_limits(k, req, &max);
		memset(&l->range, 0, sizeof l->range);
		l->range.dim = 1;
		for (d = 0; d < 3; d++)
			l->range.local[d] = req[0] ? req[d] : 1, l->range.global[d] = l->range.local[d];
		if (!req[0])
			l->range.local[0] = va->one_d == 3 ? 64 : va->one_d == 4 ? 128 : max && max <= 256 ? max : 64;
		if (max && l->range.local[0] > max)
			l->range.local[0] = max;
		l->range.global[0] = l->range.local[0] * (va->one_d == 2 ? 1 : 3);
		if (req[0])
			l->range.dim = req[2] > 1 ? 3 : req[1] > 1 ? 2 : 1;
	} else {
		choose_range(k, &l->range);
		/* --offset: a global work offset in x (cb0[6]/cb0[9] on AMD,
		 * global_id_offset on Level Zero); buffers grow with it */
		l->range.offset[0] = (uint32_t)o->offset;
	}
	/* the work-items, counted as if the ids started at 0 (ids include
	 * the offset) */
	items = (uint64_t)(l->range.global[0] + l->range.offset[0]) * (l->range.global[1] + l->range.offset[1]) *
	        (l->range.global[2] + l->range.offset[2]);
	group = (uint64_t)l->range.local[0] * l->range.local[1] * l->range.local[2];
	l->printf_slot = o->printf_slot > 0 ? o->printf_slot : PF_SLOT_DWORDS;
	l->grf_bytes = o->grf_bytes;
	l->thread_prolog = o->thread_prolog;
	l->inline_data = o->inline_data;
	for (i = 0; i < k->md->args.n; i++) {
		const MdArg *a = &k->md->args.v[i];
		EmuArg e;
		ElemKind ek;
		int es = elem_of(a->type, &ek);
		size_t j;
		memset(&e, 0, sizeof e);
		if (a->kind == MA_SEMA) {
			*why = xasprintf("argument '%s' is a semaphore, which the emulated runtimes do not take",
			                 a->name);
			return -1;
		}
		if (a->kind == MA_COUNTER) {
			/* the counter's buffer (Level Zero's view of it, and what the
			 * twin's volatile __global uint * gets): its value starts at 0,
			 * just below 2^32 (alloc wraps), 1 or anywhere (consume wraps
			 * from 0) */
			static const uint32_t start[] = {0, 0xFFFFFFF0u, 1};
			uint32_t v = (uint32_t)rng_next(&rng);
			uint64_t pick = rng_next(&rng) % 4;
			e.kind = EA_BUFFER;
			e.size = 4;
			e.bytes = xmalloc(4);
			if (pick < 3)
				v = start[pick];
			memcpy(e.bytes, &v, 4);
			vec_push(&l->args, e);
			continue;
		}
		if (a->kind == MA_IMAGE) {
			gen_image(k, a, &l->range, shape, &rng, &nint, &nflt, &e);
		} else if (a->kind == MA_SAMPLER) {
			e.kind = EA_SAMPLER;
			e.sampler.normalized = 0;
			e.sampler.addressing = EMU_CL_ADDRESS_CLAMP_TO_EDGE;
			e.sampler.filter = EMU_CL_FILTER_NEAREST;
		} else if (a->kind == MA_POINTER && !strcmp(a->mem, "hl")) {
			e.kind = EA_LOCAL;
			e.size = (size_t)group * (va->big ? 512 : 16 * (size_t)va->local_x);
			if (e.size > 32768 && group * 16 <= 32768)
				e.size = 32768; /* AMD's 32 KiB of LDS */
		} else if (a->kind == MA_POINTER) {
			e.kind = EA_BUFFER;
			e.size = (size_t)items * (va->big ? 256 : 16) * (size_t)es;
			if (e.size < 4096)
				e.size = 4096;
			if (a->bytes > 0) /* a derived kernel's constant buffer: its declared size */
				e.size = (size_t)a->bytes;
			e.bytes = xmalloc(e.size);
			if (derived_int_buffer(k, a))
				for (j = 0; j + 4 <= e.size; j += 4)
					put_elem(e.bytes + j, 4, EK_INT, &rng, 1, 16);
			else for (j = 0; j + (size_t)es <= e.size; j += (size_t)es)
				if (va->data_small == 2 && ek == EK_INT) {
					uint64_t v = j / (size_t)es;
					memcpy(e.bytes + j, &v, (size_t)es); /* the low bytes */
				} else {
					put_elem(e.bytes + j, es, ek, &rng, va->data_small ? 0 : -100000,
					         va->data_small ? 15 : 100000);
				}
		} else {
			/* by value: the host's bytes (3-element vectors take 4) */
			int n = a->nelem == 3 ? 4 : a->nelem;
			e.kind = EA_VALUE;
			e.size = !strcmp(a->type, "struct") || !strcmp(a->type, "union") ? (size_t)a->nelem
			         : (size_t)es * (size_t)(n > 0 ? n : 1);
			if (e.size == 0)
				e.size = 4;
			e.bytes = xcalloc(1, e.size);
			for (j = 0; j + (size_t)es <= e.size; j += (size_t)es) {
				if (a->nelem == 3 && j / (size_t)es % 4 == 3)
					continue; /* a 3-vector's 4th element: 0 */
				if (va->ints == 2 && ek == EK_INT) {
					/* one of the launch's sizes */
					const uint32_t pick[] = {l->range.global[0], l->range.local[0], l->range.global[1],
					                         l->range.local[1], 1, 2};
					int64_t v = pick[rng_next(&rng) % 6];
					memcpy(e.bytes + j, &v, (size_t)es);
				} else
					put_elem(e.bytes + j, es, ek, &rng, va->ints >= 3 ? 0 : 1,
					         va->ints == 1 ? 16 : va->ints == 3 ? 4 : va->ints == 4 ? 0 :
					         l->range.global[0]);
			}
		}
		vec_push(&l->args, e);
	}
	return 0;
}

/* ---- comparison ------------------------------------------------------------ */

typedef struct Verdict {
	int agree;
	int race;       /* the first difference is a byte two work-items stored
	                 * with no order between them: undefined, not a mismatch */
	Buf why;        /* first difference, human readable */
	size_t impl;    /* elements not compared: their AMD value depends on an
	                 * out-of-range float-to-integer conversion (pocl, twin) */
} Verdict;

/* a float or double element's value */
static double float_at(const uint8_t *p, int size)
{
	double d;
	float f;
	if (size == 4) {
		memcpy(&f, p, 4);
		return f;
	}
	memcpy(&d, p, 8);
	return d;
}

/* pocl against the AMD side after approximate math, relatively (with
 * POCL_APPROX_ULPS below): the native_ builtins AMD's
 * samples call (FFT: native_sin, native_cos) have implementation-defined
 * accuracy (OpenCL 1.2 section 6.12.2), and AMD's hardware sin/cos differ
 * from pocl's in the sixth digit after a few butterflies (1.3e-5) */
#define POCL_APPROX_REL 1e-4

/* x and y within tol relative to the larger of their magnitudes and scale
 * (the buffer's largest approximate magnitude, at least the smallest
 * normal): no absolute slack of its own, so values below 1 are compared as
 * closely as the buffer's own magnitudes allow */
static int close_enough(const uint8_t *a, const uint8_t *b, int size, double tol, double scale)
{
	double x = float_at(a, size), y = float_at(b, size);
	if (isnan(x) && isnan(y))
		return 1;
	return fabs(x - y) <= tol * fmax(scale, fmax(fabs(x), fabs(y)));
}

static void hex(Buf *b, const uint8_t *p, int n)
{
	int i;
	buf_puts(b, "0x");
	for (i = n; i-- > 0;)
		buf_printf(b, "%02x", p[i]);
}

/* the element compared: a buffer's pointee, an image's channel */
static int arg_elem(const MdArg *a, const EmuArg *e, ElemKind *ek)
{
	if (e->kind != EA_IMAGE)
		return elem_of(a->type, ek);
	*ek = e->image.data_type == EMU_CL_FLOAT ? EK_FLOAT : EK_INT;
	return (int)e->image.texel / emu_image_channels(e->image.order);
}

/* Floats a and b (size bytes) at most `ulps` apart in the ordered integer
 * encoding (no absolute slack near zero: +0 and -0 are 0 apart, and an
 * infinity is never near a finite value); NaN matches NaN. */
static int within_ulps(const uint8_t *a, const uint8_t *b, int size, int ulps)
{
	int64_t x = 0, y = 0, d;
	double fx = float_at(a, size), fy = float_at(b, size);
	if (isnan(fx) || isnan(fy))
		return isnan(fx) && isnan(fy);
	if (isinf(fx) || isinf(fy))
		return fx == fy;
	memcpy(&x, a, (size_t)size);
	memcpy(&y, b, (size_t)size);
	if (size == 4) {
		x = (int32_t)x, y = (int32_t)y;
		x = x < 0 ? (int64_t)INT32_MIN - x : x;
		y = y < 0 ? (int64_t)INT32_MIN - y : y;
	} else {
		x = x < 0 ? INT64_MIN - x : x;
		y = y < 0 ? INT64_MIN - y : y;
	}
	d = x > y ? x - y : y - x;
	return d >= 0 && d <= ulps;
}

/* work-item flat global id g as (x,y,z) with the launch offset */
static void item_name(Buf *b, int64_t g, const EmuLaunch *l)
{
	uint32_t gx = l->range.global[0], gy = l->range.global[1];
	buf_printf(b, "(%lld,%lld,%lld)", (long long)(g % gx + l->range.offset[0]),
	           (long long)(g / gx % gy + l->range.offset[1]), (long long)(g / gx / gy + l->range.offset[2]));
}

/* A differing element one of whose bytes two work-items stored on AMD's
 * side with no order between them (same group and no barrier ordering
 * global memory, or two groups): OpenCL leaves its value undefined, so the
 * kernel cannot be compared there; says so in v and returns 1. */
static int race_at(const Kernel *k, size_t ai, const EmuResult *amd, size_t off, size_t es,
                   const EmuLaunch *l, Verdict *v)
{
	const int64_t *rc = amd->racers.n > ai ? amd->racers.v[ai] : NULL;
	const int64_t *w = amd->writers.n > ai ? amd->writers.v[ai] : NULL;
	size_t b;
	for (b = off; rc && w && b < off + es; b++) {
		if (rc[b] < 0)
			continue;
		v->race = 1;
		buf_printf(&v->why, "argument %zu '%s', byte %zu: work-items ", ai, k->md->args.v[ai].name, b);
		item_name(&v->why, rc[b], l);
		buf_puts(&v->why, " and ");
		item_name(&v->why, w[b], l);
		buf_puts(&v->why, " both store it with no barrier or group boundary ordering the two: a "
		         "write-write data race, whose result OpenCL leaves undefined (the runtimes differ "
		         "there; not compared)\n");
		return 1;
	}
	return 0;
}

/* The class of the element at [off, off + es) of argument ai, its bytes'
 * joined (amdint.h Run.taint: low 7 bits 0 computed exactly, 1..126 within
 * that many ulps, AMD_TAINT_HW a hardware approximation; AMD_TAINT_IMPL);
 * -1 when the side does not track classes (Level Zero, pocl). */
static int elem_class(const EmuResult *r, size_t ai, size_t off, size_t es)
{
	const uint8_t *t = r->taints.n > ai ? r->taints.v[ai] : NULL;
	uint8_t c = 0;
	size_t b;
	if (!t)
		return -1;
	for (b = off; b < off + es; b++)
		c = amd_taint_join(c, t[b]);
	return c;
}

/* The AMD side converted a float out of an integer's range and what
 * depends on it is not known element by element (the value decided a
 * branch, an address, an index or a printf record, or the side tracks no
 * classes): OpenCL C leaves the whole result to the implementation. */
static int cvt_excuses_kernel(const EmuResult *amd)
{
	return amd->cvt_range && (amd->cvt_cf || !amd->taints.n);
}

/* approx: the approximate elements' floats within EMU_TOLERANCE (relative;
 * 2: the pocl rule, 2 x the class in ulps for a library macro's value,
 * POCL_APPROX_REL of the largest magnitude among the hardware-approximate
 * elements for the others); ulps > 0: every float within that many ulps;
 * neither: byte for byte.  An element is approximate when its class on the
 * AMD side (amd, which tracks it) is not 0, or, on a side that does not
 * track classes, when approx is set at all.  skip_impl: elements whose AMD
 * value depends on an out-of-range conversion are not compared (counted in
 * v->impl): OpenCL C leaves such a cast's result to the implementation. */
static void compare_buffer(const Kernel *k, size_t ai, const EmuResult *amd, const EmuResult *ze,
                           const char *first, const char *other, int approx, int ulps, int skip_impl,
                           const EmuLaunch *l, Verdict *v)
{
	const MdArg *a = &k->md->args.v[ai];
	const Buf *x = &amd->buffers.v[ai], *y = &ze->buffers.v[ai];
	ElemKind ek;
	int es = arg_elem(a, &l->args.v[ai], &ek);
	size_t n = x->n < y->n ? x->n : y->n, off;
	if (x->n != y->n) {
		v->agree = 0;
		buf_printf(&v->why, "argument %zu '%s': %zu bytes on %s, %zu on %s\n", ai, a->name,
		           x->n, first, y->n, other);
		return;
	}
	double scale = es == 8 ? DBL_MIN : FLT_MIN;
	if (approx && ek == EK_FLOAT && (es == 4 || es == 8))
		/* norm-wise: relative to the largest finite magnitude of the
		 * approximate elements (hardware ones for pocl), as errors of
		 * approximate math cancel into small results (an FFT's outputs) */
		for (off = 0; off + (size_t)es <= x->n; off += (size_t)es) {
			double f = fabs(float_at((const uint8_t *)x->s + off, es));
			int c = elem_class(amd, ai, off, (size_t)es);
			if ((c < 0 || (approx > 1 ? (c & AMD_TAINT_HW) == AMD_TAINT_HW : (c & AMD_TAINT_HW) != 0)) &&
			    isfinite(f) && f > scale)
				scale = f;
		}
	for (off = 0; off + (size_t)es <= n; off += (size_t)es) {
		const uint8_t *p = (const uint8_t *)x->s + off, *q = (const uint8_t *)y->s + off;
		int c, eapprox = approx, eulps = ulps;
		if (!memcmp(p, q, (size_t)es))
			continue;
		c = elem_class(amd, ai, off, (size_t)es);
		if (c > 0 && (c & AMD_TAINT_IMPL) && skip_impl) {
			v->impl++;
			continue;
		}
		if (c >= 0)
			c &= AMD_TAINT_HW;
		if (c == 0)
			eapprox = 0; /* computed exactly on AMD: no approximation slack */
		else if (c > 0 && c < AMD_TAINT_HW && approx > 1) {
			eapprox = 0; /* a library macro's value: each side within its bound */
			if (eulps < 2 * c)
				eulps = 2 * c;
		}
		if (eapprox && ek == EK_FLOAT && close_enough(p, q, es, eapprox > 1 ? POCL_APPROX_REL : EMU_TOLERANCE, scale))
			continue;
		if (eulps > 0 && ek == EK_FLOAT && within_ulps(p, q, es, eulps))
			continue;
		v->agree = 0;
		if (race_at(k, ai, amd, off, (size_t)es, l, v))
			return;
		if (a->kind == MA_IMAGE)
			buf_printf(&v->why, "argument %zu '%s' (image), texel %zu channel %zu (byte %zu): %s ", ai,
			           a->name, off / l->args.v[ai].image.texel, off % l->args.v[ai].image.texel / (size_t)es,
			           off, first);
		else
			buf_printf(&v->why, "argument %zu '%s' (%s*), element %zu (byte %zu): %s ", ai, a->name,
			           a->type ? a->type : "?", off / (size_t)es, off, first);
		hex(&v->why, p, es);
		buf_printf(&v->why, ", %s ", other);
		hex(&v->why, q, es);
		if (ek == EK_FLOAT) {
			buf_printf(&v->why, " (%.9g vs %.9g)", float_at(p, es), float_at(q, es));
		} else if (es <= 8) {
			int64_t ix = 0, iy = 0;
			memcpy(&ix, p, (size_t)es), memcpy(&iy, q, (size_t)es);
			buf_printf(&v->why, " (%lld vs %lld)", (long long)ix, (long long)iy);
		}
		if (amd->writers.n > ai && amd->writers.v[ai] && amd->writers.v[ai][off] >= 0) {
			buf_puts(&v->why, "; written on AMD by work-item ");
			item_name(&v->why, amd->writers.v[ai][off], l);
		} else if (amd->writers.n > ai && amd->writers.v[ai]) {
			buf_puts(&v->why, "; not written on AMD (initial value there)");
		}
		buf_puts(&v->why, "\n");
		return;
	}
}

/* Does AMD's record text match Level Zero's, where "(string)" stands for
 * any text (NEO cannot print run-time strings)? */
static int record_match(const char *amd, const char *ze)
{
	const char *ph = strstr(ze, "(string)");
	if (!ph)
		return strcmp(amd, ze) == 0;
	if (strncmp(amd, ze, (size_t)(ph - ze)))
		return 0;
	amd += ph - ze;
	ze = ph + 8;
	for (;; amd++) {
		if (record_match(amd, ze))
			return 1;
		if (!*amd)
			return 0;
	}
}

static const char *item(const Buf *b)
{
	return b->s ? b->s : "";
}

/* Multisets of records: exact equals are paired first, so that a Level
 * Zero record with "(string)" is not used up by an AMD record that has an
 * exact partner elsewhere; the rest pair through the wildcard. */
static void compare_printf(const EmuResult *amd, const EmuResult *ze, const char *other, int wildcard,
                           Verdict *v)
{
	size_t i, j, n = amd->printf_items.n;
	char *used, *done;
	int pass;
	if (n != ze->printf_items.n) {
		v->agree = 0;
		buf_printf(&v->why, "printf: %zu records on AMD, %zu on %s\n", n, ze->printf_items.n, other);
		return;
	}
	used = xcalloc(n + 1, 1);
	done = xcalloc(n + 1, 1);
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++) {
			const char *a = item(&amd->printf_items.v[i]);
			if (done[i])
				continue;
			for (j = 0; j < n; j++)
				if (!used[j] && (pass ? wildcard && record_match(a, item(&ze->printf_items.v[j]))
				                      : !strcmp(a, item(&ze->printf_items.v[j]))))
					break;
			if (j < n)
				used[j] = done[i] = 1;
			else if (pass) {
				v->agree = 0;
				buf_printf(&v->why, "printf: AMD's record %zu \"%s\" has no equal on %s\n", i, a, other);
				break;
			}
		}
	free(used);
	free(done);
}

static void compare(const Kernel *k, const EmuLaunch *l, const EmuResult *amd, const EmuResult *ze,
                    Verdict *v)
{
	size_t i;
	v->agree = 1;
	if (!amd->ok || !ze->ok) {
		v->agree = 0;
		if (!amd->ok)
			buf_printf(&v->why, "AMD runtime: %s\n", amd->error ? amd->error : "did not finish");
		if (!ze->ok)
			buf_printf(&v->why, "Level Zero runtime: %s\n", ze->error ? ze->error : "did not finish");
		return;
	}
	for (i = 0; i < l->args.n && v->agree; i++)
		if (l->args.v[i].kind == EA_BUFFER || l->args.v[i].kind == EA_IMAGE) {
			if (i >= amd->buffers.n || i >= ze->buffers.n) {
				v->agree = 0;
				buf_printf(&v->why, "argument %zu: a runtime returned no buffer\n", i);
				break;
			}
			compare_buffer(k, i, amd, ze, "AMD", "Level Zero", amd->approx || ze->approx, 0, 0, l, v);
		}
	if (v->agree)
		compare_printf(amd, ze, "Level Zero", 1, v);
}

/* The OpenCL C twin next to the input (K.cl for K.il), run on the host,
 * compared with the AMD side on every buffer.  It is an opinion, not a
 * verdict: C leaves some of what AMD IL defines undefined (out-of-range
 * float to integer conversions, shifts by 32 or more), so a difference is
 * reported ("the OpenCL C twin differs") without failing the kernel, and a
 * twin that cannot be run gives no opinion. */
static void third_opinion(const ConformOptions *o, const char *input, const Kernel *k,
                          const EmuLaunch *l, const EmuResult *amd)
{
	size_t n = strlen(input), i;
	char *cl, *why = NULL;
	EmuResult tw;
	struct stat st;
	if (n < 3 || strcmp(input + n - 3, ".il"))
		return;
	cl = xasprintf("%.*s.cl", (int)(n - 3), input);
	if (stat(cl, &st) != 0) {
		free(cl);
		return;
	}
	if (twin_run(o->datadir, cl, k, l, &tw, &why)) {
		if (!o->quiet)
			printf("%s: %s: no third opinion from %s: %s\n", input, k->name, cl, why ? why : "");
	} else {
		Verdict t = {1, 0, {0}, 0};
		tw.approx = amd->approx;
		for (i = 0; i < l->args.n && t.agree; i++)
			if (l->args.v[i].kind == EA_BUFFER || l->args.v[i].kind == EA_IMAGE)
				compare_buffer(k, i, amd, &tw, "AMD", "the twin", amd->approx, 0, 1, l, &t);
		if (!t.agree && cvt_excuses_kernel(amd)) {
			if (!o->quiet)
				printf("%s: %s: the OpenCL C twin not compared: it differs after a conversion OpenCL C "
				       "leaves implementation-defined (AMD: %s)\n", input, k->name, amd->cvt_range);
		} else if (!t.agree) {
			printf("%s: %s: the OpenCL C twin differs from both runtimes: %s", input, k->name,
			       t.why.s ? t.why.s : "\n");
		} else if (!o->quiet) {
			printf("%s: %s: the OpenCL C twin agrees\n", input, k->name);
		}
		buf_free(&t.why);
	}
	emu_result_free(&tw);
	free(why);
	free(cl);
}

/* ---- the third runtime: pocl ------------------------------------------------- */

/* Floats: pocl may be this many ulps from the AMD side.  pocl compiles the
 * OpenCL C twin itself, and OpenCL 1.2 section 7.4, table 7.1 lets a
 * full-profile compiler's x / y be 2.5 ulp off (AMD's turns x / c into
 * x * (1/c): AMD-APP 2.5's DwtHaar1D sample, 1 ulp from pocl) and the
 * builtins the twins call up to 4 (sin, cos 4; exp2, log2, sqrt 3;
 * rsqrt 2); the AMD side's instructions are within 2 ulp (tests/ref's
 * bound, amdil.md 4.5), so the two may be 6 apart.  After approximate math
 * (the AMD side ran transcendentals, sqrt or a fast divide) the errors
 * compose through the kernel's formula, so a relative bound holds too
 * (POCL_APPROX_REL; AMD-APP 2.5's BlackScholes: 5e-6 apart).  A NaN
 * matches any NaN (OpenCL gives no sign or payload).
 * docs/TESTING.md lists every tolerance. */
#define POCL_APPROX_ULPS 6
/* Floats computed from a CL_UNORM_INT8 image read with read_imagef: OpenCL
 * 1.2 section 8.3.1.1 lets the conversion be 1.5 ulp off (0 and 255 exact),
 * the emulators divide by 255 correctly rounded; two reads added
 * (image_rw_2d) may then be 3 ulp apart, 4 with the sum's rounding.  A
 * channel written to a CL_UNORM_INT8 image may be 1 off: section 8.3.1.2
 * lets the float-to-normalized rounding be within 0.6 of round-to-nearest-
 * even. */
#define POCL_UNORM_ULPS 4

typedef enum PoclVerdict {
	PV_NONE,     /* no twin, or --no-pocl */
	PV_AGREE,    /* pocl == AMD (and so == Level Zero when those agree) */
	PV_SKIPPED,  /* no OpenCL here */
	PV_DIFFER,   /* pocl ran and differs (fails the kernel) */
	PV_FAILED,   /* pocl could not build or run the twin (fails the kernel) */
	PV_KNOWN,    /* ... for a reason the twin documents (pocl-known) */
	PV_IMPL,     /* pocl differs or failed after the AMD side converted a float
	              * out of an integer's range: implementation-defined in OpenCL C,
	              * so not compared (AMD == L0 still is) */
} PoclVerdict;

/* K.cl next to K.il (or next to K.bin, an AMD program binary, as the AMD
 * APP SDK ships its samples), NULL when there is none */
static char *twin_path(const char *input)
{
	size_t n = strlen(input), ext = n >= 3 && !strcmp(input + n - 3, ".il") ? 3 :
	                                n >= 4 && !strcmp(input + n - 4, ".bin") ? 4 : 0;
	char *cl;
	struct stat st;
	if (!ext)
		return NULL;
	cl = xasprintf("%.*s.cl", (int)(n - ext), input);
	if (stat(cl, &st) != 0) {
		free(cl);
		return NULL;
	}
	return cl;
}

static int unorm_image(const EmuArg *a)
{
	return a->kind == EA_IMAGE && a->image.data_type == EMU_CL_UNORM_INT8;
}

/* a UNORM image's channels: equal or 1 apart (POCL_UNORM_ULPS); then the
 * exact comparison of the rest finds nothing to report */
static void unorm_slack(const EmuArg *a, const Buf *x, Buf *y)
{
	size_t i;
	for (i = 0; i < x->n && i < y->n; i++) {
		int d = (int)(uint8_t)x->s[i] - (int)(uint8_t)y->s[i];
		if (d == 1 || d == -1)
			y->s[i] = x->s[i];
	}
	(void)a;
}

/* every buffer, image and printf record of pocl's run against one side,
 * exact but for the tolerances above */
static void compare_pocl(const Kernel *k, const EmuLaunch *l, const char *sname, const EmuResult *side,
                         const EmuResult *pocl, Verdict *t)
{
	size_t i;
	int ulps = POCL_APPROX_ULPS, tracked;
	EmuResult slack = *pocl;
	VEC(Buf) copies = {0};
	for (i = 0; i < l->args.n; i++)
		if (unorm_image(&l->args.v[i]) && ulps < POCL_UNORM_ULPS)
			ulps = POCL_UNORM_ULPS;
	/* a copy of pocl's buffers where UNORM channels 1 off are made equal */
	for (i = 0; i < pocl->buffers.n; i++) {
		Buf b = {0};
		buf_add(&b, pocl->buffers.v[i].s, pocl->buffers.v[i].n);
		if (i < l->args.n && unorm_image(&l->args.v[i]) && i < side->buffers.n)
			unorm_slack(&l->args.v[i], &side->buffers.v[i], &b);
		vec_push(&copies, b);
	}
	slack.buffers.v = copies.v;
	slack.buffers.n = copies.n;
	/* A side that tracks approximation classes (the AMD emulator) is
	 * compared element by element (compare_buffer).  One that does not:
	 * approximate values only from library macros of known accuracy put
	 * each side within OpenCL's bound of the true value, so the two within
	 * twice that (the buffer-wide relative slack is for the hardware
	 * approximations, whose accuracy OpenCL leaves open) */
	tracked = side->taints.n > 0;
	if (!tracked && side->approx && side->approx_ulps > 0 && ulps < 2 * side->approx_ulps)
		ulps = 2 * side->approx_ulps;
	t->agree = 1;
	for (i = 0; i < l->args.n && t->agree; i++)
		if (l->args.v[i].kind == EA_BUFFER || l->args.v[i].kind == EA_IMAGE)
			compare_buffer(k, i, side, &slack, sname, "pocl",
			               side->approx && (tracked || !side->approx_ulps) ? 2 : 0, ulps, 1, l, t);
	if (t->agree)
		compare_printf(side, pocl, "pocl", 0, t);
	for (i = 0; i < copies.n; i++)
		buf_free(&copies.v[i]);
	vec_free(&copies);
}

/* The twin's documented pocl defects: lines "pocl-known: TEXT | REASON".
 * A run that fails with TEXT in its reason is a known failure (REASON is
 * reported, the kernel does not fail); a run that works is compared. */
static char *known_failure(const char *cl, const char *why)
{
	size_t n = 0;
	char *text = read_file(cl, &n), *p, *r = NULL;
	for (p = text; p && !r && (p = strstr(p, "pocl-known:")); p++) {
		char *bar = strchr(p, '|'), *eol = strchr(p, '\n'), *t;
		if (!bar || (eol && bar > eol))
			continue;
		t = xstrndup(p + 11, (size_t)(bar - p - 11));
		while (*t == ' ')
			memmove(t, t + 1, strlen(t));
		while (*t && t[strlen(t) - 1] == ' ')
			t[strlen(t) - 1] = 0;
		if (*t && why && strstr(why, t)) {
			size_t m;
			r = xstrndup(bar + 1, eol ? (size_t)(eol - bar - 1) : strlen(bar + 1));
			while ((m = strlen(r)) && (r[m - 1] == ' ' || r[m - 1] == '/' || r[m - 1] == '*'))
				r[m - 1] = 0; /* the end of a comment */
		}
		free(t);
	}
	free(text);
	return r;
}

/* pocl on the kernel's twin, compared with the AMD side (and, when AMD and
 * Level Zero disagree, with Level Zero too, to say whom pocl sides with).
 * A difference or a failed run is added to v (the kernel fails); *note gets
 * what the report line says about pocl. */
/* pocl 3.1 (Debian 12) conforms only on CL_RGBA images: clCreateImage
 * fails for CL_RG (CL_INVALID_OPERATION), and a CL_R image's border colour
 * reads (0,0,0,0) where OpenCL 1.2's CLK_ADDRESS_CLAMP rule gives CL_R, CL_RG,
 * CL_RGB and CL_LUMINANCE images (0,0,0,1), which both emulators (and the
 * regression image-border-int) follow.  So only launches whose images are all CL_RGBA (every default
 * launch; --shapes vary the order) go to pocl. */
static int pocl_images_ok(const EmuLaunch *l)
{
	size_t i;
	for (i = 0; i < l->args.n; i++)
		if (l->args.v[i].kind == EA_IMAGE && l->args.v[i].image.order != EMU_CL_RGBA)
			return 0;
	return 1;
}

static PoclVerdict pocl_opinion(const ConformOptions *o, const char *input, const Kernel *k,
                                const EmuLaunch *l, const EmuResult *amd, const EmuResult *ze,
                                EmuResult *pr, Verdict *v, char **note)
{
	static int skip_said;
	char *cl = o->no_pocl ? NULL : twin_path(input), *why = NULL, *known;
	Verdict t = {1, 0, {0}, 0};
	PoclVerdict pv;
	int rc;
	*note = NULL;
	if (!cl) {
		*note = xstrdup(o->no_pocl ? "pocl not run: --no-pocl" : "no OpenCL C twin for pocl");
		return PV_NONE;
	}
	if (!amd->ok) {
		*note = xstrdup("pocl not run: the AMD side did not finish");
		free(cl);
		return PV_NONE;
	}
	if (!pocl_images_ok(l)) {
		*note = xstrdup("pocl not run: CL_R or CL_RG images (pocl refuses CL_RG images and gives CL_R a "
		                "border colour (0,0,0,0), where OpenCL 1.2 says (0,0,0,1); docs/TESTING.md)");
		free(cl);
		return PV_NONE;
	}
	rc = pocl_run(cl, k, l, pr, &why);
	if (rc == POCL_SKIPPED) {
		*note = xasprintf("pocl SKIPPED: %s", why ? why : "");
		if (o->quiet && !skip_said++)
			printf("%s: %s: SIMD%d: pocl SKIPPED (this and every later kernel): %s\n", input, k->name,
			       o->simd, why ? why : "");
		pv = PV_SKIPPED;
	} else if (rc != POCL_RAN && (known = known_failure(cl, why))) {
		*note = xasprintf("pocl KNOWN FAILURE (%s):%s", cl, known);
		free(known);
		pv = PV_KNOWN;
	} else if (rc != POCL_RAN && amd->cvt_range) {
		*note = xasprintf("pocl not compared: it failed (%s) after a conversion OpenCL C leaves "
		                  "implementation-defined (AMD: %s)", why ? why : "", amd->cvt_range);
		pv = PV_IMPL;
	} else if (rc != POCL_RAN) {
		v->agree = 0;
		buf_printf(&v->why, "pocl could not run %s: %s\n", cl, why ? why : "");
		*note = xstrdup("pocl FAILED");
		pv = PV_FAILED;
	} else {
		compare_pocl(k, l, "AMD", amd, pr, &t);
		if (t.agree) {
			pv = PV_AGREE;
			if (t.impl)
				*note = xasprintf("pocl agrees but for %zu element%s computed from an out-of-range "
				                  "conversion, which OpenCL C leaves implementation-defined (AMD: %s)",
				                  t.impl, t.impl == 1 ? "" : "s", amd->cvt_range ? amd->cvt_range : "?");
		} else if (cvt_excuses_kernel(amd)) {
			/* OpenCL C 1.2 section 6.2.3.3: a float converted to an integer
			 * type it is out of range of gives an implementation-defined
			 * result; AMD saturates, pocl takes what the CPU gives */
			pv = PV_IMPL;
			*note = xasprintf("pocl not compared: it differs after a conversion OpenCL C leaves "
			                  "implementation-defined (AMD: %s)", amd->cvt_range);
		} else {
			pv = PV_DIFFER;
			if (v->agree) {
				*note = xstrdup("AMD == L0 != pocl");
			} else if (ze->ok) {
				Verdict z = {1, 0, {0}, 0};
				compare_pocl(k, l, "Level Zero", ze, pr, &z);
				*note = xstrdup(z.agree ? "AMD != L0 == pocl" : "AMD != L0 != pocl");
				buf_free(&z.why);
			}
			v->agree = 0;
			buf_printf(&v->why, "pocl (%s): %s", cl, t.why.s ? t.why.s : "\n");
		}
		if (pv == PV_AGREE && !v->agree) {
			free(*note);
			*note = xstrdup("L0 != AMD == pocl");
		}
	}
	buf_free(&t.why);
	free(why);
	free(cl);
	return pv;
}

/* ---- outputs: dumps, manifest, JUnit --------------------------------------- */

static int write_bytes(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	int ok = f && (n == 0 || fwrite(p, 1, n, f) == n);
	if (f && fclose(f))
		ok = 0;
	if (!ok)
		diag_plain("cannot write %s", path);
	return ok ? 0 : -1;
}

static void attrf(xmlTextWriterPtr w, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void attrf(xmlTextWriterPtr w, const char *name, const char *fmt, ...)
{
	va_list ap;
	Buf b = {0};
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	xmlTextWriterWriteAttribute(w, (const xmlChar *)name, (const xmlChar *)(b.s ? b.s : ""));
	buf_free(&b);
}

/* Text as XML 1.0 can carry it: control characters (but tab and newline)
 * and bytes outside ASCII as \xNN (printf output is arbitrary bytes). */
static char *xml_text(const char *s)
{
	Buf b = {0};
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if ((c < 0x20 && c != '\t' && c != '\n') || c >= 0x7f)
			buf_printf(&b, "\\x%02x", c);
		else
			buf_add(&b, s, 1);
	}
	return b.s ? b.s : xstrdup("");
}

static const char *const kind_name[] = {"value", "buffer", "local", "null", "image", "sampler"};

/* DIR/<kernel_out_stem>/: ndrange, argument bytes, the three sides' results,
 * manifest.xml */
static void dump(const ConformOptions *o, const char *input, const Kernel *k, const EmuLaunch *l,
                 const EmuResult *amd, const EmuResult *ze, const EmuResult *pocl, const Verdict *v)
{
	char *ks = kernel_out_stem(input, k->name), *dir = xasprintf("%s/%s", o->outdir, ks), *p;
	xmlTextWriterPtr w;
	size_t i;
	mkdir(o->outdir, 0777);
	mkdir(dir, 0777);
	p = xasprintf("%s/manifest.xml", dir);
	w = xmlNewTextWriterFilename(p, 0);
	free(p);
	if (!w) {
		diag_plain("cannot write %s/manifest.xml", dir);
		free(dir);
		free(ks);
		return;
	}
	xmlTextWriterSetIndent(w, 1);
	xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
	xmlTextWriterStartElement(w, (const xmlChar *)"conformance");
	attrf(w, "kernel", "%s", k->name);
	attrf(w, "device", "%s", o->device ? o->device : "");
	attrf(w, "simd", "%d", o->simd);
	attrf(w, "seed", "%llu", o->seed);
	attrf(w, "agree", "%s", v->agree ? "true" : "false");
	xmlTextWriterStartElement(w, (const xmlChar *)"ndrange");
	attrf(w, "dim", "%d", l->range.dim);
	attrf(w, "global", "%u %u %u", l->range.global[0], l->range.global[1], l->range.global[2]);
	attrf(w, "local", "%u %u %u", l->range.local[0], l->range.local[1], l->range.local[2]);
	attrf(w, "offset", "%u %u %u", l->range.offset[0], l->range.offset[1], l->range.offset[2]);
	attrf(w, "printf_slot", "%d", l->printf_slot);
	xmlTextWriterEndElement(w);
	for (i = 0; i < l->args.n; i++) {
		const EmuArg *a = &l->args.v[i];
		const MdArg *m = &k->md->args.v[i];
		xmlTextWriterStartElement(w, (const xmlChar *)"argument");
		attrf(w, "index", "%zu", i);
		attrf(w, "name", "%s", m->name);
		attrf(w, "kind", "%s", kind_name[a->kind]);
		attrf(w, "type", "%s", m->type ? m->type : "");
		attrf(w, "size", "%zu", a->size);
		if (a->bytes) {
			p = xasprintf("%s/arg%zu.initial.bin", dir, i);
			write_bytes(p, a->bytes, a->size);
			free(p);
			attrf(w, "initial", "arg%zu.initial.bin", i);
		}
		if (a->kind == EA_IMAGE) {
			attrf(w, "image", "type %d %ux%ux%u layers %u order 0x%x data_type 0x%x pitches %u %u",
			      (int)a->image.type, a->image.width, a->image.height, a->image.depth,
			      a->image.array_size, a->image.order, a->image.data_type, a->image.row_pitch,
			      a->image.slice_pitch);
		} else if (a->kind == EA_SAMPLER) {
			attrf(w, "sampler", "normalized %d addressing 0x%x filter 0x%x", a->sampler.normalized,
			      a->sampler.addressing, a->sampler.filter);
		}
		if (a->kind == EA_BUFFER || a->kind == EA_IMAGE) {
			if (amd->ok && i < amd->buffers.n) {
				p = xasprintf("%s/arg%zu.amd.bin", dir, i);
				write_bytes(p, amd->buffers.v[i].s, amd->buffers.v[i].n);
				free(p);
				attrf(w, "amd_final", "arg%zu.amd.bin", i);
			}
			if (ze->ok && i < ze->buffers.n) {
				p = xasprintf("%s/arg%zu.level_zero.bin", dir, i);
				write_bytes(p, ze->buffers.v[i].s, ze->buffers.v[i].n);
				free(p);
				attrf(w, "level_zero_final", "arg%zu.level_zero.bin", i);
			}
			if (pocl->ok && i < pocl->buffers.n) {
				p = xasprintf("%s/arg%zu.pocl.bin", dir, i);
				write_bytes(p, pocl->buffers.v[i].s, pocl->buffers.v[i].n);
				free(p);
				attrf(w, "pocl_final", "arg%zu.pocl.bin", i);
			}
		}
		xmlTextWriterEndElement(w);
	}
	p = xasprintf("%s/printf.amd.txt", dir);
	write_bytes(p, amd->printf_text.s, amd->printf_text.n);
	free(p);
	p = xasprintf("%s/printf.level_zero.txt", dir);
	write_bytes(p, ze->printf_text.s, ze->printf_text.n);
	free(p);
	if (pocl->ok) {
		p = xasprintf("%s/printf.pocl.txt", dir);
		write_bytes(p, pocl->printf_text.s, pocl->printf_text.n);
		free(p);
	}
	xmlTextWriterStartElement(w, (const xmlChar *)"printf");
	attrf(w, "amd", "printf.amd.txt");
	attrf(w, "level_zero", "printf.level_zero.txt");
	if (pocl->ok)
		attrf(w, "pocl", "printf.pocl.txt");
	xmlTextWriterEndElement(w);
	xmlTextWriterStartElement(w, (const xmlChar *)"status");
	{
		char *x = xml_text(amd->ok ? "finished" : amd->error ? amd->error : "failed");
		char *y = xml_text(ze->ok ? "finished" : ze->error ? ze->error : "failed");
		attrf(w, "amd", "%s", x);
		attrf(w, "level_zero", "%s", y);
		if (pocl->ok)
			attrf(w, "pocl", "finished");
		free(x);
		free(y);
	}
	xmlTextWriterEndElement(w);
	if (!v->agree) {
		char *t = xml_text(v->why.s);
		xmlTextWriterWriteElement(w, (const xmlChar *)"difference", (const xmlChar *)t);
		free(t);
	}
	xmlTextWriterEndElement(w);
	xmlTextWriterEndDocument(w);
	xmlFreeTextWriter(w);
	free(dir);
	free(ks);
}

typedef struct Case {
	char *file, *name, *failure;
	double seconds;
} Case;
static VEC(Case) cases;

int conform_finish(const ConformOptions *o)
{
	xmlTextWriterPtr w;
	size_t i, failures = 0;
	int rc = 0;
	for (i = 0; i < cases.n; i++)
		failures += cases.v[i].failure != NULL;
	if (o->junit) {
		w = xmlNewTextWriterFilename(o->junit, 0);
		if (!w) {
			diag_plain("cannot write %s", o->junit);
			rc = -1;
		} else {
			xmlTextWriterSetIndent(w, 1);
			xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
			xmlTextWriterStartElement(w, (const xmlChar *)"testsuites");
			xmlTextWriterStartElement(w, (const xmlChar *)"testsuite");
			attrf(w, "name", "translate --conform (%s, SIMD%d)", o->device ? o->device : "", o->simd);
			attrf(w, "tests", "%zu", cases.n);
			attrf(w, "failures", "%zu", failures);
			attrf(w, "errors", "0");
			for (i = 0; i < cases.n; i++) {
				xmlTextWriterStartElement(w, (const xmlChar *)"testcase");
				attrf(w, "classname", "%s", cases.v[i].file);
				attrf(w, "name", "%s", cases.v[i].name);
				attrf(w, "time", "%.3f", cases.v[i].seconds);
				if (cases.v[i].failure) {
					xmlTextWriterStartElement(w, (const xmlChar *)"failure");
					attrf(w, "message", "the runtimes disagree");
					char *t = xml_text(cases.v[i].failure);
					xmlTextWriterWriteString(w, (const xmlChar *)t);
					free(t);
					xmlTextWriterEndElement(w);
				}
				xmlTextWriterEndElement(w);
			}
			xmlTextWriterEndElement(w);
			xmlTextWriterEndElement(w);
			xmlTextWriterEndDocument(w);
			xmlFreeTextWriter(w);
		}
	}
	for (i = 0; i < cases.n; i++) {
		free(cases.v[i].file);
		free(cases.v[i].name);
		free(cases.v[i].failure);
	}
	vec_free(&cases);
	return rc;
}

/* A kernel that did not translate: a failed case (the diagnostics said why). */
void conform_untranslated(const ConformOptions *o, const char *input, const char *kernel)
{
	Case c;
	c.file = xstrdup(input);
	c.name = xasprintf("%s (SIMD%d)", kernel, o->simd);
	c.failure = xstrdup("the program did not translate (see the diagnostics)");
	c.seconds = 0;
	vec_push(&cases, c);
}

/* ---- one program ------------------------------------------------------------ */

/* Two runs of one side that differ only in the poison pattern must give the
 * same bytes: otherwise the result depends on uninitialised local or
 * private memory (or registers). */
static void compare_poison(const Kernel *k, const EmuLaunch *l, const char *side, const EmuResult *a,
                           const EmuResult *b, Verdict *v)
{
	size_t i;
	Buf why = {0};
	Verdict t = {1, 0, {0}, 0};
	if (!a->ok || !b->ok) {
		if (a->ok != b->ok) {
			v->agree = 0;
			buf_printf(&v->why, "%s finishes with one poison pattern and not with the other: %s\n", side,
			           a->ok ? (b->error ? b->error : "?") : (a->error ? a->error : "?"));
		}
		return;
	}
	for (i = 0; i < l->args.n && t.agree; i++)
		if ((l->args.v[i].kind == EA_BUFFER || l->args.v[i].kind == EA_IMAGE) && i < a->buffers.n &&
		    i < b->buffers.n)
			compare_buffer(k, i, a, b, "poison 0xDEADBEEF", "poison 0xCAFEF00D", 0, 0, 0, l, &t);
	if (t.agree && (a->printf_text.n != b->printf_text.n ||
	                (a->printf_text.n && memcmp(a->printf_text.s, b->printf_text.s, a->printf_text.n)))) {
		t.agree = 0;
		buf_puts(&t.why, "the printf output differs\n");
	}
	if (!t.agree) {
		v->agree = 0;
		buf_printf(&why, "%s reads uninitialised memory: its result depends on the poison pattern that "
		           "local / private memory starts with: %s", side, t.why.s ? t.why.s : "\n");
		buf_puts(&v->why, why.s);
	}
	buf_free(&why);
	buf_free(&t.why);
}

/* How well the AMD side ran a launch: 0 it stopped (out of bounds, a read
 * racing a store, a barrier some work-items skip), 1 it finished but a
 * byte of its buffers or of local memory was stored by two work-items with
 * no order between them, it read never-written local or private memory, or
 * cvt_excuses_kernel (without it only the elements computed from an
 * out-of-range conversion are left out of pocl's comparison), 2 none of
 * these. */
static int amd_defined(const EmuResult *amd)
{
	size_t i, b;
	if (!amd->ok || amd->error)
		return 0;
	for (i = 0; i < amd->racers.n && i < amd->buffers.n; i++)
		for (b = 0; amd->racers.v[i] && b < amd->buffers.v[i].n; b++)
			if (amd->racers.v[i][b] >= 0)
				return 1;
	return amd->poison_read || amd->lds_race || cvt_excuses_kernel(amd) ? 1 : 2;
}

static void run_both(Program *p, Kernel *k, const ConformOptions *o, const ZeImage *img, const char *visa,
                     EmuLaunch *l, int shape, EmuResult *amd, EmuResult *ze)
{
	char *why = NULL;
	memset(amd, 0, sizeof *amd);
	memset(ze, 0, sizeof *ze);
	int v, best;
	if (emu_amd_run(p, k, l, amd) && !amd->error)
		amd->error = xstrdup("the AMD runtime cannot run this kernel");
	/* A launch the kernel does not define (the AMD side reads or writes
	 * out of bounds, races, waits at a barrier others skip, reads memory
	 * no one wrote) compares nothing: the variants of the launch are tried
	 * in order until one is clean; the first that did best is kept (and
	 * reported), so with no better one the verdict is the generated
	 * launch's.  A --shapes launch keeps its shape; --inputs launches are
	 * taken as given. */
	best = amd_defined(amd);
	for (v = l->variant + 1; !o->inputs && !o->no_variants && best < 2 && v < NVARIANTS; v++) {
		int score;
		EmuLaunch again;
		EmuResult r;
		memset(&r, 0, sizeof r);
		if (conform_launch(k, o, shape, v, &again, &why)) {
			free(why), why = NULL;
			continue;
		}
		again.sched_seed = l->sched_seed;
		again.poison = l->poison;
		again.heap_window = l->heap_window;
		again.variant = v;
		if (emu_amd_run(p, k, &again, &r) && !r.error)
			r.error = xstrdup("the AMD runtime cannot run this kernel");
		if ((score = amd_defined(&r)) <= best) {
			emu_result_free(&r);
			emu_launch_free(&again);
			continue;
		}
		best = score;
		emu_launch_free(l);
		*l = again;
		emu_result_free(amd);
		*amd = r;
	}
	if (emu_ze_run(visa, img, k->name, l, ze) && !ze->error)
		ze->error = xstrdup("the Level Zero runtime cannot run this kernel");
}

/* one launch of kernel k (shape 0: the default one, else --shapes' shape) */
static int conform_one(const ConformOptions *o, Program *p, const char *input, const ZeImage *img,
                       const char *visa, Kernel *k, int shape, int heap_window)
{
	EmuLaunch l;
	EmuResult amd, ze, pocl;
	Verdict v = {0, 0, {0}, 0};
	Case c;
	char *why = NULL, *name, *sched, shp[32], *note = NULL;
	PoclVerdict pv = PV_NONE;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	name = shape ? xasprintf("%s (SIMD%d, shape %d)", k->name, o->simd, shape)
	             : xasprintf("%s (SIMD%d)", k->name, o->simd);
	memset(&pocl, 0, sizeof pocl);
	if (o->inputs ? conform_read_inputs(k, input, o->inputs, &l, &why) : conform_launch(k, o, shape, 0, &l, &why)) {
		printf("%s: %s: SIMD%d: NOT RUN: %s\n", input, k->name, o->simd, why);
		c.file = xstrdup(input);
		c.name = name;
		c.failure = xasprintf("not run: %s", why);
		c.seconds = 0;
		vec_push(&cases, c);
		free(why);
		emu_launch_free(&l);
		return 1;
	}
	/* the interleaving: random unless the kernel's result depends on the
	 * order of its atomics (or --in-order) */
	l.sched_seed = o->in_order || order_sensitive(k) ? 0 : hash(k->name, o->seed * 31u + (uint64_t)shape) | 1;
	l.heap_window = heap_window;
	/* the device's dispatch (a launch read by --inputs names none) */
	l.grf_bytes = o->grf_bytes;
	l.thread_prolog = o->thread_prolog;
	l.inline_data = o->inline_data;
	sched = xstrdup(l.sched_seed ? "random interleaving" : "work-items in id order");
	run_both(p, k, o, img, visa, &l, shape, &amd, &ze);
	compare(k, &l, &amd, &ze, &v);
	if (!v.agree && !v.race && amd.lds_race && amd.ok && !amd.error) {
		/* the difference may come from the order of those stores */
		Buf w = {0};
		v.race = 1;
		buf_printf(&w, "AMD side: %s, a write-write data race whose result OpenCL leaves undefined "
		           "(the runtimes may differ after it; not compared)\n%s", amd.lds_race, v.why.s ? v.why.s : "");
		buf_free(&v.why);
		v.why = w;
	}
	if (v.agree && (amd.poison_read || ze.poison_read)) {
		/* something read never-written local or private memory: the same
		 * launch with the other poison pattern must give the same bytes */
		EmuResult amd2, ze2;
		l.poison = 1;
		run_both(p, k, o, img, visa, &l, shape, &amd2, &ze2);
		compare_poison(k, &l, "AMD", &amd, &amd2, &v);
		compare_poison(k, &l, "Level Zero", &ze, &ze2, &v);
		l.poison = 0;
		emu_result_free(&amd2);
		emu_result_free(&ze2);
	}
	/* the host twin is compiled per launch: the default one only; pocl
	 * (its kernel cache keeps the twin compiled) sees every shape */
	if (v.agree && !shape)
		third_opinion(o, input, k, &l, &amd);
	pv = pocl_opinion(o, input, k, &l, &amd, &ze, &pocl, &v, &note);
	if (l.variant) {
		/* the generated launch was not one the kernel defines (above) */
		char *d = variant_desc(l.variant);
		why = note;
		note = why ? xasprintf("%s; %s", d, why) : xstrdup(d);
		free(why), why = NULL;
		free(d);
	}
	snprintf(shp, sizeof shp, shape ? " shape %d" : "", shape);
	if (v.agree && !o->quiet)
		printf("%s: %s%s: SIMD%d: agree: %s (%u x %u x %u items in groups of %u x %u x %u, offset %u,%u,%u, "
		       "%s%s, %zu printf records)%s%s\n", input, k->name, shp, o->simd,
		       pv == PV_AGREE ? "AMD == L0 == pocl" : "AMD == L0", l.range.global[0],
		       l.range.global[1], l.range.global[2], l.range.local[0], l.range.local[1], l.range.local[2],
		       l.range.offset[0], l.range.offset[1], l.range.offset[2], sched,
		       amd.poison_read && ze.poison_read ? ", uninitialised reads on both sides: checked with both "
		       "poison patterns" : amd.poison_read ? ", uninitialised reads on AMD: checked with both poison "
		       "patterns" : ze.poison_read ? ", uninitialised reads on Level Zero: checked with both poison "
		       "patterns" : "",
		       amd.printf_items.n, note ? "; " : "", note ? note : "");
	else if (!v.agree)
		printf("%s: %s%s: SIMD%d: %s%s%s (%u x %u x %u items in groups of %u x %u x %u, offset %u,%u,%u; "
		       "%s, --seed %llu)\n%s", input, k->name, shp, o->simd, v.race ? "RACE" : "DISAGREE",
		       note ? ": " : "", note ? note : "",
		       l.range.global[0], l.range.global[1],
		       l.range.global[2], l.range.local[0], l.range.local[1], l.range.local[2], l.range.offset[0],
		       l.range.offset[1], l.range.offset[2], sched, o->seed, v.why.s ? v.why.s : "");
	free(note);
	if (o->outdir && !shape)
		dump(o, input, k, &l, &amd, &ze, &pocl, &v);
	c.file = xstrdup(input);
	c.name = name;
	c.failure = v.agree ? NULL : xstrdup(v.why.s ? v.why.s : "");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	c.seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	vec_push(&cases, c);
	buf_free(&v.why);
	free(sched);
	emu_result_free(&amd);
	emu_result_free(&ze);
	emu_result_free(&pocl);
	emu_launch_free(&l);
	return !v.agree;
}

int conform_program(const ConformOptions *o, Program *p, const char *input, const ZeImage *img,
                    char *const *visa, const int *heap_window)
{
	size_t i;
	int bad = 0, shape;
	for (i = 0; i < p->kernels.n; i++) {
		/* the width the zebin says the kernel runs at (without -simd a
		 * kernel that spills is translated narrower: main.c) */
		ConformOptions ko = *o;
		const ZeKernel *zk = zeimage_kernel(img, p->kernels.v[i]->name);
		if (zk && zk->simd)
			ko.simd = zk->simd;
		for (shape = 0; shape <= (o->inputs ? 0 : o->shapes); shape++)
			bad += conform_one(&ko, p, input, img, visa[i], p->kernels.v[i], shape,
			                   heap_window && heap_window[i]);
	}
	fflush(stdout);
	return bad;
}
