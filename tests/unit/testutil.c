/* testutil.c - diagnostics captured in memory for the unit tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "testutil.h"

static FILE *dstream; /* where diag_* writes during a suite */
static char *dtext;   /* its contents */
static size_t dlen;

void capture_reset(void)
{
	if (dstream)
		fclose(dstream);
	free(dtext);
	dtext = NULL;
	dlen = 0;
	dstream = open_memstream(&dtext, &dlen);
	diag_set_stream(dstream);
}

int capture_start(void)
{
	diag_set_quiet_source(1);
	capture_reset();
	return dstream ? 0 : -1;
}

void capture_stop(void)
{
	diag_set_stream(NULL);
	diag_set_quiet_source(0);
	if (dstream)
		fclose(dstream);
	dstream = NULL;
	free(dtext);
	dtext = NULL;
	dlen = 0;
}

const char *diags(void)
{
	fflush(dstream);
	return dtext ? dtext : "";
}

const char *first_diag(void)
{
	static char line[512];
	const char *d = diags();
	size_t n = strcspn(d, "\n");
	if (n >= sizeof line)
		n = sizeof line - 1;
	memcpy(line, d, n);
	line[n] = 0;
	return line;
}

int has_diag(const char *want)
{
	const char *d = diags();
	size_t n = strlen(want);
	for (;;) {
		if (strncmp(d, want, n) == 0 && (d[n] == '\n' || d[n] == 0))
			return 1;
		d = strchr(d, '\n');
		if (!d)
			return 0;
		d++;
	}
}

int count_diags(void)
{
	const char *d = diags();
	int n = 0;
	for (; *d; d++)
		n += *d == '\n';
	return n;
}

const Platform test_tgllp = {
	.name = "tgllp", .genx = "TGLLP", .description = "Tiger Lake LP",
	.product_family = 0x1d, .core_family = 0, .grf_bytes = 32, .grf_count = 128,
	.simd_mask = 8 | 16 | 32, .default_simd = 16, .max_msg_lanes = 16, .int_divide = 1,
	.legacy_dataport = 1, .sampler = 1, .supported = 1,
};

char *scratch_dir(const char *name)
{
	const char *t = getenv("TMPDIR");
	char *d = xasprintf("%s/%s-XXXXXX", t && *t ? t : "/tmp", name);
	if (!mkdtemp(d)) {
		free(d);
		return NULL;
	}
	return d;
}
