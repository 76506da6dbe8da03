/* print.c - the canonical rendering of a Module, and a structural dump.
 *
 * il_print: one statement per line, opcode words rebuilt from the model
 * (base, argument, modifiers), operands in their written form, bodies
 * indented by nesting, every comment kept where it stood (own line or
 * trailing).  A hook lets the metadata layer print the comment lines it owns
 * (;ARGSTART blocks, data segments) from its own model.  Debug blocks are not
 * part of the model and are not printed.  Printing is a fixed point:
 * il_print(il_parse(il_print(m))) == il_print(m).
 *
 * il_dump: every field of the model except locations, one item per line;
 * two parses are the same program when their dumps are equal.
 */
#include <inttypes.h>
#include <string.h>

#include "il.h"

typedef struct Printer {
	Buf *out;
	const Module *m;
	IlCommentHook hook;
	void *ctx;
	size_t next;      /* next comment to print */
	int open_line;    /* source line of the statement just printed, 0 if none */
} Printer;

static int loc_before(Loc a, Loc b)
{
	return a.line < b.line || (a.line == b.line && a.col < b.col);
}

static void end_line(Printer *p)
{
	if (p->open_line) {
		buf_puts(p->out, "\n");
		p->open_line = 0;
	}
}

/* Prints the comments that stand before l (all of them when l.line == 0). */
static void flush(Printer *p, Loc l)
{
	while (p->next < p->m->comments.n) {
		const Comment *c = &p->m->comments.v[p->next];
		size_t used;
		if (l.line && !loc_before(c->loc, l))
			break;
		if (strncmp(c->text, "$$$$$$$$$$", 10) == 0 && !c->text[10 + strspn(c->text + 10, " \t")]) {
			p->next++; /* printed as the OP_PSEUDO_CALL statement */
			continue;
		}
		if (p->open_line && c->loc.line == p->open_line) {
			buf_printf(p->out, " ;%s\n", c->text);
			p->open_line = 0;
			p->next++;
			continue;
		}
		end_line(p);
		used = p->hook ? p->hook(p->ctx, p->m, p->next, p->out) : 0;
		if (used) {
			p->next += used;
			continue;
		}
		buf_printf(p->out, ";%s\n", c->text);
		p->next++;
	}
}

static void mods(Buf *b, const Mod *m, int n)
{
	int i;
	for (i = 0; i < n; i++) {
		buf_printf(b, "_%s", m[i].name);
		if (m[i].arg)
			buf_printf(b, "(%s)", m[i].arg);
	}
}

static void number(Buf *b, long long v, int hex)
{
	if (hex && v < 0)
		buf_printf(b, "-0x%llX", 0ull - (unsigned long long)v); /* LLONG_MIN too */
	else if (hex)
		buf_printf(b, "0x%08llX", (unsigned long long)v);
	else
		buf_printf(b, "%lld", v);
}

void il_print_operand(Buf *b, const Operand *o)
{
	int i;
	switch (o->file) {
	case RF_NUMBER:
		number(b, o->num, o->hex);
		break;
	case RF_FLOAT:
		buf_puts(b, o->text ? o->text : "0.0");
		break;
	case RF_GROUP:
		buf_puts(b, "(");
		for (i = 0; i < o->ngroup; i++) {
			if (i)
				buf_puts(b, ", ");
			il_print_operand(b, &o->group[i]);
		}
		buf_puts(b, ")");
		break;
	default:
		buf_puts(b, o->name);
		if (o->has_index) {
			buf_puts(b, "[");
			if (o->index_reg) {
				il_print_operand(b, o->index_reg);
				if (o->index_imm > 0 || (o->index_imm == 0 && o->index_hex)) {
					buf_puts(b, "+");
					number(b, o->index_imm, o->index_hex);
				} else if (o->index_imm < 0) {
					number(b, o->index_imm, o->index_hex);
				}
			} else {
				number(b, o->index_imm, o->index_hex);
			}
			buf_puts(b, "]");
		}
		if (o->comps[0])
			buf_printf(b, ".%s", o->comps);
		break;
	}
	mods(b, o->mods, o->nmods);
}

void il_print_inst(Buf *b, const Inst *in)
{
	int i;
	if (in->op == OP_PSEUDO_CALL) {
		buf_puts(b, ";$$$$$$$$$$");
		return;
	}
	buf_puts(b, il_ops[in->op].name);
	if (in->arg)
		buf_printf(b, "(%s)", in->arg);
	mods(b, in->mods, in->nmods);
	for (i = 0; i < in->nops; i++) {
		buf_puts(b, i ? ", " : " ");
		il_print_operand(b, &in->ops[i]);
	}
}

static void line(Printer *p, Loc l, int depth, const char *text)
{
	int i;
	flush(p, l);
	end_line(p);
	for (i = 0; i < depth; i++)
		buf_puts(p->out, "\t");
	buf_puts(p->out, text);
	p->open_line = l.line ? l.line : -1;
}

static void body(Printer *p, const Func *f, int base)
{
	size_t i;
	int depth = base;
	Buf t = {0};
	for (i = 0; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		OpKind k = il_ops[in->op].kind;
		int d;
		if (k == K_ENDIF || k == K_ENDLOOP || k == K_ENDSWITCH)
			depth = depth > base ? depth - 1 : base;
		d = k == K_ELSE || k == K_CASE ? (depth > base ? depth - 1 : base) : depth;
		t.n = 0;
		buf_add(&t, "", 0);
		il_print_inst(&t, in);
		line(p, in->loc, d, t.s);
		if (k == K_IF || k == K_LOOP || k == K_SWITCH)
			depth++;
	}
	buf_free(&t);
}

static void func(Printer *p, const Func *f)
{
	char head[96];
	if (f->is_macro)
		snprintf(head, sizeof head, "mdef(%lld)_out(%d)_in(%d)%s", f->id, f->nout, f->nin,
		         f->outline ? "_outline" : "");
	else
		snprintf(head, sizeof head, "func %lld", f->id);
	line(p, f->loc, 0, head);
	body(p, f, 1);
	if (!f->open_end)
		line(p, f->end_loc, 0, f->is_macro ? "mend" : "endfunc");
}

void il_print(Buf *out, const Module *m, IlCommentHook hook, void *ctx)
{
	Printer p = {out, m, hook, ctx, 0, 0};
	VEC(const Func *) order = {0};
	size_t i, j;
	for (i = 0; i < m->macros.n; i++)
		vec_push(&order, m->macros.v[i]);
	for (i = 0; i < m->funcs.n; i++)
		vec_push(&order, m->funcs.v[i]);
	/* file order: macros before the header, then main, then the rest */
	for (i = 1; i < order.n; i++)
		for (j = i; j > 0 && loc_before(order.v[j]->loc, order.v[j - 1]->loc); j--) {
			const Func *t = order.v[j];
			order.v[j] = order.v[j - 1];
			order.v[j - 1] = t;
		}
	for (i = 0; i < order.n && loc_before(order.v[i]->loc, m->header_loc); i++)
		func(&p, order.v[i]);
	if (m->lang)
		line(&p, m->lang_loc, 0, m->lang);
	line(&p, m->header_loc, 0, m->header);
	body(&p, &m->main, 0);
	if (m->has_endmain)
		line(&p, m->main.end_loc, 0, "endmain");
	for (; i < order.n; i++)
		func(&p, order.v[i]);
	line(&p, m->end_loc, 0, "end");
	flush(&p, (Loc){0});
	end_line(&p);
	vec_free(&order);
}

/* ---- structural dump ---------------------------------------------------- */

static void dump_operand(Buf *b, const Operand *o)
{
	int i;
	buf_printf(b, "{file=%d name=%s num=%lld hex=%d", o->file, o->name ? o->name : "-", o->num, o->hex);
	if (o->file == RF_FLOAT)
		buf_printf(b, " float=%s", o->text ? o->text : "-");
	if (o->has_index) {
		buf_printf(b, " index=%lld ihex=%d", o->index_imm, o->index_hex);
		if (o->index_reg) {
			buf_puts(b, " rel=");
			dump_operand(b, o->index_reg);
		}
	}
	buf_printf(b, " comps=%s", o->comps);
	for (i = 0; i < o->nmods; i++)
		buf_printf(b, " mod=%s(%s)", o->mods[i].name, o->mods[i].arg ? o->mods[i].arg : "");
	for (i = 0; i < o->ngroup; i++) {
		buf_puts(b, " member=");
		dump_operand(b, &o->group[i]);
	}
	buf_puts(b, "}");
}

static void dump_func(Buf *b, const char *what, const Func *f)
{
	size_t i;
	int k;
	buf_printf(b, "%s id=%lld name=%s macro=%d outline=%d out=%d in=%d\n", what, f->id,
	           f->name ? f->name : "-", f->is_macro, f->outline, f->nout, f->nin);
	for (i = 0; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		buf_printf(b, "  %s arg=%s", il_ops[in->op].name, in->arg ? in->arg : "-");
		for (k = 0; k < in->nmods; k++)
			buf_printf(b, " mod=%s(%s)", in->mods[k].name, in->mods[k].arg ? in->mods[k].arg : "");
		for (k = 0; k < in->nops; k++) {
			buf_puts(b, " ");
			dump_operand(b, &in->ops[k]);
		}
		buf_puts(b, "\n");
	}
}

void il_dump(Buf *b, const Module *m)
{
	size_t i;
	buf_printf(b, "lang=%s header=%s endmain=%d\n", m->lang ? m->lang : "-", m->header, m->has_endmain);
	dump_func(b, "main", &m->main);
	for (i = 0; i < m->macros.n; i++)
		dump_func(b, "macro", m->macros.v[i]);
	for (i = 0; i < m->funcs.n; i++)
		dump_func(b, "func", m->funcs.v[i]);
	for (i = 0; i < m->comments.n; i++)
		buf_printf(b, "comment ;%s\n", m->comments.v[i].text);
}
