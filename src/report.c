/* report.c - see report.h.
 *
 * The report lives as a libxml2 tree in the shape of data/report.xsd
 * (<report><summary/><input><diagnostic/><kernel/>...</input></report>);
 * the XML format is that tree, JUnit and JSON are written from it, and
 * --merge-reports reads XML reports back into it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "xmlrt.h"

#include "report.h"
#include "util.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "dev"
#endif

#define X(s) ((const xmlChar *)(s))

static xmlDocPtr doc;               /* the run's report (keep) */
static int started, keep;           /* report_init ran; its keep */
static int in_open, kernel_open;    /* without keep: an input, a kernel begun */
static long in_kernels[3];          /* without keep: the open input's kernels by status */
static long kernels[3];             /* without keep: this run's kernels by status */
static xmlNodePtr cur_input, cur_kernel;
static double input_t0, kernel_t0;
static char *run_device, *run_finalizer, *run_version; /* report_init's */

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Text for the report: valid UTF-8 and XML characters kept, any other byte
 * (and every control character but tab and newline) as \xNN, so the XML and
 * JSON outputs are always well-formed. */
static char *clean(const char *s)
{
	Buf b = {0};
	while (s && *s) {
		int len = 4;
		int c = (unsigned char)*s < 0x80 ? (unsigned char)*s : xmlGetUTF8Char(X(s), &len);
		if ((unsigned char)*s < 0x80)
			len = 1;
		if (c < 0 || (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f || (c >= 0xD800 && c < 0xE000) ||
		    c == 0xFFFE || c == 0xFFFF) {
			buf_printf(&b, "\\x%02x", (unsigned char)*s);
			s++;
		} else {
			buf_add(&b, s, (size_t)len);
			s += len;
		}
	}
	return b.s ? b.s : xstrdup("");
}

static void attr(xmlNodePtr n, const char *name, const char *value)
{
	char *t = clean(value);
	xmlSetProp(n, X(name), X(t));
	free(t);
}

static void attr_int(xmlNodePtr n, const char *name, long v)
{
	char s[32];
	snprintf(s, sizeof s, "%ld", v);
	xmlSetProp(n, X(name), X(s));
}

static void attr_seconds(xmlNodePtr n, double v)
{
	char s[32];
	snprintf(s, sizeof s, "%.3f", v < 0 ? 0 : v);
	xmlSetProp(n, X("seconds"), X(s));
}

static xmlNodePtr child_text(xmlNodePtr parent, const char *name, const char *text)
{
	char *t = clean(text);
	xmlNodePtr n = xmlNewChild(parent, NULL, X(name), NULL);
	xmlNodeAddContent(n, X(t));
	free(t);
	return n;
}

static void new_doc(void)
{
	xmlNodePtr root;
	doc = xmlNewDoc(X("1.0"));
	root = xmlNewDocNode(doc, NULL, X("report"), NULL);
	xmlDocSetRootElement(doc, root);
	xmlSetProp(root, X("version"), X("1"));
	xmlSetProp(root, X("tool"), X("translate " PACKAGE_VERSION));
}

static int is(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, X(name));
}

static void on_diag(Loc l, const char *kind, const char *message)
{
	xmlNodePtr n, log, at = cur_kernel ? cur_kernel : cur_input;
	progress_hide(); /* the diagnostic is printed next */
	if (!keep || !at)
		return;
	n = child_text(at, "diagnostic", message);
	for (log = at->children; log && !is(log, "log"); log = log->next)
		;
	if (log) /* the schema's order: diagnostics before the log */
		xmlAddPrevSibling(log, n);
	attr(n, "severity", kind);
	if (l.file) {
		attr(n, "file", l.file);
		attr_int(n, "line", l.line > 0 ? l.line : 0);
		attr_int(n, "col", l.col > 0 ? l.col : 0);
	}
}

int report_format_parse(const char *s, ReportFormat *out)
{
	if (!strcmp(s, "xml"))
		*out = REPORT_XML;
	else if (!strcmp(s, "junit"))
		*out = REPORT_JUNIT;
	else if (!strcmp(s, "json"))
		*out = REPORT_JSON;
	else
		return -1;
	return 0;
}

void report_init(const char *device, const char *finalizer, const char *finalizer_version, int keep_tree)
{
	report_free();
	run_device = xstrdup(device ? device : "");
	run_finalizer = xstrdup(finalizer ? finalizer : "");
	run_version = xstrdup(finalizer_version ? finalizer_version : "unknown");
	started = 1;
	keep = keep_tree;
	memset(kernels, 0, sizeof kernels);
	if (keep && !doc)
		new_doc();
	diag_set_hook(on_diag);
}

/* ---- the finalizer's identity ---------------------------------------------- */

/* Runs argv (no shell) and returns the first line of its stdout, or NULL. */
static char *first_line_of(char *const *argv)
{
	int fd[2], st;
	pid_t pid;
	char buf[512];
	size_t n = 0;
	ssize_t k;
	if (pipe(fd) != 0)
		return NULL;
	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) < 0) {
		close(fd[0]);
		close(fd[1]);
		return NULL;
	}
	if (pid == 0) {
		int nul = open("/dev/null", O_RDWR);
		dup2(fd[1], 1);
		if (nul >= 0) {
			dup2(nul, 0);
			dup2(nul, 2);
		}
		close(fd[0]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	while (n < sizeof buf - 1 && (k = read(fd[0], buf + n, sizeof buf - 1 - n)) > 0)
		n += (size_t)k;
	close(fd[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || !buf[0])
		return NULL;
	return xstrdup(buf);
}

/* The program's file: as given when it has a slash, else found on PATH. */
static char *program_file(const char *program)
{
	const char *path = getenv("PATH"), *p, *e;
	if (strchr(program, '/'))
		return realpath(program, NULL);
	for (p = path ? path : "/usr/bin:/bin"; *p; p = *e ? e + 1 : e) {
		char *cand;
		e = p + strcspn(p, ":");
		cand = xasprintf("%.*s/%s", (int)(e - p), e > p ? p : ".", program);
		if (access(cand, X_OK) == 0) {
			char *r = realpath(cand, NULL);
			free(cand);
			return r;
		}
		free(cand);
	}
	return NULL;
}

char *report_finalizer_version(const char *program)
{
	char *file = program_file(program), *pkg = NULL, *ver = NULL, *out;
	uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a, 64 bits */
	FILE *f = file ? fopen(file, "rb") : NULL;
	unsigned char buf[65536];
	size_t k, i;
	if (!f) {
		free(file);
		return xstrdup("unknown (finalizer not found)");
	}
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		for (i = 0; i < k; i++)
			h = (h ^ buf[i]) * 0x100000001b3ull;
	fclose(f);
	{
		char *q[] = {"dpkg-query", "-S", file, NULL};
		char *line = first_line_of(q), *colon = line ? strstr(line, ": ") : NULL;
		if (colon) {
			*colon = 0;
			if (strchr(line, ':')) /* pkg:arch */
				*strchr(line, ':') = 0;
			pkg = xstrdup(line);
		}
		free(line);
	}
	if (pkg) {
		char *q[] = {"dpkg-query", "-W", "-f", "${Version}", pkg, NULL};
		ver = first_line_of(q);
	}
	if (pkg && ver)
		out = xasprintf("%s %s fnv1a64:%016llx", pkg, ver, (unsigned long long)h);
	else
		out = xasprintf("unknown fnv1a64:%016llx", (unsigned long long)h);
	free(pkg);
	free(ver);
	free(file);
	return out;
}

/* ---- one input ---------------------------------------------------------------- */

static const char *const status_name[] = {"translated", "failed", "skipped"};

void report_input_begin(const char *path)
{
	if (!started)
		report_init(NULL, NULL, NULL, 1);
	if (!keep) {
		in_open = 1;
		memset(in_kernels, 0, sizeof in_kernels);
		return;
	}
	cur_input = xmlNewNode(NULL, X("input"));
	attr(cur_input, "path", path);
	attr(cur_input, "status", "failed"); /* until it ends */
	attr(cur_input, "device", run_device ? run_device : "");
	attr(cur_input, "finalizer", run_finalizer ? run_finalizer : "");
	attr(cur_input, "finalizer-version", run_version ? run_version : "unknown");
	cur_kernel = NULL;
	input_t0 = now_s();
}

void report_kernel_begin(const char *name)
{
	if (!keep) {
		kernel_open = in_open;
		return;
	}
	if (!cur_input)
		return;
	cur_kernel = xmlNewChild(cur_input, NULL, X("kernel"), NULL);
	attr(cur_kernel, "name", name);
	attr(cur_kernel, "status", "failed");
	kernel_t0 = now_s();
}

void report_kernel_end(int failed, int simd, int grf, int spill, int instructions)
{
	if (!keep) {
		if (kernel_open)
			in_kernels[failed < 0 || failed > 2 ? 1 : failed]++;
		kernel_open = 0;
		return;
	}
	if (!cur_kernel)
		return;
	attr(cur_kernel, "status", status_name[failed < 0 || failed > 2 ? 1 : failed]);
	if (failed == 0) {
		if (simd > 0)
			attr_int(cur_kernel, "simd", simd);
		if (grf > 0)
			attr_int(cur_kernel, "grf", grf);
		if (spill >= 0)
			attr_int(cur_kernel, "spill", spill);
		if (instructions > 0)
			attr_int(cur_kernel, "instructions", instructions);
	}
	if (failed != 2)
		attr_seconds(cur_kernel, now_s() - kernel_t0);
	cur_kernel = NULL;
}

void report_kernel_log(const char *text)
{
	if (cur_kernel && text && *text)
		child_text(cur_kernel, "log", text);
}

static int skipped, last_status;

void report_input_skipped(void)
{
	skipped = 1;
}

/* The input element's children in schema order: diagnostics, kernels, log. */
static void order_input(xmlNodePtr in)
{
	xmlNodePtr n, next, last_diag = NULL;
	for (n = in->children; n; n = next) {
		next = n->next;
		if (n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, X("diagnostic"))) {
			xmlUnlinkNode(n);
			if (last_diag)
				xmlAddNextSibling(last_diag, n);
			else if (in->children)
				xmlAddPrevSibling(in->children, n);
			else
				xmlAddChild(in, n);
			last_diag = n;
		}
	}
}

static xmlNodePtr root_of(void)
{
	return xmlDocGetRootElement(doc);
}

int report_input_end(int failed, FILE *channel)
{
	int st = skipped ? 2 : failed ? 1 : 0, i;
	xmlNodePtr in = cur_input;
	skipped = 0;
	last_status = st;
	if (!keep) { /* a -j child's record: "status kernels-translated failed skipped" */
		if (in_open && channel) {
			fprintf(channel, "%d %ld %ld %ld\n", st, in_kernels[0], in_kernels[1], in_kernels[2]);
			fflush(channel);
		} else if (in_open) {
			for (i = 0; i < 3; i++)
				kernels[i] += in_kernels[i];
		}
		in_open = kernel_open = 0;
		return st;
	}
	if (!in)
		return st;
	cur_input = cur_kernel = NULL;
	attr(in, "status", status_name[st]);
	attr_seconds(in, now_s() - input_t0);
	order_input(in);
	if (channel) {
		xmlBufferPtr b = xmlBufferCreate();
		xmlNodeDump(b, doc, in, 0, 0);
		fwrite(xmlBufferContent(b), 1, (size_t)xmlBufferLength(b), channel);
		fflush(channel);
		xmlBufferFree(b);
		xmlFreeNode(in);
	} else {
		xmlAddChild(root_of(), in);
	}
	return st;
}

int report_last_status(void)
{
	return last_status;
}

void report_free(void)
{
	started = in_open = kernel_open = 0;
	diag_set_hook(NULL);
	if (doc)
		xmlFreeDoc(doc);
	doc = NULL;
	free(run_device), free(run_finalizer), free(run_version);
	run_device = run_finalizer = run_version = NULL;
}

static int status_of(xmlNodePtr in)
{
	xmlChar *s = xmlGetProp(in, X("status"));
	int st = s && !xmlStrcmp(s, X("translated")) ? 0 : s && !xmlStrcmp(s, X("skipped")) ? 2 : 1;
	xmlFree(s);
	return st;
}

/* report_input_import without keep: the counts of the child's record */
static int import_counts(int failed, FILE *channel)
{
	long k[3];
	int st, i;
	if (!channel || (rewind(channel), fscanf(channel, "%d %ld %ld %ld", &st, &k[0], &k[1], &k[2])) != 4 ||
	    st < 0 || st > 2)
		return 1; /* the child died before it could say */
	for (i = 0; i < 3; i++)
		kernels[i] += k[i];
	return failed && st == 0 ? 1 : st; /* it said translated but did not exit 0 */
}

int report_input_import(const char *path, int failed, FILE *channel, FILE *err)
{
	Buf b = {0};
	char buf[8192];
	size_t k;
	xmlDocPtr d = NULL;
	xmlNodePtr in = NULL;
	if (!keep)
		return import_counts(failed, channel);
	if (channel) {
		rewind(channel);
		while ((k = fread(buf, 1, sizeof buf, channel)) > 0)
			buf_add(&b, buf, k);
	}
	if (b.n)
		d = xmlReadMemory(b.s, (int)b.n, "channel.xml", NULL, XML_PARSE_NONET | XML_PARSE_HUGE);
	if (d && xmlDocGetRootElement(d) && !xmlStrcmp(xmlDocGetRootElement(d)->name, X("input")))
		in = xmlDocCopyNode(xmlDocGetRootElement(d), doc, 1);
	if (d)
		xmlFreeDoc(d);
	buf_free(&b);
	if (!in) { /* the child died before it could say */
		report_input_begin(path);
		if (err) {
			rewind(err);
			while ((k = fread(buf, 1, sizeof buf, err)) > 0)
				buf_add(&b, buf, k);
		}
		if (b.n)
			child_text(cur_input, "log", b.s);
		buf_free(&b);
		attr_seconds(cur_input, 0);
		in = cur_input;
		cur_input = NULL;
		attr(in, "status", "failed");
	} else if (failed && status_of(in) == 0) {
		attr(in, "status", "failed"); /* the child said translated but did not exit 0 */
	}
	xmlAddChild(root_of(), in);
	return status_of(in);
}

/* ---- summary ------------------------------------------------------------------ */

typedef struct Counts {
	long inputs[3], kernels[3];
} Counts;

static Counts count(xmlNodePtr root)
{
	Counts c = {{0}, {0}};
	xmlNodePtr in, k;
	for (in = root->children; in; in = in->next) {
		if (in->type != XML_ELEMENT_NODE || xmlStrcmp(in->name, X("input")))
			continue;
		c.inputs[status_of(in)]++;
		for (k = in->children; k; k = k->next)
			if (k->type == XML_ELEMENT_NODE && !xmlStrcmp(k->name, X("kernel")))
				c.kernels[status_of(k)]++;
	}
	return c;
}

static void set_summary(xmlNodePtr root, double seconds)
{
	Counts c = count(root);
	xmlNodePtr s;
	for (s = root->children; s; s = s->next)
		if (s->type == XML_ELEMENT_NODE && !xmlStrcmp(s->name, X("summary")))
			break;
	if (!s) {
		s = xmlNewNode(NULL, X("summary"));
		if (root->children)
			xmlAddPrevSibling(root->children, s);
		else
			xmlAddChild(root, s);
	}
	attr_int(s, "inputs", c.inputs[0] + c.inputs[1] + c.inputs[2]);
	attr_int(s, "translated", c.inputs[0]);
	attr_int(s, "failed", c.inputs[1]);
	attr_int(s, "skipped", c.inputs[2]);
	attr_int(s, "kernels", c.kernels[0] + c.kernels[1] + c.kernels[2]);
	attr_int(s, "kernels-translated", c.kernels[0]);
	attr_int(s, "kernels-failed", c.kernels[1]);
	attr_int(s, "kernels-skipped", c.kernels[2]);
	attr_seconds(s, seconds);
}

/* ---- writers ------------------------------------------------------------------ */

static const char *prop(xmlNodePtr n, const char *name, char **hold)
{
	*hold = (char *)xmlGetProp(n, X(name));
	return *hold;
}

static char *content(xmlNodePtr n)
{
	xmlChar *c = xmlNodeGetContent(n);
	char *s = xstrdup(c ? (const char *)c : "");
	xmlFree(c);
	return s;
}

/* Text for an attribute (in_attr: quotes, newlines and tabs as references
 * too) or for element content. */
static void xml_esc(Buf *b, const char *s, int in_attr)
{
	for (; s && *s; s++) {
		const char *ref = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : NULL;
		if (!ref && in_attr)
			ref = *s == '"' ? "&quot;" : *s == '\n' ? "&#10;" : *s == '\t' ? "&#9;" : NULL;
		if (ref)
			buf_puts(b, ref);
		else
			buf_add(b, s, 1);
	}
}

static void xml_escape(Buf *b, const char *s)
{
	xml_esc(b, s, 1);
}

static void xml_content(Buf *b, const char *s)
{
	xml_esc(b, s, 0);
}

static void json_string(Buf *b, const char *s)
{
	buf_puts(b, "\"");
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			buf_printf(b, "\\%c", c);
		else if (c == '\n')
			buf_puts(b, "\\n");
		else if (c == '\t')
			buf_puts(b, "\\t");
		else if (c < 0x20)
			buf_printf(b, "\\u%04x", c);
		else
			buf_add(b, s, 1);
	}
	buf_puts(b, "\"");
}

/* "name": value for an attribute; numbers (every attribute whose schema
 * type is numeric) unquoted. */
static void json_attr(Buf *b, xmlNodePtr n, const char *name, int number, int *first)
{
	char *v;
	if (!prop(n, name, &v))
		return;
	buf_printf(b, "%s", *first ? "" : ", ");
	*first = 0;
	json_string(b, name);
	buf_puts(b, ": ");
	if (number)
		buf_puts(b, v);
	else
		json_string(b, v);
	xmlFree(v);
}

static void json_diags(Buf *b, xmlNodePtr parent, const char *indent)
{
	xmlNodePtr d;
	int any = 0;
	buf_puts(b, "\"diagnostics\": [");
	for (d = parent->children; d; d = d->next) {
		int first = 1;
		char *t;
		if (!is(d, "diagnostic"))
			continue;
		buf_printf(b, "%s\n%s  {", any ? "," : "", indent);
		any = 1;
		json_attr(b, d, "severity", 0, &first);
		json_attr(b, d, "file", 0, &first);
		json_attr(b, d, "line", 1, &first);
		json_attr(b, d, "col", 1, &first);
		t = content(d);
		buf_puts(b, ", \"message\": ");
		json_string(b, t);
		free(t);
		buf_puts(b, "}");
	}
	if (any)
		buf_printf(b, "\n%s", indent);
	buf_puts(b, "]");
}

static void json_log(Buf *b, xmlNodePtr parent)
{
	xmlNodePtr l;
	for (l = parent->children; l; l = l->next)
		if (is(l, "log")) {
			char *t = content(l);
			buf_puts(b, ", \"log\": ");
			json_string(b, t);
			free(t);
		}
}

static void write_json(Buf *b, xmlNodePtr root)
{
	xmlNodePtr n, k;
	int first = 1, any_in = 0;
	buf_puts(b, "{");
	json_attr(b, root, "version", 1, &first);
	json_attr(b, root, "tool", 0, &first);
	for (n = root->children; n; n = n->next)
		if (is(n, "summary")) {
			static const char *const f[] = {"inputs", "translated", "failed", "skipped", "kernels",
			                                "kernels-translated", "kernels-failed", "kernels-skipped",
			                                "seconds"};
			size_t i;
			int sf = 1;
			buf_puts(b, ",\n \"summary\": {");
			for (i = 0; i < NELEM(f); i++)
				json_attr(b, n, f[i], 1, &sf);
			buf_puts(b, "}");
		}
	buf_puts(b, ",\n \"inputs\": [");
	for (n = root->children; n; n = n->next) {
		int fi = 1, any_k = 0;
		if (!is(n, "input"))
			continue;
		buf_printf(b, "%s\n  {", any_in ? "," : "");
		any_in = 1;
		json_attr(b, n, "path", 0, &fi);
		json_attr(b, n, "status", 0, &fi);
		json_attr(b, n, "device", 0, &fi);
		json_attr(b, n, "finalizer", 0, &fi);
		json_attr(b, n, "finalizer-version", 0, &fi);
		json_attr(b, n, "seconds", 1, &fi);
		buf_puts(b, ",\n   ");
		json_diags(b, n, "   ");
		json_log(b, n);
		buf_puts(b, ",\n   \"kernels\": [");
		for (k = n->children; k; k = k->next) {
			int fk = 1;
			if (!is(k, "kernel"))
				continue;
			buf_printf(b, "%s\n    {", any_k ? "," : "");
			any_k = 1;
			json_attr(b, k, "name", 0, &fk);
			json_attr(b, k, "status", 0, &fk);
			json_attr(b, k, "simd", 1, &fk);
			json_attr(b, k, "grf", 1, &fk);
			json_attr(b, k, "spill", 1, &fk);
			json_attr(b, k, "instructions", 1, &fk);
			json_attr(b, k, "seconds", 1, &fk);
			buf_puts(b, ", ");
			json_diags(b, k, "     ");
			json_log(b, k);
			buf_puts(b, "}");
		}
		buf_printf(b, "%s]}", any_k ? "\n   " : "");
	}
	buf_printf(b, "%s]}\n", any_in ? "\n " : "");
}

/* The diagnostics of n as printed ("file:line:col: severity: message"). */
static void diag_lines(Buf *b, xmlNodePtr n)
{
	xmlNodePtr d;
	for (d = n->children; d; d = d->next) {
		char *f, *l, *c, *s, *t;
		if (!is(d, "diagnostic"))
			continue;
		prop(d, "file", &f), prop(d, "line", &l), prop(d, "col", &c), prop(d, "severity", &s);
		t = content(d);
		if (f)
			buf_printf(b, "%s:%s:%s: %s: %s\n", f, l ? l : "0", c ? c : "0", s ? s : "error", t);
		else
			buf_printf(b, "translate: %s: %s\n", s ? s : "error", t);
		free(t);
		xmlFree(f), xmlFree(l), xmlFree(c), xmlFree(s);
	}
}

static char *first_error(xmlNodePtr n)
{
	xmlNodePtr d;
	for (d = n->children; d; d = d->next) {
		char *s;
		int err;
		if (!is(d, "diagnostic"))
			continue;
		err = prop(d, "severity", &s) && !strcmp(s, "error");
		xmlFree(s);
		if (err)
			return content(d);
	}
	return NULL;
}

/* One <testcase>: a failure with the first error as its message and every
 * diagnostic as its text, the log as system-err, the numbers as system-out. */
static void junit_case(Buf *b, const char *classname, const char *name, xmlNodePtr n, int st,
                       const char *fallback)
{
	char *sec, *msg = first_error(n);
	Buf d = {0}, log = {0}, out = {0};
	xmlNodePtr l;
	static const char *const num[] = {"simd", "grf", "spill", "instructions"};
	size_t i;
	buf_puts(b, "    <testcase classname=\"");
	xml_escape(b, classname);
	buf_puts(b, "\" name=\"");
	xml_escape(b, name);
	buf_printf(b, "\" time=\"%s\">\n", prop(n, "seconds", &sec) ? sec : "0");
	xmlFree(sec);
	diag_lines(&d, n);
	for (l = n->children; l; l = l->next)
		if (is(l, "log")) {
			char *t = content(l);
			buf_puts(&log, t);
			free(t);
		}
	for (i = 0; i < NELEM(num); i++) {
		char *v;
		if (prop(n, num[i], &v))
			buf_printf(&out, "%s%s=%s", out.n ? " " : "", num[i], v);
		xmlFree(v);
	}
	if (st == 1) {
		buf_puts(b, "      <failure message=\"");
		xml_escape(b, msg ? msg : fallback);
		buf_puts(b, "\" type=\"error\">");
		xml_content(b, d.s ? d.s : "");
		buf_puts(b, "</failure>\n");
	} else if (st == 2) {
		buf_puts(b, "      <skipped/>\n");
	}
	if (out.n) {
		buf_puts(b, "      <system-out>");
		xml_content(b, out.s);
		buf_puts(b, "</system-out>\n");
	}
	if (log.n || (st != 1 && d.n)) {
		buf_puts(b, "      <system-err>");
		if (st != 1 && d.n)
			xml_content(b, d.s); /* warnings of a translated kernel */
		xml_content(b, log.s ? log.s : "");
		buf_puts(b, "</system-err>\n");
	}
	buf_puts(b, "    </testcase>\n");
	free(msg);
	buf_free(&d);
	buf_free(&log);
	buf_free(&out);
}

/* JUnit: one testsuite per input, one testcase per kernel, and a testcase
 * "(program)" for an input whose failure is not one of its kernels'. */
static void write_junit(Buf *b, xmlNodePtr root)
{
	xmlNodePtr n, k;
	Counts c = count(root);
	buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"translate\" tests=\"%ld\" "
	           "failures=\"%ld\" errors=\"0\" skipped=\"%ld\">\n",
	           c.kernels[0] + c.kernels[1] + c.kernels[2], c.kernels[1], c.kernels[2]);
	for (n = root->children; n; n = n->next) {
		char *path, *sec, *dev, *fin, *ver;
		long t[3] = {0, 0, 0}, prog_case;
		int st, has_diag = 0;
		if (!is(n, "input"))
			continue;
		st = status_of(n);
		for (k = n->children; k; k = k->next) {
			if (is(k, "kernel"))
				t[status_of(k)]++;
			has_diag |= is(k, "diagnostic") || is(k, "log");
		}
		/* a failed input needs a failed case; a skipped one with no kernels a skipped case */
		prog_case = (st == 1 && (has_diag || t[1] == 0)) || (st == 2 && t[0] + t[1] + t[2] == 0);
		prop(n, "path", &path);
		prop(n, "seconds", &sec);
		buf_puts(b, "  <testsuite name=\"");
		xml_escape(b, path);
		buf_printf(b, "\" tests=\"%ld\" failures=\"%ld\" errors=\"0\" skipped=\"%ld\" time=\"%s\">\n",
		           t[0] + t[1] + t[2] + prog_case, t[1] + (prog_case && st == 1),
		           t[2] + (prog_case && st == 2), sec ? sec : "0");
		buf_puts(b, "    <properties>\n");
		prop(n, "device", &dev), prop(n, "finalizer", &fin), prop(n, "finalizer-version", &ver);
		buf_puts(b, "      <property name=\"device\" value=\"");
		xml_escape(b, dev);
		buf_puts(b, "\"/>\n      <property name=\"finalizer\" value=\"");
		xml_escape(b, fin);
		buf_puts(b, "\"/>\n      <property name=\"finalizer-version\" value=\"");
		xml_escape(b, ver);
		buf_puts(b, "\"/>\n    </properties>\n");
		if (prog_case)
			junit_case(b, path, "(program)", n, st, "the program did not translate");
		for (k = n->children; k; k = k->next)
			if (is(k, "kernel")) {
				char *name;
				prop(k, "name", &name);
				junit_case(b, path, name, k, status_of(k), "the kernel did not translate");
				xmlFree(name);
			}
		buf_puts(b, "  </testsuite>\n");
		xmlFree(path), xmlFree(sec), xmlFree(dev), xmlFree(fin), xmlFree(ver);
	}
	buf_puts(b, "</testsuites>\n");
}

/* Writes root in format f to file, through a temporary name in the same
 * folder renamed into place. */
static int write_as(const char *file, ReportFormat f, xmlDocPtr d)
{
	Buf b = {0};
	const char *base = path_base(file);
	char *tmp = xasprintf("%.*s.%s.%ld.tmp", (int)(base - file), file, base, (long)getpid());
	FILE *out;
	int bad;
	if (f == REPORT_XML) {
		xmlChar *mem = NULL;
		int n = 0;
		xmlDocDumpFormatMemoryEnc(d, &mem, &n, "UTF-8", 1);
		buf_add(&b, mem, (size_t)n);
		xmlFree(mem);
	} else if (f == REPORT_JUNIT) {
		write_junit(&b, xmlDocGetRootElement(d));
	} else {
		write_json(&b, xmlDocGetRootElement(d));
	}
	out = fopen(tmp, "wb");
	bad = !out || fwrite(b.s, 1, b.n, out) != b.n;
	if (out && fclose(out) != 0)
		bad = 1;
	if (bad || rename(tmp, file) != 0) {
		diag_plain("cannot write the report %s: %s", file, strerror(errno));
		unlink(tmp);
		bad = 1;
	}
	free(tmp);
	buf_free(&b);
	return bad ? -1 : 0;
}

int report_write(const char *file, ReportFormat f, double seconds)
{
	if (!doc)
		new_doc();
	set_summary(root_of(), seconds);
	return write_as(file, f, doc);
}

/* ---- merge ---------------------------------------------------------------------- */

typedef struct Entry {
	xmlNodePtr node;
	char *path;
	size_t from; /* which report */
} Entry;

static int cmp_entry(const void *a, const void *b)
{
	const Entry *x = a, *y = b;
	int c = strcmp(x->path, y->path);
	return c ? c : x->from < y->from ? -1 : x->from > y->from;
}

int report_merge(const char *out, ReportFormat f, const char *schema, char *const *in, int n)
{
	xmlSchemaParserCtxtPtr pc = xmlSchemaNewParserCtxt(schema);
	xmlSchemaPtr sc = pc ? xmlSchemaParse(pc) : NULL;
	xmlSchemaValidCtxtPtr vc = sc ? xmlSchemaNewValidCtxt(sc) : NULL;
	xmlDocPtr merged;
	VEC(Entry) all = {0};
	double seconds = 0;
	int i, bad = 0;
	size_t k;
	if (!vc) {
		diag_plain("cannot read the report schema %s", schema);
		bad = 1;
	}
	new_doc();
	merged = doc;
	for (i = 0; i < n && !bad; i++) {
		xmlDocPtr d = xmlReadFile(in[i], NULL, XML_PARSE_NONET | XML_PARSE_HUGE);
		xmlNodePtr r, c;
		if (!d || xmlSchemaValidateDoc(vc, d) != 0) {
			diag_plain("%s is not a translate report (XML valid against %s)", in[i], schema);
			xmlFreeDoc(d);
			bad = 1;
			break;
		}
		r = xmlDocGetRootElement(d);
		for (c = r->children; c; c = c->next) {
			char *s;
			if (is(c, "summary") && prop(c, "seconds", &s))
				seconds += atof(s);
			else if (is(c, "input")) {
				Entry e = {xmlDocCopyNode(c, merged, 1), NULL, (size_t)i};
				e.path = (char *)xmlGetProp(c, X("path"));
				vec_push(&all, e);
				continue;
			} else
				s = NULL;
			xmlFree(s);
		}
		xmlFreeDoc(d);
	}
	if (!bad) {
		qsort(all.v, all.n, sizeof *all.v, cmp_entry);
		for (k = 0; k + 1 < all.n; k++)
			if (!strcmp(all.v[k].path, all.v[k + 1].path)) {
				diag_plain("input %s is in both %s and %s; merge reports of disjoint inputs", all.v[k].path,
				           in[all.v[k].from], in[all.v[k + 1].from]);
				bad = 1;
				break;
			}
	}
	for (k = 0; k < all.n; k++) {
		if (!bad)
			xmlAddChild(xmlDocGetRootElement(merged), all.v[k].node);
		else
			xmlFreeNode(all.v[k].node);
		xmlFree(all.v[k].path);
	}
	vec_free(&all);
	if (!bad) {
		set_summary(xmlDocGetRootElement(merged), seconds);
		bad = write_as(out, f, merged) != 0;
	}
	if (vc)
		xmlSchemaFreeValidCtxt(vc);
	if (sc)
		xmlSchemaFree(sc);
	if (pc)
		xmlSchemaFreeParserCtxt(pc);
	return bad ? -1 : 0;
}

/* ---- progress and summary --------------------------------------------------------- */

static int pmode;
static size_t ptotal, pdone, pcount[3];
static double pt0;
static int drawn;

void progress_start(size_t total, int mode)
{
	pmode = mode;
	drawn = 0;
	ptotal = total;
	pdone = 0;
	pcount[0] = pcount[1] = pcount[2] = 0;
	pt0 = now_s();
}

void progress_hide(void)
{
	if (drawn) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		drawn = 0;
	}
}

void progress_show(size_t done, const char *current)
{
	double t = now_s() - pt0, rate = t > 0 ? (double)done / t : 0;
	if (pmode != 2)
		return;
	progress_hide();
	fprintf(stderr, "[%zu/%zu] %s  %.1f inputs/s", done, ptotal, current ? current : "", rate);
	if (rate > 0 && done < ptotal)
		fprintf(stderr, "  ETA %.0f s", (double)(ptotal - done) / rate);
	fflush(stderr);
	drawn = 1;
}

void progress_done(const char *path, int status)
{
	pdone++;
	pcount[status < 0 || status > 2 ? 1 : status]++;
	if (pmode == 1) {
		fprintf(stderr, "translate: [%zu/%zu] %s: %s\n", pdone, ptotal, path, status_name[status]);
		fflush(stderr);
	}
}

double progress_seconds(void)
{
	return now_s() - pt0;
}

void progress_summary(void)
{
	Counts c = {{0}, {0}};
	if (!pmode)
		return;
	progress_hide();
	if (doc)
		c = count(root_of());
	else
		memcpy(c.kernels, kernels, sizeof kernels);
	fprintf(stderr, "translate: %zu inputs: %zu translated, %zu failed, %zu skipped; %ld kernels: %ld "
	        "translated, %ld failed, %ld skipped; %.1f s\n", pdone, pcount[0], pcount[1], pcount[2],
	        c.kernels[0] + c.kernels[1] + c.kernels[2], c.kernels[0], c.kernels[1], c.kernels[2],
	        now_s() - pt0);
	fflush(stderr);
}
