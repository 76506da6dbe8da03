/* manifest.h - resumable batches: what was written, from what, and how.
 *
 * Every output folder holds a small text file, .translate-manifest, with one
 * block per input translated into it: the input's SHA-256, the options that
 * shape the output, the identity of the finalizer (the GNU build-id of the
 * GenX_IR program, else its SHA-256) and of the translator (its version, its
 * executable's build-id, the SHA-256 of the data tables), and the names of
 * the files written.
 * A later run skips an input whose block matches on all of these and whose
 * files all exist and are no older than the input (manifest_up_to_date).
 *
 * Updates are safe between processes: manifest_record locks
 * .translate-manifest.lock (flock) and appends the input's block (the file
 * is a journal: a later block replaces an earlier one), so concurrent -j
 * children, GNU parallel workers and Slurm tasks writing into one folder
 * all keep their entries, and a batch costs O(n).  manifest_compact, at
 * the end of a run, rewrites the file as its surviving blocks sorted by
 * input (atomically, through a renamed temporary), so the file is the same
 * for every -j and every order of completion.
 *
 * Temporaries (outputs being written, the manifest being replaced) are
 * hidden files named ".<name>.<host>.<pid>.tmp".  A process killed with
 * SIGKILL leaves its temporaries behind; manifest_clean_stale removes those
 * of this host whose process is gone.
 */
#ifndef MANIFEST_H
#define MANIFEST_H

#include <stddef.h>

#include "util.h"

#define MANIFEST_NAME ".translate-manifest"

/* SHA-256 (FIPS 180-4) as 64 lowercase hex digits and a NUL. */
void sha256_hex(const void *data, size_t n, char hex[65]);
/* Of a file's contents; 0 ok, -1 (errno set) when it cannot be read. */
int sha256_file(const char *path, char hex[65]);

/* What identifies a run's output besides its input. */
typedef struct ManifestRun {
	char *options;    /* canonical text of the output-shaping options */
	char *finalizer;  /* "build-id:<hex>" or "sha256:<hex>" of the finalizer, or "missing:<name>" */
	char *translator; /* "<version> build-id:<self> tables sha256:<data tables>" */
	int force;        /* --force: never skip */
} ManifestRun;

/* Fills r (options is taken over, the rest computed).  tables_sha: the
 * SHA-256 of datadir's platforms.xml followed by cb0.xml when the caller
 * knows it (the compiled-in tables matched), NULL to hash the files. */
void manifest_run_init(ManifestRun *r, char *options, const char *genx_ir, const char *datadir,
                       const char *tables_sha, const char *version);
void manifest_run_free(ManifestRun *r);

/* 1 when input's outputs in dir are up to date (see above), else 0. */
int manifest_up_to_date(const ManifestRun *r, const char *dir, const char *input);

/* After input was translated into dir: its block with the files it wrote
 * (names in dir) and the SHA-256 its text had when it was read.  With
 * outputs NULL (input failed) its block is removed.  0 ok, else a
 * diagnostic was printed. */
int manifest_record(const ManifestRun *r, const char *dir, const char *input, const char *input_sha,
                    const StrVec *outputs);

/* Rewrites dir's manifest as its surviving blocks sorted by input (a no-op
 * when it already is, or when there is none).  0 ok, else a diagnostic. */
int manifest_compact(const char *dir);

/* Removes dir's hidden temporaries left by dead processes of this host. */
void manifest_clean_stale(const char *dir);

/* This host's name as used in temporary names (never NULL, no '/'). */
const char *manifest_host(void);

/* --version: one line naming the finalizer program, its Debian package
 * version when dpkg knows the file, its build-id and SHA-256; or saying it
 * is not found.  Never fails. */
char *finalizer_describe(const char *genx_ir);

/* The finalizer program as it would be run: an absolute path, or NULL. */
char *finalizer_locate(const char *genx_ir);

#endif
