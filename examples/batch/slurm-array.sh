#!/bin/sh
#SBATCH --job-name=translate
#SBATCH --array=0-15
#SBATCH --cpus-per-task=4
#SBATCH --output=translate-%A_%a.log
# slurm-array.sh LIST OUTDIR [translate options...] - one task of a Slurm job
# array over a list of inputs (docs/BATCH.md).
#
#   sbatch --array=0-15 examples/batch/slurm-array.sh /shared/kernels.txt /shared/out
#
# LIST holds one input per line (absolute paths on a file system every node
# sees; directories are expanded, # lines skipped).  Task k of N translates
# the inputs k, k+N, k+2N, ... of the expanded list (translate --shard k/N),
# with one process per CPU Slurm gave it; all tasks write into OUTDIR, whose
# manifest they share (a resubmitted array skips what is done).  The array
# must be contiguous (0-15, not 0-30:2); its first index may be any number.
# TRANSLATE names the program (default: translate on PATH).
set -eu
list=${1:?usage: slurm-array.sh LIST OUTDIR [translate options...]}
out=${2:?usage: slurm-array.sh LIST OUTDIR [translate options...]}
shift 2
task=${SLURM_ARRAY_TASK_ID:?not a task of a Slurm job array (sbatch --array=...)}
count=${SLURM_ARRAY_TASK_COUNT:?not a task of a Slurm job array (sbatch --array=...)}
first=${SLURM_ARRAY_TASK_MIN:-0}
exec "${TRANSLATE:-translate}" -j "${SLURM_CPUS_PER_TASK:-1}" --shard "$((task - first))/$count" \
	-o "$out" "$@" "@$list"
