/* timeit.c - run a command N times and print one CSV row per run, for
 * tests/bench/bench.sh (make bench, docs/BENCHMARKS.md).
 *
 * usage: timeit [-n RUNS] [-l LABEL] [-q] [-C DIR] -- COMMAND [ARG...]
 *
 * Row: LABEL,RUN,WALL_S,USER_S,SYS_S,MAXRSS_KB,STATUS
 *   WALL_S  monotonic clock from fork to the child's exit (ns resolution)
 *   USER_S, SYS_S, MAXRSS_KB  from wait4(): the child and every descendant it
 *           waited for (translate's GenX_IR runs are included), peak resident
 *           set of the largest of them
 *   STATUS  the exit status, or 128+signal
 * -q sends the command's stdout and stderr to /dev/null; -C runs it in DIR.  timeit exits 1
 * when a run fails (after printing its row), 2 on a usage error.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double tv(struct timeval t)
{
	return (double)t.tv_sec + (double)t.tv_usec * 1e-6;
}

int main(int argc, char **argv)
{
	const char *label = "run", *dir = NULL;
	int runs = 1, quiet = 0, c, i, bad = 0;
	while ((c = getopt(argc, argv, "+n:l:qC:")) != -1) {
		switch (c) {
		case 'n': runs = atoi(optarg); break;
		case 'l': label = optarg; break;
		case 'q': quiet = 1; break;
		case 'C': dir = optarg; break;
		default: goto usage;
		}
	}
	if (optind < argc && !strcmp(argv[optind], "--"))
		optind++;
	if (optind >= argc || runs < 1)
		goto usage;
	for (i = 1; i <= runs; i++) {
		struct rusage ru;
		int st = 0, rc;
		double t0 = now(), t1;
		pid_t pid;
		fflush(stdout);
		pid = fork();
		if (pid < 0) {
			perror("timeit: fork");
			return 2;
		}
		if (pid == 0) {
			if (quiet) {
				int fd = open("/dev/null", O_WRONLY);
				if (fd >= 0) {
					dup2(fd, 1);
					dup2(fd, 2);
					close(fd);
				}
			}
			if (dir && chdir(dir) != 0) {
				perror(dir);
				_exit(127);
			}
			execvp(argv[optind], argv + optind);
			perror(argv[optind]);
			_exit(127);
		}
		if (wait4(pid, &st, 0, &ru) < 0) {
			perror("timeit: wait4");
			return 2;
		}
		t1 = now();
		rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
		printf("%s,%d,%.6f,%.6f,%.6f,%ld,%d\n", label, i, t1 - t0, tv(ru.ru_utime), tv(ru.ru_stime),
		       ru.ru_maxrss, rc);
		bad |= rc != 0;
	}
	return bad;
usage:
	fprintf(stderr, "usage: timeit [-n RUNS] [-l LABEL] [-q] [-C DIR] -- COMMAND [ARG...]\n");
	return 2;
}
