/* emu.c - what both emulated runtimes share: freeing launches and results. */
#include <stdlib.h>
#include <string.h>

#include "emu.h"

void emu_result_free(EmuResult *r)
{
	size_t i;
	for (i = 0; i < r->buffers.n; i++)
		buf_free(&r->buffers.v[i]);
	vec_free(&r->buffers);
	for (i = 0; i < r->writers.n; i++)
		free(r->writers.v[i]);
	vec_free(&r->writers);
	for (i = 0; i < r->racers.n; i++)
		free(r->racers.v[i]);
	vec_free(&r->racers);
	for (i = 0; i < r->taints.n; i++)
		free(r->taints.v[i]);
	vec_free(&r->taints);
	for (i = 0; i < r->printf_items.n; i++)
		buf_free(&r->printf_items.v[i]);
	vec_free(&r->printf_items);
	buf_free(&r->printf_text);
	free(r->error);
	free(r->lds_race);
	free(r->cvt_range);
	memset(r, 0, sizeof *r); /* ready for another run */
}

void emu_launch_free(EmuLaunch *l)
{
	size_t i;
	for (i = 0; i < l->args.n; i++)
		free(l->args.v[i].bytes);
	vec_free(&l->args);
	memset(l, 0, sizeof *l);
}
