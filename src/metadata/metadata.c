/* metadata.c - md_read's walk over the comment lines, kernels and their
 * call closure.
 *
 * Comment lines are read in file order: data segment lines wherever they
 * stand (mddata.c), ;ARGSTART/;ARGEND open and close a block, and the lines
 * in between are block lines (mdblock.c).  A kernel is a block named
 * __OpenCL_<k>_kernel.
 */
#include <stdlib.h>
#include <string.h>

#include "mdint.h"

static void block_free(MdBlock *b)
{
	vec_free(&b->lines);
	vec_free(&b->mems);
	vec_free(&b->args);
	vec_free(&b->samplers);
	vec_free(&b->constargs);
	vec_free(&b->refls);
	vec_free(&b->reflections);
	vec_free(&b->functions);
	vec_free(&b->function_locs);
	vec_free(&b->intrinsics);
	vec_free(&b->printfs);
	vec_free(&b->msgs);
	vec_free(&b->errors);
	vec_free(&b->raws);
}

/* The written ;ARGSTART/;ARGEND line when it is not ";<tok>:<name>". */
static const char *delimiter_text(Ctx *c, const char *tok, const char *name)
{
	Buf m = {0};
	buf_printf(&m, ";%s:%s", tok, name);
	return md_verbatim(c, &m);
}

static void block_open(Ctx *c)
{
	const char *t = c->cm->text + 9;
	MdBlock *b;
	if (c->b) {
		md_err(c, c->cm->loc, "';ARGSTART' inside the open block of '%s'", c->b->name);
		diag_note(c->b->loc, "block opened here");
		block_free(c->b);
	}
	b = c->b = arena_alloc(&c->m->arena, sizeof *b);
	b->loc = c->cm->loc;
	b->cfirst = c->ci;
	b->name = md_keepn(c, t, md_trim_len(t));
	b->start_text = delimiter_text(c, "ARGSTART", b->name);
	b->uniqueid = -1;
	b->uavid = b->printfid = b->cbid = b->privateid = -1;
	b->lws = b->enqueue_kernel = b->kernel_index = -1;
}

static void block_close(Ctx *c)
{
	const char *t = c->cm->text + 7;
	MdBlock *b = c->b;
	if (!b) {
		md_err(c, c->cm->loc, "';ARGEND' without ';ARGSTART'");
		return;
	}
	if (strncmp(t, b->name, md_trim_len(t)) || strlen(b->name) != md_trim_len(t))
		md_err(c, c->cm->loc, "';ARGEND:%.*s' closes the block of '%s'", (int)md_trim_len(t), t, b->name);
	b->end_loc = c->cm->loc;
	b->end_text = delimiter_text(c, "ARGEND", b->name);
	b->ccount = c->ci - b->cfirst + 1;
	md_block_finish(c);
	vec_push(&c->p->blocks, b);
	c->b = NULL;
}

static void comment_line(Ctx *c)
{
	const char *t = c->cm->text;
	if (md_data_line(c))
		return;
	if (strncmp(t, "ARGSTART:", 9) == 0) {
		block_open(c);
	} else if (strncmp(t, "ARGEND:", 7) == 0) {
		block_close(c);
	} else if (c->b) {
		md_split(c, t);
		md_block_line(c);
		md_fields_free(c);
	}
}

static void find_kernels(Ctx *c)
{
	size_t i, n;
	for (i = 0; i < c->p->blocks.n; i++) {
		MdBlock *b = c->p->blocks.v[i];
		Kernel *k;
		n = strlen(b->name);
		if (n < 17 || strncmp(b->name, "__OpenCL_", 9) || strcmp(b->name + n - 7, "_kernel"))
			continue;
		k = arena_alloc(&c->m->arena, sizeof *k);
		k->name = arena_strndup(&c->m->arena, b->name + 9, n - 16);
		k->md = b;
		k->main = &c->m->main;
		vec_push(&c->p->kernels, k);
	}
}

/* ---- derived kernels (CAL compute shaders without metadata) ------------- */

/* The argument of a derived kernel for buffer (mem, id), NULL if none yet. */
static MdArg *derived_arg(MdBlock *b, const char *mem, int id)
{
	size_t i;
	for (i = 0; i < b->args.n; i++)
		if (b->args.v[i].mem && !strcmp(b->args.v[i].mem, mem) && b->args.v[i].bufid == id)
			return &b->args.v[i];
	return NULL;
}

/* A new argument of a derived kernel (its index and slot: md_derived_slots,
 * once all are made). */
static MdArg *derived_new(Ctx *c, MdBlock *b, Loc loc, MdArgKind kind, const char *name)
{
	MdArg a;
	memset(&a, 0, sizeof a);
	a.loc = loc;
	a.kind = a.form = kind;
	a.name = md_keep(c, name);
	a.cb = 1;
	a.size = 8;
	a.align = 16;
	a.nfields = 8;
	a.sampler = -1;
	vec_push(&b->args, a);
	return &b->args.v[b->args.n - 1];
}

/* Argument "cbN", "uavN" or "g" of a derived kernel (buffer id, memory
 * hc / uav / g). */
static void derived_push(Ctx *c, MdBlock *b, Loc loc, const char *mem, int id, const char *type,
                         const char *access, int bytes)
{
	MdArg *a;
	char name[16];
	if (!strcmp(mem, "g"))
		snprintf(name, sizeof name, "g");
	else
		snprintf(name, sizeof name, "%s%d", !strcmp(mem, "hc") ? "cb" : "uav", id);
	a = derived_new(c, b, loc, MA_POINTER, name);
	a->type = type;
	a->nelem = 4;
	a->mem = mem;
	a->bufid = id;
	a->access = access;
	a->is_const = !strcmp(mem, "hc");
	a->bytes = bytes;
}

/* The image a derived kernel's resource id (uav 0) or render target (uav 1)
 * id names, NULL if none yet. */
static MdArg *derived_image(MdBlock *b, int uav, int id)
{
	size_t i;
	for (i = 0; i < b->args.n; i++)
		if (b->args.v[i].kind == MA_IMAGE && b->args.v[i].bufid == id &&
		    (strcmp(b->args.v[i].access, "RO") != 0) == uav)
			return &b->args.v[i];
	return NULL;
}

/* Does any function of the program load from UAV id (uav_load_id(n))? */
static int loads_uav(const Module *m, int id)
{
	size_t f, i;
	for (f = 0; f <= m->funcs.n; f++) {
		const Func *fn = f ? m->funcs.v[f - 1] : &m->main;
		for (i = 0; i < fn->code.n; i++)
			if (fn->code.v[i].op == OP_UAV_LOAD && il_mod_int(il_inst_mod(&fn->code.v[i], "id"), -1) == id)
				return 1;
	}
	return 0;
}

/* A CAL image declaration: dcl_resource_id(n)_type(t[,unnorm]) is the
 * read-only image "iN" (CAL binds inputs by that name); dcl_uav_id(n)_type(t)
 * a typed UAV, the image "uavN" (CAL's name), write-only unless the kernel
 * loads from it (uav_load: read-write).  Either of dimension t; _fmtx(..)
 * is the type the host binds (the translator's typed accesses take the
 * image's own format, as for OpenCL's images).  A type it cannot be is
 * left to the translator's check of the declaration. */
static void derived_image_arg(Ctx *c, MdBlock *b, const Inst *in, int uav)
{
	static const char *const dims[][2] = {
		{"1d", "1D"}, {"2d", "2D"}, {"3d", "3D"}, {"1darray", "1DA"}, {"2darray", "2DA"}, {"buffer", "1DB"},
	};
	const Mod *idm = il_inst_mod(in, "id"), *ty = il_inst_mod(in, "type"), *fmt = il_inst_mod(in, "fmtx");
	int id = idm ? il_mod_int(idm, -1) : -1;
	size_t i, n;
	char name[16];
	MdArg *a;
	if (id < 0 || id >= 1024 || !ty || !ty->arg || derived_image(b, uav, id))
		return;
	n = strcspn(ty->arg, ",");
	for (i = 0; i < NELEM(dims) && (strlen(dims[i][0]) != n || strncmp(dims[i][0], ty->arg, n)); i++)
		;
	if (i == NELEM(dims) || (uav && ty->arg[n]))
		return;
	snprintf(name, sizeof name, uav ? "uav%d" : "i%d", id);
	a = derived_new(c, b, in->loc, MA_IMAGE, name);
	a->dim = dims[i][1];
	a->access = !uav ? "RO" : loads_uav(c->m, id) ? "RW" : "WO";
	a->bufid = id;
	a->unnorm = !uav && !strcmp(ty->arg + n, ",unnorm");
	a->cal_fmt = fmt ? fmt->arg : NULL;
}

void md_derived_slots(MdBlock *b)
{
	size_t i;
	int end = 0;
	for (i = 0; i < b->args.n; i++) {
		b->args.v[i].index = (int)i;
		b->args.v[i].offset = end;
		end += b->args.v[i].kind == MA_IMAGE ? 32 : 16;
	}
}

void md_cal_output_buffers(Program *p)
{
	size_t i, j;
	for (i = 0; i < p->kernels.n; i++) {
		MdBlock *b = p->kernels.v[i]->md;
		if (!p->kernels.v[i]->ps)
			continue;
		for (j = 0; j < b->args.n; j++) {
			MdArg *a = &b->args.v[j];
			if (a->output) { /* as derived_push makes a buffer */
				a->kind = a->form = MA_POINTER;
				a->dim = NULL;
				a->type = "float";
				a->nelem = 4;
				a->mem = "uav";
				a->access = "RW";
			}
		}
		md_derived_slots(b); /* a buffer takes one slot, an image two */
	}
}

/* Render target oN of an il_ps kernel: write-only 2-D image "oN", written
 * through UAV id MD_CAL_OUTPUT_ID(N). */
static void derived_output(Ctx *c, MdBlock *b, Loc loc, long long n)
{
	char name[16];
	MdArg *a;
	if (n < 0 || n >= MD_CAL_OUTPUTS || derived_image(b, 1, MD_CAL_OUTPUT_ID(n)))
		return;
	snprintf(name, sizeof name, "o%lld", n);
	a = derived_new(c, b, loc, MA_IMAGE, name);
	a->dim = "2D";
	a->access = "WO";
	a->bufid = MD_CAL_OUTPUT_ID(n);
	a->output = (int)n + 1;
}

/* _sampler(n) of a derived kernel's sample instruction: a sampler defined
 * in the kernel with CAL's state (MD_CAL_SAMPLER). */
static void derived_sampler(Ctx *c, MdBlock *b, const Inst *in)
{
	const Mod *sm = il_inst_mod(in, "sampler");
	int id = sm ? il_mod_int(sm, -1) : -1;
	MdSampler s;
	size_t i;
	if (id < 0 || id >= 16)
		return;
	for (i = 0; i < b->samplers.n; i++)
		if (b->samplers.v[i].id == id)
			return;
	memset(&s, 0, sizeof s);
	s.loc = sm->loc;
	s.name = md_keep(c, "unknown_20");
	s.id = id;
	s.location = 1;
	s.value = MD_CAL_SAMPLER;
	s.arg = -1;
	vec_push(&b->samplers, s);
}

/* The arguments a function's declarations and uses ask for: each dcl_cb
 * cbN[k] a constant buffer of 16 k bytes (the larger of two declarations),
 * each raw UAV a buffer, each resource an image, the global buffer g[] and
 * (il_ps) each render target oN at its declaration or first write; in the
 * order they appear. */
static void derived_args(Ctx *c, MdBlock *b, const Func *f, int ps)
{
	size_t i;
	int j;
	for (i = 0; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		if (in->op == OP_DCL_CB && in->nops && in->ops[0].file == RF_CB && in->ops[0].num >= 0 &&
		    in->ops[0].num < 1024) {
			const Operand *o = &in->ops[0];
			long long k = o->index_imm > 0 && o->index_imm <= 4096 ? o->index_imm : 0;
			MdArg *a = derived_arg(b, "hc", (int)o->num);
			if (a) {
				if (16 * k > a->bytes)
					a->bytes = (int)(16 * k);
			} else {
				derived_push(c, b, in->loc, "hc", (int)o->num, "float", "RO", (int)(16 * k));
			}
			continue;
		}
		if (in->op == OP_DCL_UAV || in->op == OP_DCL_RESOURCE) {
			derived_image_arg(c, b, in, in->op == OP_DCL_UAV);
			continue;
		}
		if (in->op == OP_DCL_RAW_UAV || in->op == OP_DCL_STRUCT_UAV) {
			const Mod *idm = il_inst_mod(in, "id");
			int id = idm ? il_mod_int(idm, -1) : -1;
			if (id >= 0 && id < 1024 && !derived_arg(b, "uav", id))
				derived_push(c, b, in->loc, "uav", id, "i32", "RW", 0);
			continue;
		}
		if (il_inst_mod(in, "sampler") && in->op >= OP_SAMPLE && in->op <= OP_SAMPLE_C_G)
			derived_sampler(c, b, in);
		for (j = 0; j < in->nops; j++) {
			const Operand *o = &in->ops[j];
			MdArg *cb;
			/* a constant index past the declaration (CALDGEMM reads cb0[4]
			 * of dcl_cb cb0[4]): the host's buffer must hold it too */
			if (o->file == RF_CB && o->has_index && !o->index_reg && o->index_imm >= 0 && o->index_imm < 4096 &&
			    (cb = derived_arg(b, "hc", (int)o->num)) && cb->bytes < 16 * (o->index_imm + 1))
				cb->bytes = (int)(16 * (o->index_imm + 1));
			/* a render target at its declaration or its first write (operand 0
			 * of an instruction with a destination; if_logicalnz o0.x reads) */
			if (ps && in->ops[j].file == RF_VOUTPUT && j == 0 &&
			    (in->op == OP_DCL_OUTPUT || il_ops[in->op].ndst == 1))
				derived_output(c, b, in->ops[j].loc, in->ops[j].num);
			if ((in->ops[j].file == RF_GLOBAL || (in->ops[j].index_reg &&
			     in->ops[j].index_reg->file == RF_GLOBAL)) && !derived_arg(b, "g", MD_CAL_GLOBAL_ID))
				derived_push(c, b, in->ops[j].loc, "g", MD_CAL_GLOBAL_ID, "float", "RW", 0);
		}
	}
}

/* Is main a compute kernel's code: an instruction that is not a declaration,
 * or nothing at all in a program without functions (a CAL shader that does
 * nothing is still a kernel: its outputs keep 0)?  OpenCL IL without its
 * metadata, whose main only calls the wrapper, stays "no kernel". */
static int main_has_code(const Module *m)
{
	size_t i;
	int calls = 0;
	for (i = 0; i < m->main.code.n; i++) {
		const Inst *in = &m->main.code.v[i];
		if (in->op == OP_PSEUDO_CALL || in->op == OP_CALL)
			calls = 1;
		else if (il_ops[in->op].kind != K_DCL && in->op != OP_END && in->op != OP_RET)
			return 1;
	}
	return !calls && m->funcs.n == 0 && m->macros.n == 0;
}

/* A CAL compute shader (il_cs, no ;ARGSTART block, code in main) is one
 * kernel named "main" (CAL's entry name) with arguments derived from its
 * declarations (docs/abi-map.txt, "Derived ABI").  Its wrapper is a copy of
 * main under an unused function id, so the rest of the pipeline runs it as
 * it runs an OpenCL wrapper; Kernel.main is then empty.  The block stays out
 * of Program.blocks: the program's text has none (--emit il). */
static void md_derive(Ctx *c)
{
	Module *m = c->m;
	MdBlock *b;
	Kernel *k;
	Func *w, *main_;
	long long id = 0;
	size_t i;
	int ps = m->header && !strncmp(m->header, "il_ps", 5);
	if (c->p->blocks.n || !m->header || (strncmp(m->header, "il_cs", 5) && !ps) || !main_has_code(m))
		return;
	for (i = 0; i < m->funcs.n; i++)
		if (m->funcs.v[i]->id >= id)
			id = m->funcs.v[i]->id + 1;
	for (i = 0; i < m->macros.n; i++)
		if (m->macros.v[i]->id >= id)
			id = m->macros.v[i]->id + 1;
	b = arena_alloc(&m->arena, sizeof *b);
	b->loc = m->header_loc;
	b->end_loc = m->header_loc;
	b->name = "main";
	b->uniqueid = id;
	b->uniqueid_loc = m->header_loc;
	b->uavid = b->printfid = b->cbid = b->privateid = -1;
	b->lws = b->enqueue_kernel = b->kernel_index = -1;
	derived_args(c, b, &m->main, ps);
	for (i = 0; i < m->funcs.n; i++)
		derived_args(c, b, m->funcs.v[i], ps);
	for (i = 0; i < m->macros.n; i++) /* what only a macro's body uses */
		derived_args(c, b, m->macros.v[i], ps);
	md_derived_slots(b);
	w = arena_alloc(&m->arena, sizeof *w);
	*w = m->main; /* shares main's code, which md_free never frees */
	w->id = id;
	w->name = "main";
	main_ = arena_alloc(&m->arena, sizeof *main_);
	main_->loc = main_->end_loc = m->header_loc;
	main_->id = -1;
	k = arena_alloc(&m->arena, sizeof *k);
	k->name = "main";
	k->md = b;
	k->wrapper = w;
	k->main = main_;
	k->derived = 1;
	k->ps = ps;
	vec_push(&c->p->kernels, k);
}

static Loc line_of(const MdBlock *b, MdLineKind k)
{
	size_t i;
	for (i = 0; i < b->lines.n && b->lines.v[i].kind != k; i++)
		;
	return i < b->lines.n ? b->lines.v[i].loc : b->loc;
}

/* Function ids are program-wide: one ;uniqueid per id. */
static void check_uniqueids(Ctx *c)
{
	size_t i, j;
	for (i = 0; i < c->p->blocks.n; i++) {
		const MdBlock *b = c->p->blocks.v[i];
		for (j = 0; j < i && (b->uniqueid < 0 || c->p->blocks.v[j]->uniqueid != b->uniqueid); j++)
			;
		if (j < i)
			md_err(c, line_of(b, ML_UNIQUEID), "duplicate ';uniqueid:%lld' (first used at line %d, "
			       "in the block of '%s')", b->uniqueid, line_of(c->p->blocks.v[j], ML_UNIQUEID).line,
			       c->p->blocks.v[j]->name);
	}
}

/* Printf ids are program-wide: one id, one format. */
static void check_printf_ids(const Program *p)
{
	size_t i, j;
	for (i = 0; i < p->blocks.n; i++)
		for (j = 0; j < p->blocks.v[i]->printfs.n; j++) {
			const MdPrintf *a = &p->blocks.v[i]->printfs.v[j], *b = md_printf(p, a->id);
			if (b != a && strcmp(a->text, b->text))
				diag_warning(a->loc, "printf id %d is also declared at line %d with another format",
				             a->id, b->loc.line);
		}
}

Program *md_read(Module *m)
{
	Program *p = xcalloc(1, sizeof *p);
	Ctx c;
	memset(&c, 0, sizeof c);
	c.m = m;
	c.p = p;
	c.seg = -1;
	p->m = m;
	for (c.ci = 0; c.ci < m->comments.n; c.ci++) {
		c.cm = &m->comments.v[c.ci];
		comment_line(&c);
	}
	if (c.b) {
		md_err(&c, c.b->loc, "';ARGSTART:%s' is never closed by ';ARGEND'", c.b->name);
		block_free(c.b);
	}
	md_data_finish(&c);
	check_uniqueids(&c);
	if (c.bad) {
		md_free(p);
		return NULL;
	}
	find_kernels(&c);
	md_derive(&c);
	check_printf_ids(p);
	return p;
}

MdBlock *md_block(Program *p, const char *name)
{
	size_t i;
	for (i = 0; i < p->blocks.n; i++)
		if (strcmp(p->blocks.v[i]->name, name) == 0)
			return p->blocks.v[i];
	return NULL;
}

const MdPrintf *md_printf(const Program *p, int id)
{
	size_t i, j;
	for (i = 0; i < p->blocks.n; i++)
		for (j = 0; j < p->blocks.v[i]->printfs.n; j++)
			if (p->blocks.v[i]->printfs.v[j].id == id)
				return &p->blocks.v[i]->printfs.v[j];
	return NULL;
}

static void closure_add(Kernel *k, Func *g)
{
	size_t r;
	for (r = 0; r < k->funcs.n && k->funcs.v[r] != g; r++)
		;
	if (r == k->funcs.n)
		vec_push(&k->funcs, g);
}

/* The functions the ;function lines of f's block list. */
static void closure_listed(Program *p, Kernel *k, const Func *f)
{
	size_t b, q;
	for (b = 0; b < p->blocks.n; b++) {
		const MdBlock *mb = p->blocks.v[b];
		if (mb->uniqueid != f->id)
			continue;
		for (q = 0; q < mb->functions.n; q++) {
			Func *g = il_func(p->m, mb->functions.v[q]);
			if (g)
				closure_add(k, g);
		}
	}
}

static int macro_known(const Program *p, long long id)
{
	size_t i, j;
	for (i = 0; i < p->m->macros.n; i++)
		if (p->m->macros.v[i]->id == id)
			return 1;
	if (il_func(p->m, id))
		return 1;
	for (i = 0; i < p->blocks.n; i++)
		for (j = 0; j < p->blocks.v[i]->intrinsics.n; j++)
			if (p->blocks.v[i]->intrinsics.v[j] == id)
				return 1;
	return 0;
}

static int check_mcall(const Program *p, const Inst *in)
{
	long long id;
	if (!in->arg || md_dec(in->arg, &id))
		return 0;
	if (macro_known(p, id))
		return 0;
	diag_error(in->loc, "mcall to undefined macro %lld (not defined in the file and not listed in "
	           "';intrinsic')", id);
	return -1;
}

/* Adds the callees of f's call instructions; -1 after a bad call. */
static int closure_calls(Program *p, Kernel *k, const Func *f)
{
	size_t j;
	int bad = 0;
	for (j = 0; j < f->code.n; j++) {
		const Inst *in = &f->code.v[j];
		Func *callee;
		if (in->op == OP_MCALL) {
			bad |= check_mcall(p, in);
			continue;
		}
		if (in->op != OP_CALL && in->op != OP_CALL_LOGICALNZ && in->op != OP_CALL_LOGICALZ)
			continue;
		if (!il_call_target(in)) {
			diag_error(in->loc, "'call' needs a function id");
			bad = 1;
			continue;
		}
		callee = il_func(p->m, il_call_target(in)->num);
		if (!callee) {
			diag_error(il_call_target(in)->loc, "call to undefined function %lld",
			           il_call_target(in)->num);
			bad = 1;
			continue;
		}
		closure_add(k, callee);
	}
	return bad ? -1 : 0;
}

/* Every ;function id of the closure's blocks names a defined function. */
static int check_listed(Program *p, Kernel *k)
{
	size_t i, q, r;
	int bad = 0;
	for (i = 0; i < p->blocks.n; i++) {
		const MdBlock *mb = p->blocks.v[i];
		for (r = 0; r < k->funcs.n && k->funcs.v[r]->id != mb->uniqueid; r++)
			;
		if (r == k->funcs.n)
			continue;
		for (q = 0; q < mb->functions.n; q++)
			if (!il_func(p->m, mb->functions.v[q])) {
				diag_error(mb->function_locs.v[q], "';function' of '%s' names %lld, which is not defined",
				           mb->name, mb->functions.v[q]);
				bad = 1;
			}
	}
	return bad ? -1 : 0;
}

int md_link(Program *p, Kernel *k)
{
	size_t i;
	int bad = 0;
	k->funcs.n = 0;
	if (k->derived) {
		vec_push(&k->funcs, k->wrapper);
		for (i = 0; i < k->funcs.n; i++)
			bad |= closure_calls(p, k, k->funcs.v[i]);
		return bad ? -1 : 0;
	}
	if (k->md->uniqueid < 0) {
		diag_error(k->md->loc, "kernel '%s' has no ';uniqueid' line", k->name);
		return -1;
	}
	k->wrapper = il_func(p->m, k->md->uniqueid);
	if (!k->wrapper) {
		diag_error(k->md->uniqueid_loc, "kernel '%s': no 'func %lld' for its ;uniqueid", k->name,
		           k->md->uniqueid);
		return -1;
	}
	vec_push(&k->funcs, k->wrapper);
	for (i = 0; i < k->funcs.n; i++) {
		closure_listed(p, k, k->funcs.v[i]);
		bad |= closure_calls(p, k, k->funcs.v[i]);
	}
	bad |= check_listed(p, k);
	return bad ? -1 : 0;
}

void md_free(Program *p)
{
	size_t i;
	if (!p)
		return;
	for (i = 0; i < p->blocks.n; i++)
		block_free(p->blocks.v[i]);
	for (i = 0; i < p->kernels.n; i++) {
		if (p->kernels.v[i]->derived)
			block_free(p->kernels.v[i]->md);
		vec_free(&p->kernels.v[i]->funcs);
	}
	for (i = 0; i < p->segs.n; i++)
		vec_free(&p->segs.v[i].items);
	vec_free(&p->blocks);
	vec_free(&p->kernels);
	vec_free(&p->segs);
	free(p);
}
