/* test_hostile.c - the neutral pieces of the hostile launches
 * (src/emu/hostile.c): poison patterns, the store buffer (own bytes read
 * back, flush by kind in order of first store, drain of one owner's
 * bytes, shadow bytes), the pending counts behind the race check, the
 * seeded stream and shuffle.  Expected values are worked out by hand. */
#include <string.h>

#include <CUnit/CUnit.h>

#include "emu/hostile.h"
#include "testutil.h"

static void test_poison(void)
{
	uint8_t b[8];
	uint32_t w0, w1;
	hz_poison_fill(b, 8, 0);
	memcpy(&w0, b, 4);
	memcpy(&w1, b + 4, 4);
	CU_ASSERT_EQUAL(w0, 0xDEADBEEFu);
	CU_ASSERT_EQUAL(w1, 0xDEADBEEFu);
	hz_poison_fill(b, 8, 1);
	memcpy(&w0, b, 4);
	CU_ASSERT_EQUAL(w0, 0xCAFEF00Du);
	/* only the offset's low two bits count; the patterns differ in every byte */
	CU_ASSERT_EQUAL(hz_poison(0, 4099), hz_poison(0, 3));
	for (int i = 0; i < 4; i++)
		CU_ASSERT_NOT_EQUAL(hz_poison(0, (uint64_t)i), hz_poison(1, (uint64_t)i));
}

static void test_store_buffer(void)
{
	uint8_t mem[16] = {0}, shadow[16] = {0}, v = 0;
	HzStoreBuf a = {0}, b = {0};
	HzCount all = {0};
	a.all = b.all = &all;
	hzsb_put(&a, &mem[0], &shadow[0], 0x11, 0, 0);  /* kind 0, owner 0 */
	hzsb_put(&a, &mem[1], NULL, 0x22, 1, 0);        /* kind 1 */
	hzsb_put(&a, &mem[0], &shadow[0], 0x33, 0, 0);  /* same byte again: replaces */
	hzsb_put(&a, &mem[2], NULL, 0x44, 0, 5);        /* another owner (lane 5) */
	CU_ASSERT_EQUAL(mem[0], 0);                    /* nothing visible yet */
	CU_ASSERT(hzsb_get(&a, &mem[0], 0, &v) && v == 0x33);
	CU_ASSERT(!hzsb_get(&a, &mem[2], 0, &v));       /* lane 5's byte is not owner 0's */
	CU_ASSERT(hzsb_get(&a, &mem[2], 5, &v) && v == 0x44);
	/* the race check: owner 0 reading mem[2] sees someone else's pending byte */
	CU_ASSERT(hzsb_foreign(&a, &mem[2], 0));
	CU_ASSERT(!hzsb_foreign(&a, &mem[2], 5));
	CU_ASSERT(hzsb_foreign(&b, &mem[0], 0));        /* another buffer of the group */
	CU_ASSERT(!hzsb_foreign(&a, &mem[0], 0));       /* its own */
	hzsb_flush(&a, 1u << 0);                        /* kind 0 only */
	CU_ASSERT_EQUAL(mem[0], 0x33);
	CU_ASSERT_EQUAL(shadow[0], 1);
	CU_ASSERT_EQUAL(mem[2], 0x44);
	CU_ASSERT_EQUAL(mem[1], 0);                    /* kind 1 still pending */
	CU_ASSERT(!hzsb_foreign(&b, &mem[0], 0));
	CU_ASSERT(hzsb_get(&a, &mem[1], 0, &v) && v == 0x22);
	/* drain: one owner's bytes of a range */
	hzsb_put(&b, &mem[4], NULL, 0x55, 1, 0);
	hzsb_put(&b, &mem[5], NULL, 0x66, 1, 1);
	hzsb_drain(&b, &mem[4], 4, 0);
	CU_ASSERT_EQUAL(mem[4], 0x55);
	CU_ASSERT_EQUAL(mem[5], 0);
	CU_ASSERT(hzsb_get(&b, &mem[5], 1, &v) && v == 0x66);
	hzsb_flush(&b, ~0u);
	hzsb_flush(&a, ~0u);
	CU_ASSERT_EQUAL(mem[1], 0x22);
	CU_ASSERT_EQUAL(mem[5], 0x66);
	CU_ASSERT(!hzsb_foreign(&a, &mem[1], 0));
	/* in order of first store: two owners' bytes for one address, the later wins */
	hzsb_put(&a, &mem[8], NULL, 0x01, 0, 3);
	hzsb_put(&a, &mem[8], NULL, 0x02, 0, 4);
	hzsb_flush(&a, ~0u);
	CU_ASSERT_EQUAL(mem[8], 0x02);
	/* many bytes: the hash grows */
	for (int i = 0; i < 16; i++)
		for (int o = 0; o < 40; o++)
			hzsb_put(&a, &mem[i], NULL, (uint8_t)(i + o), 0, o);
	CU_ASSERT_EQUAL(a.e.n, 16u * 40u);
	CU_ASSERT(hzsb_get(&a, &mem[7], 39, &v) && v == 46);
	hzsb_flush(&a, ~0u);
	CU_ASSERT_EQUAL(mem[7], 46);
	hzsb_free(&a);
	hzsb_free(&b);
	hzc_free(&all);
}

static void test_stream(void)
{
	uint64_t s1 = 42, s2 = 42;
	uint32_t v[10], seen = 0;
	CU_ASSERT_EQUAL(hz_next(&s1), hz_next(&s2));
	for (int i = 0; i < 10; i++)
		v[i] = (uint32_t)i;
	hz_shuffle(v, 10, &s1);
	for (int i = 0; i < 10; i++)
		seen |= 1u << v[i];
	CU_ASSERT_EQUAL(seen, 0x3FFu);                  /* a permutation */
	for (int i = 0; i < 100; i++)
		CU_ASSERT(hz_below(&s2, 7) < 7);
}

int add_hostile_suite(void)
{
	CU_pSuite s = CU_add_suite("hostile", NULL, NULL);
	if (!s || !CU_add_test(s, "poison patterns", test_poison) ||
	    !CU_add_test(s, "store buffer: own reads, flush by kind, drain, races", test_store_buffer) ||
	    !CU_add_test(s, "seeded stream and shuffle", test_stream))
		return -1;
	return 0;
}
