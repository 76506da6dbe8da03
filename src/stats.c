/* stats.c - counts of what IL programs use, so a user sees at once what a
 * kernel collection needs from the translator. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "ilparse/il.h"
#include "metadata/metadata.h"

typedef struct Count {
	char *name;
	long n;
} Count;

typedef VEC(Count) Counts;

enum { C_HEADER, C_OPCODE, C_DECL, C_IMOD, C_OMOD, C_SPECIAL, C_MDTOKEN, C_MDVERSION, C_NCAT };
static const char *const cat_title[C_NCAT] = {
	"headers", "opcodes", "declarations", "instruction modifiers", "operand modifiers",
	"special registers", "metadata tokens", "metadata versions",
};

static void bump(Counts *c, const char *name)
{
	size_t i;
	Count x;
	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i].name, name) == 0) {
			c->v[i].n++;
			return;
		}
	x.name = xstrdup(name);
	x.n = 1;
	vec_push(c, x);
}

static int by_count(const void *a, const void *b)
{
	const Count *x = a, *y = b;
	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return strcmp(x->name, y->name);
}

static void operand(Counts *cat, const Operand *o)
{
	int i;
	char name[96];
	for (i = 0; i < o->nmods; i++) {
		snprintf(name, sizeof name, "_%s", o->mods[i].name);
		bump(&cat[C_OMOD], name);
	}
	if (o->file == RF_SPECIAL)
		bump(&cat[C_SPECIAL], o->num == SR_OTHER ? o->name : il_special_name((Special)o->num));
	if (o->index_reg)
		operand(cat, o->index_reg);
	for (i = 0; i < o->ngroup; i++)
		operand(cat, &o->group[i]);
}

static void func(Counts *cat, const Func *f)
{
	size_t i;
	int k;
	char name[96];
	for (i = 0; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		if (in->op == OP_PSEUDO_CALL)
			continue;
		bump(&cat[il_ops[in->op].kind == K_DCL ? C_DECL : C_OPCODE], il_ops[in->op].name);
		for (k = 0; k < in->nmods; k++) {
			snprintf(name, sizeof name, "_%s", in->mods[k].name);
			bump(&cat[C_IMOD], name);
		}
		for (k = 0; k < in->nops; k++)
			operand(cat, &in->ops[k]);
	}
}

/* Metadata tokens are counted from the comment lines themselves, so blocks
 * that the metadata reader rejects still show what they contain. */
static void metadata(Counts *cat, const Module *m)
{
	size_t i;
	int inblock = 0;
	char name[64];
	for (i = 0; i < m->comments.n; i++) {
		const char *t = m->comments.v[i].text;
		size_t n = strcspn(t, ":");
		if (strncmp(t, "ARGSTART:", 9) == 0)
			inblock = 1;
		if (strncmp(t, "#DATASTART", 10) == 0 || strncmp(t, "$$$$$$$$$$", 10) == 0) {
			bump(&cat[C_MDTOKEN], t[0] == '#' ? "#DATASTART" : "$$$$$$$$$$");
			continue;
		}
		if (inblock && n > 0 && n < sizeof name - 1 && t[0] != ' ') {
			snprintf(name, sizeof name, "%.*s", (int)n, t);
			bump(&cat[C_MDTOKEN], name);
			if (strncmp(t, "version:", 8) == 0)
				bump(&cat[C_MDVERSION], t + 8);
		}
		if (strncmp(t, "ARGEND:", 7) == 0)
			inblock = 0;
	}
}

int stats_report(FILE *out, const char *const *inputs, size_t n)
{
	Counts cat[C_NCAT];
	size_t i, j;
	int failed = 0, c;
	long kernels = 0;
	memset(cat, 0, sizeof cat);
	for (i = 0; i < n; i++) {
		size_t len;
		char *text = read_file(inputs[i], &len);
		Module *m;
		Program *p;
		if (!text) {
			diag_plain("cannot read %s: %s", inputs[i], strerror(errno));
			failed++;
			continue;
		}
		m = il_parse(inputs[i], text, len);
		if (!m) {
			failed++;
			free(text);
			continue;
		}
		bump(&cat[C_HEADER], m->header);
		func(cat, &m->main);
		for (j = 0; j < m->funcs.n; j++)
			func(cat, m->funcs.v[j]);
		for (j = 0; j < m->macros.n; j++)
			func(cat, m->macros.v[j]);
		metadata(cat, m);
		if ((p = md_read(m))) {
			kernels += (long)p->kernels.n;
			md_free(p);
		}
		il_free(m);
		free(text);
	}
	fprintf(out, "inputs: %zu (parsed %zu, failed %d), kernels: %ld\n", n, n - (size_t)failed, failed, kernels);
	for (c = 0; c < C_NCAT; c++) {
		long total = 0;
		if (cat[c].n) /* an empty category has no array: qsort(NULL) is undefined */
			qsort(cat[c].v, cat[c].n, sizeof *cat[c].v, by_count);
		for (j = 0; j < cat[c].n; j++)
			total += cat[c].v[j].n;
		fprintf(out, "\n%s (%zu distinct, %ld uses):\n", cat_title[c], cat[c].n, total);
		for (j = 0; j < cat[c].n; j++) {
			fprintf(out, "  %-32s %ld\n", cat[c].v[j].name, cat[c].v[j].n);
			free(cat[c].v[j].name);
		}
		vec_free(&cat[c]);
	}
	return failed;
}

/* Marks in used[OP_COUNT] every opcode the inputs use (docs/ISA.md's
 * "tested" column); the number of inputs that could not be read or parsed. */
int stats_opcodes(const char *const *inputs, size_t n, unsigned char *used)
{
	size_t i, j, q;
	int failed = 0;
	for (i = 0; i < n; i++) {
		size_t len;
		char *text = read_file(inputs[i], &len);
		Module *m;
		if (!text || !(m = il_parse(inputs[i], text, len))) {
			if (!text)
				diag_plain("cannot read %s: %s", inputs[i], strerror(errno));
			failed++;
			free(text);
			continue;
		}
		for (j = 0; j <= m->funcs.n + m->macros.n; j++) {
			const Func *f = j == 0 ? &m->main : j <= m->funcs.n ? m->funcs.v[j - 1] :
			                m->macros.v[j - 1 - m->funcs.n];
			for (q = 0; q < f->code.n; q++)
				used[f->code.v[q].op] = 1;
			/* the structure words are no instructions in the code: the
			   parse that built f saw them */
			if (j > 0 && f->is_macro)
				used[OP_MDEF] = used[OP_MEND] = 1;
			else if (j > 0)
				used[OP_FUNC] = used[OP_ENDFUNC] = 1;
		}
		if (m->has_endmain)
			used[OP_ENDMAIN] = 1;
		used[OP_END] = 1; /* the grammar requires it */
		il_free(m);
		free(text);
	}
	return failed;
}
