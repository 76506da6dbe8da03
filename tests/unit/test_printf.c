/* test_printf.c - ;printf_fmt formats as Level Zero printf records: the
 * tokens, record sizes and format strings printf_format() derives.
 *
 * Expected record sizes are the ones IGC's own kernels write for the same
 * printf calls (NEO 22.43 token layout, checked with ocloc: 16, 56 and 80
 * bytes for the three calls of the reference kernel, see docs/abi-map.txt);
 * tags are NEO's PRINTF_DATA_TYPE values. */
#include <string.h>

#include <CUnit/CUnit.h>

#include "testutil.h"
#include "../../src/translate/translate.h"

/* A ;printf_fmt line as md_read would hold it. */
static MdPrintf fmt(int id, const char *f, int nargs, const int *sizes)
{
	MdPrintf m;
	memset(&m, 0, sizeof m);
	m.loc.file = "t.il";
	m.loc.line = 1;
	m.loc.col = 1;
	m.id = id;
	m.nargs = nargs;
	m.sizes = (int *)sizes;
	m.fmt = f;
	m.fmt_len = strlen(f);
	m.len = (long long)m.fmt_len;
	m.text = f;
	return m;
}

static void test_record_sizes(void)
{
	static const int s1[] = {4}, s2[] = {1, 2, 8, 4, 8}, s3[] = {16, 16, 2, 8};
	MdPrintf a = fmt(0, "x=%d\n", 1, s1), b = fmt(1, "%c %hd %ld %f %p\n", 5, s2);
	MdPrintf c = fmt(2, "%v4hlf %v3hld %v2hhu %s\n", 4, s3);
	PfFormat f;
	Buf str = {0};
	CU_ASSERT_EQUAL(printf_format(&a, &f, &str), 0);
	CU_ASSERT_EQUAL(f.record, 16);
	CU_ASSERT_EQUAL(f.args[0].tag, PF_INT);
	CU_ASSERT_EQUAL(f.args[0].amd_dwords, 1);
	free(f.args);
	CU_ASSERT_EQUAL(printf_format(&b, &f, &str), 0);
	CU_ASSERT_EQUAL(f.record, 56);
	CU_ASSERT_EQUAL(f.args[0].tag, PF_INT); /* char: AMD's zero-extended dword */
	CU_ASSERT_EQUAL(f.args[1].tag, PF_INT);
	CU_ASSERT_EQUAL(f.args[2].tag, PF_LONG);
	CU_ASSERT_EQUAL(f.args[2].amd_dwords, 2);
	CU_ASSERT_EQUAL(f.args[3].tag, PF_FLOAT);
	CU_ASSERT_EQUAL(f.args[4].tag, PF_POINTER);
	free(f.args);
	CU_ASSERT_EQUAL(printf_format(&c, &f, &str), 0);
	CU_ASSERT_EQUAL(f.record, 80);
	CU_ASSERT_EQUAL(f.args[0].tag, PF_VFLOAT);
	CU_ASSERT_EQUAL(f.args[0].count, 4);
	CU_ASSERT_EQUAL(f.args[1].tag, PF_VINT);   /* int3: 16 bytes, padded to four */
	CU_ASSERT_EQUAL(f.args[1].count, 3);
	CU_ASSERT_EQUAL(f.args[1].elem, 4);
	CU_ASSERT_EQUAL(f.args[2].tag, PF_VBYTE);  /* uchar2: 2 bytes + 6 pad */
	CU_ASSERT_EQUAL(f.args[2].bytes, 16);
	CU_ASSERT_EQUAL(f.args[3].tag, PF_STRING);
	CU_ASSERT_EQUAL(f.args[3].amd_dwords, 0);  /* inline, variable length */
	free(f.args);
	buf_free(&str);
}

static void test_half_and_double(void)
{
	static const int s[] = {2, 8, 8, 4};
	MdPrintf m = fmt(3, "%f %f %v4hf %v2hd", 4, s);
	PfFormat f;
	Buf str = {0};
	CU_ASSERT_EQUAL(printf_format(&m, &f, &str), 0);
	CU_ASSERT_EQUAL(f.args[0].tag, PF_FLOAT);
	CU_ASSERT(f.args[0].half);
	CU_ASSERT_EQUAL(f.args[1].tag, PF_DOUBLE);
	CU_ASSERT_EQUAL(f.args[2].tag, PF_VFLOAT); /* half4: 4 floats as AMD read them */
	CU_ASSERT(f.args[2].half);
	CU_ASSERT_EQUAL(f.args[2].bytes, 8 + 16);
	CU_ASSERT_EQUAL(f.args[3].tag, PF_VSHORT);
	CU_ASSERT_EQUAL(f.args[3].bytes, 8 + 8);
	CU_ASSERT_EQUAL(f.record, 8 + 8 + 12 + 24 + 16);
	free(f.args);
	buf_free(&str);
}

/* NEO's scanner must find one conversion per token: surplus conversions
 * print as text, surplus arguments are not printed; a backslash doubles. */
static void test_format_strings(void)
{
	static const int one[] = {4}, two[] = {4, 4};
	MdPrintf a = fmt(0, "a %d b %d", 1, one), b = fmt(1, "plain", 1, one);
	MdPrintf c = fmt(2, "100%% \\ %d%s", 2, two), d = fmt(3, "a %d b %d", 1, one);
	PfFormat f;
	Buf str = {0};
	size_t off;
	CU_ASSERT_EQUAL(printf_format(&a, &f, &str), 0);
	CU_ASSERT_STRING_EQUAL(str.s + f.str, "a %d b %%d");
	CU_ASSERT_EQUAL(f.record, 16);
	off = f.str;
	free(f.args);
	CU_ASSERT_EQUAL(printf_format(&b, &f, &str), 0);
	CU_ASSERT_STRING_EQUAL(str.s + f.str, "plain");
	CU_ASSERT_EQUAL(f.args[0].tag, 0);
	CU_ASSERT_EQUAL(f.args[0].amd_dwords, 1); /* still skipped in the slot */
	CU_ASSERT_EQUAL(f.record, 8);
	free(f.args);
	CU_ASSERT_EQUAL(printf_format(&c, &f, &str), 0);
	CU_ASSERT_STRING_EQUAL(str.s + f.str, "100%% \\\\ %d%s");
	free(f.args);
	CU_ASSERT_EQUAL(printf_format(&d, &f, &str), 0);
	CU_ASSERT_EQUAL(f.str, off); /* one copy of equal strings */
	free(f.args);
	buf_free(&str);
}

static void test_bad_sizes(void)
{
	static const int s3[] = {3}, s12[] = {12}, s1[] = {1};
	MdPrintf a = fmt(7, "%f", 1, s3), b = fmt(8, "%v2d", 1, s12), c = fmt(9, "%v4f", 1, s1);
	PfFormat f;
	Buf str = {0};
	capture_reset();
	CU_ASSERT_EQUAL(printf_format(&a, &f, &str), -1);
	CU_ASSERT_STRING_EQUAL(first_diag(),
		"t.il:1:1: error: printf format 7: argument 1 has 3 bytes, which conversion '%f' cannot print");
	free(f.args);
	CU_ASSERT_EQUAL(printf_format(&b, &f, &str), -1);
	free(f.args);
	CU_ASSERT_EQUAL(printf_format(&c, &f, &str), -1);
	free(f.args);
	buf_free(&str);
}

static int suite_clean(void)
{
	capture_stop();
	return 0;
}

int add_printf_suite(void)
{
	CU_pSuite s = CU_add_suite("printf", capture_start, suite_clean);
	if (!s || !CU_add_test(s, "record sizes and tokens (IGC's 16/56/80 bytes)", test_record_sizes) ||
	    !CU_add_test(s, "half and double arguments", test_half_and_double) ||
	    !CU_add_test(s, "format strings for NEO's scanner", test_format_strings) ||
	    !CU_add_test(s, "sizes no conversion can print", test_bad_sizes))
		return -1;
	return 0;
}
