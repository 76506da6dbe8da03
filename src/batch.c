/* batch.c - see batch.h. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"
#include "report.h"
#include "util.h"

typedef struct Slot {
	pid_t pid;          /* running child, 0 when not started or done */
	FILE *out, *err;    /* what it printed */
	FILE *rep;          /* its report record (report_input_end) */
	int done, failed;
} Slot;

/* The children running, for the signal handler: on SIGINT/SIGTERM/SIGHUP
 * the parent passes the signal on (each child removes its own staged
 * files and finalizer folder) and then dies of it. */
#define BATCH_MAX_JOBS 1024
static volatile pid_t running[BATCH_MAX_JOBS];
static volatile sig_atomic_t nrunning_max;

static void on_signal(int sig)
{
	sig_atomic_t i;
	for (i = 0; i < nrunning_max; i++)
		if (running[i] > 0)
			kill(running[i], sig);
	for (i = 0; i < nrunning_max; i++)
		if (running[i] > 0)
			waitpid(running[i], NULL, 0);
	signal(sig, SIG_DFL);
	raise(sig);
}

int batch_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > BATCH_MAX_JOBS ? BATCH_MAX_JOBS : (int)n;
}

static void replay(FILE *from, FILE *to)
{
	char buf[8192];
	size_t k;
	rewind(from);
	while ((k = fread(buf, 1, sizeof buf, from)) > 0)
		fwrite(buf, 1, k, to);
	fflush(to);
}

static pid_t start(Slot *s, BatchFn fn, void *ctx, size_t i)
{
	pid_t pid;
	s->out = tmpfile();
	s->err = tmpfile();
	s->rep = tmpfile();
	if (!s->out || !s->err || !s->rep) {
		fprintf(stderr, "translate: cannot create a temporary file: %s\n", strerror(errno));
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		fprintf(s->err, "translate: cannot start a process for this input: %s\n", strerror(errno));
	if (pid == 0) {
		int rc, q;
		for (q = 0; q < 3; q++) /* not the parent's forwarding handler; fn sets its own */
			signal(q == 0 ? SIGINT : q == 1 ? SIGTERM : SIGHUP, SIG_DFL);
		progress_start(0, 0); /* the parent draws the progress line */
		dup2(fileno(s->out), 1);
		dup2(fileno(s->err), 2);
		rc = fn(ctx, i, s->rep);
		fflush(stdout);
		fflush(stderr);
		_exit(rc ? 1 : 0);
	}
	return pid;
}

size_t batch_run(size_t n, int jobs, BatchFn fn, void *ctx, const char *const *names)
{
	Slot *sl = xcalloc(n + 1, sizeof *sl);
	size_t next = 0, shown = 0, done = 0, failed = 0, i;
	int nrun = 0, k;
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	struct sigaction sa, old[3];
	if (jobs > BATCH_MAX_JOBS)
		jobs = BATCH_MAX_JOBS;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (k = 0; k < 3; k++)
		sigaction(sigs[k], &sa, &old[k]);
	nrunning_max = jobs;
	while (shown < n) {
		while (nrun < jobs && next < n) {
			pid_t pid = start(&sl[next], fn, ctx, next);
			if (pid <= 0) {
				sl[next].done = sl[next].failed = 1;
			} else {
				sl[next].pid = pid;
				for (k = 0; k < jobs && running[k] > 0; k++)
					;
				running[k] = pid;
				nrun++;
			}
			next++;
		}
		if (nrun > 0) {
			int st;
			pid_t w = waitpid(-1, &st, 0);
			if (w < 0 && errno == EINTR)
				continue;
			for (i = 0; w > 0 && i < next; i++)
				if (sl[i].pid == w) {
					sl[i].pid = 0;
					sl[i].done = 1;
					if (WIFSIGNALED(st)) {
						fprintf(sl[i].err, "%s: translate crashed on this input (signal %d, %s); "
						        "the other inputs are not affected\n",
						        names[i], WTERMSIG(st), strsignal(WTERMSIG(st)));
						sl[i].failed = 1;
					} else {
						sl[i].failed = !WIFEXITED(st) || WEXITSTATUS(st) != 0;
					}
					for (k = 0; k < jobs; k++)
						if (running[k] == w)
							running[k] = 0;
					nrun--;
					done++;
				}
		}
		/* replay in input order whatever has finished */
		while (shown < n && sl[shown].done) {
			Slot *s = &sl[shown];
			int st;
			progress_hide();
			if (s->out)
				replay(s->out, stdout);
			if (s->err)
				replay(s->err, stderr);
			st = report_input_import(names[shown], s->failed, s->rep, s->err);
			progress_done(names[shown], st);
			failed += (size_t)(st == 1);
			if (s->out)
				fclose(s->out);
			if (s->err)
				fclose(s->err);
			if (s->rep)
				fclose(s->rep);
			shown++;
		}
		if (shown < n)
			progress_show(done, names[shown]);
	}
	progress_hide();
	for (k = 0; k < 3; k++)
		sigaction(sigs[k], &old[k], NULL);
	free(sl);
	return failed;
}
