/* printf.c - AMD's printf buffer protocol onto Level Zero's.
 *
 * AMD (AMDIL path): cb0[8].y is the byte offset of the printf buffer and
 * cb0[8].z the size S in dwords of one work-item's slot, at
 * base + flatLocalId * S * 4.  Slot dword 0 is a write pointer (the runtime
 * sets it to 1); records follow, [format id][argument dwords]..., each
 * argument as many dwords as its ;printf_fmt size (a %s string inline,
 * NUL-terminated, padded to a dword).  The kernel's own code guards every
 * item against the slot size and keeps the cursor in x0[5].x.
 *
 * Level Zero (NEO): one buffer per kernel in the printf_buffer argument;
 * dword 0 is the next free byte offset; a record is [u64 host address of the
 * format string][token]..., one token [i32 type][payload] per conversion
 * the host finds in the format.  Format strings live in .data.const.string
 * and the kernel learns their address through a relocation.
 *
 * The mapping stages, it does not pattern-match: cb0[8].y reads 0 and
 * cb0[8].z reads S, so the IL's slot arithmetic, guards and cursor run
 * unchanged and address the work-item's own slot at byte 0.  Its stores
 * (provenance: derived from cb0[8].y, or on ;printfid's UAV) go to a
 * staging area of S dwords in the work-item's private memory.  At kernel
 * exit every lane walks its slot as AMD's runtime does (PrintfDbg: records
 * while z < write pointer and z < S, an unknown id stops) and turns each
 * record into a Level Zero record: one atomic add reserves it, the format
 * string's address and the tokens follow.  The token layout of each format
 * is static (printf_format); only a %s argument, whose inline length is known
 * at run time, moves the cursor by a scan.  docs/abi-map.txt has the table.
 */
#include <stdlib.h>
#include <string.h>

#include "lowerint.h"

/* ---- formats ------------------------------------------------------------ */

/* NEO's PrintFormatter: a conversion runs from '%' to the first of these;
 * "%%" (adjacent) is a literal percent. */
static const char conv_end[] = "diouxXaAeEfFgGscp";

typedef struct Conv {
	size_t start, end; /* '%' and its conversion letter */
} Conv;

static size_t scan_conversions(const char *s, size_t n, Conv **out)
{
	size_t i = 0, k = 0, cap = 0;
	*out = NULL;
	while (i < n) {
		size_t j;
		if (s[i] != '%') {
			i++;
			continue;
		}
		if (i + 1 < n && s[i + 1] == '%') {
			i += 2;
			continue;
		}
		for (j = i + 1; j < n && s[j] && !strchr(conv_end, s[j]); j++)
			;
		if (j >= n)
			break; /* no conversion letter: NEO prints the rest as text */
		if (k == cap)
			*out = xrealloc(*out, (cap = cap ? 2 * cap : 8) * sizeof **out);
		(*out)[k].start = i;
		(*out)[k].end = j;
		k++;
		i = j + 1;
	}
	return k;
}

static int valid_elem(int e)
{
	return e == 1 || e == 2 || e == 4 || e == 8;
}

/* The token of argument i for conversion [c.start, c.end] of the format;
 * -1 (after a diagnostic) when its size cannot be that conversion. */
static int classify(const MdPrintf *m, int i, const char *s, Conv c, PfArg *a)
{
	int size = m->sizes[i], k = 0, fl;
	char letter = s[c.end];
	size_t j;
	memset(a, 0, sizeof *a);
	a->amd_bytes = size;
	a->amd_dwords = (size + 3) / 4;
	for (j = c.start + 1; j < c.end; j++)
		if (s[j] == 'v') {
			k = atoi(s + j + 1);
			break;
		}
	fl = strchr("aAeEfFgG", letter) != NULL;
	if (letter == 's') {
		a->tag = PF_STRING;
		a->amd_dwords = 0; /* inline, NUL-terminated */
		a->bytes = 12;
		return 0;
	}
	if (size <= 0 || size > 128)
		goto bad;
	if (letter == 'p') {
		if (size != 4 && size != 8)
			goto bad;
		a->tag = PF_POINTER;
		a->bytes = 12;
		return 0;
	}
	if (k) {
		int e;
		if (k != 2 && k != 3 && k != 4 && k != 8 && k != 16)
			goto bad;
		if (k == 3 && size % 4 == 0 && valid_elem(size / 4))
			e = size / 4; /* padded to four elements */
		else if (k == 3 && size % 3 == 0 && valid_elem(size / 3))
			e = size / 3; /* older compilers: elements x element size */
		else if (k != 3 && size % k == 0 && valid_elem(size / k))
			e = size / k;
		else
			goto bad;
		a->count = k;
		a->elem = e;
		if (fl) {
			if (e == 1)
				goto bad;
			a->half = e == 2;
			a->tag = e == 8 ? PF_VDOUBLE : PF_VFLOAT;
		} else {
			a->tag = e == 1 ? PF_VBYTE : e == 2 ? PF_VSHORT : e == 4 ? PF_VINT : PF_VLONG;
		}
		a->bytes = 8 + k * (a->half || e < 4 ? 4 : e);
		return 0;
	}
	a->elem = size;
	if (fl) {
		if (size != 2 && size != 4 && size != 8)
			goto bad;
		a->half = size == 2;
		a->tag = size == 8 ? PF_DOUBLE : PF_FLOAT;
	} else {
		if (size > 8 || size == 3 || (size > 4 && size < 8))
			goto bad;
		a->tag = size == 8 ? PF_LONG : PF_INT;
	}
	a->bytes = size == 8 ? 12 : 8;
	return 0;
bad:
	diag_error(m->loc, "printf format %d: argument %d has %d bytes, which conversion '%.*s' cannot print",
	           m->id, i + 1, size, (int)(c.end - c.start + 1), s + c.start);
	return -1;
}

/* Offset of the NUL-terminated string s in the section, appended if new. */
static size_t intern_string(Buf *b, const char *s, size_t n)
{
	size_t i = 0;
	while (i < b->n) {
		size_t len = strlen(b->s + i);
		if (len == n && memcmp(b->s + i, s, n) == 0)
			return i;
		i += len + 1;
	}
	buf_add(b, s, n);
	buf_add(b, "", 1);
	return i;
}

/* The Level Zero side of one ;printf_fmt line: tokens, record size and
 * the format string NEO's host will walk, which must find exactly one
 * conversion per token (surplus conversions become "%%", surplus arguments
 * are not printed; both warned).  A backslash is doubled: NEO drops it. */
int printf_format(const MdPrintf *m, PfFormat *f, Buf *strings)
{
	Conv *cv;
	size_t nc = scan_conversions(m->fmt, m->fmt_len, &cv), i, k;
	Buf s = {0};
	int bad = 0;
	memset(f, 0, sizeof *f);
	f->md = m;
	f->id = m->id;
	f->nargs = m->nargs;
	f->args = xcalloc((size_t)m->nargs + 1, sizeof *f->args);
	f->record = 8;
	for (i = 0; i < (size_t)m->nargs; i++) {
		if (i >= nc) {
			f->args[i].amd_bytes = m->sizes[i];
			f->args[i].amd_dwords = (m->sizes[i] + 3) / 4;
			continue;
		}
		if (classify(m, (int)i, m->fmt, cv[i], &f->args[i]))
			bad = 1;
		f->record += f->args[i].bytes;
	}
	if (nc < (size_t)m->nargs)
		diag_warning(m->loc, "printf format %d has %zu conversion%s for %d arguments; the others are "
		             "not printed", m->id, nc, nc == 1 ? "" : "s", m->nargs);
	if (nc > (size_t)m->nargs)
		diag_warning(m->loc, "printf format %d has %zu conversions for %d argument%s; the others print "
		             "as text", m->id, nc, m->nargs, m->nargs == 1 ? "" : "s");
	for (i = 0, k = 0; i < m->fmt_len; i++) {
		if (k < nc && i == cv[k].start) {
			if (k >= (size_t)m->nargs)
				buf_add(&s, "%", 1);
			k++;
		}
		if (m->fmt[i] == '\\')
			buf_add(&s, "\\", 1);
		buf_add(&s, &m->fmt[i], 1);
	}
	f->str = intern_string(strings, s.s ? s.s : "", s.n);
	buf_free(&s);
	free(cv);
	return bad ? -1 : 0;
}

static int by_id(const void *a, const void *b)
{
	const PfFormat *x = a, *y = b;
	return (x->id > y->id) - (x->id < y->id);
}

/* Every format of the program (IDs are program-wide), by id. */
int printf_table(const Program *p, PfTable *t)
{
	size_t i, j, k;
	int bad = 0, strings = 0;
	memset(t, 0, sizeof *t);
	for (i = 0; i < p->blocks.n; i++)
		for (j = 0; j < p->blocks.v[i]->printfs.n; j++) {
			const MdPrintf *m = &p->blocks.v[i]->printfs.v[j];
			PfFormat f;
			for (k = 0; k < t->f.n && t->f.v[k].id != m->id; k++)
				;
			if (k < t->f.n) {
				if (strcmp(t->f.v[k].md->text, m->text))
					diag_warning(m->loc, "printf id %d is declared again with another format; "
					             "the first one is used", m->id);
				continue;
			}
			if (printf_format(m, &f, &t->strings))
				bad = 1;
			vec_push(&t->f, f);
		}
	if (t->f.n)
		qsort(t->f.v, t->f.n, sizeof *t->f.v, by_id);
	for (k = 0; k < t->f.n; k++)
		for (i = 0; i < (size_t)t->f.v[k].nargs; i++)
			strings |= t->f.v[k].args[i].tag == PF_STRING;
	if (strings) {
		static const char ph[] = "(string)";
		t->placeholder = intern_string(&t->strings, ph, sizeof ph - 1);
	}
	if (t->f.n)
		t->empty = intern_string(&t->strings, "", 0);
	return bad ? -1 : 0;
}

void printf_table_free(PfTable *t)
{
	size_t i;
	for (i = 0; i < t->f.n; i++)
		free(t->f.v[i].args);
	vec_free(&t->f);
	buf_free(&t->strings);
}

/* ---- staging ------------------------------------------------------------ */

/* Does the kernel store to the printf buffer?  Then S dwords of private
 * memory per work-item hold its slot. */
int printf_memory(L *l, int priv_dwords)
{
	size_t i;
	int printfid = l->k->md->printfid;
	l->pf_slot = l->o->pf_slot > 0 ? l->o->pf_slot : PF_SLOT_DWORDS;
	for (i = 0; i < l->pv.insts.n && !l->pf_used; i++) {
		const Inst *in = l->pv.insts.v[i];
		const Mod *id = il_inst_mod(in, "id");
		l->pf_used = l->pv.base.v[i] == PV_PRINTF ||
		             (printfid >= 0 && id && il_mod_int(id, -1) == printfid);
	}
	if (!l->pf_used || !l->o->pf || !l->o->pf->f.n) {
		l->pf_used = 0;
		l->pf_slot = 0; /* AMD's "printf off": the kernel's guards skip every item */
		return priv_dwords;
	}
	l->pf_k0 = priv_dwords;
	return priv_dwords + l->pf_slot;
}

int printf_access(L *l, const Inst *in, int uav)
{
	int printfid = l->k->md->printfid;
	if (!l->pf_used)
		return 0;
	return pv_base(l, in) == PV_PRINTF || (printfid >= 0 && uav == printfid);
}

Val printf_cb0(L *l, int element)
{
	return val_imm(element == 0 ? 0 : (uint32_t)l->pf_slot);
}

/* A printf-buffer access at byte address a (n dwords): dword a/4 of the
 * buffer is dword a/4 - flatLocalId*S of this work-item's slot.  Stores
 * outside the slot are dropped, loads outside it read the slot's last
 * dword (AMD's code never makes either). */
void printf_stage(L *l, int store, Val a, int n, const Operand *dst, const Val *data)
{
	VDecl *rel = vk_temp(l->vk, "PFREL", VT_UD, l->simd), *fl = vk_temp(l->vk, "PFFL", VT_UD, l->simd);
	Val v[2];
	int j;
	v[0] = flat_local_id(l), v[1] = val_imm((uint32_t)l->pf_slot);
	alu(l, "mul", VT_UD, fl, 2, v, 0);
	v[0] = a, v[1] = val_imm(2);
	alu(l, "shr", VT_UD, rel, 2, v, 0);
	v[0] = val_vec(rel), v[1] = val_vec(fl);
	v[1].neg = 1;
	alu(l, "add", VT_UD, rel, 2, v, 0);
	for (j = 0; j < n; j++) {
		VDecl *idx = vk_temp(l->vk, "PFIX", VT_UD, l->simd);
		v[0] = val_vec(rel), v[1] = val_imm((uint32_t)j);
		alu(l, "add", VT_UD, idx, 2, v, 0);
		if (store) {
			const char *skip = vk_label_name(l->vk, "pfskip");
			VDecl *p = compare(l, "ge", VT_UD, val_vec(idx), val_imm((uint32_t)l->pf_slot));
			VInst *g = vk_emit(l->vk, "goto", l->simd, 1);
			g->pred = p;
			g->ops[0] = vo_label(skip);
			g->nops = 1;
			priv_store(l, l->pf_k0, val_vec(idx), data[j]);
			vk_label(l->vk, skip);
		} else {
			Val d;
			v[0] = val_vec(idx), v[1] = val_imm((uint32_t)l->pf_slot - 1);
			alu(l, "min", VT_UD, idx, 2, v, 0);
			d = val_vec(priv_load(l, l->pf_k0, val_vec(idx)));
			alu(l, "mov", VT_UD, reg_comp(l, dst->num, j), 1, &d, 0);
		}
	}
}

/* The runtime sets a slot's write pointer to 1 before each launch. */
void printf_prologue(L *l)
{
	if (l->pf_used)
		priv_store(l, l->pf_k0, val_imm(0), val_imm(1));
}

/* ---- records at kernel exit --------------------------------------------- */

typedef struct Rec {
	VEC(Val) d;          /* the record's dwords after the format address */
} Rec;

static void go(L *l, VDecl *p, int pnot, const char *label)
{
	VInst *in = vk_emit(l->vk, "goto", l->simd, 1);
	in->pred = p;
	in->pred_not = pnot;
	in->ops[0] = vo_label(label);
	in->nops = 1;
}

static VDecl *ud(L *l, const char *prefix)
{
	return vk_temp(l->vk, prefix, VT_UD, l->simd);
}

static void op2(L *l, const char *op, VDecl *dst, Val a, Val b)
{
	Val v[2];
	v[0] = a, v[1] = b;
	alu(l, op, VT_UD, dst, 2, v, 0);
}

/* Staged dword z + j of every lane, kept inside the slot. */
static Val staged(L *l, VDecl *z, int j)
{
	VDecl *i = ud(l, "PFI");
	op2(l, "add", i, val_vec(z), val_imm((uint32_t)j));
	op2(l, "min", i, val_vec(i), val_imm((uint32_t)l->pf_slot - 1));
	return val_vec(priv_load(l, l->pf_k0, val_vec(i)));
}

/* What AMD's runtime printed for element e of a half vector: it read 4
 * bytes at byte 2e of the stored image as a float (its element size is 2,
 * its read always 4), so element e is bytes 2e..2e+3. */
static Val half_as_amd_read(L *l, VDecl *z, int e)
{
	VDecl *t = ud(l, "PFH"), *u = ud(l, "PFH");
	if (e % 2 == 0)
		return staged(l, z, e / 2);
	op2(l, "shr", t, staged(l, z, e / 2), val_imm(16));
	op2(l, "shl", u, staged(l, z, e / 2 + 1), val_imm(16));
	op2(l, "or", t, val_vec(t), val_vec(u));
	return val_vec(t);
}

/* Skips the inline %s string: dwords until one holds a zero byte. */
static void skip_string(L *l, VDecl *z, VDecl *wp)
{
	const char *head = vk_label_name(l->vk, "pfstr"), *done = vk_label_name(l->vk, "pfstrend");
	VDecl *t = ud(l, "PFZ"), *n = ud(l, "PFN");
	Val d;
	vk_label(l->vk, head);
	d = staged(l, z, 0);
	op2(l, "add", z, val_vec(z), val_imm(1));
	/* (d - 0x01010101) & ~d & 0x80808080 is non-zero iff a byte of d is 0 */
	op2(l, "add", t, d, val_imm(0xfefefeffu));
	op2(l, "xor", n, d, val_imm(0xffffffffu));
	op2(l, "and", t, val_vec(t), val_vec(n));
	op2(l, "and", t, val_vec(t), val_imm(0x80808080u));
	go(l, compare(l, "ne", VT_UD, val_vec(t), val_imm(0)), 0, done);
	go(l, compare(l, "ge", VT_UD, val_vec(z), val_vec(wp)), 0, done);
	go(l, NULL, 0, head);
	vk_label(l->vk, done);
}

/* The tokens of one argument, reading its staged dwords at z. */
static void tokens(L *l, const PfArg *a, VDecl *z, VDecl *wp, const Val str[2], Rec *r)
{
	int j;
	if (a->tag == PF_STRING) {
		vec_push(&r->d, val_imm(PF_STRING));
		vec_push(&r->d, str[0]);
		vec_push(&r->d, str[1]);
		skip_string(l, z, wp);
		return;
	}
	if (a->tag) {
		vec_push(&r->d, val_imm((uint32_t)a->tag));
		if (a->count)
			vec_push(&r->d, val_imm((uint32_t)a->count));
	}
	switch (a->tag) {
	case 0:
		break;
	case PF_INT:
	case PF_FLOAT: /* a half as stored: AMD's runtime printed those bits as a float */
		vec_push(&r->d, staged(l, z, 0));
		break;
	case PF_LONG:
	case PF_DOUBLE:
		vec_push(&r->d, staged(l, z, 0));
		vec_push(&r->d, staged(l, z, 1));
		break;
	case PF_POINTER: /* AMD's value is an offset in its buffer; zero-extended */
		vec_push(&r->d, staged(l, z, 0));
		vec_push(&r->d, a->amd_bytes == 8 ? staged(l, z, 1) : val_imm(0));
		break;
	default: /* vectors: k elements at natural size, byte/short ones padded to k*4 bytes */
		if (a->half) {
			for (j = 0; j < a->count; j++)
				vec_push(&r->d, half_as_amd_read(l, z, j));
		} else if (a->elem >= 4) {
			for (j = 0; j < a->count * a->elem / 4; j++)
				vec_push(&r->d, staged(l, z, j));
		} else {
			int used = a->count * a->elem; /* bytes of the elements */
			for (j = 0; j < a->count; j++) {
				int left = used - 4 * j;
				if (left <= 0) {
					vec_push(&r->d, val_imm(0));
				} else if (left >= 4) {
					vec_push(&r->d, staged(l, z, j));
				} else {
					VDecl *t = ud(l, "PFM");
					op2(l, "and", t, staged(l, z, j), val_imm((1u << (8 * left)) - 1));
					vec_push(&r->d, val_vec(t));
				}
			}
		}
		break;
	}
	op2(l, "add", z, val_vec(z), val_imm((uint32_t)a->amd_dwords));
}

/* n dwords (n <= 4) per lane at the lanes' addresses + byte off. */
static void scatter(L *l, VDecl *const addr[], int off, int n, const Val *v)
{
	int h;
	for (h = 0; h < l->nchunks; h++)
		svm_store(l, addr[h], h, (uint64_t)off, n, v);
}

/* Reserves `bytes` in the Level Zero buffer on every lane: old offsets in
 * OLD, per-chunk record addresses (buffer + old) in addr[]. */
static VDecl *reserve(L *l, int bytes, VDecl *addr[])
{
	VDecl *buf = vk_alias(l->vk, implicit_arg(l, IMP_PRINTF_BUFFER), VT_UD, 0);
	VDecl *old = ud(l, "PFOLD"), *inc = ud(l, "PFINC");
	Val one = val_imm((uint32_t)bytes);
	int h, q;
	alu(l, "mov", VT_UD, inc, 1, &one, 0);
	for (h = 0; h < l->nchunks; h++) {
		VDecl *a = vk_temp(l->vk, "PFA", VT_UQ, l->chunk), *a32 = vk_alias(l->vk, a, VT_UD, 0);
		VInst *in = emit_chunk(l, "mov", h);
		in->ops[0] = vo_dst(a, 0);
		in->ops[1] = vo_scalar(vk_alias(l->vk, implicit_arg(l, IMP_PRINTF_BUFFER), VT_UQ, 0), 0);
		in->nops = 2;
		/* svm_atomic goes 8 lanes per message (see lower_mem.c atom_send) */
		if (l->lsc)
			lsc_atomic(l, 1, a, h, "add", vo_raw(old, h * l->chunk * 4), vo_raw(inc, h * l->chunk * 4),
			           vo_raw(vk_predefined(l->vk, "%null", VT_UD), 0), "d32");
		for (q = 0; q < l->chunk / 8 && !l->lsc; q++) {
			in = vk_emit(l->vk, "svm_atomic.add", 8, 1 + (h * l->chunk + 8 * q) / 4);
			in->ops[0] = vo_raw(a, 64 * q);
			in->ops[1] = vo_raw(old, (h * l->chunk + 8 * q) * 4);
			in->ops[2] = vo_raw(inc, (h * l->chunk + 8 * q) * 4);
			in->ops[3] = vo_raw(vk_predefined(l->vk, "%null", VT_UD), 0);
			in->nops = 4;
		}
		{
			VDecl *lo = vk_temp(l->vk, "PFLO", VT_UD, l->chunk), *cy = vk_temp(l->vk, "PFCY", VT_UD, l->chunk);
			in = emit_chunk(l, "addc", h);
			in->ops[0] = vo_dst(lo, 0);
			in->ops[1] = vo_dst(cy, 0);
			in->ops[2] = vo_src(old, h * l->chunk);
			in->ops[3] = vo_scalar(buf, 0);
			in->nops = 4;
			in = emit_chunk(l, "add", h);
			in->ops[0] = vo_dst_stride(a32, 1, 2);
			in->ops[1] = vo_src(cy, 0);
			in->ops[2] = vo_scalar(buf, 1);
			in->nops = 3;
			in = emit_chunk(l, "mov", h);
			in->ops[0] = vo_dst_stride(a32, 0, 2);
			in->ops[1] = vo_src(lo, 0);
			in->nops = 2;
		}
		addr[h] = a;
	}
	return old;
}

/* One format's record, on the lanes whose staged id is f->id; lanes whose
 * record runs past the write pointer (items the kernel skipped when the
 * slot was full) go to `cut` without printing. */
static void record(L *l, const PfFormat *f, VDecl *z, VDecl *wp, const char *cut)
{
	const PfTable *t = l->o->pf;
	VDecl *fmt = vk_temp(l->vk, "PFFMT", VT_UD, 6), *s64 = vk_alias(l->vk, l->pf_strings, VT_UD, 0);
	VDecl *addr[4], *old;
	const char *ovf = vk_label_name(l->vk, "pfovf"), *done = vk_label_name(l->vk, "pfrec");
	Val str[2], head[2];
	Rec r = {{0}};
	VInst *in;
	int i, n;
	/* format, placeholder and empty-string addresses: string base + offsets */
	for (i = 0; i < 3; i++) {
		size_t off = i == 2 ? t->empty : i ? t->placeholder : f->str;
		in = vk_emit(l->vk, "addc", 1, 1);
		in->nomask = 1;
		in->ops[0] = vo_dst(fmt, 2 * i);
		in->ops[1] = vo_dst(fmt, 2 * i + 1);
		in->ops[2] = vo_scalar(s64, 0);
		in->ops[3] = vo_imm((uint32_t)off, VT_UD);
		in->nops = 4;
		in = vk_emit(l->vk, "add", 1, 1);
		in->nomask = 1;
		in->ops[0] = vo_dst(fmt, 2 * i + 1);
		in->ops[1] = vo_scalar(fmt, 2 * i + 1);
		in->ops[2] = vo_scalar(s64, 1);
		in->nops = 3;
	}
	head[0] = val_scalar(fmt, 0), head[1] = val_scalar(fmt, 1);
	str[0] = val_scalar(fmt, 2), str[1] = val_scalar(fmt, 3);
	vec_push(&r.d, head[0]);
	vec_push(&r.d, head[1]);
	for (i = 0; i < f->nargs; i++)
		tokens(l, &f->args[i], z, wp, str, &r);
	if ((int)r.d.n * 4 != f->record)
		die("printf record of format %d: %zu bytes built, %d planned", f->id, r.d.n * 4, f->record);
	go(l, compare(l, "gt", VT_UD, val_vec(z), val_vec(wp)), 0, cut);
	old = reserve(l, f->record, addr);
	go(l, compare(l, "gt", VT_UD, val_vec(old), val_imm((uint32_t)(PF_BUFFER_BYTES - f->record))), 0, ovf);
	for (i = 0; i < (int)r.d.n; i += n) {
		n = (int)r.d.n - i < 4 ? (int)r.d.n - i : 4;
		scatter(l, addr, 4 * i, n, &r.d.v[i]);
	}
	go(l, NULL, 0, done);
	/* no room: the one record that straddles the end of the buffer is
	 * parsed by the host up to the end (it reads a format address at
	 * every 8 bytes that fit, and a NULL one crashes it), so its part
	 * inside the buffer is filled with addresses of "" */
	vk_label(l->vk, ovf);
	head[0] = val_scalar(fmt, 4), head[1] = val_scalar(fmt, 5);
	for (i = 0; 8 * i < f->record; i++) {
		go(l, compare(l, "gt", VT_UD, val_vec(old), val_imm((uint32_t)(PF_BUFFER_BYTES - 8 * (i + 1)))), 0,
		   done);
		scatter(l, addr, 8 * i, 2, head);
	}
	vk_label(l->vk, done);
	vec_free(&r.d);
}

/* At kernel exit, after every lane's work: each lane walks its slot. */
void printf_epilogue(L *l)
{
	const PfTable *t = l->o->pf;
	const char *head, *done, *next;
	VDecl *z, *wp, *id, *hit;
	VInst *in;
	size_t i;
	if (!l->pf_used)
		return;
	/* its own basic block after the exit label: the faddr pairs of a kernel
	 * reach the listing in vISA order (see finalize.c) */
	l->pf_strings = vk_decl(l->vk, "PRINTF_STRINGS", VT_UQ, 1, 8);
	in = vk_emit(l->vk, "faddr", 0, 0);
	in->ops[0] = vo_label(PF_STRINGS_SYMBOL);
	in->ops[1] = vo_dst(l->pf_strings, 0);
	in->nops = 2;
	z = ud(l, "PFZC"), wp = ud(l, "PFWP"), id = ud(l, "PFID"), hit = ud(l, "PFHIT");
	{
		Val v = val_imm(0);
		alu(l, "mov", VT_UD, z, 1, &v, 0);
		op2(l, "min", wp, staged(l, z, 0), val_imm((uint32_t)l->pf_slot)); /* write pointer */
		v = val_imm(1);
		alu(l, "mov", VT_UD, z, 1, &v, 0);
	}
	head = vk_label_name(l->vk, "pfloop");
	done = vk_label_name(l->vk, "pfdone");
	vk_label(l->vk, head);
	go(l, compare(l, "ge", VT_UD, val_vec(z), val_vec(wp)), 0, done);
	{
		Val v = staged(l, z, 0), zero = val_imm(0);
		alu(l, "mov", VT_UD, id, 1, &v, 0);
		alu(l, "mov", VT_UD, hit, 1, &zero, 0);
	}
	op2(l, "add", z, val_vec(z), val_imm(1));
	for (i = 0; i < t->f.n; i++) {
		Val one = val_imm(1);
		next = vk_label_name(l->vk, "pfnext");
		go(l, compare(l, "ne", VT_UD, val_vec(id), val_imm((uint32_t)t->f.v[i].id)), 0, next);
		record(l, &t->f.v[i], z, wp, next);
		alu(l, "mov", VT_UD, hit, 1, &one, 0);
		vk_label(l->vk, next);
	}
	go(l, compare(l, "eq", VT_UD, val_vec(hit), val_imm(0)), 0, done); /* unknown id: stop */
	go(l, NULL, 0, head);
	vk_label(l->vk, done);
}
