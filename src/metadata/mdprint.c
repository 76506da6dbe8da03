/* mdprint.c - the metadata layer's lines regenerated from its model, and the
 * canonical rendering of a whole program: the IL printer with the
 * ;ARGSTART blocks and data segments printed by md_print_block and
 * md_print_data where their first comment line stood.
 *
 * Every line starts with ';' and ends with '\n'.  md_model_* print a line
 * from the typed model alone; md_read keeps the written text of the lines
 * they would spell differently, and the md_print_* functions use it.
 */
#include <string.h>

#include "mdint.h"

static void print_pointer(Buf *o, const MdArg *a)
{
	buf_printf(o, ";pointer:%s:%s:%d:%d:%d:%s:%d:%d", a->name, a->type, a->nelem, a->cb, a->offset,
	           a->mem, a->bufid, a->align);
	if (a->nfields >= 9)
		buf_printf(o, ":%s", a->access);
	if (a->nfields >= 11)
		buf_printf(o, ":%d:%d", a->is_volatile, a->is_restrict);
	if (a->nfields == 12)
		buf_printf(o, ":%d", a->pipe);
}

static void print_arg(Buf *o, const MdArg *a)
{
	switch (a->form) {
	case MA_VALUE:
		buf_printf(o, ";value:%s:%s:%d:%d:%d", a->name, a->type, a->nelem, a->cb, a->offset);
		break;
	case MA_POINTER:
		print_pointer(o, a);
		break;
	case MA_IMAGE:
		buf_printf(o, ";image:%s:%s:%s:%d:%d:%d", a->name, a->dim, a->access, a->bufid, a->cb, a->offset);
		break;
	case MA_COUNTER:
		buf_printf(o, ";counter:%s:%d:%d:%d:%d", a->name, a->bits, a->bufid, a->cb, a->offset);
		break;
	default:
		buf_printf(o, ";sema:%s:%d:%d:%d", a->name, a->bufid, a->cb, a->offset);
		break;
	}
}

static void print_raw(Buf *o, const MdRaw *r)
{
	int i;
	buf_printf(o, ";%s", r->token);
	for (i = 0; i < r->nfields; i++)
		buf_printf(o, ":%s", r->fields[i]);
}

static void print_list(Buf *o, const char *tok, const IdVec *v, const MdLine *l)
{
	int i;
	buf_printf(o, ";%s:%d", tok, l->count);
	for (i = 0; i < l->count; i++)
		buf_printf(o, ":%lld", v->v[l->index + i]);
}

static void print_printf(Buf *o, const MdPrintf *p)
{
	int i;
	buf_printf(o, ";printf_fmt:%d:%d", p->id, p->nargs);
	for (i = 0; i < p->nargs; i++)
		buf_printf(o, ":%d", p->sizes[i]);
	buf_printf(o, ":%lld:%s;", p->len, p->text);
}

static void print_msg(Buf *o, const MdMsg *g)
{
	buf_printf(o, ";%s:", g->warning ? "warning" : "error");
	if (g->code)
		buf_printf(o, "%s:", g->code);
	buf_puts(o, g->msg);
}

static void print_mem(Buf *o, const MdMem *m)
{
	buf_printf(o, ";memory:%s", md_mem_name(m->kind));
	if (m->kind < MM_DATAREQD)
		buf_printf(o, ":%lld", m->size);
}

static void print_triple(Buf *o, const char *tok, const int *v)
{
	buf_printf(o, ";%s:%d:%d:%d", tok, v[0], v[1], v[2]);
}

static void print_sampler(Buf *o, const MdSampler *s)
{
	buf_printf(o, ";sampler:%s:%d:%d:%lld", s->name, s->id, s->location, s->value);
}

/* Lines whose data is a single field of the block. */
static int print_scalar(Buf *o, const MdBlock *b, MdLineKind k)
{
	switch (k) {
	case ML_VERSION: print_triple(o, "version", b->version); break;
	case ML_DEVICE: buf_printf(o, ";device:%s", b->device); break;
	case ML_UNIQUEID: buf_printf(o, ";uniqueid:%lld", b->uniqueid); break;
	case ML_CWS: print_triple(o, "cws", b->cws); break;
	case ML_CRS: print_triple(o, "crs", b->crs); break;
	case ML_WSH: print_triple(o, "wsh", b->wsh); break;
	case ML_VTH: buf_printf(o, ";vth:%s", b->vth); break;
	case ML_LWS: buf_printf(o, ";lws:%d", b->lws); break;
	case ML_LIMITGROUPSIZE: buf_puts(o, ";limitgroupsize"); break;
	case ML_UAVID: buf_printf(o, ";uavid:%d", b->uavid); break;
	case ML_PRINTFID: buf_printf(o, ";printfid:%d", b->printfid); break;
	case ML_CBID: buf_printf(o, ";cbid:%d", b->cbid); break;
	case ML_PRIVATEID: buf_printf(o, ";privateid:%d", b->privateid); break;
	case ML_ENQUEUE_KERNEL: buf_printf(o, ";enqueue_kernel:%d", b->enqueue_kernel); break;
	case ML_KERNEL_INDEX: buf_printf(o, ";kernel_index:%d", b->kernel_index); break;
	default: return 0;
	}
	return 1;
}

void md_model_line(Buf *o, const MdBlock *b, const MdLine *l)
{
	const MdRefl *r;
	const MdConstArg *k;
	if (print_scalar(o, b, l->kind))
		return;
	switch (l->kind) {
	case ML_MEMORY: print_mem(o, &b->mems.v[l->index]); break;
	case ML_ARG: print_arg(o, &b->args.v[l->index]); break;
	case ML_SAMPLER: print_sampler(o, &b->samplers.v[l->index]); break;
	case ML_CONSTARG:
		k = &b->constargs.v[l->index];
		buf_printf(o, ";constarg:%d:%s", k->index, k->name);
		break;
	case ML_REFLECTION:
		r = &b->refls.v[l->index];
		buf_printf(o, ";reflection:%d:%s", r->index, r->type);
		break;
	case ML_FUNCTION: print_list(o, "function", &b->functions, l); break;
	case ML_INTRINSIC: print_list(o, "intrinsic", &b->intrinsics, l); break;
	case ML_PRINTF: print_printf(o, &b->printfs.v[l->index]); break;
	case ML_ERROR: case ML_WARNING: print_msg(o, &b->msgs.v[l->index]); break;
	default: print_raw(o, &b->raws.v[l->index]); break;
	}
}

void md_print_block(Buf *out, const MdBlock *b)
{
	size_t i;
	if (b->start_text)
		buf_printf(out, ";%s\n", b->start_text);
	else
		buf_printf(out, ";ARGSTART:%s\n", b->name);
	for (i = 0; i < b->lines.n; i++) {
		if (b->lines.v[i].text)
			buf_printf(out, ";%s", b->lines.v[i].text);
		else
			md_model_line(out, b, &b->lines.v[i]);
		buf_puts(out, "\n");
	}
	if (b->end_text)
		buf_printf(out, ";%s\n", b->end_text);
	else
		buf_printf(out, ";ARGEND:%s\n", b->name);
}

void md_model_item(Buf *out, const DataItem *it)
{
	long long i;
	buf_puts(out, ";#");
	if (it->vec)
		buf_printf(out, "v%d", it->vec);
	buf_printf(out, "%s:%lld:%lld", md_data_type_name(it->type), it->offset, it->count);
	if (it->uninit)
		buf_puts(out, " <uninitalized constant>");
	for (i = 0; !it->uninit && i < it->count; i++)
		buf_printf(out, it->digits[i] & 0x80 ? ":%0*llX" : ":%0*llx", it->digits[i] & 0x7F,
		           (unsigned long long)it->values[i]);
}

void md_model_seg_start(Buf *out, const DataSeg *s)
{
	if (s->cbid < 0)
		buf_printf(out, ";#DATASTART:%lld", s->size);
	else
		buf_printf(out, ";#DATASTART:%d:%lld", s->cbid, s->size);
}

void md_model_seg_end(Buf *out, const DataSeg *s)
{
	if (s->end_id < 0)
		buf_puts(out, ";#DATAEND");
	else
		buf_printf(out, ";#DATAEND:%d", s->end_id);
}

void md_print_data(Buf *out, const DataSeg *s)
{
	size_t i;
	if (s->start_text)
		buf_printf(out, ";%s", s->start_text);
	else
		md_model_seg_start(out, s);
	buf_puts(out, "\n");
	for (i = 0; i < s->items.n; i++) {
		if (s->items.v[i].text)
			buf_printf(out, ";%s", s->items.v[i].text);
		else
			md_model_item(out, &s->items.v[i]);
		buf_puts(out, "\n");
	}
	if (s->end_text)
		buf_printf(out, ";%s", s->end_text);
	else
		md_model_seg_end(out, s);
	buf_puts(out, "\n");
}

static size_t owned_lines(void *ctx, const Module *m, size_t index, Buf *out)
{
	const Program *p = ctx;
	size_t i;
	(void)m;
	for (i = 0; i < p->blocks.n; i++)
		if (p->blocks.v[i]->cfirst == index) {
			md_print_block(out, p->blocks.v[i]);
			return p->blocks.v[i]->ccount;
		}
	for (i = 0; i < p->segs.n; i++)
		if (p->segs.v[i].cfirst == index) {
			md_print_data(out, &p->segs.v[i]);
			return p->segs.v[i].ccount;
		}
	return 0;
}

void md_print_program(Buf *out, const Program *p)
{
	il_print(out, p->m, owned_lines, (void *)p);
}
