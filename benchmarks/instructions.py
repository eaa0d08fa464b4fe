"""Section 8 of the benchmark: instructions executed on fixed samples, this commit against an older one.

Wall and CPU time move with whatever else the host runs: on a shared 2-core machine the
older commit's own full audit has taken anywhere from 5.3 to 12.6 s within one day. The
number of instructions a process executes does not: under valgrind's callgrind, with
Swift's hashing made deterministic (SWIFT_DETERMINISTIC_HASHING=1), the same binary on the
same sample executes the same instructions to within a thousandth. So each sample is
audited once by each binary, on one job, and what is compared is states per billion
instructions beyond a pinned audit of one state (below). It leaves out what instructions
cannot show (cache misses, the second core), which section 7 measures; it is how a change
is judged on a machine whose clock is noisy.

Each binary runs in an empty directory, as in section 7, so each reads the rules it was
built with. Both run at once, one per core: callgrind counts each process's own
instructions, whatever runs beside it.
"""

import os
import re
import shutil
import subprocess

from side_by_side import BLOCK_LINE, count

# Fixed samples, in dimensions both commits have (the newer adds appearance and contrast,
# which multiply its states by four), each with the values that pin it to one state of
# those dimensions. A process spends 0.24 to 0.49 billion instructions on loading and
# compiling its rules and on its first state, up to half of a small sample; the pinned
# audit measures that, and the table compares what the sample costs beyond it.
SAMPLES = [
    ("ScopeHeader", ["scope=for-you", "chips=sample", "width=393"],
     ["on=none", "count=auto", "stuck=no", "onFilters=set", "size=L", "motion=full", "direction=ltr"]),
    ("TopTabs", ["tabs=reading", "width=393", "size=L"],
     ["sizing=scroll", "selection=top", "drag=none", "motion=full", "direction=ltr"]),
    ("ScrollingTabStrip", ["width=393"], ["selection=for-you", "size=L", "motion=full", "direction=ltr"]),
]

SUMMARY = re.compile(r"^summary: (\d+)$", re.MULTILINE)


def available():
    """Whether valgrind is installed (apt-get install valgrind)."""
    return shutil.which("valgrind") is not None


def start(tool, directory, label, block, where):
    """Starts one audit of a sample under callgrind; returns the process and its files."""
    out = os.path.join(directory, label + ".callgrind")
    console = open(os.path.join(directory, label + ".console"), "w+", encoding="utf-8")
    environment = {key: value for key, value in os.environ.items() if key not in ("A11Y_AUDIT_SPECS", "CI")}
    environment["CI"] = "1"
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", tool, "audit", "--block", block,
               "--jobs", "1", "--junit", os.path.join(directory, label + ".xml")]
    for pair in where:
        command += ["--where", pair]
    process = subprocess.Popen(command, stdout=console, stderr=console, cwd=directory, env=environment)
    return process, out, console


def finish(process, out, console, tool):
    """The sample's states (the console's block line) and instructions (callgrind's summary)."""
    process.wait()
    console.seek(0)
    text = console.read()
    console.close()
    if process.returncode not in (0, 1):
        raise SystemExit(f"a11y-audit under callgrind failed ({process.returncode}): {tool}\n{text[-2000:]}")
    block = BLOCK_LINE.search(text)
    with open(out, encoding="utf-8", errors="replace") as file:
        summary = SUMMARY.search(file.read())
    if not block or not summary:
        raise SystemExit(f"no block line or no callgrind summary for {tool}:\n{text[-2000:]}")
    return count(block.group(2)), int(summary.group(1))


def run(old_tool, new_tool, old_name, new_name, directory, report, print_rows):
    """Audits each sample with both binaries under callgrind and prints the table."""
    rows = []
    ratios = []
    tools = (("old", old_tool), ("new", new_tool))
    for index, (block, where, pins) in enumerate(SAMPLES):
        results = {}
        for part, pairs in (("sample", where), ("pinned", where + pins)):
            started = {side: start(tool, directory, f"instructions-{side}-{index}-{part}", block, pairs)
                       for side, tool in tools}
            results[part] = {side: finish(*started[side], tool) for side, tool in tools}
        sample = f"{block} {' '.join(where)}"
        states = {side: results["sample"][side][0] - results["pinned"][side][0] for side, _ in tools}
        counts = {side: results["sample"][side][1] - results["pinned"][side][1] for side, _ in tools}
        rows.append((f"{sample}: states", [f"{results['sample'][side][0]}" for side, _ in tools]))
        rows.append((f"{sample}: instructions", [f"{results['sample'][side][1] / 1e9:.3f} G" for side, _ in tools]))
        rows.append((f"  pinned to {results['pinned']['old'][0]} and {results['pinned']['new'][0]} states",
                     [f"{results['pinned'][side][1] / 1e9:.3f} G" for side, _ in tools]))
        rows.append(("  beyond the pinned audit, per state",
                     [f"{counts[side] / max(1, states[side]) / 1e3:.0f} k" for side, _ in tools]))
        ratio = (states["new"] / counts["new"]) / (states["old"] / counts["old"])
        ratios.append((sample, ratio, results["sample"]["new"][0] / results["sample"]["old"][0]))
    print_rows(rows, [f"{old_name} (old)", f"{new_name} (new)"], report)
    for sample, ratio, scale in ratios:
        report(f"  {sample}: new/old states per instruction beyond the pinned audit {ratio:.2f}×"
               f" over {scale:.0f}× the states")
    return ratios
