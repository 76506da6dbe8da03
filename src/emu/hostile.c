/* hostile.c - random stream, poison patterns and store buffers for the
 * hostile launches (hostile.h).  No semantics of either runtime. */
#include <string.h>

#include "hostile.h"

uint64_t hz_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

uint32_t hz_below(uint64_t *s, uint32_t n)
{
	return n ? (uint32_t)(hz_next(s) % n) : 0;
}

void hz_shuffle(uint32_t *v, uint32_t n, uint64_t *s)
{
	uint32_t i;
	for (i = n; i > 1; i--) {
		uint32_t j = hz_below(s, i), t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

uint8_t hz_poison(int pattern, uint64_t offset)
{
	static const uint8_t p[2][4] = {{0xEF, 0xBE, 0xAD, 0xDE}, {0x0D, 0xF0, 0xFE, 0xCA}};
	return p[pattern & 1][offset & 3];
}

void hz_poison_fill(uint8_t *p, size_t n, int pattern)
{
	size_t i;
	for (i = 0; i < n; i++)
		p[i] = hz_poison(pattern, i);
}

/* ---- pending counts ------------------------------------------------------ */

static size_t cslot(const HzCount *c, uintptr_t k)
{
	return (size_t)(((uint64_t)k * 0x9E3779B97F4A7C15ull) >> 20) & (c->cap - 1);
}

static uint32_t *count_of(HzCount *c, const uint8_t *at, int add)
{
	uintptr_t k = (uintptr_t)at;
	size_t s;
	if (!c->cap && !add)
		return NULL;
	if (add && 2 * (c->used + 1) > c->cap) {
		HzCount d = {0};
		size_t i;
		d.cap = c->cap ? 2 * c->cap : 256;
		d.key = xcalloc(d.cap, sizeof *d.key);
		d.n = xcalloc(d.cap, sizeof *d.n);
		for (i = 0; i < c->cap; i++)
			if (c->key[i]) {
				s = cslot(&d, c->key[i]);
				while (d.key[s])
					s = (s + 1) & (d.cap - 1);
				d.key[s] = c->key[i], d.n[s] = c->n[i], d.used++;
			}
		hzc_free(c);
		*c = d;
	}
	for (s = cslot(c, k); c->key[s]; s = (s + 1) & (c->cap - 1))
		if (c->key[s] == k)
			return &c->n[s];
	if (!add)
		return NULL;
	c->key[s] = k;
	c->used++;
	return &c->n[s];
}

void hzc_clear(HzCount *c)
{
	if (c->cap) {
		memset(c->key, 0, c->cap * sizeof *c->key);
		memset(c->n, 0, c->cap * sizeof *c->n);
	}
	c->used = 0;
}

void hzc_free(HzCount *c)
{
	free(c->key);
	free(c->n);
	memset(c, 0, sizeof *c);
}

/* ---- store buffers ------------------------------------------------------- */

static size_t slot(const HzStoreBuf *b, const uint8_t *at, int owner)
{
	uint64_t h = ((uint64_t)(uintptr_t)at * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)owner * 0xC2B2AE3D27D4EB4Full);
	return (size_t)(h >> 17) & (b->hcap - 1);
}

static void rehash(HzStoreBuf *b, size_t cap)
{
	size_t i;
	free(b->hash);
	b->hcap = cap;
	b->hash = xcalloc(cap, sizeof *b->hash);
	for (i = 0; i < b->e.n; i++) {
		size_t s = slot(b, b->e.v[i].at, b->e.v[i].owner);
		while (b->hash[s])
			s = (s + 1) & (cap - 1);
		b->hash[s] = (uint32_t)i + 1;
	}
}

/* index of the owner's entry for at, or -1; *s the slot where it is or goes */
static long find(const HzStoreBuf *b, const uint8_t *at, int owner, size_t *s)
{
	size_t k = slot(b, at, owner);
	for (; b->hash[k]; k = (k + 1) & (b->hcap - 1)) {
		const HzPending *p = &b->e.v[b->hash[k] - 1];
		if (p->at == at && p->owner == owner) {
			*s = k;
			return (long)b->hash[k] - 1;
		}
	}
	*s = k;
	return -1;
}

void hzsb_put(HzStoreBuf *b, uint8_t *at, uint8_t *shadow, uint8_t val, int kind, int owner)
{
	HzPending p;
	size_t s;
	long i;
	if (!b->hcap || 2 * (b->e.n + 1) > b->hcap)
		rehash(b, b->hcap ? 2 * b->hcap : 64);
	if ((i = find(b, at, owner, &s)) >= 0) {
		b->e.v[i].val = val;
		b->e.v[i].kind = (uint8_t)kind;
		b->e.v[i].shadow = shadow;
		return;
	}
	p.at = at, p.shadow = shadow, p.val = val, p.kind = (uint8_t)kind, p.owner = (uint16_t)owner;
	vec_push(&b->e, p);
	if (b->all)
		(*count_of(b->all, at, 1))++;
	b->hash[s] = (uint32_t)b->e.n;
}

int hzsb_get(const HzStoreBuf *b, const uint8_t *at, int owner, uint8_t *val)
{
	size_t s;
	long i;
	if (!b->e.n)
		return 0;
	if ((i = find(b, at, owner, &s)) < 0)
		return 0;
	*val = b->e.v[i].val;
	return 1;
}

/* keeps the entries for which drop[] is 0, in order */
static void compact(HzStoreBuf *b, const uint8_t *drop)
{
	size_t i, n = 0;
	for (i = 0; i < b->e.n; i++)
		if (!drop[i])
			b->e.v[n++] = b->e.v[i];
	b->e.n = n;
	rehash(b, b->hcap);
}

static void apply(HzStoreBuf *b, const HzPending *p)
{
	uint32_t *n = b->all ? count_of(b->all, p->at, 0) : NULL;
	*p->at = p->val;
	if (p->shadow)
		*p->shadow = 1;
	if (n && *n)
		(*n)--;
}

int hzsb_foreign(const HzStoreBuf *b, const uint8_t *at, int owner)
{
	uint32_t *n = b->all ? count_of(b->all, at, 0) : NULL;
	uint8_t v;
	return n && *n > (uint32_t)hzsb_get(b, at, owner, &v);
}

void hzsb_drain(HzStoreBuf *b, uint8_t *at, size_t n, int owner)
{
	uint8_t *drop;
	size_t i, s, hit = 0;
	long k;
	if (!b->e.n)
		return;
	for (i = 0; i < n && find(b, at + i, owner, &s) < 0; i++)
		;
	if (i == n)
		return;
	drop = xcalloc(b->e.n, 1);
	for (i = 0; i < n; i++)
		if ((k = find(b, at + i, owner, &s)) >= 0) {
			apply(b, &b->e.v[k]);
			drop[k] = 1;
			hit++;
		}
	if (hit)
		compact(b, drop);
	free(drop);
}

void hzsb_flush(HzStoreBuf *b, unsigned kinds)
{
	uint8_t *drop;
	size_t i, hit = 0;
	if (!b->e.n)
		return;
	drop = xcalloc(b->e.n, 1);
	for (i = 0; i < b->e.n; i++)
		if (kinds >> b->e.v[i].kind & 1) {
			apply(b, &b->e.v[i]);
			drop[i] = 1;
			hit++;
		}
	if (hit == b->e.n)
		b->e.n = 0, memset(b->hash, 0, b->hcap * sizeof *b->hash);
	else if (hit)
		compact(b, drop);
	free(drop);
}

void hzsb_free(HzStoreBuf *b)
{
	vec_free(&b->e);
	free(b->hash);
	b->hash = NULL;
	b->hcap = 0;
}
