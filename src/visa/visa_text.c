/* visa_text.c - the .visaasm writer.  Output depends only on the VKernel,
 * so equal kernels give byte-identical files. */
#include <inttypes.h>
#include <string.h>

#include "visa.h"

static const char *align_name(int a)
{
	switch (a) {
	case 0: return "GRF";
	case 1: return "byte";
	case 2: return "word";
	case 4: return "dword";
	case 8: return "qword";
	case 16: return "oword";
	case 32: return "hword";
	case 64: return "2GRF";
	default: return "GRF";
	}
}

/* Decimal and hex numbers without printf: operands are most of a kernel's
 * text, and formatting them through vsnprintf was a third of the front
 * end's time (docs/BENCHMARKS.md). */
static void put_int(Buf *b, int v)
{
	char t[16], *p = t + sizeof t;
	unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
	if (v >= 0 && v < 10) { /* most regions' rows, columns and strides */
		char c = (char)('0' + v);
		buf_add(b, &c, 1);
		return;
	}
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	buf_add(b, p, (size_t)(t + sizeof t - p));
}

static void put_hex(Buf *b, uint64_t v)
{
	char t[24], *p = t + sizeof t;
	do
		*--p = "0123456789abcdef"[v & 15];
	while (v >>= 4);
	buf_add(b, p, (size_t)(t + sizeof t - p));
}

static void opnd(Buf *b, const VOpnd *o)
{
	static const char *const mods[] = {"", "(-)", "(abs)", "(-abs)", "(~)"};
	switch (o->kind) {
	case VO_NONE:
		break;
	case VO_REG:
		buf_puts(b, mods[o->mod]);
		buf_puts(b, o->var->name);
		buf_puts(b, "(");
		put_int(b, o->row);
		buf_puts(b, ",");
		put_int(b, o->col);
		buf_puts(b, ")<");
		if (!o->is_dst) {
			put_int(b, o->vs);
			buf_puts(b, ";");
			put_int(b, o->w);
			buf_puts(b, ",");
		}
		put_int(b, o->hs);
		buf_puts(b, ">");
		break;
	case VO_IMM:
		buf_puts(b, mods[o->mod]);
		buf_puts(b, "0x");
		put_hex(b, o->imm);
		buf_puts(b, ":");
		buf_puts(b, vtype_name(o->itype));
		break;
	case VO_RAW:
		buf_puts(b, o->var->name);
		buf_puts(b, ".");
		put_int(b, o->off);
		break;
	case VO_PRED:
	case VO_SURF:
		buf_puts(b, o->var->name);
		break;
	case VO_STATE:
		buf_puts(b, o->var->name);
		buf_puts(b, "(");
		put_int(b, o->off);
		buf_puts(b, ")");
		break;
	case VO_LABEL:
		buf_puts(b, o->label);
		break;
	case VO_LSCADDR: /* flat[A.64+0x10]:a64, ss(S)[O]:a32 */
		if (o->ss)
			buf_printf(b, "ss(%s)[%s", o->ss->name, o->var->name);
		else
			buf_printf(b, "flat[%s", o->var->name);
		if (o->off)
			buf_printf(b, ".%d", o->off);
		if ((int64_t)o->imm > 0)
			buf_printf(b, "+0x%" PRIx64, o->imm);
		else if ((int64_t)o->imm < 0)
			buf_printf(b, "-0x%" PRIx64, (uint64_t)-(int64_t)o->imm);
		buf_printf(b, "]:%s", o->lsc);
		break;
	case VO_LSCTGM: { /* bti(0x2)[U.64,V.64]:a32 */
		VDecl *c[3] = {o->var, o->ss, o->r};
		int i;
		buf_printf(b, "bti(0x%" PRIx64 ")[", o->imm);
		for (i = 0; i < 3 && c[i]; i++) {
			buf_printf(b, "%s%s", i ? "," : "", c[i]->name);
			if (o->off)
				buf_printf(b, ".%d", o->off);
		}
		buf_printf(b, "]:%s", o->lsc);
		break;
	}
	case VO_LSCDATA: /* D.64:d32x4, %null:d32 */
		buf_puts(b, o->var->name);
		if (o->off) {
			buf_puts(b, ".");
			put_int(b, o->off);
		}
		buf_puts(b, ":");
		buf_puts(b, o->lsc);
		break;
	}
}

static void inst(Buf *b, const VInst *in)
{
	int i;
	if (in->label) {
		buf_puts(b, in->label);
		buf_puts(b, ":\n");
		return;
	}
	buf_puts(b, "    ");
	if (in->pred) {
		buf_puts(b, in->pred_not ? "(!" : "(");
		buf_puts(b, in->pred->name);
		if (in->pred_ctrl) {
			buf_puts(b, ".");
			buf_puts(b, in->pred_ctrl);
		}
		buf_puts(b, ") ");
	}
	buf_puts(b, in->op);
	if (in->sat)
		buf_puts(b, ".sat");
	if (in->exec) {
		buf_puts(b, " (M");
		put_int(b, in->emask ? in->emask : 1);
		buf_puts(b, in->nomask ? "_NM, " : ", ");
		put_int(b, in->exec);
		buf_puts(b, ")");
	}
	for (i = 0; i < in->nops; i++) {
		buf_puts(b, " ");
		opnd(b, &in->ops[i]);
	}
	if (in->comment)
		buf_printf(b, "    // %s", in->comment);
	buf_puts(b, "\n");
}

char *vk_text(const VKernel *k)
{
	Buf b = {0};
	size_t i, j;
	buf_printf(&b, ".version 4.1\n.kernel \"%s\"\n", k->name);
	for (i = 0; i < k->decls.n; i++) {
		const VDecl *d = k->decls.v[i];
		if (d->predefined)
			continue;
		switch (d->kind) {
		case VD_GENERAL:
			buf_puts(&b, ".decl ");
			buf_puts(&b, d->name);
			buf_puts(&b, " v_type=G type=");
			buf_puts(&b, vtype_name(d->type));
			buf_puts(&b, " num_elts=");
			put_int(&b, d->nelts);
			buf_puts(&b, " align=");
			buf_puts(&b, align_name(d->align));
			if (d->alias) {
				buf_puts(&b, " alias=<");
				buf_puts(&b, d->alias->name);
				buf_puts(&b, ", ");
				put_int(&b, d->alias_off);
				buf_puts(&b, ">");
			}
			buf_puts(&b, "\n");
			break;
		case VD_PRED:
			buf_printf(&b, ".decl %s v_type=P num_elts=%d\n", d->name, d->nelts);
			break;
		case VD_ADDR:
			buf_printf(&b, ".decl %s v_type=A num_elts=%d\n", d->name, d->nelts);
			break;
		case VD_SURFACE:
			buf_printf(&b, ".decl %s v_type=T num_elts=%d\n", d->name, d->nelts);
			break;
		case VD_SAMPLER:
			buf_printf(&b, ".decl %s v_type=S num_elts=%d\n", d->name, d->nelts);
			break;
		}
	}
	for (i = 0; i < k->inputs.n; i++)
		buf_printf(&b, ".input %s offset=%d size=%d\n", k->inputs.v[i].var->name,
		           k->inputs.v[i].offset, k->inputs.v[i].size);
	buf_printf(&b, ".kernel_attr Target=\"3d\"\n.kernel_attr SimdSize=%d\n", k->simd);
	if (k->per_thread_input)
		buf_printf(&b, ".kernel_attr PerThreadInputSize=%d\n", k->per_thread_input);
	if (k->spill_mem_offset)
		buf_printf(&b, ".kernel_attr SpillMemOffset=%d\n", k->spill_mem_offset);
	for (i = 0; i < k->funcs.n; i++) {
		const VFunc *f = k->funcs.v[i];
		buf_printf(&b, ".function \"%s\"\n%s:\n", i == 0 ? "_main" : f->name, i == 0 ? "_main" : f->name);
		for (j = 0; j < f->code.n; j++)
			inst(&b, &f->code.v[j]);
	}
	return b.s;
}
