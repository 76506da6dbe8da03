/* zemem.c - the device's sparse 64-bit address space: a few regions
 * (argument buffers, data sections, the printf buffer), each a host copy.
 * An access must lie inside one region; anything else is the caller's
 * error to report (address 0 is never mapped). */
#include <string.h>

#include "zeint.h"

ZeRegion *zemem_add(ZeMem *m, uint64_t base, uint64_t size, const char *name, int readonly)
{
	ZeRegion r;
	r.base = base;
	r.size = size;
	r.bytes = xcalloc(size ? size : 1, 1);
	r.name = name;
	r.readonly = readonly;
	vec_push(&m->r, r);
	return &m->r.v[m->r.n - 1];
}

static int inside(const ZeRegion *r, uint64_t addr, uint64_t n)
{
	return addr >= r->base && n <= r->size && addr - r->base <= r->size - n;
}

uint8_t *zemem_at(ZeMem *m, uint64_t addr, uint64_t n, int store)
{
	size_t i;
	if (m->last < m->r.n && inside(&m->r.v[m->last], addr, n))
		i = m->last;
	else {
		for (i = 0; i < m->r.n && !inside(&m->r.v[i], addr, n); i++)
			;
		if (i == m->r.n)
			return NULL;
		m->last = i;
	}
	if (store && m->r.v[i].readonly)
		return NULL;
	return m->r.v[i].bytes + (addr - m->r.v[i].base);
}

void zemem_free(ZeMem *m)
{
	size_t i;
	for (i = 0; i < m->r.n; i++)
		free(m->r.v[i].bytes);
	vec_free(&m->r);
	m->last = 0;
}
