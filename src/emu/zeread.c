/* zeread.c - reads a zebin the way NEO 22.43's decoder does, restricted to
 * what src/gen/zebin.c and src/gen/zeinfo.c write.
 *
 * Contract: zeimage_read() copies the file, checks the ELF header and every
 * section (null, .text.<kernel>, .data.const, .data.const.string, .ze_info,
 * .note.intelgt.compat, .rel.text.<kernel>, .symtab, .strtab; anything else
 * is an error), parses .ze_info (block-style YAML: mappings, "- " sequences,
 * scalars, one flow sequence) and fills one ZeKernel per ze_info kernel.
 * Unknown YAML keys, arg types and values are errors that name them.  All
 * strings point into the copied file or are literals, so zeimage_free()
 * frees only the copy and the vectors.
 */
#include <string.h>

#include "zeint.h"

enum { SHT_PROGBITS_ = 1, SHT_SYMTAB_ = 2, SHT_STRTAB_ = 3, SHT_NOTE_ = 7, SHT_REL_ = 9 };
#define SHT_ZEINFO 0xff000011u

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p) { return (uint32_t)rd16(p) | (uint32_t)rd16(p + 2) << 16; }
static uint64_t rd64(const uint8_t *p) { return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32; }

/* ---- a small YAML tree ----------------------------------------------- */

typedef enum YKind { Y_SCALAR, Y_MAP, Y_SEQ } YKind;

typedef struct YNode {
	YKind kind;
	char *key;               /* in a map */
	char *text;              /* scalar */
	int line;
	VEC(struct YNode *) kids;
} YNode;

typedef struct YLine {
	int indent;              /* column of the content (after "- " for dash lines) */
	int dash;                /* the line starts a sequence item */
	int dash_col;            /* column of the dash */
	char *text;              /* content, trimmed */
	int line;
} YLine;

typedef struct YDoc {
	VEC(YLine) lines;
	size_t i;
	char *err;
} YDoc;

static YNode *ynew(YKind k, int line)
{
	YNode *n = xcalloc(1, sizeof *n);
	n->kind = k;
	n->line = line;
	return n;
}

static void yfree(YNode *n)
{
	size_t i;
	if (!n)
		return;
	for (i = 0; i < n->kids.n; i++)
		yfree(n->kids.v[i]);
	vec_free(&n->kids);
	free(n->key);
	free(n->text);
	free(n);
}

static char *trim(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return xstrndup(s, n);
}

/* splits the text into content lines; drops document markers and comments */
static int ysplit(YDoc *d, const char *t, size_t n)
{
	size_t pos = 0;
	int line = 0;
	while (pos < n) {
		const char *s = t + pos, *e = memchr(s, '\n', n - pos);
		size_t len = e ? (size_t)(e - s) : n - pos;
		YLine l;
		int col = 0;
		pos += len + 1;
		line++;
		while ((size_t)col < len && s[col] == ' ')
			col++;
		if ((size_t)col == len || s[col] == '#' || (col == 0 && len >= 3 &&
		    (!strncmp(s, "---", 3) || !strncmp(s, "...", 3))))
			continue;
		if (s[col] == '\t') {
			d->err = xasprintf(".ze_info line %d: tab in indentation", line);
			return -1;
		}
		memset(&l, 0, sizeof l);
		l.line = line;
		l.dash_col = col;
		if (s[col] == '-' && (size_t)col + 1 < len && s[col + 1] == ' ') {
			l.dash = 1;
			col += 2;
			while ((size_t)col < len && s[col] == ' ')
				col++;
		}
		l.indent = col;
		l.text = trim(s + col, len - col);
		vec_push(&d->lines, l);
	}
	return 0;
}

static YNode *yblock(YDoc *d, int indent);

/* "key: value" -> key and value (value "" when a block follows) */
static int ykey(YDoc *d, const YLine *l, char **key, char **val)
{
	const char *c = strstr(l->text, ": ");
	size_t n = strlen(l->text);
	if (!c && n && l->text[n - 1] == ':')
		c = l->text + n - 1;
	if (!c) {
		d->err = xasprintf(".ze_info line %d: expected 'key: value', found '%s'", l->line, l->text);
		return -1;
	}
	*key = trim(l->text, (size_t)(c - l->text));
	*val = trim(c + 1, strlen(c + 1));
	return 0;
}

/* a mapping whose keys sit at column indent; the first line may be a dash
 * line whose content is at that column */
static YNode *ymap(YDoc *d, int indent, int first_is_dash)
{
	YNode *m = ynew(Y_MAP, d->lines.v[d->i].line);
	int first = 1;
	while (d->i < d->lines.n) {
		YLine *l = &d->lines.v[d->i];
		YNode *kid;
		char *key, *val;
		if (l->indent != indent || (l->dash && !(first && first_is_dash)))
			break;
		if (!l->dash && l->indent < indent)
			break;
		first = 0;
		if (ykey(d, l, &key, &val))
			goto fail;
		d->i++;
		if (*val) {
			kid = ynew(Y_SCALAR, l->line);
			kid->text = val;
		} else {
			free(val);
			if (d->i >= d->lines.n || (d->lines.v[d->i].dash ? d->lines.v[d->i].dash_col
			                           : d->lines.v[d->i].indent) <= indent) {
				kid = ynew(Y_SCALAR, l->line); /* empty value */
				kid->text = xstrdup("");
			} else if (!(kid = yblock(d, indent))) {
				free(key);
				goto fail;
			}
		}
		kid->key = key;
		vec_push(&m->kids, kid);
		if (d->err)
			goto fail;
	}
	return m;
fail:
	yfree(m);
	return NULL;
}

static YNode *yseq(YDoc *d, int dash_col)
{
	YNode *s = ynew(Y_SEQ, d->lines.v[d->i].line);
	while (d->i < d->lines.n && d->lines.v[d->i].dash && d->lines.v[d->i].dash_col == dash_col) {
		YLine *l = &d->lines.v[d->i];
		YNode *item;
		size_t len = strlen(l->text);
		if (!strstr(l->text, ": ") && (!len || l->text[len - 1] != ':')) {
			item = ynew(Y_SCALAR, l->line);
			item->text = xstrdup(l->text);
			d->i++;
		} else if (!(item = ymap(d, l->indent, 1))) {
			yfree(s);
			return NULL;
		}
		vec_push(&s->kids, item);
	}
	return s;
}

/* the block after a "key:" line at column parent */
static YNode *yblock(YDoc *d, int parent)
{
	YLine *l = &d->lines.v[d->i];
	if (l->dash)
		return yseq(d, l->dash_col);
	if (l->indent <= parent) {
		d->err = xasprintf(".ze_info line %d: bad indentation", l->line);
		return NULL;
	}
	return ymap(d, l->indent, 0);
}

static YNode *yparse(const char *t, size_t n, char **err)
{
	YDoc d;
	YNode *root = NULL;
	size_t i;
	memset(&d, 0, sizeof d);
	if (ysplit(&d, t, n) == 0 && d.lines.n) {
		if (d.lines.v[0].dash || d.lines.v[0].indent != 0)
			d.err = xasprintf(".ze_info line %d: the document must be a mapping", d.lines.v[0].line);
		else
			root = ymap(&d, 0, 0);
		if (root && !d.err && d.i < d.lines.n)
			d.err = xasprintf(".ze_info line %d: unexpected '%s' (bad indentation)",
			                  d.lines.v[d.i].line, d.lines.v[d.i].text);
	} else if (!d.err) {
		d.err = xstrdup(".ze_info is empty");
	}
	for (i = 0; i < d.lines.n; i++)
		free(d.lines.v[i].text);
	vec_free(&d.lines);
	if (d.err) {
		yfree(root);
		*err = d.err;
		return NULL;
	}
	return root;
}

/* ---- .ze_info -> ZeKernel --------------------------------------------- */

typedef struct Rd {
	ZeImage *z;
	char *err;
} Rd;

static int bad(Rd *r, const YNode *n, const char *what)
{
	if (!r->err)
		r->err = xasprintf(".ze_info line %d: %s", n->line, what);
	return -1;
}

static int want(Rd *r, const YNode *n, YKind k)
{
	static const char *const names[] = {"a scalar", "a mapping", "a sequence"};
	char *m;
	if (n->kind == k)
		return 0;
	m = xasprintf("'%s' must be %s", n->key ? n->key : "item", names[k]);
	bad(r, n, m);
	free(m);
	return -1;
}

static int get_int(Rd *r, const YNode *n, int *out)
{
	char *end;
	long v;
	if (want(r, n, Y_SCALAR))
		return -1;
	v = strtol(n->text, &end, 10);
	if (!*n->text || *end || v < -0x7fffffff || v > 0x7fffffff) {
		char *m = xasprintf("'%s: %s' is not an integer", n->key, n->text);
		bad(r, n, m);
		free(m);
		return -1;
	}
	*out = (int)v;
	return 0;
}

static int get_bool(Rd *r, const YNode *n, int *out)
{
	if (want(r, n, Y_SCALAR))
		return -1;
	if (!strcmp(n->text, "true"))
		*out = 1;
	else if (!strcmp(n->text, "false"))
		*out = 0;
	else {
		char *m = xasprintf("'%s: %s' is not a boolean", n->key, n->text);
		bad(r, n, m);
		free(m);
		return -1;
	}
	return 0;
}

/* index of text in names[0..n), or an error naming key and value */
static int get_enum(Rd *r, const YNode *n, const char *const *names, int count, int *out)
{
	int i;
	char *m;
	if (want(r, n, Y_SCALAR))
		return -1;
	for (i = 0; i < count; i++)
		if (names[i] && !strcmp(names[i], n->text)) {
			*out = i;
			return 0;
		}
	m = xasprintf("unknown %s '%s'", n->key, n->text);
	bad(r, n, m);
	free(m);
	return -1;
}

static int unknown_key(Rd *r, const YNode *n, const char *where)
{
	char *m = xasprintf("unknown key '%s' in %s", n->key, where);
	bad(r, n, m);
	free(m);
	return -1;
}

/* a "[ x, y, z ]" of positive sizes */
static int get_size3(Rd *r, const YNode *n)
{
	int v[3];
	if (want(r, n, Y_SCALAR))
		return -1;
	if (sscanf(n->text, "[ %d , %d , %d ]", &v[0], &v[1], &v[2]) != 3 || v[0] < 1 || v[1] < 1 || v[2] < 1) {
		char *m = xasprintf("%s must be [ x, y, z ] of positive sizes", n->key);
		bad(r, n, m);
		free(m);
		return -1;
	}
	return 0;
}

/* user_attributes: the source's kernel attributes; the runtime reports
 * them and launches nothing from them, so they are only checked */
static int user_attributes(Rd *r, const YNode *m)
{
	size_t i;
	int dummy;
	if (want(r, m, Y_MAP))
		return -1;
	for (i = 0; i < m->kids.n; i++) {
		const YNode *n = m->kids.v[i];
		int rc;
		if (!strcmp(n->key, "reqd_work_group_size") || !strcmp(n->key, "work_group_size_hint"))
			rc = get_size3(r, n);
		else if (!strcmp(n->key, "intel_reqd_sub_group_size"))
			rc = get_int(r, n, &dummy);
		else if (!strcmp(n->key, "vec_type_hint"))
			rc = want(r, n, Y_SCALAR);
		else
			return unknown_key(r, n, "user_attributes");
		if (rc)
			return -1;
	}
	return 0;
}

/* kernels_misc_info: clGetKernelArgInfo's answers per kernel; checked for
 * their form (every entry a known key with a scalar value) */
static int misc_info(Rd *r, const YNode *seq)
{
	static const char *const keys[] = {"index", "name", "address_qualifier", "access_qualifier",
	                                   "type_name", "type_qualifiers"};
	size_t i, j, a, q;
	if (want(r, seq, Y_SEQ))
		return -1;
	for (i = 0; i < seq->kids.n; i++) {
		const YNode *k = seq->kids.v[i];
		if (want(r, k, Y_MAP))
			return -1;
		for (j = 0; j < k->kids.n; j++) {
			const YNode *n = k->kids.v[j];
			if (!strcmp(n->key, "name")) {
				if (want(r, n, Y_SCALAR))
					return -1;
				continue;
			}
			if (strcmp(n->key, "args_info"))
				return unknown_key(r, n, "kernels_misc_info");
			if (want(r, n, Y_SEQ))
				return -1;
			for (a = 0; a < n->kids.n; a++) {
				const YNode *e = n->kids.v[a];
				if (want(r, e, Y_MAP))
					return -1;
				for (q = 0; q < e->kids.n; q++) {
					size_t t;
					for (t = 0; t < NELEM(keys) && strcmp(keys[t], e->kids.v[q]->key); t++)
						;
					if (t == NELEM(keys))
						return unknown_key(r, e->kids.v[q], "args_info");
					if (want(r, e->kids.v[q], Y_SCALAR))
						return -1;
				}
			}
		}
	}
	return 0;
}

static int exec_env(Rd *r, const YNode *env, ZeKernel *k)
{
	size_t i;
	int dummy;
	if (want(r, env, Y_MAP))
		return -1;
	for (i = 0; i < env->kids.n; i++) {
		const YNode *n = env->kids.v[i];
		const char *key = n->key;
		int rc;
		if (!strcmp(key, "grf_count"))
			rc = get_int(r, n, &k->grf_count);
		else if (!strcmp(key, "simd_size"))
			rc = get_int(r, n, &k->simd);
		else if (!strcmp(key, "barrier_count"))
			rc = get_int(r, n, &k->barrier_count);
		else if (!strcmp(key, "slm_size"))
			rc = get_int(r, n, &k->slm_size);
		else if (!strcmp(key, "has_global_atomics"))
			rc = get_bool(r, n, &k->has_global_atomics);
		else if (!strcmp(key, "has_no_stateless_write"))
			rc = get_bool(r, n, &k->has_no_stateless_write);
		else if (!strcmp(key, "has_4gb_buffers"))
			rc = get_bool(r, n, &k->has_4gb_buffers);
		else if (!strcmp(key, "inline_data_payload_size"))
			rc = get_int(r, n, &k->inline_data_size);
		else if (!strcmp(key, "offset_to_skip_per_thread_data_load"))
			rc = get_int(r, n, &k->skip_per_thread);
		else if (!strcmp(key, "disable_mid_thread_preemption") ||
		         !strcmp(key, "subgroup_independent_forward_progress"))
			rc = get_bool(r, n, &dummy);
		else if (!strcmp(key, "required_work_group_size")) {
			if (want(r, n, Y_SCALAR))
				return -1;
			if (sscanf(n->text, "[ %d , %d , %d ]", &k->required_wg[0], &k->required_wg[1],
			           &k->required_wg[2]) != 3)
				return bad(r, n, "required_work_group_size must be [ x, y, z ]");
			rc = 0;
		} else
			return unknown_key(r, n, "execution_env");
		if (rc)
			return -1;
	}
	if (k->simd != 1 && k->simd != 8 && k->simd != 16 && k->simd != 32)
		return bad(r, env, "Invalid simd size");
	return 0;
}

static const char *const arg_type_names[] = {
	[ZA_LOCAL_SIZE] = "local_size", [ZA_GROUP_COUNT] = "group_count",
	[ZA_GLOBAL_ID_OFFSET] = "global_id_offset", [ZA_GLOBAL_SIZE] = "global_size",
	[ZA_ENQUEUED_LOCAL_SIZE] = "enqueued_local_size",
	[ZA_PRIVATE_BASE_STATELESS] = "private_base_stateless", [ZA_ARG_BYVALUE] = "arg_byvalue",
	[ZA_ARG_BYPOINTER] = "arg_bypointer", [ZA_BUFFER_ADDRESS] = "buffer_address",
	[ZA_BUFFER_OFFSET] = "buffer_offset", [ZA_PRINTF_BUFFER] = "printf_buffer",
	[ZA_WORK_DIMENSIONS] = "work_dimensions", [ZA_IMAGE_WIDTH] = "image_width",
	[ZA_IMAGE_HEIGHT] = "image_height", [ZA_IMAGE_DEPTH] = "image_depth",
	[ZA_IMAGE_CHANNEL_DATA_TYPE] = "image_channel_data_type",
	[ZA_IMAGE_CHANNEL_ORDER] = "image_channel_order", [ZA_IMAGE_ARRAY_SIZE] = "image_array_size",
	[ZA_SAMPLER_ADDRESS] = "sampler_address", [ZA_SAMPLER_NORMALIZED] = "sampler_normalized",
	[ZA_SAMPLER_SNAP_WA] = "sampler_snap_wa",
};
static const char *const addrmode_names[] = {
	[ZM_NONE] = NULL, [ZM_STATELESS] = "stateless", [ZM_STATEFUL] = "stateful",
	[ZM_BINDLESS] = "bindless", [ZM_SLM] = "slm",
};
static const char *const addrspace_names[] = {
	[ZS_NONE] = NULL, [ZS_GLOBAL] = "global", [ZS_LOCAL] = "local", [ZS_CONSTANT] = "constant",
	[ZS_IMAGE] = "image", [ZS_SAMPLER] = "sampler",
};
static const char *const access_names[] = {
	[ZC_NONE] = NULL, [ZC_READONLY] = "readonly", [ZC_WRITEONLY] = "writeonly",
	[ZC_READWRITE] = "readwrite",
};
static const char *const image_type_names[] = {
	[ZT_NONE] = NULL, [ZT_1D] = "image_1d", [ZT_1D_ARRAY] = "image_1d_array", [ZT_2D] = "image_2d",
	[ZT_2D_ARRAY] = "image_2d_array", [ZT_3D] = "image_3d", [ZT_BUFFER] = "image_buffer",
};

static int payload_arg(Rd *r, const YNode *item, ZeArg *a)
{
	size_t i;
	int seen_type = 0, v;
	memset(a, 0, sizeof *a);
	a->arg_index = -1;
	a->source_offset = -1;
	if (want(r, item, Y_MAP))
		return -1;
	for (i = 0; i < item->kids.n; i++) {
		const YNode *n = item->kids.v[i];
		const char *key = n->key;
		int rc = 0;
		if (!strcmp(key, "arg_type")) {
			rc = get_enum(r, n, arg_type_names, (int)NELEM(arg_type_names), &v);
			a->type = (ZeArgType)v;
			seen_type = 1;
		} else if (!strcmp(key, "offset"))
			rc = get_int(r, n, &a->offset);
		else if (!strcmp(key, "size"))
			rc = get_int(r, n, &a->size);
		else if (!strcmp(key, "arg_index"))
			rc = get_int(r, n, &a->arg_index);
		else if (!strcmp(key, "addrmode")) {
			rc = get_enum(r, n, addrmode_names, (int)NELEM(addrmode_names), &v);
			a->addrmode = (ZeAddrMode)v;
		} else if (!strcmp(key, "addrspace")) {
			rc = get_enum(r, n, addrspace_names, (int)NELEM(addrspace_names), &v);
			a->addrspace = (ZeAddrSpace)v;
		} else if (!strcmp(key, "access_type")) {
			rc = get_enum(r, n, access_names, (int)NELEM(access_names), &v);
			a->access = (ZeAccess)v;
		} else if (!strcmp(key, "source_offset"))
			rc = get_int(r, n, &a->source_offset);
		else if (!strcmp(key, "slm_alignment"))
			rc = get_int(r, n, &a->slm_alignment);
		else if (!strcmp(key, "sampler_index"))
			rc = get_int(r, n, &a->sampler_index);
		else if (!strcmp(key, "sampler_type")) {
			static const char *const st[] = {"texture"};
			rc = get_enum(r, n, st, 1, &v);
		} else if (!strcmp(key, "image_type")) {
			rc = get_enum(r, n, image_type_names, (int)NELEM(image_type_names), &v);
			a->image_type = (ZeImageType)v;
		} else
			return unknown_key(r, n, "payload_arguments");
		if (rc)
			return -1;
	}
	if (!seen_type)
		return bad(r, item, "payload argument without arg_type");
	if (a->offset < 0 || a->size < 0 || a->offset > 0x10000 || a->size > 0x10000)
		return bad(r, item, "payload argument offset/size out of range");
	return 0;
}

static int payload_args(Rd *r, const YNode *seq, ZeKernel *k)
{
	size_t i;
	if (want(r, seq, Y_SEQ))
		return -1;
	for (i = 0; i < seq->kids.n; i++) {
		ZeArg a;
		if (payload_arg(r, seq->kids.v[i], &a))
			return -1;
		vec_push(&k->args, a);
	}
	return 0;
}

/* "- arg_type: local_id / offset: 0 / size: N" */
static int per_thread_args(Rd *r, const YNode *seq, ZeKernel *k)
{
	size_t i, j;
	if (want(r, seq, Y_SEQ))
		return -1;
	for (i = 0; i < seq->kids.n; i++) {
		const YNode *item = seq->kids.v[i];
		int off = 0, size = 0, v;
		static const char *const types[] = {"local_id"};
		if (want(r, item, Y_MAP))
			return -1;
		for (j = 0; j < item->kids.n; j++) {
			const YNode *n = item->kids.v[j];
			int rc;
			if (!strcmp(n->key, "arg_type"))
				rc = get_enum(r, n, types, 1, &v);
			else if (!strcmp(n->key, "offset"))
				rc = get_int(r, n, &off);
			else if (!strcmp(n->key, "size"))
				rc = get_int(r, n, &size);
			else
				return unknown_key(r, n, "per_thread_payload_arguments");
			if (rc)
				return -1;
		}
		if (off != 0)
			return bad(r, item, "local_id must be at offset 0");
		k->local_id_size = size;
	}
	return 0;
}

static int btis(Rd *r, const YNode *seq, ZeKernel *k)
{
	size_t i, j;
	if (want(r, seq, Y_SEQ))
		return -1;
	for (i = 0; i < seq->kids.n; i++) {
		const YNode *item = seq->kids.v[i];
		int bti = -1, idx = -1, found = 0;
		if (want(r, item, Y_MAP))
			return -1;
		for (j = 0; j < item->kids.n; j++) {
			const YNode *n = item->kids.v[j];
			int rc;
			if (!strcmp(n->key, "bti_value"))
				rc = get_int(r, n, &bti);
			else if (!strcmp(n->key, "arg_index"))
				rc = get_int(r, n, &idx);
			else
				return unknown_key(r, n, "binding_table_indices");
			if (rc)
				return -1;
		}
		for (j = 0; j < k->args.n; j++)
			if (k->args.v[j].arg_index == idx && k->args.v[j].type == ZA_ARG_BYPOINTER &&
			    k->args.v[j].addrmode == ZM_STATEFUL) {
				k->args.v[j].has_bti = 1;
				k->args.v[j].bti = bti;
				found = 1;
			}
		if (!found || bti < 0)
			return bad(r, item, "binding table entry for no stateful argument");
	}
	return 0;
}

static int inline_samplers(Rd *r, const YNode *seq, ZeKernel *k)
{
	static const char *const am[] = {"none", "repeat", "clamp_edge", "clamp_border", "mirror"};
	static const char *const fm[] = {"nearest", "linear"};
	size_t i, j;
	if (want(r, seq, Y_SEQ))
		return -1;
	for (i = 0; i < seq->kids.n; i++) {
		const YNode *item = seq->kids.v[i];
		ZeInlineSampler *s;
		int v;
		if (k->n_inline_samplers >= ZE_MAX_INLINE_SAMPLERS)
			return bad(r, item, "too many inline samplers");
		s = &k->inline_samplers[k->n_inline_samplers++];
		memset(s, 0, sizeof *s);
		s->addrmode = am[0];
		s->filtermode = fm[0];
		if (want(r, item, Y_MAP))
			return -1;
		for (j = 0; j < item->kids.n; j++) {
			const YNode *n = item->kids.v[j];
			int rc;
			if (!strcmp(n->key, "sampler_index"))
				rc = get_int(r, n, &s->index);
			else if (!strcmp(n->key, "addrmode")) {
				rc = get_enum(r, n, am, (int)NELEM(am), &v);
				s->addrmode = am[rc ? 0 : v];
			} else if (!strcmp(n->key, "filtermode")) {
				rc = get_enum(r, n, fm, (int)NELEM(fm), &v);
				s->filtermode = fm[rc ? 0 : v];
			} else if (!strcmp(n->key, "normalized"))
				rc = get_bool(r, n, &s->normalized);
			else
				return unknown_key(r, n, "inline_samplers");
			if (rc)
				return -1;
		}
	}
	return 0;
}

static int memory_buffers(Rd *r, const YNode *seq, ZeKernel *k)
{
	static const char *const types[] = {"scratch"};
	static const char *const usages[] = {"single_space"};
	size_t i, j;
	if (want(r, seq, Y_SEQ))
		return -1;
	for (i = 0; i < seq->kids.n; i++) {
		const YNode *item = seq->kids.v[i];
		int v, size = 0;
		if (want(r, item, Y_MAP))
			return -1;
		for (j = 0; j < item->kids.n; j++) {
			const YNode *n = item->kids.v[j];
			int rc;
			if (!strcmp(n->key, "type"))
				rc = get_enum(r, n, types, 1, &v);
			else if (!strcmp(n->key, "usage"))
				rc = get_enum(r, n, usages, 1, &v);
			else if (!strcmp(n->key, "size"))
				rc = get_int(r, n, &size);
			else
				return unknown_key(r, n, "per_thread_memory_buffers");
			if (rc)
				return -1;
		}
		k->scratch_size = size;
	}
	return 0;
}

static int kernel_entry(Rd *r, const YNode *item, ZeKernel *k)
{
	size_t i;
	int rc = 0;
	if (want(r, item, Y_MAP))
		return -1;
	/* the order matters for binding_table_indices (after the args) */
	for (i = 0; i < item->kids.n && !rc; i++) {
		const YNode *n = item->kids.v[i];
		const char *key = n->key;
		if (!strcmp(key, "name")) {
			if (want(r, n, Y_SCALAR))
				return -1;
			k->name = n->text; /* replaced by the section name's copy */
		} else if (!strcmp(key, "execution_env"))
			rc = exec_env(r, n, k);
		else if (!strcmp(key, "payload_arguments"))
			rc = payload_args(r, n, k);
		else if (!strcmp(key, "per_thread_payload_arguments"))
			rc = per_thread_args(r, n, k);
		else if (!strcmp(key, "binding_table_indices"))
			rc = btis(r, n, k);
		else if (!strcmp(key, "inline_samplers"))
			rc = inline_samplers(r, n, k);
		else if (!strcmp(key, "per_thread_memory_buffers"))
			rc = memory_buffers(r, n, k);
		else if (!strcmp(key, "user_attributes"))
			rc = user_attributes(r, n);
		else
			return unknown_key(r, n, "kernel");
	}
	if (!rc && !k->name)
		return bad(r, item, "kernel without name");
	if (!rc && !k->simd)
		return bad(r, item, "kernel without execution_env simd_size");
	return rc;
}

static int zeinfo(Rd *r, const YNode *root)
{
	size_t i, j;
	int version = 0;
	for (i = 0; i < root->kids.n; i++) {
		const YNode *n = root->kids.v[i];
		if (!strcmp(n->key, "version")) {
			if (want(r, n, Y_SCALAR))
				return -1;
			if (strcmp(n->text, "'1.15'") && strcmp(n->text, "1.15") && strcmp(n->text, "\"1.15\""))
				return bad(r, n, "version is not 1.15");
			version = 1;
		} else if (!strcmp(n->key, "kernels")) {
			if (want(r, n, Y_SEQ))
				return -1;
			for (j = 0; j < n->kids.n; j++) {
				ZeKernel k;
				memset(&k, 0, sizeof k);
				if (kernel_entry(r, n->kids.v[j], &k)) {
					vec_free(&k.args);
					return -1;
				}
				vec_push(&r->z->kernels, k);
			}
		} else if (!strcmp(n->key, "kernels_misc_info")) {
			if (misc_info(r, n))
				return -1;
		} else
			return unknown_key(r, n, "the document");
	}
	if (!version)
		return bad(r, root, "no version");
	return 0;
}

/* ---- ELF ----------------------------------------------------------- */

typedef struct Shdr {
	const char *name;
	uint32_t type, link, info;
	uint64_t flags, off, size, entsize;
} Shdr;

static int elf_error(Rd *r, const char *m)
{
	if (!r->err)
		r->err = xstrdup(m);
	return -1;
}

/* a NUL-terminated string at off of section s, or NULL */
static const char *str_at(const ZeImage *z, const Shdr *s, uint64_t off)
{
	const char *p;
	if (off >= s->size)
		return NULL;
	p = (const char *)z->file + s->off + off;
	return memchr(p, 0, s->size - off) ? p : NULL;
}

static int read_shdrs(Rd *r, Shdr **out, unsigned *count)
{
	const ZeImage *z = r->z;
	const uint8_t *f = z->file;
	uint64_t shoff;
	unsigned shnum, shstrndx, i;
	Shdr *sh;
	if (z->size < 64 || memcmp(f, "\177ELF", 4))
		return elf_error(r, "not an ELF file");
	if (f[4] != 2 || f[5] != 1)
		return elf_error(r, "not a 64-bit little-endian ELF file");
	if (rd16(f + 16) != 1 || rd16(f + 18) != 205)
		return elf_error(r, "not a relocatable Intel GT (EM 205) ELF file");
	shoff = rd64(f + 40);
	shnum = rd16(f + 60);
	shstrndx = rd16(f + 62);
	if (rd16(f + 58) != 64 || !shnum || shstrndx >= shnum || shoff > z->size ||
	    (uint64_t)shnum * 64 > z->size - shoff)
		return elf_error(r, "bad section header table");
	sh = xcalloc(shnum, sizeof *sh);
	for (i = 0; i < shnum; i++) {
		const uint8_t *h = f + shoff + 64 * (uint64_t)i;
		sh[i].type = rd32(h + 4);
		sh[i].flags = rd64(h + 8);
		sh[i].off = rd64(h + 24);
		sh[i].size = rd64(h + 32);
		sh[i].link = rd32(h + 40);
		sh[i].info = rd32(h + 44);
		sh[i].entsize = rd64(h + 56);
		if (i && (sh[i].off > z->size || sh[i].size > z->size - sh[i].off)) {
			free(sh);
			return elf_error(r, "a section lies outside the file");
		}
	}
	for (i = 1; i < shnum; i++) {
		sh[i].name = str_at(z, &sh[shstrndx], rd32(f + shoff + 64 * (uint64_t)i));
		if (!sh[i].name) {
			free(sh);
			return elf_error(r, "bad section name");
		}
	}
	*out = sh;
	*count = shnum;
	return 0;
}

typedef struct Sym {
	const char *name;
	unsigned info, shndx;
	uint64_t value, size;
} Sym;

static int read_syms(Rd *r, const Shdr *sh, unsigned nsh, unsigned symidx, Sym **out, size_t *n)
{
	const Shdr *s = &sh[symidx];
	size_t i, count;
	Sym *syms;
	if (s->entsize != 24 || s->size % 24 || s->link >= nsh || sh[s->link].type != SHT_STRTAB_)
		return elf_error(r, ".symtab is malformed");
	count = s->size / 24;
	syms = xcalloc(count ? count : 1, sizeof *syms);
	for (i = 0; i < count; i++) {
		const uint8_t *e = r->z->file + s->off + 24 * i;
		syms[i].name = str_at(r->z, &sh[s->link], rd32(e));
		syms[i].info = e[4];
		syms[i].shndx = rd16(e + 6);
		syms[i].value = rd64(e + 8);
		syms[i].size = rd64(e + 16);
		if (!syms[i].name || (i && syms[i].shndx >= nsh)) {
			free(syms);
			return elf_error(r, ".symtab has a bad entry");
		}
	}
	*out = syms;
	*n = count;
	return 0;
}

static ZeKernel *kernel_named(ZeImage *z, const char *name)
{
	size_t i;
	for (i = 0; i < z->kernels.n; i++)
		if (!strcmp(z->kernels.v[i].name, name))
			return &z->kernels.v[i];
	return NULL;
}

static int relocs(Rd *r, const Shdr *sh, unsigned nsh, const Shdr *s, const Sym *syms, size_t nsyms)
{
	ZeKernel *k;
	size_t i;
	if (s->info >= nsh || strncmp(sh[s->info].name, ".text.", 6) || strcmp(s->name + 9, sh[s->info].name + 5))
		return elf_error(r, "a .rel.text section does not name its .text section");
	k = kernel_named(r->z, s->name + 10);
	if (!k)
		return elf_error(r, "relocations for a kernel .ze_info does not list");
	if (s->entsize != 16 || s->size % 16)
		return elf_error(r, "a .rel.text section is malformed");
	for (i = 0; i < s->size / 16; i++) {
		const uint8_t *e = r->z->file + s->off + 16 * i;
		uint64_t info = rd64(e + 8);
		ZeReloc rel;
		uint64_t sym = info >> 32;
		rel.offset = rd64(e);
		rel.type = (int)(uint32_t)info;
		if (sym >= nsyms || !sym || (rel.type != ZR_ADDR && rel.type != ZR_ADDR_32 &&
		    rel.type != ZR_ADDR_32_HI) || rel.offset + (rel.type == ZR_ADDR ? 8 : 4) > k->code_size)
			return elf_error(r, "a relocation has a bad symbol, type or offset");
		rel.symbol = syms[sym].name;
		vec_push(&k->relocs, rel);
	}
	return 0;
}

static int sections(Rd *r, const Shdr *sh, unsigned nsh)
{
	ZeImage *z = r->z;
	unsigned i, symidx = 0;
	int have_info = 0;
	Sym *syms = NULL;
	size_t nsyms = 0, j;
	YNode *root;
	for (i = 1; i < nsh; i++) {
		const Shdr *s = &sh[i];
		if (s->type == SHT_ZEINFO && !strcmp(s->name, ".ze_info")) {
			if (have_info++)
				return elf_error(r, "two .ze_info sections");
			root = yparse((const char *)z->file + s->off, s->size, &r->err);
			if (!root)
				return -1;
			if (zeinfo(r, root)) {
				yfree(root);
				return -1;
			}
			/* the names must outlive the tree: point them at the .text names */
			for (j = 0; j < z->kernels.n; j++) {
				unsigned t;
				const char *nm = z->kernels.v[j].name;
				for (t = 1; t < nsh && !(sh[t].type == SHT_PROGBITS_ &&
				                          !strncmp(sh[t].name, ".text.", 6) && !strcmp(sh[t].name + 6, nm)); t++)
					;
				if (t == nsh) {
					r->err = xasprintf("kernel %s has no .text.%s section", nm, nm);
					yfree(root);
					return -1;
				}
				z->kernels.v[j].name = sh[t].name + 6;
				z->kernels.v[j].code = z->file + sh[t].off;
				z->kernels.v[j].code_size = sh[t].size;
			}
			yfree(root);
		} else if (s->type == SHT_SYMTAB_ && !strcmp(s->name, ".symtab")) {
			symidx = i;
		} else if (!((s->type == SHT_PROGBITS_ && (!strncmp(s->name, ".text.", 6) ||
		             !strcmp(s->name, ".data.const") || !strcmp(s->name, ".data.const.string"))) ||
		             (s->type == SHT_STRTAB_ && !strcmp(s->name, ".strtab")) ||
		             (s->type == SHT_NOTE_ && !strcmp(s->name, ".note.intelgt.compat")) ||
		             (s->type == SHT_REL_ && !strncmp(s->name, ".rel.text.", 10)))) {
			r->err = xasprintf("unknown section '%s' (type 0x%x)", s->name, s->type);
			return -1;
		}
	}
	if (!have_info)
		return elf_error(r, "no .ze_info section");
	if (symidx && read_syms(r, sh, nsh, symidx, &syms, &nsyms))
		return -1;
	for (i = 1; i < nsh && !r->err; i++) {
		const Shdr *s = &sh[i];
		if (s->type == SHT_PROGBITS_ && !strncmp(s->name, ".text.", 6) && !kernel_named(z, s->name + 6))
			r->err = xasprintf("section %s has no .ze_info kernel", s->name);
		else if (s->type == SHT_PROGBITS_ && !strncmp(s->name, ".data.const", 11)) {
			ZeData d;
			memset(&d, 0, sizeof d);
			d.section = strcmp(s->name, ".data.const") ? ".data.const.string" : ".data.const";
			d.bytes = z->file + s->off;
			d.size = s->size;
			for (j = 1; j < nsyms; j++)
				if (syms[j].shndx == i && syms[j].info == 0x11 && syms[j].value == 0)
					d.symbol = syms[j].name;
			if (!d.symbol)
				r->err = xasprintf("section %s has no global object symbol at offset 0", s->name);
			vec_push(&z->data, d);
		} else if (s->type == SHT_REL_) {
			if (!syms)
				r->err = xasprintf("%s without .symtab", s->name);
			else
				relocs(r, sh, nsh, s, syms, nsyms);
		}
	}
	/* sizes of the code as the kernel symbols state them */
	for (j = 1; j < nsyms; j++)
		if (syms[j].info == 0x02) {
			ZeKernel *k = kernel_named(z, syms[j].name);
			if (k && syms[j].size <= k->code_size)
				k->code_size = syms[j].size;
		}
	free(syms);
	return r->err ? -1 : 0;
}

int zeimage_read(const uint8_t *bytes, size_t n, ZeImage *out, char **err)
{
	Rd r;
	Shdr *sh = NULL;
	unsigned nsh = 0;
	memset(out, 0, sizeof *out);
	memset(&r, 0, sizeof r);
	r.z = out;
	out->file = xmalloc(n ? n : 1);
	if (n)
		memcpy(out->file, bytes, n);
	out->size = n;
	if (read_shdrs(&r, &sh, &nsh) == 0)
		sections(&r, sh, nsh);
	free(sh);
	if (r.err) {
		zeimage_free(out);
		*err = xasprintf("zebin: %s", r.err);
		free(r.err);
		return -1;
	}
	return 0;
}

const ZeKernel *zeimage_kernel(const ZeImage *z, const char *name)
{
	return kernel_named((ZeImage *)z, name);
}

void zeimage_free(ZeImage *z)
{
	size_t i;
	for (i = 0; i < z->kernels.n; i++) {
		vec_free(&z->kernels.v[i].args);
		vec_free(&z->kernels.v[i].relocs);
	}
	vec_free(&z->kernels);
	vec_free(&z->data);
	free(z->file);
	memset(z, 0, sizeof *z);
}
