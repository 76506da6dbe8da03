/* mdblock.c - the lines of one ;ARGSTART block: token dispatch and the
 * tokens that are not arguments or printf formats.
 *
 * Every accepted line is recorded in MdBlock.lines (md_line) after its
 * fields are stored.  Tokens that may appear once (version, device,
 * uniqueid, cws ...) keep the first line; a repeat is kept raw with a
 * warning, as is an unknown token.
 */
#include <limits.h>
#include <string.h>

#include "mdint.h"

typedef struct Tok {
	const char *name;  /* token spelling */
	MdLineKind kind;   /* line kind it makes */
	int single;        /* may appear once per block */
} Tok;

static const Tok toks[] = {
	{"version", ML_VERSION, 1}, {"device", ML_DEVICE, 1}, {"uniqueid", ML_UNIQUEID, 1},
	{"memory", ML_MEMORY, 0}, {"cws", ML_CWS, 1}, {"crs", ML_CRS, 1}, {"wsh", ML_WSH, 1},
	{"vth", ML_VTH, 1}, {"lws", ML_LWS, 1}, {"limitgroupsize", ML_LIMITGROUPSIZE, 1},
	{"value", ML_ARG, 0}, {"pointer", ML_ARG, 0}, {"image", ML_ARG, 0},
	{"counter", ML_ARG, 0}, {"sema", ML_ARG, 0}, {"sampler", ML_SAMPLER, 0},
	{"constarg", ML_CONSTARG, 0}, {"reflection", ML_REFLECTION, 0},
	{"function", ML_FUNCTION, 0}, {"intrinsic", ML_INTRINSIC, 0}, {"printf_fmt", ML_PRINTF, 0},
	{"uavid", ML_UAVID, 1}, {"printfid", ML_PRINTFID, 1}, {"cbid", ML_CBID, 1},
	{"privateid", ML_PRIVATEID, 1}, {"enqueue_kernel", ML_ENQUEUE_KERNEL, 1},
	{"kernel_index", ML_KERNEL_INDEX, 1}, {"error", ML_ERROR, 0}, {"warning", ML_WARNING, 0},
	{"queue", ML_QUEUE, 0},
};

static const char *const mem_names[MM_COUNT] = {
	"private", "hwprivate", "uavprivate", "local", "hwlocal", "region", "hwregion",
	"datareqd", "compilerwrite", "64bitABI", "packedreg", "gws", "swgws",
};

const char *md_mem_name(MdMemKind k)
{
	return mem_names[k];
}

void md_line(Ctx *c, MdLineKind k, size_t index, int count)
{
	MdLine l = {c->cm->loc, k, (int)index, count, NULL};
	vec_push(&c->b->lines, l);
}

void md_raw(Ctx *c, MdLineKind k)
{
	MdRaw r;
	int i, n = md_nf(c);
	r.loc = c->cm->loc;
	r.token = md_keep(c, md_f(c, 0));
	r.nfields = n;
	r.fields = n ? arena_alloc(&c->m->arena, n * sizeof *r.fields) : NULL;
	for (i = 0; i < n; i++)
		r.fields[i] = md_keep(c, md_f(c, i + 1));
	vec_push(&c->b->raws, r);
	md_line(c, k, c->b->raws.n - 1, 0);
}

static int *int_slot(MdBlock *b, MdLineKind k)
{
	switch (k) {
	case ML_LWS: return &b->lws;
	case ML_UAVID: return &b->uavid;
	case ML_PRINTFID: return &b->printfid;
	case ML_CBID: return &b->cbid;
	case ML_PRIVATEID: return &b->privateid;
	case ML_ENQUEUE_KERNEL: return &b->enqueue_kernel;
	case ML_KERNEL_INDEX: return &b->kernel_index;
	case ML_CWS: return b->cws;
	case ML_CRS: return b->crs;
	case ML_WSH: return b->wsh;
	default: return NULL;
	}
}

static void tok_version(Ctx *c)
{
	int *v = c->b->version;
	if (md_need(c, 3, 3) || md_ints(c, 1, 3, v))
		return;
	if (v[0] < 1 || v[0] > 3)
		diag_warning(c->cm->loc, "metadata version %d:%d:%d is not one this reader knows; "
		             "';pointer' lines are checked against every generation", v[0], v[1], v[2]);
	md_line(c, ML_VERSION, 0, 0);
}

static void tok_string(Ctx *c, MdLineKind k)
{
	const char *s;
	if (md_need(c, 1, 1))
		return;
	s = md_keep(c, md_f(c, 1));
	if (k == ML_DEVICE)
		c->b->device = s;
	else
		c->b->vth = s;
	md_line(c, k, 0, 0);
}

static void tok_uniqueid(Ctx *c)
{
	if (md_need(c, 1, 1) || md_int(c, 1, 0, LLONG_MAX, &c->b->uniqueid))
		return;
	c->b->uniqueid_loc = md_floc(c, 1);
	md_line(c, ML_UNIQUEID, 0, 0);
}

static void tok_ints(Ctx *c, MdLineKind k, int n)
{
	if (md_need(c, n, n) || md_ints(c, 1, n, int_slot(c->b, k)))
		return;
	md_line(c, k, 0, 0);
}

static void tok_flag(Ctx *c, MdLineKind k)
{
	if (md_need(c, 0, 0))
		return;
	c->b->limitgroupsize = 1;
	md_line(c, k, 0, 0);
}

static void mem_add(MdBlock *b, MdMemKind k, long long size)
{
	int *slot[] = {&b->mem_private, &b->mem_hwprivate, &b->mem_uavprivate, &b->mem_local,
	               &b->mem_hwlocal, &b->mem_region, &b->mem_hwregion, &b->datareqd,
	               &b->compilerwrite, &b->abi64, &b->packedreg, &b->gws, &b->swgws};
	if (k < MM_DATAREQD)
		/* several lines add up; saturated, so a hostile sum stays an int
		 * that the translator's limits (docs/LIMITS.md) refuse */
		*slot[k] = size > INT_MAX - *slot[k] ? INT_MAX : *slot[k] + (int)size;
	else
		*slot[k] = 1;
}

static void tok_memory(Ctx *c)
{
	MdMem mm = {c->cm->loc, MM_COUNT, -1};
	int k;
	if (md_nf(c) < 1) {
		md_need(c, 1, 2);
		return;
	}
	for (k = 0; k < MM_COUNT && strcmp(md_f(c, 1), mem_names[k]); k++)
		;
	if (k == MM_COUNT) {
		diag_warning(c->cm->loc, "unknown memory kind ';memory:%s' kept but ignored", md_f(c, 1));
		md_raw(c, ML_RAW);
		return;
	}
	mm.kind = (MdMemKind)k;
	if (k < MM_DATAREQD ? md_need(c, 2, 2) || md_int(c, 2, 0, INT_MAX, &mm.size) : md_need(c, 1, 1))
		return;
	mem_add(c->b, mm.kind, mm.size);
	vec_push(&c->b->mems, mm);
	md_line(c, ML_MEMORY, c->b->mems.n - 1, 0);
}

static void tok_list(Ctx *c, MdLineKind k)
{
	IdVec *v = k == ML_FUNCTION ? &c->b->functions : &c->b->intrinsics;
	size_t first = v->n, lfirst = c->b->function_locs.n;
	long long n, id;
	int i;
	if (md_need(c, 1, INT_MAX) || md_int(c, 1, 0, INT_MAX, &n))
		return;
	if (n != md_nf(c) - 1) {
		md_err(c, md_floc(c, 1), "';%s' count %lld does not match the %d id%s that follow%s",
		       md_f(c, 0), n, md_nf(c) - 1, md_nf(c) == 2 ? "" : "s", md_nf(c) == 2 ? "s" : "");
		return;
	}
	for (i = 2; i <= md_nf(c); i++) {
		if (md_int(c, i, 0, LLONG_MAX, &id)) {
			v->n = first;
			c->b->function_locs.n = lfirst;
			return;
		}
		vec_push(v, id);
		if (k == ML_FUNCTION)
			vec_push(&c->b->function_locs, md_floc(c, i));
	}
	md_line(c, k, first, (int)n);
}

static void tok_msg(Ctx *c, MdLineKind k)
{
	MdMsg g = {c->cm->loc, k == ML_WARNING, NULL, NULL};
	const char *t = c->cm->text;
	size_t n = md_trim_len(t);
	if (md_need(c, 1, INT_MAX))
		return;
	if (md_nf(c) >= 2) {
		g.code = md_keep(c, md_f(c, 1));
		t += c->fs.f.v[2].off;
		n -= (size_t)c->fs.f.v[2].off;
	} else {
		t += c->fs.f.v[1].off;
		n -= (size_t)c->fs.f.v[1].off;
	}
	g.msg = md_keepn(c, t, n);
	vec_push(&c->b->msgs, g);
	if (k == ML_ERROR)
		vec_push(&c->b->errors, c->cm);
	md_line(c, k, c->b->msgs.n - 1, 0);
}

static void tok_arg(Ctx *c)
{
	const char *t = md_f(c, 0);
	if (strcmp(t, "value") == 0)
		md_arg_value(c);
	else if (strcmp(t, "pointer") == 0)
		md_arg_pointer(c);
	else if (strcmp(t, "image") == 0)
		md_arg_image(c);
	else if (strcmp(t, "counter") == 0)
		md_arg_counter(c);
	else
		md_arg_sema(c);
}

static void dispatch(Ctx *c, MdLineKind k)
{
	switch (k) {
	case ML_VERSION: tok_version(c); break;
	case ML_DEVICE: case ML_VTH: tok_string(c, k); break;
	case ML_UNIQUEID: tok_uniqueid(c); break;
	case ML_MEMORY: tok_memory(c); break;
	case ML_CWS: case ML_CRS: case ML_WSH: tok_ints(c, k, 3); break;
	case ML_LIMITGROUPSIZE: tok_flag(c, k); break;
	case ML_ARG: tok_arg(c); break;
	case ML_SAMPLER: md_sampler(c); break;
	case ML_CONSTARG: md_constarg(c); break;
	case ML_REFLECTION: md_reflection(c); break;
	case ML_FUNCTION: case ML_INTRINSIC: tok_list(c, k); break;
	case ML_PRINTF: md_printf_line(c); break;
	case ML_ERROR: case ML_WARNING: tok_msg(c, k); break;
	case ML_QUEUE: md_raw(c, ML_QUEUE); break;
	default: tok_ints(c, k, 1); break;
	}
}

static int seen(const MdBlock *b, MdLineKind k)
{
	size_t i;
	for (i = 0; i < b->lines.n; i++)
		if (b->lines.v[i].kind == k)
			return 1;
	return 0;
}

/* Keeps the written text of a new line the model would spell differently. */
static void spelling(Ctx *c, size_t before)
{
	Buf b = {0};
	MdLine *l;
	if (c->b->lines.n == before)
		return;
	l = &c->b->lines.v[before];
	md_model_line(&b, c->b, l);
	l->text = md_verbatim(c, &b);
}

void md_block_line(Ctx *c)
{
	const char *t = md_f(c, 0);
	size_t i, before = c->b->lines.n;
	for (i = 0; i < NELEM(toks) && strcmp(toks[i].name, t); i++)
		;
	if (i == NELEM(toks)) {
		diag_warning(c->cm->loc, "unknown metadata token ';%s' kept but ignored", t);
		md_raw(c, ML_RAW);
	} else if (toks[i].single && seen(c->b, toks[i].kind)) {
		diag_warning(c->cm->loc, "repeated ';%s' kept but ignored; the first one holds", t);
		md_raw(c, ML_RAW);
	} else {
		dispatch(c, toks[i].kind);
	}
	spelling(c, before);
}

void md_block_finish(Ctx *c)
{
	md_args_finish(c);
}
