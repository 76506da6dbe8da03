/* mddata.c - data segments: ;#DATASTART[:cbid]:size, items
 * ;#<type>:<offset>:<count>:<v1>:...:<vN> and ;#DATAEND[:cbid], wherever
 * they stand in the file (inside functions too, not inside ;ARGSTART blocks).
 *
 * Values are hex bit patterns without 0x (B14 writes them in lower case
 * without leading zeros, AMD's ABI text in upper case); each value's digit
 * count and case are kept so that it prints back as written.  The global
 * segment ends with ;#DATAEND (B14) or ;#DATAEND:0 (ABI text).  A line of
 * any other kind inside an open segment closes it with an error.
 */
#include <string.h>

#include "mdint.h"

static const char *const type_names[DT_COUNT] = {
	"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "half", "float", "double", "struct",
};
static const int type_sizes[DT_COUNT] = {1, 2, 4, 8, 1, 2, 4, 8, 2, 4, 8, 1};
static const char uninit_text[] = " <uninitalized constant>";

int md_data_type_size(DataType t)
{
	return type_sizes[t];
}

const char *md_data_type_name(DataType t)
{
	return type_names[t];
}

static DataSeg *open_seg(Ctx *c)
{
	return &c->p->segs.v[c->seg];
}

/* Type of an item token ("i32", "v3i32"), DT_COUNT if none; *vec gets N. */
static DataType item_type(const char *s, int *vec)
{
	int t;
	*vec = 0;
	if (s[0] == 'v' && s[1] >= '1' && s[1] <= '9') {
		for (s++; *s >= '0' && *s <= '9' && *vec < 100; s++)
			*vec = *vec * 10 + (*s - '0');
	}
	for (t = 0; t < DT_COUNT; t++)
		if (strcmp(s, type_names[t]) == 0)
			return (DataType)t;
	return DT_COUNT;
}

static void seg_start(Ctx *c)
{
	Buf m = {0};
	DataSeg s;
	long long id = -1;
	if (c->b) {
		md_err(c, c->cm->loc, "';#DATASTART' inside the metadata block of '%s'", c->b->name);
		return;
	}
	if (c->seg >= 0) {
		md_err(c, c->cm->loc, "';#DATASTART' inside the data segment opened at line %d",
		       open_seg(c)->loc.line);
		return;
	}
	if (md_need(c, 1, 2) || (md_nf(c) == 2 && md_int(c, 1, 0, INT_MAX, &id)))
		return;
	memset(&s, 0, sizeof s);
	s.loc = c->cm->loc;
	s.cfirst = c->ci;
	s.cbid = (int)id;
	s.end_id = -1;
	if (md_int(c, md_nf(c), 0, MD_MAX_SEGMENT, &s.size))
		return;
	vec_push(&c->p->segs, s);
	c->seg = (long)c->p->segs.n - 1;
	md_model_seg_start(&m, open_seg(c));
	open_seg(c)->start_text = md_verbatim(c, &m);
}

static void seg_end(Ctx *c)
{
	Buf m = {0};
	DataSeg *s;
	long long id = -1;
	if (c->seg < 0) {
		md_err(c, c->cm->loc, "';#DATAEND' without ';#DATASTART'");
		return;
	}
	s = open_seg(c);
	c->seg = -1;
	s->end_loc = c->cm->loc;
	s->ccount = c->ci - s->cfirst + 1;
	if (md_need(c, 0, 1) || (md_nf(c) == 1 && md_int(c, 1, 0, INT_MAX, &id)))
		return;
	s->end_id = (int)id;
	md_model_seg_end(&m, s);
	s->end_text = md_verbatim(c, &m);
	if (id >= 0 && id != (s->cbid < 0 ? 0 : s->cbid)) {
		if (s->cbid < 0)
			md_err(c, md_floc(c, 1), "';#DATAEND:%lld' closes the global data segment", id);
		else
			md_err(c, md_floc(c, 1), "';#DATAEND:%lld' closes the data segment of cb%d", id, s->cbid);
	}
}

/* One hex value; 0 ok.  *d gets its digit count, | 0x80 for upper case. */
static int hex_value(const char *s, int size, uint64_t *v, unsigned char *d)
{
	size_t n = strlen(s), i, sig = 0;
	int upper = 0;
	uint64_t r = 0;
	if (n == 0 || n > 64)
		return -1;
	for (i = 0; i < n; i++) {
		int x = s[i] >= '0' && s[i] <= '9' ? s[i] - '0' : s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10
		        : s[i] >= 'A' && s[i] <= 'F' ? s[i] - 'A' + 10 : -1;
		if (x < 0)
			return -1;
		upper |= s[i] >= 'A' && s[i] <= 'F';
		if ((sig || x) && ++sig > 16)
			return -2;
		r = r << 4 | (uint64_t)x;
	}
	if (size < 8 && r >> (8 * size))
		return -2;
	*v = r;
	*d = (unsigned char)(n | (upper ? 0x80 : 0));
	return 0;
}

static int item_values(Ctx *c, DataItem *it)
{
	int k, rc;
	it->values = arena_alloc(&c->m->arena, (size_t)it->count * sizeof *it->values + 1);
	it->digits = arena_alloc(&c->m->arena, (size_t)it->count + 1);
	for (k = 0; k < it->count; k++) {
		rc = hex_value(md_f(c, 3 + k), type_sizes[it->type], &it->values[k], &it->digits[k]);
		if (rc == -1)
			md_err(c, md_floc(c, 3 + k), "data value '%s' is not a hex number", md_f(c, 3 + k));
		else if (rc)
			md_err(c, md_floc(c, 3 + k), "data value '%s' does not fit in %s", md_f(c, 3 + k),
			       type_names[it->type]);
		if (rc)
			return -1;
	}
	return 0;
}

/* The count field, with B14's " <uninitalized constant>" tail. */
static int item_count(Ctx *c, DataItem *it)
{
	const char *s = md_f(c, 2);
	size_t n = strlen(s), u = sizeof uninit_text - 1;
	char *num;
	int bad;
	it->uninit = md_nf(c) == 2 && n > u && strcmp(s + n - u, uninit_text) == 0;
	num = xstrndup(s, it->uninit ? n - u : n);
	bad = md_dec(num, &it->count) || it->count < 0 || it->count > 1LL << 40;
	if (bad)
		md_err(c, md_floc(c, 2), "';%s' field 2 must be a number, found '%s'", md_f(c, 0), num);
	free(num);
	if (bad)
		return -1;
	if (!it->uninit && it->count != md_nf(c) - 2) {
		md_err(c, md_floc(c, 2), "data item declares %lld value%s but lists %d", it->count,
		       it->count == 1 ? "" : "s", md_nf(c) - 2);
		return -1;
	}
	return 0;
}

static void item(Ctx *c)
{
	Buf m = {0};
	DataSeg *s = open_seg(c);
	DataItem it;
	long long end;
	memset(&it, 0, sizeof it);
	it.loc = c->cm->loc;
	it.type = item_type(md_f(c, 0) + 1, &it.vec);
	if (it.type == DT_COUNT) {
		md_err(c, md_col(c, 1), "unknown data type '%s'", md_f(c, 0) + 1);
		return;
	}
	if (md_need(c, 2, INT_MAX) || md_int(c, 1, 0, 1LL << 40, &it.offset) || item_count(c, &it) ||
	    (!it.uninit && item_values(c, &it)))
		return;
	end = it.offset + it.count * type_sizes[it.type];
	if (end > s->size) {
		md_err(c, md_floc(c, 1), "data item ends at byte %lld, past the segment size %lld", end, s->size);
		return;
	}
	md_model_item(&m, &it);
	it.text = md_verbatim(c, &m);
	vec_push(&s->items, it);
}

static void stray(Ctx *c)
{
	DataSeg *s = open_seg(c);
	md_err(c, c->cm->loc, "';#DATASTART' at line %d is not closed before this line", s->loc.line);
	c->seg = -1;
}

int md_data_line(Ctx *c)
{
	const char *t = c->cm->text;
	int vec, mine = 1;
	if (t[0] != '#') {
		if (c->seg >= 0)
			stray(c);
		return 0;
	}
	md_split(c, t);
	if (strcmp(md_f(c, 0), "#DATASTART") == 0)
		seg_start(c);
	else if (strcmp(md_f(c, 0), "#DATAEND") == 0)
		seg_end(c);
	else if (c->seg >= 0)
		item(c);
	else if (item_type(md_f(c, 0) + 1, &vec) != DT_COUNT)
		md_err(c, c->cm->loc, "data item outside a ';#DATASTART' segment");
	else
		mine = 0;
	md_fields_free(c);
	return mine;
}

void md_data_finish(Ctx *c)
{
	if (c->seg >= 0) {
		md_err(c, open_seg(c)->loc, "';#DATASTART' is never closed by ';#DATAEND'");
		c->seg = -1;
	}
}
