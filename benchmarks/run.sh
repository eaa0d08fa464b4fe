#!/usr/bin/env bash
# The a11y-audit benchmark: one command, from anywhere in the checkout.
#
#   benchmarks/run.sh            everything, about six minutes on a 2-core machine (once the older commit is built)
#   benchmarks/run.sh --quick    without the full default audit (section 6; 7 still runs)
#   benchmarks/run.sh --repeat 3 each sample timed three times, the fastest kept (busy machines)
#   benchmarks/run.sh --baseline-only            only section 7 (side by side with 1242c1c)
#   benchmarks/run.sh --baseline-commit SHA      section 7 against another commit
#   benchmarks/run.sh --no-baseline              without section 7
#   benchmarks/run.sh --budget 1.25              section 7's budget for new/old wall time
#   benchmarks/run.sh --instructions             also section 8 (needs valgrind; about three minutes)
#   benchmarks/run.sh --instructions-only        only section 8
#
# Builds the release binary once (swift build -c release, into .build) and, for section 7,
# the older commit's (scripts/build-commit.sh, into .build/commits/<sha>/, reused once
# built; the first build takes minutes), then prints:
#   1. per block, on fixed samples (benchmarks/samples.py): states, transitions, rule
#      evaluations (subjects checked) per second, wall and CPU time, time per phase
#      (enumerate, render, document, evaluate), memo hit rates per level (units,
#      documents), peak memory, and throughput on 1 and 2 cores (--jobs 1, --jobs 2);
#   2. correctness first: memo on against --no-memo, every failing (rule, state, subject,
#      message) identical;
#   3. the lxml baseline (benchmarks/lxml_baseline.py) on the same states with the same
#      rules: identical findings and the ratio of throughputs (goal: 10×); and, with every
#      assertion negated on small samples, every message rendered alike by both;
#   4. --coverage pairwise against exhaustive: states audited and failing rules, per block;
#   5. peak memory at 1×, 4× and 16× a block's states (the hidden audit --scale N), on a
#      sample with memo on and off, and on whole blocks; and time at 1×, 4× and 16× the
#      states in a dimension nothing reads (the hidden audit --copies N), on whole blocks;
#   6. the full default audit of every block: the same figures per block, wall time, peak memory
#      against 100 MB; and once more on 1 job, for the speed-up of 2 jobs against 1.7×;
#   7. side by side with an older commit (--baseline-commit, 1242c1c by default): the full
#      default audit (`audit --junit FILE`, default jobs) with both binaries in turns, 3 rounds
#      (or --repeat): states, wall (median), CPU, states/s, peak memory, per block wall and
#      memo hit rates, and new/old wall time against --budget ("within 1.25×" or "OVER 1.25×");
#   8. with --instructions: the same older commit on fixed samples under valgrind's callgrind
#      (benchmarks/instructions.py), each sample also pinned to one state to take out the
#      fixed cost of loading the rules: instructions and states per instruction beyond it of
#      each binary, one job, deterministic hashing; the host's load does not move them.
# Exits 1 when findings differ (memo on/off, or a11y-audit/lxml).
#
# Needs: Swift 6, python3 with lxml (pip install -r benchmarks/requirements.txt, or
# apt-get install python3-lxml), and for peak memory GNU time (apt-get install time;
# without it the audit's own getrusage figure is used, which is the same number); for
# section 8, valgrind (apt-get install valgrind).
# Figures depend on the machine and on what else runs on it: the header says which.
set -euo pipefail

cd "$(dirname "$0")/.."

baseline_commit=1242c1c
with_baseline=yes
needs_lxml=yes
passed=()
while [ $# -gt 0 ]; do
    case "$1" in
        --baseline-commit) [ $# -ge 2 ] || { echo "benchmarks/run.sh: --baseline-commit takes a commit" >&2; exit 2; }
                           baseline_commit=$2; shift 2; continue ;;
        --baseline-commit=*) baseline_commit=${1#*=} ;;
        --no-baseline) with_baseline=no; passed+=("$1") ;;
        --baseline-only|--instructions-only) needs_lxml=no; passed+=("$1") ;;
        *) passed+=("$1") ;;
    esac
    shift
done

if [ "$needs_lxml" = yes ] && ! python3 -c 'import lxml' 2>/dev/null; then
    echo "benchmarks/run.sh: python3 lacks lxml: pip install -r benchmarks/requirements.txt (or apt-get install python3-lxml)" >&2
    exit 2
fi
if [ ! -x /usr/bin/time ]; then
    echo "benchmarks/run.sh: note: /usr/bin/time is missing (apt-get install time); peak memory comes from getrusage" >&2
fi

echo "building the release binary (swift build -c release)…" >&2
swift build -c release --product a11y-audit >/dev/null
if [ "$with_baseline" = yes ]; then
    echo "building the baseline commit $baseline_commit (scripts/build-commit.sh)…" >&2
    baseline_tool=$(scripts/build-commit.sh "$baseline_commit")
    passed+=(--baseline-tool "$baseline_tool" --baseline-commit "$(git rev-parse --short "$baseline_commit")")
fi
exec python3 benchmarks/bench.py --tool "$(swift build -c release --show-bin-path)/a11y-audit" ${passed[@]+"${passed[@]}"}
