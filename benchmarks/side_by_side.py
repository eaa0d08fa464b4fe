"""Section 7 of the benchmark: the full default audit, this commit against an older one.

Both binaries run `a11y-audit audit --junit FILE` (every block, every state, the default
jobs and rules) in turns on the same machine, ABBA order (old, new, new, old, …) so that a
machine growing busier or quieter weighs on both alike. Everything is read from what any
version prints, not from the newer hidden `--stats`: the process's wall time and CPU time
(wait4), its peak resident size (GNU time's, when /usr/bin/time is there: wait4's counts the
pages the child shared with this Python process before it started the binary, which after
the lxml section is hundreds of megabytes), and from the console each block's line
(`ScopeHeader: 165888 states, 20 rules, 1 failing (1.72 s; memo hits: units 96 %,
documents 100 %)`) and the closing line (`… 203088 states … audited in 3.4 s on 2 jobs`).
Older versions print them on stderr, newer ones on stdout with counts grouped in thousands
(`663,552 states`); both streams are read and the separators dropped.

Each binary runs in an empty directory and without A11Y_AUDIT_SPECS: the tool looks for
`specs/` in the current directory first, then beside its executable, so each reads the
rules it was built with (an older commit's build under .build/commits/<sha>/ reads that
commit's specs).
"""

import os
import re
import statistics
import subprocess
import sys
import time

import runner

BLOCK_LINE = re.compile(r"^(\S+): ([\d,]+) states?, (\d+) rules, (\d+) failing \(([\d.]+) s"
                        r"(?:; memo hits: units (\d+) %, documents (\d+) %)?\)", re.MULTILINE)
TOTAL_LINE = re.compile(r"^(\d+) blocks?, ([\d,]+) states? \([^)]*\), (\d+) rules audited in ([\d.]+) s on (\d+) jobs?",
                        re.MULTILINE)


def count(text):
    """A count as the console prints it, with or without thousands separators."""
    return int(text.replace(",", ""))


def full_audit(tool, directory, label):
    """One full default audit: wall, CPU and peak memory of the process, and the console's figures."""
    junit = os.path.join(directory, label + ".xml")
    console_path = os.path.join(directory, label + ".console")
    environment = {key: value for key, value in os.environ.items() if key not in ("A11Y_AUDIT_SPECS", "CI")}
    environment["CI"] = "1"  # no progress line, whatever stderr is
    with open(console_path, "w+", encoding="utf-8") as console:
        started = time.perf_counter()
        memory = os.path.join(directory, label + ".time")
        command = [tool, "audit", "--junit", junit]
        if runner.TIME:
            command = [runner.TIME, "-v", "-o", memory] + command
        process = subprocess.Popen(command, stdout=console, stderr=console, cwd=directory, env=environment)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        console.seek(0)
        text = console.read()
    if process.returncode not in (0, 1):  # 1: a gating rule failed, as usual
        raise SystemExit(f"a11y-audit audit failed ({process.returncode}): {tool}\n{text}")
    total = TOTAL_LINE.search(text)
    if not total:
        raise SystemExit(f"no closing line in the console of {tool} audit:\n{text}")
    blocks = {}
    for match in BLOCK_LINE.finditer(text):
        name, states, rules, failing, seconds, units, documents = match.groups()
        blocks[name] = {"states": count(states), "rules": int(rules), "failing": int(failing),
                        "seconds": float(seconds),
                        "units": None if units is None else int(units),
                        "documents": None if documents is None else int(documents)}
    peak = usage.ru_maxrss
    if runner.TIME:
        with open(memory, encoding="utf-8") as file:
            match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", file.read())
        if match:
            peak = int(match.group(1))
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rssKilobytes": peak,
            "states": count(total.group(2)), "rules": int(total.group(3)), "auditSeconds": float(total.group(4)),
            "jobs": int(total.group(5)), "blocks": blocks, "exit": process.returncode}


def median(values):
    return statistics.median(values) if values else float("nan")


def run(old_tool, new_tool, old_name, new_name, directory, rounds, budget, report, print_rows):
    """Times both binaries `rounds` times each and prints the table; returns the ratio new/old."""
    runs = {"old": [], "new": []}
    tools = {"old": old_tool, "new": new_tool}
    for index in range(rounds):
        order = ("old", "new") if index % 2 == 0 else ("new", "old")
        for side in order:
            result = full_audit(tools[side], directory, f"side-{side}-{index}")
            runs[side].append(result)
            print(f"  round {index + 1}/{rounds}, {side}: {result['wall']:.2f} s", file=sys.stderr,
                  flush=True)

    names = [f"{old_name} (old)", f"{new_name} (new)"]
    sides = [runs["old"], runs["new"]]
    walls = [median([r["wall"] for r in side]) for side in sides]

    def row(label, value):
        return (label, [value(side) for side in sides])

    def spread(side):
        values = [r["wall"] for r in side]
        return f"{min(values):.2f}–{max(values):.2f} s"

    def megabytes(kilobytes):
        return f"{kilobytes / 1024:.1f} MB"

    def percent(value):
        return "–" if value is None else f"{value} %"

    rows = [
        row("states", lambda side: f"{side[0]['states']}"),
        row("rules", lambda side: f"{side[0]['rules']}"),
        row("jobs", lambda side: f"{side[0]['jobs']}"),
        row(f"wall, median of {rounds}", lambda side: f"{median([r['wall'] for r in side]):.2f} s"),
        row("wall, fastest–slowest", spread),
        row("audit's own time (closing line), median", lambda side: f"{median([r['auditSeconds'] for r in side]):.2f} s"),
        row("CPU (user + system), median", lambda side: f"{median([r['cpu'] for r in side]):.2f} s"),
        row("states/s (median wall)", lambda side: f"{side[0]['states'] / median([r['wall'] for r in side]):.0f}"),
        row("peak RSS, median", lambda side: megabytes(median([r['rssKilobytes'] for r in side]))),
    ]
    blocks = [name for name in runs["new"][0]["blocks"] if name in runs["old"][0]["blocks"]]
    for name in blocks:
        rows.append(row(f"{name}: wall, median", lambda side, name=name:
                        f"{median([r['blocks'][name]['seconds'] for r in side]):.2f} s"))
        rows.append(row(f"{name}: memo hits, units / documents", lambda side, name=name:
                        f"{percent(side[-1]['blocks'][name]['units'])} / {percent(side[-1]['blocks'][name]['documents'])}"))
        rows.append(row(f"{name}: failing rules", lambda side, name=name: f"{side[-1]['blocks'][name]['failing']}"))
    print_rows(rows, names, report)
    only = [(side, name) for side, other in (("old", "new"), ("new", "old"))
            for name in runs[side][0]["blocks"] if name not in runs[other][0]["blocks"]]
    for side, name in only:
        report(f"  {name}: audited by the {side} binary only")
    for name in blocks:
        old_block, new_block = runs["old"][0]["blocks"][name], runs["new"][0]["blocks"][name]
        if old_block["states"] != new_block["states"]:
            report(f"  {name}: {old_block['states']} states in the old, {new_block['states']} in the new")
    ratio = walls[1] / walls[0] if walls[0] > 0 else float("inf")
    verdict = f"within {budget:g}×" if ratio <= budget else f"OVER {budget:g}×"
    cpus = [median([r["cpu"] for r in side]) for side in sides]
    report(f"  new/old wall time: {ratio:.2f}× (median of {rounds} each, ABBA order): {verdict}")
    states = [sides[0][0]["states"], sides[1][0]["states"]]
    if walls[0] > 0 and walls[1] > 0 and states[0] > 0:
        speed = (states[1] / walls[1]) / (states[0] / walls[0])
        report(f"  new/old states per second: {speed:.2f}× over a space {states[1] / states[0]:.1f}× as large"
               f" (goal: 4× over a space at least 4× as large): {'met' if speed >= 4 and states[1] >= 4 * states[0] else 'NOT met'}")
    if cpus[0] > 0:
        report(f"  new/old CPU time: {cpus[1] / cpus[0]:.2f}× (steadier than wall time when the machine is busy)")
    return ratio
