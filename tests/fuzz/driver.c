/* driver.c - a deterministic mutation fuzzer around LLVMFuzzerTestOneInput for
 * compilers without libFuzzer: runs every seed file, then mutants of them
 * (byte flips, deletions, duplications, IL tokens spliced in, lines swapped
 * between seeds) until the time budget or the iteration count is spent.
 *   fuzzdriver [-s SEED] [-t SECONDS] [-n ITERATIONS] [-o CRASHDIR] FILE...
 * Before each input runs it is written to CRASHDIR/current.il, so when a
 * sanitizer or abort() kills the process the reproducer is on disk.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

typedef struct Seed {
	unsigned char *d;
	size_t n;
} Seed;

static uint64_t rng;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static const char *const dict[] = {
	"if_logicalnz r0.x\n", "else\n", "endif\n", "whileloop\n", "endloop\n", "break\n",
	"switch r1.x\n", "case 1\n", "default\n", "endswitch\n", "ret_dyn\n", "call 1025\n",
	"func 1025\n", "endfunc\n", "endmain\n", "end\n", ";ARGSTART:__OpenCL_k_kernel\n",
	";ARGEND:__OpenCL_k_kernel\n", ";pointer:p:i32:1:1:0:uav:11:4:RW:0:0\n",
	";value:v:i32:1:1:16\n", ";uniqueid:1024\n", ";#DATASTART:16\n", ";#i32:0:4:1:2:3:4\n",
	";#DATAEND:0\n", ";printf_fmt:0:1:4:3:%d\\n;\n", "mov r1, cb1[r0.x+2]\n",
	"uav_raw_load_id(11) r2.x___, r1.x\n", "uav_raw_store_id(11) mem0.xy__, r1.x, r2\n",
	"dcl_literal l9, 0x1, -2, 3, 0xFFFFFFFF\n", "mov r3.x0_1, r2.y_neg(x)\n",
	"x1[r0.x]", "_sat", "_id(12)", ".xyzw", ".x___", ";DEBUGSTART\n", ";DEBUGEND\n",
	"mdef(5)_out(1)_in(1)\n", "mend\n", "mcall(5) (r1), (r2)\n", "il_cs_2_0\n",
	"\r\n", "\0", "0x7FFFFFFFFFFFFFFFF", "vTidInGrp0.xyz", "cb0[6].xyz0", ";$$$$$$$$$$\n",
};

static Seed mutate(const Seed *seeds, size_t nseeds)
{
	const Seed *s = &seeds[next() % nseeds];
	size_t cap = s->n * 2 + 256, n = s->n, k, rounds = 1 + next() % 4;
	unsigned char *d = malloc(cap);
	Seed r;
	memcpy(d, s->d, n);
	for (k = 0; k < rounds; k++) {
		size_t at = n ? next() % n : 0, len;
		switch (next() % 6) {
		case 0: /* flip a byte */
			if (n)
				d[at] ^= (unsigned char)(1u << (next() % 8));
			break;
		case 1: /* delete a run */
			len = n - at < 16 ? n - at : next() % 16;
			memmove(d + at, d + at + len, n - at - len);
			n -= len;
			break;
		case 2: { /* insert a token */
			const char *t = dict[next() % (sizeof dict / sizeof dict[0])];
			len = t[0] ? strlen(t) : 1;
			if (n + len > cap)
				break;
			memmove(d + at + len, d + at, n - at);
			memcpy(d + at, t, len);
			n += len;
			break;
		}
		case 3: { /* splice a line of another seed */
			const Seed *o = &seeds[next() % nseeds];
			size_t from = o->n ? next() % o->n : 0, e = from;
			while (e < o->n && o->d[e] != '\n')
				e++;
			len = e - from;
			if (n + len > cap)
				break;
			memmove(d + at + len, d + at, n - at);
			memcpy(d + at, o->d + from, len);
			n += len;
			break;
		}
		case 4: /* truncate */
			n = at;
			break;
		default: /* duplicate a run */
			len = n - at < 32 ? n - at : next() % 32;
			if (n + len > cap)
				break;
			memmove(d + at + len, d + at, n - at);
			n += len;
			break;
		}
	}
	r.d = d;
	r.n = n;
	return r;
}

static void save(const char *dir, const Seed *s)
{
	char path[4096];
	FILE *f;
	if (!dir)
		return;
	snprintf(path, sizeof path, "%s/current.il", dir);
	if ((f = fopen(path, "wb"))) {
		fwrite(s->d, 1, s->n, f);
		fclose(f);
	}
}

int main(int argc, char **argv)
{
	Seed *seeds;
	size_t nseeds = 0, i;
	long seconds = 10, iters = -1, done = 0;
	const char *crashdir = NULL;
	time_t start = time(NULL);
	int c;
	rng = 0x9e3779b97f4a7c15ull;
	while ((c = getopt(argc, argv, "s:t:n:o:")) != -1) {
		switch (c) {
		case 's': rng = strtoull(optarg, NULL, 0) | 1; break;
		case 't': seconds = atol(optarg); break;
		case 'n': iters = atol(optarg); break;
		case 'o': crashdir = optarg; break;
		default:
			fputs("usage: fuzzdriver [-s SEED] [-t SECONDS] [-n ITERATIONS] [-o CRASHDIR] FILE...\n", stderr);
			return 2;
		}
	}
	seeds = calloc((size_t)(argc - optind) + 1, sizeof *seeds);
	for (; optind < argc; optind++) {
		FILE *f = fopen(argv[optind], "rb");
		Seed s = {NULL, 0};
		size_t cap = 0, r;
		unsigned char buf[65536];
		if (!f) {
			perror(argv[optind]);
			return 2;
		}
		while ((r = fread(buf, 1, sizeof buf, f)) > 0) {
			s.d = realloc(s.d, cap = s.n + r);
			memcpy(s.d + s.n, buf, r);
			s.n += r;
		}
		fclose(f);
		if (!s.d)
			s.d = malloc(1);
		save(crashdir, &s);
		LLVMFuzzerTestOneInput(s.d, s.n);
		seeds[nseeds++] = s;
	}
	if (!nseeds) {
		fputs("fuzzdriver: no seed files\n", stderr);
		return 2;
	}
	while ((iters < 0 || done < iters) && (iters >= 0 || time(NULL) - start < seconds)) {
		Seed m = mutate(seeds, nseeds);
		save(crashdir, &m);
		LLVMFuzzerTestOneInput(m.d, m.n);
		free(m.d);
		done++;
	}
	printf("fuzzdriver: %zu seeds, %ld mutants, no crash\n", nseeds, done);
	for (i = 0; i < nseeds; i++)
		free(seeds[i].d);
	free(seeds);
	return 0;
}
