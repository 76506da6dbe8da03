/* finalize.c - runs the vISA finalizer (GenX_IR) on one kernel.
 *
 * Contract: finalize() writes VISA_TEXT to <kernel>.visaasm in a private
 * temporary directory (mkdtemp under $TMPDIR, else /tmp), runs
 *   GENX_IR <kernel>.visaasm -platform <genx> -output -binary -asmOutput <dir>/<kernel>
 * there (fork/execvp, no shell, own process group, stdin /dev/null, stdout
 * and stderr to one file) and removes the directory again in every case.
 * Success means <kernel>.dat exists and no *.errors.txt was written; GenX_IR
 * exits 1 when it spills, which is still success (spill_bytes > 0).  The child
 * group is killed with SIGKILL after TIMEOUT_S seconds (<= 0: no limit); the
 * wait blocks on a pipe the child holds (no polling), falling back to a
 * waitpid poll.  On
 * failure *why is a one-line reason and *log the finalizer's output.
 */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gen.h"

#define LOG_NAME "#output.txt" /* '#' never occurs in a sanitized kernel name */

static volatile sig_atomic_t child_pid;   /* the running finalizer, 0 when none */
static volatile sig_atomic_t interrupted; /* finalize_interrupt was called */

int finalize_interrupt(void)
{
	pid_t pid = (pid_t)child_pid;
	interrupted = 1;
	if (pid <= 0)
		return 0;
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	return 1;
}

/* How the child process ended. */
typedef struct RunResult {
	int exec_errno; /* nonzero: the program could not be started */
	int timed_out;  /* killed after the time limit */
	int status;     /* waitpid status otherwise */
} RunResult;

static char *make_tmpdir(char **why)
{
	const char *t = getenv("TMPDIR");
	char *tmpl = xasprintf("%s/translate-XXXXXX", t && *t ? t : "/tmp");
	char *abs;
	if (!mkdtemp(tmpl)) {
		*why = xasprintf("cannot create a temporary directory %s: %s", tmpl, strerror(errno));
		free(tmpl);
		return NULL;
	}
	abs = realpath(tmpl, NULL);
	if (!abs)
		return tmpl;
	free(tmpl);
	return abs;
}

static char *sanitize(const char *kernel)
{
	size_t n = strlen(kernel), i;
	char *s;
	if (n == 0)
		return xstrdup("kernel");
	s = xstrndup(kernel, n > 100 ? 100 : n);
	for (i = 0; s[i]; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			s[i] = '_';
	return s;
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int bad;
	if (!f)
		return -1;
	bad = fputs(text, f) < 0;
	bad |= fclose(f) != 0;
	return bad ? -1 : 0;
}

/* A relative path with a slash must survive the child's chdir. */
static char *program_path(const char *prog)
{
	char cwd[4096];
	if (prog[0] == '/' || !strchr(prog, '/') || !getcwd(cwd, sizeof cwd))
		return xstrdup(prog);
	return xasprintf("%s/%s", cwd, prog);
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static _Noreturn void child(char *const *argv, const char *dir, int logfd, int nullfd, int errfd)
{
	int e;
	setpgid(0, 0);
	if (chdir(dir) == 0 && dup2(nullfd, 0) >= 0 && dup2(logfd, 1) >= 0 && dup2(logfd, 2) >= 0) {
		fcntl(0, F_SETFD, 0);
		fcntl(1, F_SETFD, 0);
		fcntl(2, F_SETFD, 0);
		execvp(argv[0], argv);
	}
	e = errno;
	if (write(errfd, &e, sizeof e) < 0)
		_exit(126);
	_exit(127);
}

/* Blocks until the child ends or the deadline passes: poll() on the read
 * end of a pipe whose write end only the child holds (inherited across
 * exec), so its exit is an end of file seen at once; 1 when it ended, 0 on
 * the deadline or an error (the caller then polls waitpid).  (A pidfd would
 * do the same, but valgrind 3.19 does not know pidfd_open.) */
static int wait_pipe(int fd, double deadline, int timeout_s)
{
	struct pollfd p;
	int rc;
	char c;
	p.fd = fd, p.events = POLLIN, p.revents = 0;
	do {
		double left = deadline - now_s();
		int ms = timeout_s <= 0 ? -1 : left <= 0 ? 0 : left > 2e6 ? 2000000000 : (int)(left * 1000) + 1;
		rc = poll(&p, 1, ms);
	} while (rc < 0 && errno == EINTR);
	if (rc <= 0)
		return 0;
	while ((rc = (int)read(fd, &c, 1)) < 0 && errno == EINTR)
		;
	return rc == 0; /* end of file: every copy of the write end is closed */
}

static void wait_child(pid_t pid, int alive_fd, int timeout_s, RunResult *r)
{
	double deadline = now_s() + timeout_s;
	struct timespec delay = {0, 1000000};
	if (alive_fd >= 0 && wait_pipe(alive_fd, deadline, timeout_s)) {
		while (waitpid(pid, &r->status, 0) < 0 && errno == EINTR)
			;
		return;
	}
	for (;;) {
		pid_t w = waitpid(pid, &r->status, WNOHANG);
		if (w == pid || (w < 0 && errno != EINTR))
			return;
		if (timeout_s > 0 && now_s() >= deadline) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			while (waitpid(pid, &r->status, 0) < 0 && errno == EINTR)
				;
			r->timed_out = 1;
			return;
		}
		nanosleep(&delay, NULL);
		if (delay.tv_nsec < 20000000)
			delay.tv_nsec *= 2;
	}
}

static void read_exec_error(int fd, RunResult *r)
{
	int e;
	ssize_t n;
	do
		n = read(fd, &e, sizeof e);
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)sizeof e)
		r->exec_errno = e ? e : ENOEXEC;
}

static int run(char *const *argv, const char *dir, const char *logpath, int timeout_s, RunResult *r)
{
	int pfd[2], alive[2] = {-1, -1}, logfd, nullfd;
	pid_t pid;
	memset(r, 0, sizeof *r);
	logfd = open(logpath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	nullfd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (logfd < 0 || nullfd < 0 || pipe(pfd) < 0) {
		r->exec_errno = errno;
		goto out;
	}
	fcntl(pfd[0], F_SETFD, FD_CLOEXEC);
	fcntl(pfd[1], F_SETFD, FD_CLOEXEC);
	/* the liveness pipe: its write end goes with the child through exec */
	if (pipe(alive) == 0)
		fcntl(alive[0], F_SETFD, FD_CLOEXEC);
	pid = fork();
	if (pid == 0)
		child(argv, dir, logfd, nullfd, pfd[1]);
	close(pfd[1]);
	if (alive[1] >= 0)
		close(alive[1]);
	if (pid < 0)
		r->exec_errno = errno;
	else {
		setpgid(pid, pid);
		child_pid = pid;
		if (interrupted) /* a signal came between fork and here */
			finalize_interrupt();
		read_exec_error(pfd[0], r);
		wait_child(pid, alive[0], timeout_s, r);
		child_pid = 0;
	}
	close(pfd[0]);
	if (alive[0] >= 0)
		close(alive[0]);
out:
	if (logfd >= 0)
		close(logfd);
	if (nullfd >= 0)
		close(nullfd);
	return r->exec_errno ? -1 : 0;
}

static int has_errors_file(const char *dir, char **errpath)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n;
	*errpath = NULL;
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		n = strlen(e->d_name);
		if (n > 11 && strcmp(e->d_name + n - 11, ".errors.txt") == 0) {
			*errpath = xasprintf("%s/%s", dir, e->d_name);
			break;
		}
	}
	closedir(d);
	return *errpath != NULL;
}

static char *trimmed_line(const char *s, size_t n)
{
	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return xstrndup(s, n > 200 ? 200 : n);
}

/* First line of TEXT containing KEY (after KEY when SKIP_KEY), or NULL. */
static char *line_with(const char *text, const char *key, int skip_key)
{
	const char *p = text ? strstr(text, key) : NULL, *b, *e;
	if (!p)
		return NULL;
	for (b = p; b > text && b[-1] != '\n'; b--)
		;
	if (skip_key)
		b = p + strlen(key);
	for (e = b; *e && *e != '\n'; e++)
		;
	return trimmed_line(b, (size_t)(e - b));
}

static char *first_error(const char *errtxt, const char *log)
{
	static const char *const keys[] = {"near line", "ERROR", "Error", "error"};
	char *s = line_with(errtxt, "Error Message:", 1);
	size_t i;
	for (i = 0; !s && i < NELEM(keys); i++)
		s = line_with(log, keys[i], 0);
	return s;
}

static int number_after(const char *text, const char *key)
{
	const char *p = text ? strstr(text, key) : NULL;
	return p ? atoi(p + strlen(key)) : 0;
}

static char *slurp(const char *path, size_t *len)
{
	size_t n = 0;
	char *s = read_file(path, &n);
	if (len)
		*len = n;
	return s;
}

/* faddr becomes two "mov (1) rN.0/.1 0x6E10CA2E:ud" (GenX_IR, IGC 1.0.12504);
 * the placeholder dwords in the code, in order, pair with the listing's mov
 * lines in order, whose destination subregister tells low (even) from high.
 * On a device with a Q-type ALU (SKL) it is one "mov (1) rN.0:uq
 * 0x6E10CA2E:uq", the placeholder the low dword of a 64-bit immediate. */
#define FADDR_MAGIC 0x6E10CA2Eu
static int faddr_sites(GenCode *g)
{
	size_t i;
	const char *a = g->asm_text, *p;
	for (i = 0; i + 4 <= g->size; i += 4) {
		uint32_t v = (uint32_t)g->code[i] | (uint32_t)g->code[i + 1] << 8 |
		             (uint32_t)g->code[i + 2] << 16 | (uint32_t)g->code[i + 3] << 24;
		const char *line;
		if (v != FADDR_MAGIC)
			continue;
		if (!a || !(p = strstr(a, "0x6E10CA2E")))
			return -1;
		for (line = p; line > g->asm_text && line[-1] != '\n'; line--)
			;
		a = p + 10;
		/* the kernel's own constant equal to the placeholder (an add's or
		 * a SIMD mov's immediate) is in both sequences too: skip it, only
		 * faddr's "(W) mov (1|M0) rN.s<1>:ud" lines are sites */
		if (strncmp(line, "(W)", 3) || !strstr(line, "mov (1|M0)") || strstr(line, "mov (1|M0)") > p)
			continue;
		if (strstr(line, ":uq") && strstr(line, ":uq") < p) {
			vec_push(&g->faddr_64, (uint64_t)i);
			vec_push(&g->faddr_64_at, (size_t)(line - g->asm_text));
			i += 4; /* the immediate's zero high dword */
			continue;
		}
		{
			const char *r = strstr(line, ":ud");
			const char *dot = r ? r : p;
			while (dot > line && *dot != '.')
				dot--;
			if (dot <= line || !r || r > p)
				return -1;
			/* the address is a qword-aligned pair: even dword low, odd high */
			if (dot[1] < '0' || dot[1] > '9')
				return -1;
			if (atoi(dot + 1) % 2 == 0) {
				vec_push(&g->faddr_lo, (uint64_t)i);
				vec_push(&g->faddr_lo_at, (size_t)(line - g->asm_text));
			} else {
				vec_push(&g->faddr_hi, (uint64_t)i);
				vec_push(&g->faddr_hi_at, (size_t)(line - g->asm_text));
			}
		}
	}
	return a && strstr(a, "0x6E10CA2E") ? -1 : 0;
}

/* XeHP-class dispatch: the listing's first block, "per_thread_prolog:",
 * loads the thread's local ids; its size in bytes (16 per instruction, 8
 * for a compacted one) is ze_info's offset_to_skip_per_thread_data_load.
 * (Checked against IGC 1.0.12504's own values on DG2 and PVC.) */
static int prolog_bytes(const char *asm_text)
{
	const char *p = asm_text ? strstr(asm_text, "\nper_thread_prolog:\n") : NULL;
	int n = 0;
	if (!p)
		return 0;
	for (p = strchr(p + 1, '\n') + 1; *p && strncmp(p, "// B", 4); ) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len && (*p == ' ' || *p == '(')) {
			char *line = xstrndup(p, len);
			char *comment = strstr(line, "//");
			if (comment)
				*comment = 0;
			if (strspn(line, " \t") < strlen(line))
				n += strstr(line, "Compacted") ? 8 : 16;
			free(line);
		}
		if (!e)
			break;
		p = e + 1;
	}
	return n;
}

/* Reads the results of a run that produced DAT; 0 on success, -2 when the
 * symbol-address placeholders cannot be matched to the listing. */
static int collect(const char *base, const char *dat, const char *log, GenCode *out)
{
	char *asmpath = xasprintf("%s.asm", base);
	size_t n;
	char *code = slurp(dat, &n);
	if (!code) {
		free(asmpath);
		return -1;
	}
	out->code = (uint8_t *)code;
	out->size = n;
	out->asm_text = slurp(asmpath, NULL);
	if (faddr_sites(out)) {
		free(asmpath);
		return -2;
	}
	out->spill_bytes = number_after(out->asm_text, "//.spill size ");
	if (!out->spill_bytes)
		out->spill_bytes = number_after(log, "Spill memory used = ");
	out->grf_count = number_after(out->asm_text, "numGRF=");
	out->inst_count = number_after(out->asm_text, "//.instCount ");
	out->prolog_bytes = prolog_bytes(out->asm_text);
	free(asmpath);
	return 0;
}

static char *rejection(const char *errtxt, const char *log, int status)
{
	char *line = first_error(errtxt, log), *why;
	if (line)
		why = xasprintf("finalizer rejected the vISA: %s", line);
	else if (WIFEXITED(status) && WEXITSTATUS(status))
		why = xasprintf("finalizer failed (exit status %d) and wrote no code", WEXITSTATUS(status));
	else
		why = xstrdup("finalizer wrote no code");
	free(line);
	return why;
}

/* Decides the outcome of a finished run; 0 on success. */
static int judge(const char *dir, const char *base, const RunResult *r, const char *prog,
		 int timeout_s, char **log, GenCode *out, char **why)
{
	char *errpath = NULL, *errtxt = NULL, *dat = xasprintf("%s.dat", base);
	int rc = -1, crc;
	struct stat st;
	if (r->exec_errno)
		*why = xasprintf("cannot run GenX_IR: %s: %s", prog, strerror(r->exec_errno));
	else if (r->timed_out)
		*why = xasprintf("finalizer timed out after %d s", timeout_s);
	else if (WIFSIGNALED(r->status))
		*why = xasprintf("finalizer crashed (signal %d)", WTERMSIG(r->status));
	else if (has_errors_file(dir, &errpath) || stat(dat, &st) < 0) {
		errtxt = errpath ? slurp(errpath, NULL) : NULL;
		*why = rejection(errtxt, *log, r->status);
	} else if ((crc = collect(base, dat, *log, out)) == -2)
		*why = xstrdup("cannot match the finalizer's symbol-address placeholders to its listing");
	else if (crc < 0)
		*why = xasprintf("cannot read %s: %s", dat, strerror(errno));
	else
		rc = 0;
	if (errtxt) {
		Buf b = {0};
		buf_printf(&b, "%s%s", *log ? *log : "", errtxt);
		free(*log);
		*log = b.s;
	}
	free(errpath);
	free(errtxt);
	free(dat);
	return rc;
}

static int finalize_in(const char *dir, const char *genx_ir, const Platform *p,
		       const char *visa_text, const char *kernel, int timeout_s,
		       GenCode *out, char **why, char **log)
{
	char *name = sanitize(kernel), *prog = program_path(genx_ir);
	char *input = xasprintf("%s.visaasm", name), *base = xasprintf("%s/%s", dir, name);
	char *inpath = xasprintf("%s/%s", dir, input), *logpath = xasprintf("%s/%s", dir, LOG_NAME);
	/* XeHP-class parts with inline data: the prolog takes the first
	 * cross-thread GRF from it (IGC passes the same option) */
	char *argv[] = {prog, input, "-platform", (char *)p->genx, "-output", "-binary",
			"-asmOutput", base, p->inline_data ? "-useInlineData" : NULL, NULL, NULL};
	RunResult r;
	int rc = -1;
	if (write_text(inpath, visa_text) < 0)
		*why = xasprintf("cannot write %s: %s", inpath, strerror(errno));
	else {
		run(argv, dir, logpath, timeout_s, &r);
		if (!r.exec_errno && !r.timed_out && WIFSIGNALED(r.status) && WTERMSIG(r.status) == SIGSEGV) {
			/* GenX_IR 1.0.12504's if-conversion dies on some branch
			 * shapes (a CAL switch whose cases each set one component,
			 * docs/design.md, "Control flow and functions"): once more without that
			 * optimisation, which only predicates small branches */
			argv[p->inline_data ? 9 : 8] = "-noifcvt";
			run(argv, dir, logpath, timeout_s, &r);
		}
		*log = slurp(logpath, NULL);
		rc = judge(dir, base, &r, genx_ir, timeout_s, log, out, why);
	}
	free(name);
	free(prog);
	free(input);
	free(base);
	free(inpath);
	free(logpath);
	return rc;
}

int finalize(const char *genx_ir, const Platform *p, const char *visa_text,
	     const char *kernel, int timeout_s, GenCode *out, char **why, char **log)
{
	char *dir;
	int rc;
	memset(out, 0, sizeof *out);
	*why = NULL;
	*log = NULL;
	if (interrupted) {
		*why = xstrdup("interrupted");
		return -1;
	}
	dir = make_tmpdir(why);
	if (!dir)
		return -1;
	rc = finalize_in(dir, genx_ir, p, visa_text, kernel, timeout_s, out, why, log);
	remove_tree(dir);
	free(dir);
	if (rc == 0) {
		free(*log);
		*log = NULL;
	} else
		gencode_free(out);
	return rc;
}

void gencode_free(GenCode *g)
{
	free(g->code);
	free(g->asm_text);
	vec_free(&g->faddr_lo);
	vec_free(&g->faddr_hi);
	vec_free(&g->faddr_lo_at);
	vec_free(&g->faddr_hi_at);
	vec_free(&g->faddr_64);
	vec_free(&g->faddr_64_at);
	memset(g, 0, sizeof *g);
}
