/* hostile.h - neutral tools for the hostile launches of both emulated
 * runtimes (docs/TESTING.md, "The memory model the emulators run").
 *
 * Nothing here knows AMD IL or vISA: a seeded random stream, a shuffle, the
 * two poison patterns, and a store buffer (bytes stored but not yet visible
 * to other work-items).  WHEN a store is buffered, which fence or barrier
 * makes which kind visible, and in which order work-items run is decided by
 * each side on its own (amd.c / amd_mem.c and ze.c / visa_exec.c), so a
 * misreading of the memory model is not shared by the two runtimes.
 */
#ifndef HOSTILE_H
#define HOSTILE_H

#include "../util.h"

/* splitmix64; a zero state is fine */
uint64_t hz_next(uint64_t *state);
uint32_t hz_below(uint64_t *state, uint32_t n);   /* 0..n-1 (n > 0) */
void hz_shuffle(uint32_t *v, uint32_t n, uint64_t *state);

/* Poison: byte `offset` (an offset into local or private memory; only its
 * low two bits count, so both sides' layouts agree) of pattern 0
 * (0xDEADBEEF little-endian) or 1 (0xCAFEF00D, different in every byte). */
uint8_t hz_poison(int pattern, uint64_t offset);
void hz_poison_fill(uint8_t *p, size_t n, int pattern);  /* p[i] = hz_poison(pattern, i) */

/* A store buffer: pending bytes, each with the host address it goes to, a
 * kind (a small number the caller gives meaning to), an owner (a lane, or 0)
 * and optionally a shadow byte set to 1 when the byte is applied.  A byte
 * stored again by the same owner replaces the pending value. */
typedef struct HzPending {
	uint8_t *at, *shadow;
	uint8_t val, kind;
	uint16_t owner;
} HzPending;

/* How many store buffers hold a pending byte for each host address (one
 * table per group, shared by its store buffers): a load of a byte another
 * work-item has stored but not made visible is a data race. */
typedef struct HzCount {
	uintptr_t *key;
	uint32_t *n;
	size_t cap, used;
} HzCount;
void hzc_clear(HzCount *c);
void hzc_free(HzCount *c);

typedef struct HzStoreBuf {
	VEC(HzPending) e;        /* in order of first store */
	uint32_t *hash;          /* open addressing: index + 1, 0 = empty */
	size_t hcap;
	HzCount *all;            /* the group's pending counts, or NULL */
} HzStoreBuf;

/* 1 when a store buffer other than the owner's entry holds a pending byte
 * for at (b->all must be set) */
int hzsb_foreign(const HzStoreBuf *b, const uint8_t *at, int owner);

void hzsb_put(HzStoreBuf *b, uint8_t *at, uint8_t *shadow, uint8_t val, int kind, int owner);
/* the owner's pending byte for at: 1 and *val, or 0 */
int hzsb_get(const HzStoreBuf *b, const uint8_t *at, int owner, uint8_t *val);
/* the owner's pending bytes in [at, at+n) applied now and dropped */
void hzsb_drain(HzStoreBuf *b, uint8_t *at, size_t n, int owner);
/* every pending byte whose kind is in kinds (bit k = kind k) applied, in
 * order of first store, and dropped */
void hzsb_flush(HzStoreBuf *b, unsigned kinds);
void hzsb_free(HzStoreBuf *b);

#endif
