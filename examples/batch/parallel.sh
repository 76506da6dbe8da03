#!/bin/sh
# parallel.sh LIST OUTDIR SSHLOGIN... [-- translate options...] - the inputs
# of LIST translated by GNU parallel on the given workers (docs/BATCH.md).
#
#   sh examples/batch/parallel.sh kernels.txt /shared/out 8/node1 8/node2 :
#
# SSHLOGIN is GNU parallel's --sshlogin: [N/]host, ':' is this machine.
# LIST holds one input per line; inputs, OUTDIR and translate itself must
# be at the same absolute paths on every worker (a shared file system).
# Each worker runs translate -j 1 on a few inputs at a time; all of them
# write into OUTDIR and share its manifest (a second run skips what is
# done).  The exit status is GNU parallel's: the number of translate runs
# that failed (1 each time some input of theirs failed), 0 when all went
# well.  TRANSLATE names the program (default: translate on PATH).
set -eu
list=${1:?usage: parallel.sh LIST OUTDIR SSHLOGIN... [-- translate options...]}
out=${2:?usage: parallel.sh LIST OUTDIR SSHLOGIN... [-- translate options...]}
shift 2
logins=""
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	logins="$logins${logins:+,}$1"
	shift
done
[ $# -gt 0 ] && shift
[ -n "$logins" ] || logins=:
translate=${TRANSLATE:-$(command -v translate)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
# -n 4: four inputs per translate run (startup amortized, failures stay
# per input); --halt never: a failed run does not stop the others
exec parallel --will-cite --halt never --sshlogin "$logins" -n 4 -a "$list" \
	"$translate" -j 1 -o "$out" "$@" {}
