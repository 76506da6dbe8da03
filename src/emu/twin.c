/* twin.c - the third opinion: a kernel's OpenCL C twin (K.cl next to K.il)
 * run as host code on the same launch.
 *
 * clang compiles the twin as OpenCL C 1.2 for the host (x86-64 with
 * opencl-c.h's declarations) together with an entry function that unpacks
 * an argument array with the types of the metadata's ;reflection lines;
 * data/twinrt.c (compiled by the host C compiler) defines the builtins and
 * runs the NDRange with one coroutine per work-item of a group, switching at
 * barriers.  The result has the same shape as the emulators' (the buffers;
 * printf is not carried), so conform.c compares it with the AMD side.
 *
 * A twin that cannot be built or loaded (no clang, a builtin twinrt.c does
 * not define) gives no opinion, with the reason; it is not a failure.  It
 * runs in a child process over shared buffers, so a twin that crashes or
 * hangs (C's undefined behaviour) only loses its opinion.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emu.h"

/* Shared with data/twinrt.c: keep in step. */
typedef struct TwinLaunch {
	int dim;
	uint32_t global[3], local[3], offset[3];
	void **args;
	void (*entry)(void **);
	char error[256];
} TwinLaunch;

static int run(const char *cmd, const char *log, char **why)
{
	char *full = xasprintf("%s >'%s' 2>&1", cmd, log);
	int rc = system(full);
	free(full);
	if (rc) {
		size_t n = 0;
		char *text = read_file(log, &n), *nl;
		if (text && (nl = strchr(text, '\n')))
			*nl = 0;
		*why = xasprintf("%s", text && *text ? text : "the host compiler failed");
		free(text);
		return -1;
	}
	return 0;
}

/* An argument's OpenCL type name: its ;reflection line, else (Evergreen
 * metadata has none) built from the metadata type and element count. */
static const char *type_name(const Kernel *k, size_t i, char *buf, size_t n)
{
	static const char *const map[][2] = {
		{"i8", "char"}, {"u8", "uchar"}, {"i16", "short"}, {"u16", "ushort"}, {"i32", "int"},
		{"u32", "uint"}, {"i64", "long"}, {"u64", "ulong"}, {"float", "float"}, {"double", "double"},
		{"half", "half"},
	};
	const MdArg *a = &k->md->args.v[i];
	size_t j;
	if (i < k->md->reflections.n && k->md->reflections.v[i])
		return k->md->reflections.v[i];
	for (j = 0; a->type && j < NELEM(map); j++)
		if (!strcmp(a->type, map[j][0])) {
			if (a->kind == MA_POINTER)
				snprintf(buf, n, "%s*", map[j][1]);
			else if (a->nelem > 1)
				snprintf(buf, n, "%s%d", map[j][1], a->nelem);
			else
				snprintf(buf, n, "%s", map[j][1]);
			return buf;
		}
	return NULL;
}

/* The entry: KERNEL(*(T0 *)a[0], ...), pointers by their address space. */
static char *entry_source(const char *cl, const Kernel *k, char **why)
{
	Buf b = {0};
	size_t i;
	buf_printf(&b, "#include \"%s\"\nvoid __twin_entry(void **a)\n{\n\t%s(", cl, k->name);
	for (i = 0; i < k->md->args.n; i++) {
		const MdArg *a = &k->md->args.v[i];
		char tb[64];
		const char *t = type_name(k, i, tb, sizeof tb);
		if (!t) {
			*why = xasprintf("argument %zu has no ;reflection line and no plain type", i);
			buf_free(&b);
			return NULL;
		}
		if (i)
			buf_puts(&b, ", ");
		if (a->kind == MA_POINTER) {
			const char *as = !strcmp(a->mem, "hl") || !strcmp(a->mem, "l") ? "__local"
			                 : !strcmp(a->mem, "c") || !strcmp(a->mem, "hc") ? "__constant" : "__global";
			size_t n = strlen(t);
			if (n && t[n - 1] == '*')
				n--;
			buf_printf(&b, "*(%s %.*s **)a[%zu]", as, (int)n, t, i);
		} else if (a->kind == MA_COUNTER) {
			/* the twin takes the counter's buffer, as Level Zero passes it */
			buf_printf(&b, "*(volatile __global uint **)a[%zu]", i);
		} else if (a->kind == MA_VALUE) {
			buf_printf(&b, "*(%s *)a[%zu]", t, i);
		} else if (a->kind == MA_IMAGE || a->kind == MA_SAMPLER) {
			*why = xasprintf("argument '%s' is an image or sampler: data/twinrt.c has no image "
			                 "builtins (read_image*, write_image*, get_image_*, samplers), and the "
			                 "host ABI of clang's opaque image types is not modelled", a->name);
			buf_free(&b);
			return NULL;
		} else {
			*why = xasprintf("argument '%s' is not a buffer or a value", a->name);
			buf_free(&b);
			return NULL;
		}
	}
	buf_puts(&b, ");\n}\n");
	return b.s;
}

/* n bytes of memory the forked child writes and the parent reads, the
 * first `fill` of them from p, the rest 0 */
static void *shared_copy(const void *p, size_t fill, size_t n)
{
	void *m = mmap(NULL, n ? n : 1, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		die("mmap of %zu bytes failed", n);
	if (fill)
		memcpy(m, p, fill);
	return m;
}

/* The twin runs in a child process: host code compiled from OpenCL C can
 * do what C leaves undefined (a wild store, an endless loop), which must
 * cost its opinion, not the whole --conform run. */
static int run_child(int (*go)(TwinLaunch *), TwinLaunch *t, char **why)
{
	int st;
	pid_t pid;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		*why = xstrdup("cannot fork the twin's process");
		return -1;
	}
	if (pid == 0) {
		/* a crash of the twin's code is its own signal, whatever handler a
		 * sanitizer runtime installed in translate (it would report the
		 * twin's fault as ours and exit instead) */
		signal(SIGSEGV, SIG_DFL);
		signal(SIGBUS, SIG_DFL);
		signal(SIGFPE, SIG_DFL);
		signal(SIGILL, SIG_DFL);
		alarm(60);
		_exit(go(t) || t->error[0] ? 2 : 0);
	}
	if (waitpid(pid, &st, 0) < 0) {
		*why = xstrdup("lost the twin's process");
		return -1;
	}
	if (WIFSIGNALED(st)) {
		*why = xasprintf("the twin died of signal %d (%s)", WTERMSIG(st),
		                 WTERMSIG(st) == SIGALRM ? "over 60 s" : "undefined behaviour in C?");
		return -1;
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		*why = xstrdup("the twin's run failed");
		return -1;
	}
	return 0;
}

static char *compiler(const char *env, const char *dflt)
{
	const char *e = getenv(env);
	return xstrdup(e && *e ? e : dflt);
}

int twin_run(const char *datadir, const char *cl, const Kernel *k, const EmuLaunch *l, EmuResult *r,
             char **why)
{
	char dir[] = "/tmp/translate-twin-XXXXXX", *src = NULL, *p, *cmd, *clang, *cc, *abs = NULL;
	void *so = NULL, **vals = NULL, **ptrs = NULL;
	int (*go)(TwinLaunch *);
	TwinLaunch t;
	size_t i;
	int rc = -1;
	*why = NULL;
	memset(r, 0, sizeof *r);
	if (!mkdtemp(dir)) {
		*why = xstrdup("cannot create a temporary folder");
		return -1;
	}
	abs = realpath(cl, NULL);
	if (!abs || !(src = entry_source(abs, k, why)))
		goto done;
	p = xasprintf("%s/twin.cl", dir);
	{
		FILE *f = fopen(p, "w");
		if (!f || fputs(src, f) < 0 || fclose(f)) {
			*why = xasprintf("cannot write %s", p);
			free(p);
			goto done;
		}
	}
	free(p);
	clang = compiler("TRANSLATE_CLANG", "clang");
	cc = compiler("CC", "cc");
	cmd = xasprintf("'%s' -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -target "
	                "x86_64-unknown-linux-gnu -O1 -fPIC -ffp-contract=off -Dprintf=__twin_printf "
	                "-c '%s/twin.cl' -o '%s/twin.o'", clang, dir, dir);
	p = xasprintf("%s/log", dir);
	rc = run(cmd, p, why);
	free(cmd);
	if (!rc) {
		cmd = xasprintf("'%s' -O1 -fPIC -c '%s/twinrt.c' -o '%s/rt.o' && '%s' -shared -o '%s/twin.so' "
		                "'%s/twin.o' '%s/rt.o' -lm", cc, datadir, dir, cc, dir, dir, dir);
		rc = run(cmd, p, why);
		free(cmd);
	}
	free(p);
	free(clang);
	free(cc);
	if (rc)
		goto done;
	rc = -1;
	p = xasprintf("%s/twin.so", dir);
	so = dlopen(p, RTLD_NOW | RTLD_LOCAL);
	free(p);
	if (!so) {
		*why = xstrdup(dlerror());
		goto done;
	}
	*(void **)&go = dlsym(so, "__twin_run");
	*(void **)&t.entry = dlsym(so, "__twin_entry");
	if (!go || !t.entry) {
		*why = xstrdup("the twin library lacks __twin_run or __twin_entry");
		goto done;
	}
	t.dim = l->range.dim;
	memcpy(t.global, l->range.global, sizeof t.global);
	memcpy(t.local, l->range.local, sizeof t.local);
	memcpy(t.offset, l->range.offset, sizeof t.offset);
	t.error[0] = 0;
	vals = xcalloc(l->args.n + 1, sizeof *vals);
	ptrs = xcalloc(l->args.n + 1, sizeof *ptrs);
	for (i = 0; i < l->args.n; i++) {
		const EmuArg *a = &l->args.v[i];
		Buf b = {0};
		if (a->kind == EA_VALUE) {
			vals[i] = xmalloc(a->size + 16);
			memcpy(vals[i], a->bytes, a->size);
		} else {
			/* shared with the child that runs the twin */
			ptrs[i] = a->kind == EA_NULL ? NULL : shared_copy(a->bytes, a->kind == EA_BUFFER ? a->size : 0,
			                                                a->size);
			vals[i] = &ptrs[i];
		}
		vec_push(&r->buffers, b);
	}
	t.args = vals;
	if (run_child(go, &t, why))
		goto done;
	for (i = 0; i < l->args.n; i++)
		if (l->args.v[i].kind == EA_BUFFER)
			buf_add(&r->buffers.v[i], ptrs[i], l->args.v[i].size);
	r->ok = 1;
	rc = 0;
done:
	for (i = 0; vals && i < l->args.n; i++) {
		if (l->args.v[i].kind == EA_VALUE)
			free(vals[i]);
		else if (ptrs[i])
			munmap(ptrs[i], l->args.v[i].size ? l->args.v[i].size : 1);
	}
	free(vals);
	free(ptrs);
	if (so)
		dlclose(so);
	free(src);
	free(abs);
	remove_tree(dir);
	return rc;
}
