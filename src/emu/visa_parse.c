/* visa_parse.c - the vISA text GenX_IR reads, into an XProg.
 *
 * Contract: visa_parse() accepts the forms src/visa/visa_text.c writes
 * (and hand-written text in the same syntax): .version, .kernel, .decl
 * (G with alias=<base, off>, P, T, S), .input, .kernel_attr, .function,
 * labels and the instructions of zeint.h's XOp.  Every general variable
 * gets its bytes in one register file (aliases share their owner's); an
 * operand's origin is row * GRF + col * type size bytes into its variable
 * (the device's register size: 32 bytes, 64 on PVC; visa_parse_grf).  Anything else - address variables, indirect
 * operands, stateful surfaces in untyped messages, unknown mnemonics or
 * attributes - is refused with "line N: ..." naming it.  Image messages
 * are taken in the forms lower_image.c writes: sample_lz.<ch> and
 * load_lz.<ch> (aoffimmi, [sampler,] surface, raw destination, 1-3 raw
 * coordinates) and scatter4_typed.<ch> (surface, u v r lod raw or %null,
 * raw data).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <string.h>

#include "zeint.h"


typedef struct Label { const char *name; int line; int at; } Label;

typedef struct P {
	XProg *p;
	int line;
	char *err;
	VEC(Label) labels;
	int *lhash;
	size_t lcap;
	VEC(char *) pending;   /* label operand names, by instruction operand: resolved later */
	VEC(int) pend_at;      /* instruction index * 8 + operand */
} P;

static const struct { const char *name; XType t; } type_names[] = {
	{"ud", XT_UD}, {"d", XT_D}, {"uw", XT_UW}, {"w", XT_W}, {"ub", XT_UB}, {"b", XT_B},
	{"uq", XT_UQ}, {"q", XT_Q}, {"f", XT_F}, {"hf", XT_HF}, {"df", XT_DF}, {"v", XT_V}, {"uv", XT_UV},
};

int xtype_size(XType t)
{
	static const int s[] = {4, 4, 2, 2, 1, 1, 8, 8, 4, 2, 8, 2, 2, 0};
	return s[t];
}

int xtype_float(XType t) { return t == XT_F || t == XT_HF || t == XT_DF; }
int xtype_signed(XType t)
{
	return t == XT_D || t == XT_W || t == XT_B || t == XT_Q || t == XT_V || xtype_float(t);
}

static XType type_named(const char *s)
{
	size_t i;
	for (i = 0; i < NELEM(type_names); i++)
		if (!strcmp(type_names[i].name, s))
			return type_names[i].t;
	return XT_NONE;
}

static int fail(P *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(P *s, const char *fmt, ...)
{
	va_list ap;
	Buf b = {0};
	if (s->err)
		return -1;
	buf_printf(&b, "vISA line %d: ", s->line);
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	s->err = b.s;
	return -1;
}

/* ---- name hashes ------------------------------------------------------ */

static size_t hash_str(const char *s)
{
	size_t h = 5381;
	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

typedef const char *(*NameOf)(void *ctx, int i);

/* open addressing: table of index + 1, 0 = empty */
static int hfind(int *tab, size_t cap, const char *name, NameOf nm, void *ctx)
{
	size_t h;
	if (!cap)
		return -1;
	for (h = hash_str(name) & (cap - 1); tab[h]; h = (h + 1) & (cap - 1))
		if (!strcmp(nm(ctx, tab[h] - 1), name))
			return tab[h] - 1;
	return -1;
}

static void hput(int **tab, size_t *cap, size_t count, const char *name, int idx, NameOf nm, void *ctx)
{
	size_t h;
	if ((count + 1) * 2 > *cap) {
		size_t ncap = *cap ? *cap * 2 : 256, i;
		int *n = xcalloc(ncap, sizeof *n);
		for (i = 0; i < *cap; i++)
			if ((*tab)[i]) {
				for (h = hash_str(nm(ctx, (*tab)[i] - 1)) & (ncap - 1); n[h]; h = (h + 1) & (ncap - 1))
					;
				n[h] = (*tab)[i];
			}
		free(*tab);
		*tab = n;
		*cap = ncap;
	}
	for (h = hash_str(name) & (*cap - 1); (*tab)[h]; h = (h + 1) & (*cap - 1))
		;
	(*tab)[h] = idx + 1;
}

static const char *var_name(void *ctx, int i) { return ((XProg *)ctx)->vars.v[i].name; }
static const char *label_name(void *ctx, int i) { return ((P *)ctx)->labels.v[i].name; }

static int find_var(P *s, const char *name)
{
	return hfind(s->p->hash, s->p->hcap, name, var_name, s->p);
}

static int add_var(P *s, XVar v)
{
	XProg *p = s->p;
	int idx = (int)p->vars.n;
	v.name = arena_strdup(&p->arena, v.name);
	v.line = s->line;
	vec_push(&p->vars, v);
	hput(&p->hash, &p->hcap, p->vars.n, v.name, idx, var_name, p);
	return idx;
}

/* storage for a new owner of bytes */
static int grf_alloc(XProg *p, int bytes)
{
	int at = (p->grf_bytes + p->row - 1) / p->row * p->row;
	p->grf_bytes = at + (bytes > 0 ? bytes : 1);
	return at;
}

/* %r0, %group_id_x/y/z (views of r0), %cr0, %null, %slm, %scratch */
static int predefined(P *s, const char *name)
{
	XProg *p = s->p;
	XVar v;
	static const char *const gid[3] = {"%group_id_x", "%group_id_y", "%group_id_z"};
	static const int gid_dw[3] = {1, 6, 7};
	int i;
	memset(&v, 0, sizeof v);
	v.name = name;
	v.type = XT_UD;
	if (!strcmp(name, "%r0") || !strncmp(name, "%group_id_", 10)) {
		if (p->r0 < 0) {
			XVar r0 = v;
			r0.name = "%r0";
			r0.nelts = 8;
			r0.base = r0.lo = grf_alloc(p, p->row);
			r0.hi = r0.lo + p->row;
			p->r0 = add_var(s, r0);
		}
		if (!strcmp(name, "%r0"))
			return p->r0;
		for (i = 0; i < 3; i++)
			if (!strcmp(name, gid[i])) {
				v.nelts = 1;
				v.base = v.lo = p->vars.v[p->r0].base + 4 * gid_dw[i];
				v.hi = v.lo + 4;
				return p->gid[i] = add_var(s, v);
			}
		fail(s, "unknown predefined variable %s", name);
		return -1;
	}
	if (!strcmp(name, "%cr0")) {
		/* the control register: 0 at dispatch (xthread_init); the float
		 * ALU reads its rounding-mode bits 5:4 */
		if (p->cr0 < 0) {
			v.nelts = 4;
			v.base = v.lo = grf_alloc(p, 16);
			v.hi = v.lo + 16;
			p->cr0 = add_var(s, v);
		}
		return p->cr0;
	}
	if (!strcmp(name, "%null"))
		v.kind = XV_NULL;
	else if (!strcmp(name, "%slm"))
		v.kind = XV_SLM;
	else if (!strcmp(name, "%scratch"))
		v.kind = XV_SCRATCH;
	else {
		fail(s, "predefined variable %s is not supported", name);
		return -1;
	}
	return add_var(s, v);
}

static int lookup(P *s, const char *name)
{
	int v = find_var(s, name);
	if (v >= 0)
		return v;
	if (name[0] == '%')
		return predefined(s, name);
	fail(s, "undeclared variable '%s'", name);
	return -1;
}

/* ---- tokens --------------------------------------------------------- */

/* splits at blanks, keeping <...> and "..." together; returns count */
static int split(char *line, char **tok, int max)
{
	int n = 0;
	char *c = line;
	while (*c) {
		int depth = 0, quote = 0;
		while (*c == ' ' || *c == '\t' || *c == '\r')
			c++;
		if (!*c)
			break;
		if (n == max)
			return -1;
		tok[n++] = c;
		while (*c && (depth || quote || !(*c == ' ' || *c == '\t' || *c == '\r'))) {
			if (*c == '"')
				quote = !quote;
			else if (*c == '<' && !quote)
				depth++;
			else if (*c == '>' && !quote && depth)
				depth--;
			c++;
		}
		if (*c)
			*c++ = 0;
	}
	return n;
}

static int parse_int(const char *t, long *out)
{
	char *end;
	errno = 0;
	*out = strtol(t, &end, 0);
	return errno || end == t || *end ? -1 : 0;
}

/* ---- directives ----------------------------------------------------- */

static int kv(P *s, const char *tok, const char *key, const char **val)
{
	size_t n = strlen(key);
	if (strncmp(tok, key, n) || tok[n] != '=')
		return 0;
	*val = tok + n + 1;
	(void)s;
	return 1;
}

static int decl(P *s, char **tok, int n)
{
	XVar v;
	const char *vt = NULL, *ty = NULL, *ne = NULL, *al = NULL, *alias = NULL, *val;
	long nelts;
	int i;
	if (n < 3)
		return fail(s, "bad .decl");
	if (find_var(s, tok[1]) >= 0)
		return fail(s, "'%s' is declared twice", tok[1]);
	for (i = 2; i < n; i++) {
		if (kv(s, tok[i], "v_type", &val))
			vt = val;
		else if (kv(s, tok[i], "type", &val))
			ty = val;
		else if (kv(s, tok[i], "num_elts", &val))
			ne = val;
		else if (kv(s, tok[i], "align", &val))
			al = val;
		else if (kv(s, tok[i], "alias", &val))
			alias = val;
		else
			return fail(s, "unknown .decl attribute '%s'", tok[i]);
	}
	(void)al;
	if (!vt || !ne || parse_int(ne, &nelts) || nelts <= 0 || nelts > 4096)
		return fail(s, ".decl %s needs v_type and num_elts", tok[1]);
	memset(&v, 0, sizeof v);
	v.name = tok[1];
	v.nelts = (int)nelts;
	v.type = XT_UD;
	if (!strcmp(vt, "P")) {
		if (nelts > 32)
			return fail(s, "predicate %s has more than 32 lanes", tok[1]);
		v.kind = XV_PRED;
		v.base = s->p->npred++;
	} else if (!strcmp(vt, "T") || !strcmp(vt, "S")) {
		v.kind = !strcmp(vt, "T") ? XV_SURF : XV_SAMP;
		v.base = s->p->nsurf;
		s->p->nsurf += (int)nelts;
	} else if (!strcmp(vt, "G")) {
		if (!ty || (v.type = type_named(ty)) == XT_NONE || v.type == XT_V || v.type == XT_UV)
			return fail(s, ".decl %s: unsupported type '%s'", tok[1], ty ? ty : "");
		if (alias) {
			char base[256];
			long off;
			int b;
			if (sscanf(alias, "<%255[^,], %ld>", base, &off) != 2)
				return fail(s, "bad alias '%s'", alias);
			b = lookup(s, base);
			if (b < 0)
				return -1;
			if (s->p->vars.v[b].kind != XV_GRF)
				return fail(s, "alias of '%s', which is not a general variable", base);
			v.base = s->p->vars.v[b].base + (int)off;
			v.lo = s->p->vars.v[b].lo;
			v.hi = s->p->vars.v[b].hi;
			if (off < 0 || v.base > v.hi)
				return fail(s, "alias offset %ld outside '%s'", off, base);
		} else {
			v.base = v.lo = grf_alloc(s->p, v.nelts * xtype_size(v.type));
			v.hi = v.lo + v.nelts * xtype_size(v.type);
		}
	} else
		return fail(s, ".decl %s: v_type=%s is not supported", tok[1], vt);
	add_var(s, v);
	return 0;
}

static int input(P *s, char **tok, int n)
{
	const char *o = NULL, *z = NULL, *val;
	long off, size;
	XInput in;
	int i;
	for (i = 2; i < n; i++) {
		if (kv(s, tok[i], "offset", &val))
			o = val;
		else if (kv(s, tok[i], "size", &val))
			z = val;
		else
			return fail(s, "unknown .input attribute '%s'", tok[i]);
	}
	if (n < 4 || !o || !z || parse_int(o, &off) || parse_int(z, &size) || off < 0 || size <= 0)
		return fail(s, "bad .input");
	in.var = lookup(s, tok[1]);
	if (in.var < 0)
		return -1;
	if (s->p->vars.v[in.var].kind != XV_GRF ||
	    s->p->vars.v[in.var].base + size > s->p->vars.v[in.var].hi)
		return fail(s, ".input %s: size %ld exceeds the variable", tok[1], size);
	in.offset = (int)off;
	in.size = (int)size;
	vec_push(&s->p->inputs, in);
	return 0;
}

static int kernel_attr(P *s, char **tok, int n)
{
	const char *val;
	long v;
	if (n != 2)
		return fail(s, "bad .kernel_attr");
	if (kv(s, tok[1], "Target", &val))
		return strcmp(val, "\"3d\"") ? fail(s, "Target %s is not supported", val) : 0;
	if (kv(s, tok[1], "SimdSize", &val)) {
		if (parse_int(val, &v) || (v != 8 && v != 16 && v != 32))
			return fail(s, "bad SimdSize %s", val);
		s->p->simd = (int)v;
		return 0;
	}
	if (kv(s, tok[1], "PerThreadInputSize", &val)) {
		if (parse_int(val, &v) || v <= 0 || v % s->p->row)
			return fail(s, "bad PerThreadInputSize %s", val);
		s->p->per_thread_input = (int)v;
		return 0;
	}
	if (kv(s, tok[1], "SpillMemOffset", &val))
		return parse_int(val, &v) ? fail(s, "bad SpillMemOffset") : 0;
	return fail(s, "kernel attribute '%s' is not supported", tok[1]);
}

/* ---- operands ------------------------------------------------------- */

static int imm(P *s, const char *t, XOpnd *o)
{
	const char *colon = strrchr(t, ':');
	char num[64];
	XType ty;
	size_t n;
	char *end;
	if (!colon || (n = (size_t)(colon - t)) == 0 || n >= sizeof num)
		return fail(s, "bad immediate '%s'", t);
	memcpy(num, t, n);
	num[n] = 0;
	ty = type_named(colon + 1);
	if (ty == XT_NONE)
		return fail(s, "immediate type '%s' is not supported", colon + 1);
	o->kind = XO_IMM;
	o->type = ty;
	errno = 0;
	if (xtype_float(ty) && !(num[0] == '0' && (num[1] == 'x' || num[1] == 'X'))) {
		double d = strtod(num, &end);
		if (*end || end == num)
			return fail(s, "bad immediate '%s'", t);
		if (ty == XT_DF)
			memcpy(&o->imm, &d, 8);
		else {
			float f = (float)d;
			uint32_t u;
			if (ty == XT_HF)
				return fail(s, "decimal half immediates are not supported");
			memcpy(&u, &f, 4);
			o->imm = u;
		}
		return 0;
	}
	if (num[0] == '-')
		o->imm = (uint64_t)strtoll(num, &end, 0);
	else
		o->imm = strtoull(num, &end, 0);
	if (*end || errno)
		return fail(s, "bad immediate '%s'", t);
	if (xtype_size(ty) < 8)
		o->imm &= ((uint64_t)1 << 8 * xtype_size(ty)) - 1;
	if (ty == XT_V || ty == XT_UV)
		o->imm = (uint64_t)strtoull(num, NULL, 0) & 0xffffffffu; /* eight nibbles */
	return 0;
}

/* NAME(r,c)<...> */
static int reg(P *s, char *t, XOpnd *o, int is_dst)
{
	char *paren = strchr(t, '('), *lt;
	int r, c, a, b, d, v;
	const XVar *var;
	*paren = 0;
	v = lookup(s, t);
	*paren = '(';
	if (v < 0)
		return -1;
	var = &s->p->vars.v[v];
	if (var->kind != XV_GRF && var->kind != XV_NULL)
		return fail(s, "'%s' used as a general operand", var->name);
	lt = strchr(paren, '<');
	if (sscanf(paren, "(%d,%d)", &r, &c) != 2 || !lt || r < 0 || c < 0)
		return fail(s, "bad operand '%s'", t);
	o->kind = XO_REG;
	o->var = v;
	o->type = var->kind == XV_NULL ? XT_UD : var->type;
	o->off = r * s->p->row + c * xtype_size(o->type);
	if (is_dst) {
		if (sscanf(lt, "<%d>", &a) != 1 || a <= 0)
			return fail(s, "bad destination region in '%s'", t);
		o->vs = o->hs = a;
		o->w = 1;
	} else {
		if (sscanf(lt, "<%d;%d,%d>", &a, &b, &d) != 3 || b <= 0 || a < 0 || d < 0)
			return fail(s, "bad source region in '%s'", t);
		o->vs = a, o->w = b, o->hs = d;
	}
	return 0;
}

/* one operand token; position 0 of an ALU instruction is its destination */
static int opnd(P *s, char *t, XOpnd *o, int is_dst)
{
	static const struct { const char *s; int m; } mods[] = {
		{"(-abs)", XM_NEGABS}, {"(abs)", XM_ABS}, {"(-)", XM_NEG}, {"(~)", XM_NOT},
	};
	size_t i;
	char *dot;
	memset(o, 0, sizeof *o);
	o->var = -1;
	for (i = 0; i < NELEM(mods); i++)
		if (!strncmp(t, mods[i].s, strlen(mods[i].s))) {
			o->mod = mods[i].m;
			t += strlen(mods[i].s);
			break;
		}
	if (strchr(t, '[') || t[0] == '&')
		return fail(s, "indirect operand '%s' is not supported", t);
	if (isdigit((unsigned char)t[0]) || t[0] == '-' || t[0] == '+' || t[0] == '.')
		return imm(s, t, o);
	if (strchr(t, '<'))
		return reg(s, t, o, is_dst);
	if (strchr(t, '(')) { /* V(i): state variable element (movs) */
		char *p = strchr(t, '(');
		int idx;
		*p = 0;
		o->var = lookup(s, t);
		*p = '(';
		if (o->var < 0)
			return -1;
		if (sscanf(p, "(%d)", &idx) != 1 || idx < 0 || idx >= s->p->vars.v[o->var].nelts)
			return fail(s, "bad operand '%s'", t);
		o->kind = XO_VAR;
		o->off = idx;
		return 0;
	}
	dot = strrchr(t, '.');
	if (dot && dot != t && isdigit((unsigned char)dot[1])) {
		long off;
		*dot = 0;
		o->var = lookup(s, t);
		*dot = '.';
		if (o->var < 0)
			return -1;
		if (parse_int(dot + 1, &off) || off < 0)
			return fail(s, "bad raw operand '%s'", t);
		o->kind = XO_RAW;
		o->off = (int)off;
		o->type = s->p->vars.v[o->var].type;
		if (s->p->vars.v[o->var].kind != XV_GRF && s->p->vars.v[o->var].kind != XV_NULL)
			return fail(s, "'%s' used as a raw operand", t);
		return 0;
	}
	/* a bare name: predicate, surface, label or symbol (decided by the caller) */
	o->var = find_var(s, t);
	if (o->var < 0 && t[0] == '%')
		o->var = predefined(s, t);
	if (s->err)
		return -1;
	if (o->var >= 0) {
		o->kind = s->p->vars.v[o->var].kind == XV_PRED ? XO_PRED : XO_VAR;
		return 0;
	}
	o->kind = XO_LABEL;
	o->sym = arena_strdup(&s->p->arena, t);
	return 0;
}

/* ---- instructions --------------------------------------------------- */

typedef enum Form {
	F_ALU,      /* dst src... */
	F_ALU2,     /* dst dst2 src src (addc, subb) */
	F_CMP,      /* dst(pred or reg) src src */
	F_BRANCH,   /* label */
	F_RET, F_NONE, F_FADDR, F_MOVS,
	F_SVM,      /* imm raw raw */
	F_SVMB,     /* raw raw: svm_gather/svm_scatter.<block>.<blocks> */
	F_SVMATOM,  /* raw raw raw raw */
	F_SURF,     /* surface goff raw raw */
	F_SURFATOM, /* surface raw raw raw raw */
	F_SAMPLE,   /* imm sampler surface raw raw{1,3} */
	F_LOAD,     /* imm surface raw raw{1,3} */
	F_TYPED,    /* surface raw raw raw raw raw */
	F_LSC,      /* LSC: operands of their own syntax (lsc_operands) */
	F_TGM,      /* lsc_load_quad.tgm D:d32.xyzw bti(N)[U,V,R]:a32 (store: the address first) */
} Form;

static const struct Mn {
	const char *name;
	XOp op;
	Form form;
	int nsrc;
	int dotted;  /* takes a .suffix */
} mnems[] = {
	{"mov", X_MOV, F_ALU, 1, 0}, {"sel", X_SEL, F_ALU, 2, 0}, {"add", X_ADD, F_ALU, 2, 0},
	{"mul", X_MUL, F_ALU, 2, 0}, {"mad", X_MAD, F_ALU, 3, 0}, {"mulh", X_MULH, F_ALU, 2, 0},
	{"avg", X_AVG, F_ALU, 2, 0}, {"min", X_MIN, F_ALU, 2, 0}, {"max", X_MAX, F_ALU, 2, 0},
	{"and", X_AND, F_ALU, 2, 0}, {"or", X_OR, F_ALU, 2, 0}, {"xor", X_XOR, F_ALU, 2, 0},
	{"not", X_NOT, F_ALU, 1, 0}, {"shl", X_SHL, F_ALU, 2, 0}, {"shr", X_SHR, F_ALU, 2, 0},
	{"asr", X_ASR, F_ALU, 2, 0}, {"cmp", X_CMP, F_CMP, 2, 1}, {"addc", X_ADDC, F_ALU2, 2, 0},
	{"subb", X_SUBB, F_ALU2, 2, 0}, {"fbh", X_FBH, F_ALU, 1, 0}, {"fbl", X_FBL, F_ALU, 1, 0},
	{"cbit", X_CBIT, F_ALU, 1, 0}, {"bfrev", X_BFREV, F_ALU, 1, 0}, {"lzd", X_LZD, F_ALU, 1, 0},
	{"bfe", X_BFE, F_ALU, 3, 0}, {"bfi", X_BFI, F_ALU, 4, 0}, {"frc", X_FRC, F_ALU, 1, 0},
	{"rndd", X_RNDD, F_ALU, 1, 0}, {"rnde", X_RNDE, F_ALU, 1, 0}, {"rndu", X_RNDU, F_ALU, 1, 0},
	{"rndz", X_RNDZ, F_ALU, 1, 0}, {"inv", X_INV, F_ALU, 1, 0}, {"sqrt", X_SQRT, F_ALU, 1, 0},
	{"rsqrt", X_RSQRT, F_ALU, 1, 0}, {"log", X_LOG, F_ALU, 1, 0}, {"exp", X_EXP, F_ALU, 1, 0},
	{"sin", X_SIN, F_ALU, 1, 0}, {"cos", X_COS, F_ALU, 1, 0}, {"pow", X_POW, F_ALU, 2, 0},
	{"div", X_DIV, F_ALU, 2, 0}, {"mod", X_MOD, F_ALU, 2, 0},
	{"divm", X_DIVM, F_ALU, 2, 0}, {"sqrtm", X_SQRTM, F_ALU, 1, 0},
	{"goto", X_GOTO, F_BRANCH, 0, 0}, {"call", X_CALL, F_BRANCH, 0, 0}, {"ret", X_RET, F_RET, 0, 0},
	{"barrier", X_BARRIER, F_NONE, 0, 0}, {"fence_global", X_FENCE, F_NONE, 0, 1},
	{"fence_local", X_FENCE, F_NONE, 0, 1}, {"faddr", X_FADDR, F_FADDR, 0, 0},
	{"movs", X_MOVS, F_MOVS, 0, 0},
	{"svm_gather4scaled", X_SVM_GATHER4, F_SVM, 0, 1},
	{"svm_scatter4scaled", X_SVM_SCATTER4, F_SVM, 0, 1},
	{"svm_atomic", X_SVM_ATOMIC, F_SVMATOM, 0, 1},
	{"svm_gather", X_SVM_GATHER, F_SVMB, 0, 1}, {"svm_scatter", X_SVM_SCATTER, F_SVMB, 0, 1},
	{"gather4_scaled", X_GATHER4, F_SURF, 0, 1}, {"scatter4_scaled", X_SCATTER4, F_SURF, 0, 1},
	{"gather_scaled", X_GATHER, F_SURF, 0, 1}, {"scatter_scaled", X_SCATTER, F_SURF, 0, 1},
	{"dword_atomic", X_DWORD_ATOMIC, F_SURFATOM, 0, 1},
	{"sample_lz", X_SAMPLE_LZ, F_SAMPLE, 0, 1}, {"load_lz", X_LOAD_LZ, F_LOAD, 0, 1},
	{"scatter4_typed", X_SCATTER4_TYPED, F_TYPED, 0, 1},
	{"lsc_load", X_LSC_LOAD, F_LSC, 0, 1}, {"lsc_store", X_LSC_STORE, F_LSC, 0, 1},
	{"lsc_atomic", X_LSC_ATOMIC, F_LSC, 0, 1}, {"lsc_fence", X_LSC_FENCE, F_LSC, 0, 1},
	{"lsc_load_quad", X_TGM_LOAD, F_TGM, 0, 1}, {"lsc_store_quad", X_TGM_STORE, F_TGM, 0, 1},
};

static const char *const relops[] = {"eq", "ne", "gt", "ge", "lt", "le"};
static const char *const atoms[] = {
	"add", "sub", "inc", "dec", "min", "max", "xchg", "cmpxchg", "and", "or", "xor",
	"minsint", "maxsint", "fmin", "fmax", "fcmpwr",
};

/* the .suffix of a dotted mnemonic */
static int suffix(P *s, const struct Mn *m, const char *sfx, XInst *in)
{
	size_t i;
	switch (m->op) {
	case X_CMP:
		for (i = 0; i < NELEM(relops); i++)
			if (!strcmp(sfx, relops[i]))
				return in->sub = (int)i, 0;
		break;
	case X_SVM_ATOMIC:
	case X_DWORD_ATOMIC:
		for (i = 0; i < NELEM(atoms); i++)
			if (!strcmp(sfx, atoms[i]))
				return in->sub = (int)i, 0;
		/* A64 quadword integer atomics: svm_atomic.<op>.64 */
		for (i = 0; m->op == X_SVM_ATOMIC && i < NELEM(atoms); i++)
			if (!strncmp(sfx, atoms[i], strlen(atoms[i])) && !strcmp(sfx + strlen(atoms[i]), ".64") &&
			    i != XA_FMIN && i != XA_FMAX && i != XA_FCMPWR)
				return in->sub = (int)i | XA_64, 0;
		break;
	case X_FENCE:
		return 0;
	case X_GATHER:
	case X_SCATTER:
		if (!strcmp(sfx, "1") || !strcmp(sfx, "2") || !strcmp(sfx, "4"))
			return in->sub = atoi(sfx), 0;
		break;
	case X_SVM_GATHER:
	case X_SVM_SCATTER:
		/* byte blocks only (what the translator emits): 1 byte x 1, 2 or 4,
		 * each lane's bytes in the low bytes of its dword slot */
		if (!strcmp(sfx, "1.1") || !strcmp(sfx, "1.2") || !strcmp(sfx, "1.4"))
			return in->sub = sfx[2] - '0', 0;
		break;
	default: /* channel masks */
		in->sub = 0;
		for (i = 0; sfx[i]; i++) {
			const char *c = strchr("RGBA", sfx[i]);
			if (!c || (in->sub & (1 << (c - "RGBA"))))
				return fail(s, "bad channel mask '%s'", sfx);
			in->sub |= 1 << (c - "RGBA");
		}
		if (in->sub)
			return 0;
	}
	return fail(s, "'%s.%s' is not supported", m->name, sfx);
}

/* (!P1.any) */
static int predicate(P *s, char *t, XInst *in)
{
	size_t n = strlen(t);
	char *dot;
	int v;
	if (t[n - 1] != ')')
		return fail(s, "bad predicate '%s'", t);
	t[n - 1] = 0;
	t++;
	if (*t == '!')
		in->pred_not = 1, t++;
	dot = strchr(t, '.');
	if (dot) {
		*dot++ = 0;
		if (!strcmp(dot, "any"))
			in->pred_ctrl = XP_ANY;
		else if (!strcmp(dot, "all"))
			in->pred_ctrl = XP_ALL;
		else
			return fail(s, "predicate control '.%s' is not supported", dot);
	}
	v = find_var(s, t);
	if (v < 0 || s->p->vars.v[v].kind != XV_PRED)
		return fail(s, "'%s' is not a predicate", t);
	in->pred = v;
	return 0;
}

/* "(M1_NM," "16)" -> exec size and mask */
static int exec_group(P *s, char *a, char *b, XInst *in)
{
	int m;
	char nm[8] = "";
	long e;
	size_t bl = strlen(b);
	if (sscanf(a, "(M%d%7[_NM],", &m, nm) < 1 || m < 1 || m > 8 || (m & 1) == 0 || a[strlen(a) - 1] != ',')
		return fail(s, "bad execution mask '%s'", a);
	if (bl < 2 || b[bl - 1] != ')')
		return fail(s, "bad execution size '%s'", b);
	b[bl - 1] = 0;
	if (parse_int(b, &e) || (e != 1 && e != 2 && e != 4 && e != 8 && e != 16 && e != 32))
		return fail(s, "bad execution size '%s'", b);
	in->nomask = !strcmp(nm, "_NM");
	if (*nm && !in->nomask)
		return fail(s, "bad execution mask '%s'", a);
	in->moff = (m - 1) * 4;
	in->exec = (int)e;
	if (in->moff + in->exec > 32)
		return fail(s, "execution size %d at M%d exceeds 32 lanes", in->exec, m);
	return 0;
}

static int want_kind(P *s, const XInst *in, int i, XOpndKind k, const char *what)
{
	if (in->o[i].kind == k)
		return 0;
	return fail(s, "%s: operand %d must be %s", in->mnem, i + 1, what);
}

static int src_ok(P *s, const XInst *in, int i, int pred_ok)
{
	XOpndKind k = in->o[i].kind;
	if (k == XO_REG || k == XO_IMM || (pred_ok && k == XO_PRED))
		return 0;
	return fail(s, "%s: operand %d must be a register or an immediate", in->mnem, i + 1);
}

static int raw_ok(P *s, const XInst *in, int i)
{
	return want_kind(s, in, i, XO_RAW, "a raw operand (V.offset)");
}

static int surface(P *s, const XInst *in, int i)
{
	const XOpnd *o = &in->o[i];
	if (o->kind == XO_VAR) {
		XVarKind k = s->p->vars.v[o->var].kind;
		if (k == XV_SLM || k == XV_SCRATCH)
			return 0;
		if (k == XV_SURF)
			return fail(s, "%s on a stateful surface (%s) is not supported", in->mnem,
			            s->p->vars.v[o->var].name);
	}
	return fail(s, "%s: operand %d must be %%slm or %%scratch", in->mnem, i + 1);
}

/* operand i is a state variable of kind k (surface or sampler) */
static int state_var(P *s, const XInst *in, int i, XVarKind k)
{
	if (in->o[i].kind == XO_VAR && s->p->vars.v[in->o[i].var].kind == k)
		return 0;
	return fail(s, "%s: operand %d must be a %s variable", in->mnem, i + 1,
	            k == XV_SURF ? "surface (T)" : "sampler (S)");
}

/* sample_lz / load_lz / scatter4_typed */
static int image_form(P *s, const struct Mn *m, const XInst *in)
{
	int i = 0;
	if (m->form != F_TYPED) {
		if (in->o[0].kind != XO_IMM)
			return fail(s, "%s: operand 1 must be the texel offsets (an immediate)", in->mnem);
		i = 1;
		if (m->form == F_SAMPLE && state_var(s, in, i++, XV_SAMP))
			return -1;
	}
	if (state_var(s, in, i++, XV_SURF))
		return -1;
	for (; i < in->nops; i++)
		if (raw_ok(s, in, i))
			return -1;
	if (m->form == F_TYPED && in->exec != 8)
		return fail(s, "%s takes 8 lanes", in->mnem);
	if (m->form != F_TYPED && in->exec != 8 && in->exec != 16)
		return fail(s, "%s takes 8 or 16 lanes", in->mnem);
	return 0;
}

/* operand kinds and counts per form */
static int check_form(P *s, const struct Mn *m, XInst *in)
{
	int i, logic = m->op == X_AND || m->op == X_OR || m->op == X_XOR || m->op == X_NOT;
	int want = -1;
	switch (m->form) {
	case F_ALU: want = 1 + m->nsrc; break;
	case F_ALU2: want = 2 + m->nsrc; break;
	case F_CMP: want = 3; break;
	case F_BRANCH: want = 1; break;
	case F_RET: case F_NONE: want = 0; break;
	case F_FADDR: case F_MOVS: want = 2; break;
	case F_SVM: want = 3; break;
	case F_SVMB: want = 2; break;
	case F_SVMATOM: want = 4; break;
	case F_SURF: want = 4; break;
	case F_SURFATOM: want = 5; break;
	case F_SAMPLE: want = in->nops >= 5 && in->nops <= 7 ? in->nops : 5; break;
	case F_LOAD: want = in->nops >= 4 && in->nops <= 6 ? in->nops : 4; break;
	case F_TYPED: want = 6; break;
	case F_LSC: case F_TGM: return 0; /* lsc_operands, tgm_operands */
	}
	if (in->nops != want)
		return fail(s, "%s takes %d operands, not %d", in->mnem, want, in->nops);
	if ((m->form == F_ALU || m->form == F_ALU2 || m->form == F_CMP || m->form == F_SVM || m->form == F_SVMB ||
	     m->form == F_SVMATOM || m->form == F_SURF || m->form == F_SURFATOM || m->op == X_MOVS ||
	     m->form == F_SAMPLE || m->form == F_LOAD || m->form == F_TYPED) &&
	    !in->exec)
		return fail(s, "%s needs an execution size", in->mnem);
	switch (m->form) {
	case F_ALU:
	case F_ALU2:
		for (i = 0; i < (m->form == F_ALU2 ? 2 : 1); i++)
			if (in->o[i].kind != XO_REG && !(logic && in->o[i].kind == XO_PRED))
				return fail(s, "%s: operand %d must be a destination register", in->mnem, i + 1);
		for (; i < in->nops; i++)
			if (src_ok(s, in, i, logic))
				return -1;
		if (logic && (in->o[0].kind == XO_PRED) != (in->o[1].kind == XO_PRED))
			return fail(s, "%s mixes predicates and registers", in->mnem);
		return 0;
	case F_CMP:
		if (in->o[0].kind != XO_REG && in->o[0].kind != XO_PRED)
			return fail(s, "cmp: the destination must be a predicate or a register");
		return src_ok(s, in, 1, 0) || src_ok(s, in, 2, 0);
	case F_BRANCH:
		if (in->o[0].kind != XO_LABEL)
			return fail(s, "%s: the target must be a label", in->mnem);
		return 0;
	case F_FADDR:
		if (in->o[0].kind != XO_LABEL || in->o[1].kind != XO_REG)
			return fail(s, "faddr takes a symbol and a destination");
		if (xtype_size(in->o[1].type) != 8)
			return fail(s, "faddr: the destination must be 64-bit");
		return 0;
	case F_MOVS:
		if (in->o[0].kind != XO_VAR || (s->p->vars.v[in->o[0].var].kind != XV_SURF &&
		                                s->p->vars.v[in->o[0].var].kind != XV_SAMP))
			return fail(s, "movs: the destination must be a surface or sampler variable");
		return src_ok(s, in, 1, 0);
	case F_SVM:
		if (in->o[0].kind != XO_IMM || xtype_size(in->o[0].type) != 8)
			return fail(s, "%s: the global offset must be a 64-bit immediate", in->mnem);
		return raw_ok(s, in, 1) || raw_ok(s, in, 2);
	case F_SVMB:
		return raw_ok(s, in, 0) || raw_ok(s, in, 1);
	case F_SVMATOM:
		for (i = 0; i < 4; i++)
			if (raw_ok(s, in, i))
				return -1;
		return in->exec > 8 ? fail(s, "%s with more than 8 lanes", in->mnem) : 0;
	case F_SURF:
		if (surface(s, in, 0) || src_ok(s, in, 1, 0))
			return -1;
		return raw_ok(s, in, 2) || raw_ok(s, in, 3);
	case F_SURFATOM:
		if (surface(s, in, 0))
			return -1;
		for (i = 1; i < 5; i++)
			if (raw_ok(s, in, i))
				return -1;
		return 0;
	case F_SAMPLE:
	case F_LOAD:
	case F_TYPED:
		return image_form(s, m, in);
	default:
		return 0;
	}
}

/* ---- LSC messages ----------------------------------------------------
 * lsc_load.SFID[.L1.L3] (M,n) DATA:TYPE ADDR
 * lsc_store.SFID[.L1.L3] (M,n) ADDR DATA:TYPE
 * lsc_atomic_OP.SFID[.L1.L3] (M,n) OLD:TYPE ADDR SRC1 SRC2
 * lsc_fence.SFID.OP.SCOPE
 * SFID ugm or slm; ADDR flat[V[.off][+-imm]]:a64|a32 or ss(S)[...]:a32;
 * TYPE d8 d16 d32 d64 d8c32 d16c32 with xN (1 2 3 4 8 16 32 64) and 't'
 * (transposed).  Taken: what the LSC specification (vISA LSC_UNTYPED)
 * defines and this emulator can do exactly; refused with a reason: other
 * address models (bti, bss, arg), a32 flat on ugm, scaled addresses,
 * packed non-transposed d8/d16, floating-point and non-d32 atomics. */

static const struct { const char *name; int atom, nsrc; } lsc_atoms[] = {
	{"iinc", XA_INC, 0}, {"idec", XA_DEC, 0}, {"load", XA_LOAD, 0}, {"store", XA_XCHG, 1},
	{"iadd", XA_ADD, 1}, {"isub", XA_SUB, 1}, {"smin", XA_MINSINT, 1}, {"smax", XA_MAXSINT, 1},
	{"umin", XA_MIN, 1}, {"umax", XA_MAX, 1}, {"icas", XA_CMPXCHG, 2}, {"and", XA_AND, 1},
	{"or", XA_OR, 1}, {"xor", XA_XOR, 1},
};

static int lsc_nsrc(int atom)
{
	size_t i;
	for (i = 0; i < NELEM(lsc_atoms); i++)
		if (lsc_atoms[i].atom == atom)
			return lsc_atoms[i].nsrc;
	return 0;
}

/* "ugm.wb.wb", "slm"; fence: "ugm.evict.gpu" */
static int lsc_suffix(P *s, XInst *in, char *sfx)
{
	static const char *const cc[] = {"df", "uc", "ca", "wb", "wt", "st", "ri"};
	static const char *const fop[] = {"none", "evict", "invalidate", "discard", "clean", "flushl3"};
	static const char *const scope[] = {"group", "local", "tile", "gpu", "gpus", "system", "sysacq"};
	char *part[4];
	int n = 0;
	size_t i, j;
	for (char *p = sfx; n < 4; n++) {
		part[n] = p;
		p = strchr(p, '.');
		if (!p) {
			n++;
			break;
		}
		*p++ = 0;
	}
	if (!strcmp(part[0], "ugm"))
		in->lsc.sfid = XL_UGM;
	else if (!strcmp(part[0], "slm"))
		in->lsc.sfid = XL_SLM;
	else
		return fail(s, "%s: shared function '%s' is not supported (ugm, slm)", in->mnem, part[0]);
	if (in->op == X_LSC_FENCE) {
		if (n != 3)
			return fail(s, "%s: a fence names the function, the flush and the scope", in->mnem);
		for (i = 0; i < NELEM(fop) && strcmp(part[1], fop[i]); i++)
			;
		for (j = 0; j < NELEM(scope) && strcmp(part[2], scope[j]); j++)
			;
		if (i == NELEM(fop) || j == NELEM(scope))
			return fail(s, "%s: unknown flush or scope", in->mnem);
		return 0;
	}
	if (n != 1 && n != 3)
		return fail(s, "%s: give both cache controls (L1 and L3) or none", in->mnem);
	for (i = 1; i < (size_t)n; i++) {
		for (j = 0; j < NELEM(cc) && strcmp(part[i], cc[j]); j++)
			;
		if (j == NELEM(cc))
			return fail(s, "%s: unknown cache control '.%s'", in->mnem, part[i]);
		if (in->lsc.sfid == XL_SLM && j)
			return fail(s, "%s: SLM messages take the default cache controls", in->mnem);
	}
	return 0;
}

/* NAME[.off] as a raw operand (%null allowed) */
static int lsc_raw(P *s, const char *t, XOpnd *o)
{
	char name[128];
	const char *dot = strchr(t, '.');
	size_t n = dot ? (size_t)(dot - t) : strlen(t);
	long off = 0;
	if (n == 0 || n >= sizeof name)
		return fail(s, "bad LSC operand '%s'", t);
	memcpy(name, t, n);
	name[n] = 0;
	if (dot && (parse_int(dot + 1, &off) || off < 0))
		return fail(s, "bad raw offset in '%s'", t);
	memset(o, 0, sizeof *o);
	o->var = lookup(s, name);
	if (o->var < 0)
		return -1;
	if (s->p->vars.v[o->var].kind != XV_GRF && s->p->vars.v[o->var].kind != XV_NULL)
		return fail(s, "'%s' used as an LSC payload", name);
	if (off % s->p->row)
		return fail(s, "LSC payload %s starts %ld bytes into a register", t, off % s->p->row);
	o->kind = XO_RAW;
	o->off = (int)off;
	o->type = s->p->vars.v[o->var].type;
	return 0;
}

/* DATA:TYPE */
static int lsc_data(P *s, XInst *in, char *t, XOpnd *o)
{
	static const struct { const char *n; int d, r; } types[] = {
		{"d8c32", 1, 4}, {"d16c32", 2, 4}, {"d8", 1, 1}, {"d16", 2, 2}, {"d32", 4, 4}, {"d64", 8, 8},
	};
	char *colon = strrchr(t, ':'), *p;
	size_t i, l;
	long v = 1;
	if (!colon)
		return fail(s, "%s: data operand '%s' needs a type (:d32 ...)", in->mnem, t);
	*colon = 0;
	if (lsc_raw(s, t, o))
		return -1;
	p = colon + 1;
	for (i = 0; i < NELEM(types); i++) {
		l = strlen(types[i].n);
		if (!strncmp(p, types[i].n, l) && (p[l] == 0 || p[l] == 'x' || p[l] == 't'))
			break;
	}
	if (i == NELEM(types))
		return fail(s, "%s: data type '%s' is not supported", in->mnem, p);
	in->lsc.dbytes = types[i].d;
	in->lsc.rbytes = types[i].r;
	p += strlen(types[i].n);
	if (*p == 'x') {
		char *end;
		v = strtol(p + 1, &end, 10);
		p = end;
		if (v != 1 && v != 2 && v != 3 && v != 4 && v != 8 && v != 16 && v != 32 && v != 64)
			return fail(s, "%s: vector size %ld is not one of 1 2 3 4 8 16 32 64", in->mnem, v);
	}
	in->lsc.vec = (int)v;
	if (*p == 't')
		in->lsc.transpose = 1, p++;
	if (*p)
		return fail(s, "%s: bad data type '%s'", in->mnem, colon + 1);
	return 0;
}

/* flat[V.off+imm]:a64, ss(S)[V]:a32 */
static int lsc_addr(P *s, XInst *in, char *t, XOpnd *a, XOpnd *ss)
{
	char *lb = strchr(t, '['), *rb = strrchr(t, ']'), *pm;
	long long imm = 0;
	if (!lb || !rb || rb < lb || rb[1] != ':')
		return fail(s, "%s: bad address operand '%s'", in->mnem, t);
	*lb = 0;
	if (!strcmp(t, "flat")) {
		in->lsc.model = XL_FLAT;
	} else if (!strncmp(t, "ss(", 3) && t[strlen(t) - 1] == ')') {
		t[strlen(t) - 1] = 0;
		in->lsc.model = XL_SS;
		if (lsc_raw(s, t + 3, ss))
			return -1;
		if (s->p->vars.v[ss->var].kind != XV_GRF)
			return fail(s, "%s: ss() needs a variable", in->mnem);
	} else {
		return fail(s, "%s: address model '%s' is not supported (flat, ss)", in->mnem, t);
	}
	if (!strcmp(rb + 2, "a64"))
		in->lsc.asize = 64;
	else if (!strcmp(rb + 2, "a32"))
		in->lsc.asize = 32;
	else
		return fail(s, "%s: address size '%s' is not supported (a32, a64)", in->mnem, rb + 2);
	*rb = 0;
	if (strchr(lb + 1, '*'))
		return fail(s, "%s: scaled addresses are not supported", in->mnem);
	pm = strpbrk(lb + 1, "+-");
	if (pm) {
		char *end;
		int neg = *pm == '-';
		errno = 0;
		imm = (long long)strtoull(pm + 1, &end, 0);
		if (*end || errno || end == pm + 1)
			return fail(s, "%s: bad immediate offset '%s'", in->mnem, pm);
		imm = neg ? -imm : imm;
		*pm = 0;
	}
	in->lsc.aoff = imm;
	if (lsc_raw(s, lb + 1, a))
		return -1;
	if (s->p->vars.v[a->var].kind != XV_GRF)
		return fail(s, "%s: the addresses must be a variable", in->mnem);
	if (in->lsc.sfid == XL_UGM && in->lsc.model == XL_FLAT && in->lsc.asize != 64)
		return fail(s, "%s: flat ugm addresses must be a64 (A32 stateless is not supported)", in->mnem);
	if ((in->lsc.sfid == XL_SLM || in->lsc.model == XL_SS) && in->lsc.asize != 32)
		return fail(s, "%s: slm and ss() addresses are a32 offsets", in->mnem);
	if (in->lsc.sfid == XL_SLM && in->lsc.model != XL_FLAT)
		return fail(s, "%s: slm takes flat offsets", in->mnem);
	return 0;
}

static int lsc_operands(P *s, XInst *in, char **tok, int n)
{
	XLsc *L = &in->lsc;
	int want = in->op == X_LSC_FENCE ? 0 : in->op == X_LSC_ATOMIC ? 4 : 2, i;
	if (n != want)
		return fail(s, "%s takes %d operands, not %d", in->mnem, want, n);
	if (in->op == X_LSC_FENCE)
		return in->exec ? fail(s, "%s takes no execution size", in->mnem) : 0;
	if (!in->exec)
		return fail(s, "%s needs an execution size", in->mnem);
	in->nops = 5;
	in->o[4].var = -1;
	if (in->op == X_LSC_STORE) {
		if (lsc_addr(s, in, tok[0], &in->o[1], &in->o[4]) || lsc_data(s, in, tok[1], &in->o[0]))
			return -1;
	} else if (lsc_data(s, in, tok[0], &in->o[0]) || lsc_addr(s, in, tok[1], &in->o[1], &in->o[4])) {
		return -1;
	}
	if (in->op == X_LSC_STORE && s->p->vars.v[in->o[0].var].kind == XV_NULL)
		return fail(s, "%s: a store needs data", in->mnem);
	if (L->transpose && in->exec != 1)
		return fail(s, "%s: transposed data takes execution size 1", in->mnem);
	if (!L->transpose && L->rbytes < 4)
		return fail(s, "%s: packed non-transposed d8/d16 data is not supported (d8c32, d16c32)",
		            in->mnem);
	if (in->op == X_LSC_ATOMIC) {
		int ns = lsc_nsrc(in->sub);
		if ((L->dbytes != 4 && L->dbytes != 8) || L->rbytes != L->dbytes || L->vec != 1 || L->transpose)
			return fail(s, "%s: atomics on d32 or d64 data only", in->mnem);
		for (i = 0; i < 2; i++) {
			if (lsc_raw(s, tok[2 + i], &in->o[2 + i]))
				return -1;
			if ((s->p->vars.v[in->o[2 + i].var].kind == XV_NULL) != (i >= ns))
				return fail(s, "%s takes %d source%s; the others are %%null", in->mnem, ns,
				            ns == 1 ? "" : "s");
		}
	}
	return 0;
}

/* lsc_load_quad.tgm (M,n) D:d32.CH bti(N)[U,V,R]:a32 and lsc_store_quad.tgm
 * (M,n) bti(N)[U,V,R]:a32 D:d32.CH; CH a subset of xyzw in order (the
 * channel planes of D, n dwords each), one to three coordinates (vISA
 * LSC_TYPED; the bti model only, u v r without a level of detail) */
static int tgm_operands(P *s, XInst *in, char **tok, int n)
{
	int st = in->op == X_TGM_STORE, k;
	char *d, *a, *colon, *ch, *lb, *rb, *end;
	if (n != 2)
		return fail(s, "%s takes 2 operands, not %d", in->mnem, n);
	if (!in->exec)
		return fail(s, "%s needs an execution size", in->mnem);
	d = tok[st ? 1 : 0], a = tok[st ? 0 : 1];
	colon = strrchr(d, ':');
	if (!colon || strncmp(colon + 1, "d32.", 4))
		return fail(s, "%s: data operand '%s' must be V:d32.<channels>", in->mnem, d);
	*colon = 0;
	if (lsc_raw(s, d, &in->o[0]))
		return -1;
	if (s->p->vars.v[in->o[0].var].kind != XV_GRF)
		return fail(s, "%s: the data must be a variable", in->mnem);
	in->sub = 0;
	for (ch = colon + 5, k = 0; *ch; ch++) {
		const char *at = strchr("xyzw", *ch);
		if (!at || (int)(at - "xyzw") < k)
			return fail(s, "%s: bad channels '%s' (a subset of xyzw, in order)", in->mnem, colon + 5);
		k = (int)(at - "xyzw") + 1;
		in->sub |= 1 << (at - "xyzw");
	}
	if (!in->sub)
		return fail(s, "%s: no channel", in->mnem);
	lb = strchr(a, '['), rb = strrchr(a, ']');
	if (strncmp(a, "bti(", 4) || !lb || !rb || lb[-1] != ')' || strcmp(rb, "]:a32"))
		return fail(s, "%s: address '%s' must be bti(N)[U,V,R]:a32 (other models are not emulated)",
		            in->mnem, a);
	lb[-1] = 0;
	errno = 0;
	in->lsc.aoff = (int64_t)strtoll(a + 4, &end, 0);
	if (*end || errno || in->lsc.aoff < 0 || in->lsc.aoff > 0xff)
		return fail(s, "%s: bad binding-table index '%s'", in->mnem, a + 4);
	*rb = 0;
	for (k = 1, a = lb + 1;; k++) {
		char *comma = strchr(a, ',');
		if (k > 3)
			return fail(s, "%s: more than three coordinates (u v r; no level of detail)", in->mnem);
		if (comma)
			*comma = 0;
		if (lsc_raw(s, a, &in->o[k]))
			return -1;
		if (s->p->vars.v[in->o[k].var].kind != XV_GRF)
			return fail(s, "%s: the coordinates must be variables", in->mnem);
		if (!comma)
			break;
		a = comma + 1;
	}
	in->nops = k + 1;
	return 0;
}

static int instruction(P *s, char **tok, int n)
{
	XInst in;
	char mn[96], *dot, *sfx = NULL;
	const struct Mn *m = NULL;
	size_t i;
	int t = 0, k;
	memset(&in, 0, sizeof in);
	in.pred = -1;
	in.line = s->line;
	if (tok[0][0] == '(' && predicate(s, tok[t++], &in))
		return -1;
	if (t >= n || strlen(tok[t]) >= sizeof mn)
		return fail(s, "bad instruction");
	strcpy(mn, tok[t++]);
	in.mnem = arena_strdup(&s->p->arena, mn);
	{
		size_t l = strlen(mn);
		if (l > 4 && !strcmp(mn + l - 4, ".sat"))
			in.sat = 1, mn[l - 4] = 0;
	}
	dot = strchr(mn, '.');
	if (dot)
		*dot = 0, sfx = dot + 1;
	if (!strncmp(mn, "lsc_atomic_", 11)) {
		for (i = 0; i < NELEM(lsc_atoms) && strcmp(mn + 11, lsc_atoms[i].name); i++)
			;
		if (i == NELEM(lsc_atoms))
			return fail(s, "instruction '%s' is not supported (integer LSC atomics only)", in.mnem);
		in.sub = lsc_atoms[i].atom;
		mn[10] = 0;
	}
	for (i = 0; i < NELEM(mnems) && !m; i++)
		if (!strcmp(mnems[i].name, mn))
			m = &mnems[i];
	if (!m)
		return fail(s, "instruction '%s' is not supported", in.mnem);
	if (!!sfx != m->dotted && !(m->op == X_FENCE && !sfx))
		return fail(s, "instruction '%s' is not supported", in.mnem);
	in.op = m->op;
	if (m->op == X_FENCE) /* which memory the fence makes this thread's stores visible in */
		in.sub = !strcmp(mn, "fence_local") ? ZK_SLM : ZK_GLOBAL;
	if (m->form == F_TGM) {
		if (strcmp(sfx, "tgm"))
			return fail(s, "%s: only the typed surface form (.tgm, default caches) is supported", in.mnem);
	} else if (sfx && (m->form == F_LSC ? lsc_suffix(s, &in, sfx) : suffix(s, m, sfx, &in))) {
		return -1;
	}
	if (t < n && tok[t][0] == '(' && tok[t][1] == 'M') {
		char *comma = strchr(tok[t], ',');
		if (comma && comma[1]) { /* "(M1,16)" written without a blank */
			char a[32];
			size_t an = (size_t)(comma - tok[t]) + 1;
			if (an >= sizeof a)
				return fail(s, "bad execution size");
			memcpy(a, tok[t], an);
			a[an] = 0;
			if (exec_group(s, a, comma + 1, &in))
				return -1;
			t += 1;
		} else {
			if (t + 1 >= n || exec_group(s, tok[t], tok[t + 1], &in))
				return fail(s, "bad execution size");
			t += 2;
		}
	}
	if (m->form == F_TGM) {
		if (tgm_operands(s, &in, tok + t, n - t))
			return -1;
		vec_push(&s->p->code, in);
		return 0;
	}
	if (m->form == F_LSC) {
		if (lsc_operands(s, &in, tok + t, n - t))
			return -1;
		vec_push(&s->p->code, in);
		return 0;
	}
	for (k = 0; t < n; t++, k++) {
		if (k >= (int)NELEM(in.o))
			return fail(s, "too many operands");
		if (opnd(s, tok[t], &in.o[k], k == 0 || (k == 1 && m->form == F_ALU2) ||
		         (k == 1 && m->op == X_FADDR)))
			return -1;
	}
	in.nops = k;
	if (check_form(s, m, &in))
		return -1;
	if (in.op == X_FADDR) {
		in.o[0].kind = XO_SYM;
		vec_push(&s->p->faddr_syms, in.o[0].sym);
	}
	if (in.op >= X_INV && in.op <= X_DIV)
		s->p->approx |= in.op != X_DIV || xtype_float(in.o[1].type) || xtype_float(in.o[0].type);
	for (k = 0; k < in.nops; k++)
		if (in.o[k].kind == XO_LABEL && m->form == F_BRANCH) {
			vec_push(&s->pending, (char *)in.o[k].sym);
			vec_push(&s->pend_at, (int)s->p->code.n);
		} else if (in.o[k].kind == XO_LABEL && in.op != X_FADDR)
			return fail(s, "%s: unknown name '%s'", in.mnem, in.o[k].sym);
	vec_push(&s->p->code, in);
	return 0;
}

static void fell_off(P *s)
{
	XInst in;
	memset(&in, 0, sizeof in);
	in.op = X_FELL_OFF;
	in.pred = -1;
	in.line = s->line;
	in.mnem = "(end of function)";
	vec_push(&s->p->code, in);
}

static int label(P *s, const char *name)
{
	Label l;
	if (hfind(s->lhash, s->lcap, name, label_name, s) >= 0)
		return fail(s, "label '%s' defined twice", name);
	l.name = arena_strdup(&s->p->arena, name);
	l.line = s->line;
	l.at = (int)s->p->code.n;
	vec_push(&s->labels, l);
	hput(&s->lhash, &s->lcap, s->labels.n, l.name, (int)s->labels.n - 1, label_name, s);
	return 0;
}

static int line(P *s, char *text, int *nfunc)
{
	char *tok[16];
	int n;
	char *c = strstr(text, "//");
	if (c)
		*c = 0;
	n = split(text, tok, (int)NELEM(tok));
	if (n < 0)
		return fail(s, "too many tokens");
	if (n == 0)
		return 0;
	if (tok[0][0] == '.') {
		if (!strcmp(tok[0], ".version"))
			return 0;
		if (!strcmp(tok[0], ".kernel")) {
			size_t l = n == 2 ? strlen(tok[1]) : 0;
			if (l < 2 || tok[1][0] != '"' || tok[1][l - 1] != '"')
				return fail(s, "bad .kernel");
			s->p->kernel = arena_strndup(&s->p->arena, tok[1] + 1, l - 2);
			return 0;
		}
		if (!strcmp(tok[0], ".decl"))
			return decl(s, tok, n);
		if (!strcmp(tok[0], ".input"))
			return input(s, tok, n);
		if (!strcmp(tok[0], ".kernel_attr"))
			return kernel_attr(s, tok, n);
		if (!strcmp(tok[0], ".function")) {
			if ((*nfunc)++)
				fell_off(s);
			return 0;
		}
		return fail(s, "directive '%s' is not supported", tok[0]);
	}
	if (n == 1 && tok[0][strlen(tok[0]) - 1] == ':') {
		tok[0][strlen(tok[0]) - 1] = 0;
		return label(s, tok[0]);
	}
	if (!*nfunc)
		return fail(s, "instruction outside a .function");
	return instruction(s, tok, n);
}

/* labels -> instruction indexes; join points */
static int resolve(P *s)
{
	XProg *p = s->p;
	size_t i;
	for (i = 0; i < s->labels.n; i++)
		if (s->labels.v[i].at < (int)p->code.n)
			p->code.v[s->labels.v[i].at].join = 1;
	for (i = 0; i < s->pending.n; i++) {
		int at = s->pend_at.v[i], l = hfind(s->lhash, s->lcap, s->pending.v[i], label_name, s);
		XInst *in = &p->code.v[at];
		if (l < 0) {
			s->line = in->line;
			return fail(s, "undefined label '%s'", s->pending.v[i]);
		}
		in->o[0].kind = XO_LABEL;
		in->o[0].target = s->labels.v[l].at;
		if (in->op == X_GOTO && in->o[0].target <= at)
			p->code.v[at + 1].join = 1; /* lanes that leave the loop wait here */
	}
	return 0;
}

int visa_parse(const char *text, XProg *p, char **err)
{
	return visa_parse_grf(text, 32, p, err);
}

int visa_parse_grf(const char *text, int grf, XProg *p, char **err)
{
	P s;
	char *copy = xstrdup(text), *cur = copy;
	int nfunc = 0, rc = 0;
	memset(p, 0, sizeof *p);
	p->row = grf;
	memset(&s, 0, sizeof s);
	p->r0 = p->gid[0] = p->gid[1] = p->gid[2] = p->cr0 = -1;
	s.p = p;
	while (cur && !rc) {
		char *nl = strchr(cur, '\n');
		if (nl)
			*nl = 0;
		s.line++;
		rc = line(&s, cur, &nfunc);
		cur = nl ? nl + 1 : NULL;
	}
	s.line++;
	if (!rc) {
		fell_off(&s);
		if (!nfunc || !p->kernel)
			rc = fail(&s, "no .kernel or .function");
		else if (!p->simd)
			rc = fail(&s, "no .kernel_attr SimdSize");
		else
			rc = resolve(&s);
	}
	free(copy);
	vec_free(&s.labels);
	free(s.lhash);
	vec_free(&s.pending);
	vec_free(&s.pend_at);
	if (rc) {
		*err = s.err;
		visa_prog_free(p);
		return -1;
	}
	return 0;
}

void visa_prog_free(XProg *p)
{
	vec_free(&p->vars);
	vec_free(&p->code);
	vec_free(&p->inputs);
	vec_free(&p->faddr_syms);
	free(p->hash);
	arena_free(&p->arena);
	memset(p, 0, sizeof *p);
}
