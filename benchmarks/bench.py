#!/usr/bin/env python3
"""The benchmark behind benchmarks/run.sh (run that: it builds the release binary first).

Sections, in order:
  1. Per block, on fixed samples (benchmarks/samples.py): states, transitions, rule
     evaluations (subjects checked) per second, wall and CPU time, peak memory, CPU time
     per phase, memo hit rates per level, and throughput on 1 and 2 cores.
  2. Correctness first: the same samples with memoisation off find exactly the same
     failures (every rule, state, subject and message).
  3. The lxml baseline on the same states with the same rules: identical findings, and
     the ratio of throughputs; then, on small samples, every assertion negated, so that
     both evaluators render and compare every message.
  4. Coverage: pairwise against exhaustive, per block.
  5. Peak memory at 1×, 4× and 16× a block's states (`audit --scale N`), on a sample and on whole blocks;
     and time at 1×, 4× and 16× the states in a dimension nothing reads (`audit --copies N`).
  6. The full default audit of every block, once (skipped with --quick), against the
     memory goal; and once more on one job, for the speed-up of the default jobs.
  7. Side by side with an older commit (--baseline-tool, built by run.sh from
     --baseline-commit, 1242c1c by default): the full default audit with both binaries,
     in turns, --repeat rounds (3 by default); the ratio of wall times against --budget.
     --no-baseline skips it; --baseline-only runs only it.
  8. With --instructions (or --instructions-only): the same older commit on fixed samples
     under valgrind's callgrind, one audit each on one job, compared by states per billion
     instructions beyond an audit of the sample pinned to one state
     (benchmarks/instructions.py): a figure the host's load does not move.
Exits 1 when any findings differ.
"""

import argparse
import datetime
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import instructions  # noqa: E402
import runner  # noqa: E402
import samples  # noqa: E402
import side_by_side  # noqa: E402

# The scale goals the full audit is held to: peak memory, and what a second core must add.
MEMORY_GOAL_MB = 100
JOBS_GOAL = 1.7


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as file:
            for line in file:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        model = platform.processor() or model
    memory = ""
    try:
        with open("/proc/meminfo", encoding="utf-8") as file:
            kilobytes = int(file.readline().split()[1])
            memory = f", {kilobytes / 1024 / 1024:.0f} GB"
    except (OSError, ValueError, IndexError):
        pass
    return f"{model}, {os.cpu_count()} cores{memory}, {platform.system()} {platform.release()}"


def rate(count, seconds):
    return count / seconds if seconds > 0 else float("inf")


def megabytes(kilobytes):
    return f"{kilobytes / 1024:.1f} MB"


def share(hits, misses):
    return f"{100 * hits / (hits + misses):.0f} %" if hits + misses else "–"


def block_rows(entries, runs):
    """Rows of (label, value per block) for one audit's per-block statistics."""
    rows = []
    def row(label, value):
        rows.append((label, [value(entry) for entry in entries]))
    row("states", lambda b: f"{b['states']}")
    row("transitions", lambda b: "–" if b["transitions"] is None else f"{b['transitions']}")
    row("rule applications (states × rules)", lambda b: f"{b['ruleApplications']}")
    row("rule evaluations (subjects checked)", lambda b: f"{b['subjectsChecked']}")
    for jobs, key in runs:
        row(f"states/s, {jobs}", lambda b, key=key: f"{rate(b['states'], b[key]['wallSeconds']):.0f}")
    last = runs[-1][1]
    row(f"transitions/s, {runs[-1][0]}", lambda b: "–" if b["transitions"] is None
        else f"{rate(b['transitions'], b[last]['wallSeconds']):.0f}")
    row(f"rule evaluations/s, {runs[-1][0]}", lambda b: f"{rate(b['subjectsChecked'], b[last]['wallSeconds']):.0f}")
    for jobs, key in runs:
        row(f"wall, {jobs}", lambda b, key=key: f"{b[key]['wallSeconds']:.2f} s")
    row(f"phase time summed over workers, {runs[-1][0]}", lambda b: f"{sum(b[last]['phases'].values()):.2f} s")
    for phase in ("enumerate", "render", "document", "evaluate"):
        row(f"  {phase}", lambda b, phase=phase: f"{b[last]['phases'][phase]:.2f} s")
    row("memo hits: units", lambda b: share(b[last]["memo"]["unitHits"], b[last]["memo"]["unitMisses"]))
    row("memo hits: documents", lambda b: share(b[last]["memo"]["documentHits"], b[last]["memo"]["documentMisses"]))
    row("documents built", lambda b: f"{b[last]['memo']['documentsBuilt']}")
    return rows


def print_rows(rows, names, report):
    width = max(len(label) for label, _ in rows) + 2
    columns = [max(len(name), *(len(values[index]) for _, values in rows)) + 2 for index, name in enumerate(names)]
    report("  " + " " * width + "".join(name.rjust(column) for name, column in zip(names, columns)))
    for label, values in rows:
        report("  " + label.ljust(width) + "".join(value.rjust(column) for value, column in zip(values, columns)))


def fastest(times, run):
    """The run with the shortest audit wall time of `times` runs."""
    return min((run() for _ in range(max(1, times))), key=lambda statistics: statistics["wallSeconds"])


def per_block(statistics):
    return {entry["block"]: entry for entry in statistics["blocks"]}


def standard_sections(arguments, tool, directory, report, problems):
    """Sections 1 to 6."""
    import lxml_baseline  # needs lxml: imported here so that section 7 alone does without
    repeat = arguments.repeat or 1
    lxml_baseline.register_functions()
    rules = lxml_baseline.load_rules()
    # 1-3: samples.
    entries, comparisons, memo_checks = [], [], []
    for index, (block, where) in enumerate(samples.BASELINE):
        base = ["--block", block] + runner.where_arguments(where)
        one = fastest(repeat, lambda: runner.audit(tool, directory, f"s{index}-j1", base + ["--jobs", "1"]))
        two = fastest(repeat, lambda: runner.audit(tool, directory, f"s{index}-j2", base + ["--jobs", "2"],
                                                   findings=True))
        off = runner.audit(tool, directory, f"s{index}-off", base + ["--jobs", "2", "--no-memo"], findings=True)
        entry = dict(per_block(two)[block])
        entry.update({"j1": per_block(one)[block], "j2": per_block(two)[block], "off": per_block(off)[block],
                      "rss": two["peakRSSKilobytes"], "cpu": two["processCPUSeconds"], "where": where})
        entries.append(entry)
        missing, extra = lxml_baseline.differences(two["findings"], off["findings"])
        memo_checks.append((block, len(two["findings"]), not missing and not extra, missing, extra,
                            two["blocks"][0]["subjectsChecked"] == off["blocks"][0]["subjectsChecked"]))
        baseline = lxml_baseline.run_baseline(tool, block, where, rules)
        comparisons.append(lxml_baseline.comparison(block, where, baseline, one, two))

    names = [entry["block"] for entry in entries]
    report()
    report("1. Per block, fixed samples (benchmarks/samples.py; the full audit is section 6)"
           + (f", fastest of {repeat} runs:" if repeat > 1 else ":"))
    for entry in entries:
        report(f"  {entry['block']}: --where {' --where '.join(entry['where'])}")
    rows = [("sample", [f"{entry['states']} states" for entry in entries])]
    rows += block_rows(entries, [("1 job", "j1"), ("2 jobs", "j2")])[1:]
    after = next(index for index, (label, _) in enumerate(rows) if label == "states/s, 2 jobs") + 1
    rows.insert(after, ("2-core speed-up", [f"{entry['j1']['wallSeconds'] / entry['j2']['wallSeconds']:.2f}×"
                                            for entry in entries]))
    rows.append(("process CPU, 2 jobs", [f"{entry['cpu']:.2f} s" for entry in entries]))
    rows.append(("peak RSS, 2 jobs", [megabytes(entry["rss"]) for entry in entries]))
    rows.append(("wall with memo off, 2 jobs", [f"{entry['off']['wallSeconds']:.2f} s" for entry in entries]))
    print_rows(rows, names, report)
    states = sum(entry["states"] for entry in entries)
    one = sum(entry["j1"]["wallSeconds"] for entry in entries)
    two = sum(entry["j2"]["wallSeconds"] for entry in entries)
    report(f"  all samples: {states} states; {rate(states, one):.0f} states/s on 1 core, "
           f"{rate(states, two):.0f} states/s on 2 cores ({one / two:.2f}×)")

    report()
    report("2. Correctness first: memo on against memo off (--no-memo), every failing (rule, state, subject, message):")
    for block, count, same, missing, extra, subjects in memo_checks:
        report(f"  {block:<18} {'identical' if same and subjects else 'DIFFERENT'} ({count} failures"
               f"{'' if subjects else '; subjects checked differ'})")
        for finding in missing:
            report(f"    only with memo:    {finding}")
        for finding in extra:
            report(f"    only without memo: {finding}")
        if not (same and subjects):
            problems.append(f"memo changes the findings of {block}")

    report()
    report("3. lxml baseline (benchmarks/lxml_baseline.py) on the same states with the same rules:")
    ratio_one, ratio_two = lxml_baseline.print_comparisons(comparisons, report)
    for result in comparisons:
        if not (result["identical"] and result["subjectsAgree"]):
            problems.append(f"lxml and a11y-audit find different failures in {result['block']}")
    report(f"  ratio: {ratio_one:.1f}× on 1 core, {ratio_two:.1f}× on 2 cores; findings "
           + ("identical" if all(r["identical"] and r["subjectsAgree"] for r in comparisons) else "DIFFERENT"))
    report("  every assertion negated (every subject fails, so every message is rendered and compared):")
    if not lxml_baseline.negated_check(tool, directory, samples.NEGATED, report):
        problems.append("lxml and a11y-audit render different messages with every assertion negated")

    # 6 first, when asked for: section 4 compares with its failing rules.
    full = full_one_job = None
    if not arguments.quick:
        full = runner.audit(tool, directory, "full", ["--phases"])
        if full["jobs"] > 1:
            full_one_job = runner.audit(tool, directory, "full-j1", ["--jobs", "1"])

    report()
    report("4. Coverage: --coverage pairwise against exhaustive, every block's whole space:")
    pairwise = runner.audit(tool, directory, "pairwise", ["--coverage", "pairwise"])
    sizes = runner.block_sizes(tool)
    exhaustive_rules = per_block(full) if full else None
    for entry in pairwise["blocks"]:
        name = entry["block"]
        total = sizes[name]
        text = f"  {name:<18} {entry['states']:>5} of {total:>7} states ({100 * entry['states'] / total:.2f} %)"
        if exhaustive_rules:
            same = sorted(entry["failing"]) == sorted(exhaustive_rules[name]["failing"])
            text += f"; failing rules {'the same as exhaustive' if same else 'DIFFER from exhaustive'}: "
            text += ", ".join(sorted(entry["failing"])) or "none"
            if not same:
                text += f" (exhaustive: {', '.join(sorted(exhaustive_rules[name]['failing'])) or 'none'})"
        else:
            text += f"; failing rules: {', '.join(sorted(entry['failing'])) or 'none'}"
        report(text)
    report(f"  pairwise audit: {pairwise['states']} states in {pairwise['wallSeconds']:.2f} s")

    report()
    report(f"5. Peak memory as states grow: {samples.MEMORY_BLOCK} --where {' --where '.join(samples.MEMORY_WHERE)}"
           f" --scale N (N× the widths):")
    base = ["--block", samples.MEMORY_BLOCK] + runner.where_arguments(samples.MEMORY_WHERE)
    measured = []
    for scale in samples.MEMORY_SCALES:
        on = runner.audit(tool, directory, f"m{scale}", base + ["--scale", str(scale)])
        off = runner.audit(tool, directory, f"m{scale}-off", base + ["--scale", str(scale), "--no-memo"])
        measured.append((scale, on, off))
        report(f"  {scale:>2}×: {on['states']:>6} states, peak RSS {megabytes(on['peakRSSKilobytes']):>9} "
               f"({on['wallSeconds']:.2f} s); memo off {megabytes(off['peakRSSKilobytes']):>9} "
               f"({off['wallSeconds']:.2f} s)")
    first, last = measured[0], measured[-1]
    growth = last[1]["peakRSSKilobytes"] / first[1]["peakRSSKilobytes"]
    growth_off = last[2]["peakRSSKilobytes"] / first[2]["peakRSSKilobytes"]
    report(f"  {last[0]}× the states: peak RSS ×{growth:.2f} with memo, ×{growth_off:.2f} without")
    report("  whole blocks, memo on (--scale N):")
    for block, scales in samples.WHOLE_BLOCK_SCALES:
        series = [runner.audit(tool, directory, f"w{block}{scale}", ["--block", block, "--scale", str(scale)])
                  for scale in scales]
        figures = ", ".join(f"{scale}×: {entry['states']} states, {megabytes(entry['peakRSSKilobytes'])} "
                            f"({entry['wallSeconds']:.2f} s)" for scale, entry in zip(scales, series))
        report(f"  {block:<18} {figures}")
    report("  time as a dimension nothing reads grows (--copies N, whole blocks, default jobs):")
    for block in samples.COPIES_BLOCKS:
        series = [runner.audit(tool, directory, f"c{block}{copies}", ["--block", block, "--copies", str(copies)])
                  for copies in samples.COPIES]
        figures = ", ".join(f"{copies}×: {entry['states']} states in {entry['wallSeconds']:.2f} s"
                            for copies, entry in zip(samples.COPIES, series))
        growth = series[-1]["wallSeconds"] / series[0]["wallSeconds"]
        report(f"  {block:<18} {figures}; {samples.COPIES[-1]}× the states take ×{growth:.2f} the time")

    report()
    if full:
        report("6. The full default audit (every state of every block, default jobs), once:")
        entries = [dict(entry, full=entry) for entry in full["blocks"]]
        rows = block_rows(entries, [(f"{full['jobs']} jobs", "full")])
        print_rows(rows, [entry["block"] for entry in entries], report)
        report(f"  all blocks: {full['states']} states in {full['wallSeconds']:.2f} s wall "
               f"({rate(full['states'], full['wallSeconds']):.0f} states/s), process CPU {full['processCPUSeconds']:.2f} s, "
               f"peak RSS {megabytes(full['peakRSSKilobytes'])}; "
               f"{full['processWallSeconds'] - full['wallSeconds']:.2f} s outside the audit (start, spec, report)")
        memory = full["peakRSSKilobytes"] / 1024
        report(f"  peak RSS {memory:.1f} MB (goal: at most {MEMORY_GOAL_MB} MB): "
               + ("met" if memory <= MEMORY_GOAL_MB else "OVER"))
        if full_one_job:
            speed_up = full_one_job["wallSeconds"] / full["wallSeconds"]
            report(f"  1 job: {full_one_job['wallSeconds']:.2f} s wall, peak RSS {megabytes(full_one_job['peakRSSKilobytes'])}; "
                   f"{full['jobs']} jobs give {speed_up:.2f}× its states per second "
                   f"(goal: at least {JOBS_GOAL}×): " + ("met" if speed_up >= JOBS_GOAL else "NOT met"))
    else:
        report("6. The full default audit: skipped (--quick)")



def main():
    parser = argparse.ArgumentParser(description="a11y-audit benchmark")
    parser.add_argument("--tool", default=str(runner.ROOT / ".build" / "release" / "a11y-audit"))
    parser.add_argument("--quick", action="store_true", help="skip the full default audit")
    parser.add_argument("--repeat", type=int,
                        help="time each sample this many times and keep the fastest (for busy machines); "
                             "the rounds of section 7 (default 3)")
    parser.add_argument("--baseline-tool", help="an older commit's a11y-audit, for section 7 (run.sh builds it)")
    parser.add_argument("--baseline-commit", help="the commit --baseline-tool was built from, for the table")
    parser.add_argument("--no-baseline", action="store_true", help="skip section 7")
    parser.add_argument("--baseline-only", action="store_true", help="only section 7")
    parser.add_argument("--instructions", action="store_true",
                        help="also section 8: instructions on fixed samples under callgrind, against the older commit")
    parser.add_argument("--instructions-only", action="store_true", help="only section 8")
    parser.add_argument("--budget", type=float, default=1.25,
                        help="section 7's budget for the new/old wall time ratio (default 1.25)")
    arguments = parser.parse_args()
    if arguments.repeat is not None and arguments.repeat < 1:
        parser.error("--repeat takes a positive number")
    if arguments.baseline_only and (arguments.no_baseline or not arguments.baseline_tool):
        parser.error("--baseline-only needs --baseline-tool (benchmarks/run.sh passes it) and no --no-baseline")
    wants_instructions = arguments.instructions or arguments.instructions_only
    if wants_instructions and (arguments.no_baseline or not arguments.baseline_tool):
        parser.error("--instructions needs --baseline-tool (benchmarks/run.sh passes it) and no --no-baseline")
    if wants_instructions and not instructions.available():
        parser.error("--instructions needs valgrind (apt-get install valgrind)")
    tool = arguments.tool
    started = time.perf_counter()
    report = lambda text="": print(text, flush=True)  # noqa: E731
    problems = []

    report("a11y-audit benchmark")
    report(f"  date     {datetime.datetime.now().astimezone().strftime('%Y-%m-%d %H:%M %Z')}")
    report(f"  machine  {machine()}")
    revision = runner.git_revision()
    report(f"  commit   {revision}; binary {os.path.relpath(tool, runner.ROOT)}")
    report(f"  memory   {'/usr/bin/time -v' if runner.TIME else 'getrusage (install GNU time for /usr/bin/time -v)'}")
    try:
        load = os.getloadavg()[0]
        report(f"  load     {load:.2f} at start" + (" (busy machine: timings are noisy)" if load > 0.5 else ""))
    except OSError:
        pass

    old_name = arguments.baseline_commit or os.path.basename(arguments.baseline_tool or "")
    new_name = revision.split()[0]
    with tempfile.TemporaryDirectory(prefix="a11y-bench-") as directory:
        if not arguments.baseline_only and not arguments.instructions_only:
            standard_sections(arguments, tool, directory, report, problems)
            report()
        if not arguments.instructions_only:
            if arguments.baseline_tool and not arguments.no_baseline:
                rounds = arguments.repeat or 3
                report(f"7. Side by side with {old_name}: the full default audit (`audit --junit FILE`, default jobs), "
                       f"{rounds} rounds each, alternating (ABBA); budget for new/old wall time {arguments.budget:g}×:")
                report(f"  old binary {os.path.relpath(arguments.baseline_tool, runner.ROOT)}")
                side_by_side.run(arguments.baseline_tool, tool, old_name, new_name, directory,
                                 rounds, arguments.budget, report, print_rows)
            else:
                report("7. Side by side with an older commit: skipped"
                       + (" (--no-baseline)" if arguments.no_baseline else " (no --baseline-tool; benchmarks/run.sh builds one)"))
        if wants_instructions:
            report()
            report(f"8. Instructions on fixed samples, side by side with {old_name}: each sample and the same pinned "
                   "to one state, audited once by each binary under callgrind, on one job, with deterministic hashing:")
            instructions.run(arguments.baseline_tool, tool, old_name, new_name, directory, report, print_rows)

    report()
    report(f"benchmark finished in {time.perf_counter() - started:.1f} s")
    for problem in problems:
        report(f"FAILED: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
