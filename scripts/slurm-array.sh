#!/bin/sh
# SPDX-License-Identifier: MIT
# Slurm recipe: one ccdbench run as a job array of N shards, then a dependent job
# that merges them and writes the report.
#   scripts/slurm-array.sh [--dry-run] [--work-dir DIR] [--report-dir DIR]
#       [--cpus-per-task C] [--sbatch-option OPT]... [--report-option OPT]...
#       N OUT.json [run options...] [DATA...]
# e.g. Table 1 of the full benchmark on 16 nodes:
#   scripts/slurm-array.sh --cpus-per-task 32 --sbatch-option --time=02:00:00 \
#       16 t1.json --preset paper-table1 /data/ccd
# writes two job scripts into DIR (default: OUT without .json, plus .shards):
#   DIR/array.sbatch  task I of the array (#SBATCH --array=0-(N-1)) runs
#                     `ccdbench run --shard I/N --json DIR/shard-I.json [run
#                     options...] DATA...`; a shard whose file exists is done
#                     (ccdbench writes it atomically, after its last query)
#   DIR/merge.sbatch  `ccdbench merge OUT.json DIR/shard-*.json`, then
#                     `ccdbench report --output-dir REPORT OUT.json` (REPORT:
#                     --report-dir, default OUT without .json, plus .report;
#                     figures need gnuplot on the node, else .dat/.gp only)
# and submits them:
#   sbatch --parsable DIR/array.sbatch                        -> ARRAY
#   sbatch --parsable --dependency=afterok:ARRAY DIR/merge.sbatch
# The jobs start in the current directory, so relative paths work as here; their
# output goes to DIR/slurm-*.out.
#   --dry-run           write the job scripts, print them and the sbatch commands,
#                       submit nothing (no Slurm needed)
#   --cpus-per-task C   #SBATCH --cpus-per-task=C; each shard runs C threads
#                       (without it: $SLURM_CPUS_PER_TASK if set, else all cores)
#   --sbatch-option OPT an #SBATCH line for both jobs (--partition=..., --time=...,
#                       --account=...); repeatable
#   --report-option OPT an option of `ccdbench report` (--by-family, ...); repeatable
# Without Slurm, the same jobs run here one after the other:
#   for i in $(seq 0 $((N - 1))); do SLURM_ARRAY_TASK_ID=$i sh DIR/array.sbatch; done
#   sh DIR/merge.sbatch
# When a task fails, the merge job is cancelled (--kill-on-invalid-dep=yes) and
# the finished shards stay: fix the cause and run the same command again (the
# finished tasks end at once), or rerun task I alone with `sbatch --array=I
# DIR/array.sbatch` and then `sbatch --dependency=afterok:JOB DIR/merge.sbatch`.
# DIR/command records N and the run options: other ones for the same DIR are
# refused.  Uses $CCDBENCH or the build's ccdbench (build/src/cli/ccdbench),
# which must be reachable from the compute nodes at the same path.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
ccdbench=${CCDBENCH:-$src/build/src/cli/ccdbench}
me=slurm-array.sh
usage() {
  [ $# -eq 0 ] || echo "$me: $*" >&2
  echo "usage: $me [--dry-run] [--work-dir DIR] [--report-dir DIR] [--cpus-per-task C] [--sbatch-option OPT]... [--report-option OPT]... N OUT.json [run options...] [DATA...]" >&2
  exit 2
}
positive() { case $1 in '' | *[!0-9]* | 0*) return 1 ;; esac; }
# q WORD: WORD quoted for sh
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
nl='
'

dry=0 work='' report='' cpus='' sbatch_lines='' report_opts=''
while [ $# -gt 0 ]; do
  case $1 in
    --dry-run) dry=1; shift ;;
    --work-dir | --report-dir | --cpus-per-task | --sbatch-option | --report-option)
      [ $# -ge 2 ] || usage "$1 needs a value"
      case $1 in
        --work-dir) work=$2 ;;
        --report-dir) report=$2 ;;
        --cpus-per-task) cpus=$2 ;;
        --sbatch-option) sbatch_lines="$sbatch_lines#SBATCH $2$nl" ;;
        --report-option) report_opts="$report_opts $(q "$2")" ;;
      esac
      shift 2 ;;
    --help) sed -n '3,43s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) usage "unknown option $1 (run options go after N OUT.json)" ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || usage
n=$1 out=$2
shift 2
positive "$n" || usage "N must be a positive integer: $n"
[ -z "$cpus" ] || positive "$cpus" || usage "--cpus-per-task must be a positive integer: $cpus"
case $out in *.json) ;; *) usage "OUT must end in .json: $out" ;; esac
run_args=''
for a in "$@"; do
  case $a in
    --shard | --shard=* | --json | --json=*) usage "$a: $me sets --shard and --json itself" ;;
    *"$nl"*) usage "a run option with a newline is not supported" ;;
  esac
  run_args="$run_args $(q "$a")"
done
[ -n "$work" ] || work=${out%.json}.shards
[ -n "$report" ] || report=${out%.json}.report
[ -x "$ccdbench" ] || { echo "$me: no ccdbench at $ccdbench (set CCDBENCH)" >&2; exit 2; }
case $ccdbench in /*) ;; *) ccdbench=$PWD/$ccdbench ;; esac
case $work in /*) logs=$work ;; *) logs=$PWD/$work ;; esac

mkdir -p "$work"
{ echo "$n"; for a in "$@"; do printf '%s\n' "$a"; done; } >"$work/command.new"
if [ -e "$work/command" ] && ! cmp -s "$work/command" "$work/command.new"; then
  rm -f "$work/command.new"
  echo "$me: $work holds shards of another command (see $work/command): remove it or use --work-dir" >&2
  exit 2
fi
mv "$work/command.new" "$work/command"

# The array task: shard $SLURM_ARRAY_TASK_ID of N.
{
  echo "#!/bin/sh"
  echo "#SBATCH --job-name=ccdbench-shard"
  echo "#SBATCH --array=0-$((n - 1))"
  echo "#SBATCH --output=$logs/slurm-%A_%a.out"
  [ -z "$cpus" ] || echo "#SBATCH --cpus-per-task=$cpus"
  printf '%s' "$sbatch_lines"
  cat <<EOF
# One shard of a ccdbench run (written by scripts/slurm-array.sh).  Here:
#   SLURM_ARRAY_TASK_ID=I sh $work/array.sbatch
set -eu
cd $(q "$PWD")
ccdbench=$(q "$ccdbench")
work=$(q "$work")
n=$n
i=\${SLURM_ARRAY_TASK_ID:?the shard index, 0 to $((n - 1)) (set by sbatch --array)}
threads=\${SLURM_CPUS_PER_TASK:-$cpus}
json=\$work/shard-\$i.json
# ccdbench writes a result file atomically, after the shard's last query: one
# that exists is a finished shard
if [ -e "\$json" ]; then echo "shard \$i/\$n: \$json exists, nothing to do"; exit 0; fi
rm -f "\$json.failed"
set --$run_args
rc=0
"\$ccdbench" run --shard "\$i/\$n" \${threads:+--threads "\$threads"} --json "\$json" "\$@" || rc=\$?
if [ \$rc -ne 0 ]; then
  # written before a late failure (--fail-on-method-error): not a finished shard
  [ ! -e "\$json" ] || mv -f "\$json" "\$json.failed"
  echo "shard \$i/\$n failed (exit \$rc)" >&2
  exit \$rc
fi
EOF
} >"$work/array.sbatch"

# The dependent job: merge, then report.
{
  echo "#!/bin/sh"
  echo "#SBATCH --job-name=ccdbench-merge"
  echo "#SBATCH --output=$logs/slurm-merge-%j.out"
  echo "#SBATCH --kill-on-invalid-dep=yes"
  printf '%s' "$sbatch_lines"
  cat <<EOF
# Merge the shards and write the report (written by scripts/slurm-array.sh).
# Here, after every shard: sh $work/merge.sbatch
set -eu
cd $(q "$PWD")
ccdbench=$(q "$ccdbench")
work=$(q "$work")
n=$n
out=$(q "$out")
report=$(q "$report")
set --
i=0
while [ \$i -lt \$n ]; do set -- "\$@" "\$work/shard-\$i.json"; i=\$((i + 1)); done
"\$ccdbench" merge "\$out" "\$@"
# the figures need gnuplot on this node; without it, their .dat and .gp only
render=
command -v gnuplot >/dev/null 2>&1 || render=--no-render
"\$ccdbench" report --output-dir "\$report" \$render$report_opts "\$out"
echo "\$n shards merged into \$out; tables and figures in \$report"
EOF
} >"$work/merge.sbatch"

if [ "$dry" -eq 1 ]; then
  for f in array merge; do
    echo "==> $work/$f.sbatch <=="
    cat "$work/$f.sbatch"
    echo
  done
  echo "would submit:"
  echo "  sbatch --parsable $work/array.sbatch"
  echo "  sbatch --parsable --dependency=afterok:\$ARRAY_JOB_ID $work/merge.sbatch"
  exit 0
fi
command -v sbatch >/dev/null 2>&1 || {
  echo "$me: no sbatch on PATH; --dry-run writes and prints the job scripts without submitting" >&2
  exit 2
}
array=$(sbatch --parsable "$work/array.sbatch")
array=${array%%;*} # --parsable prints JOBID[;CLUSTER]
merge=$(sbatch --parsable --dependency=afterok:"$array" "$work/merge.sbatch")
merge=${merge%%;*}
echo "submitted: array job $array ($n shards), merge job $merge (after all of them)"
echo "output: $work/slurm-*.out; result: $out, report: $report"
