"""Runs a11y-audit for the benchmark and reads back what it measured.

Each audit writes its figures with the hidden `--stats FILE` (JSON) and, when asked, every
failure with `--findings FILE` (one JSON object a line). Peak memory comes from
`/usr/bin/time -v` ("Maximum resident set size") when it is installed, else from the
audit's own getrusage figure, which is the same number.
"""

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def where_arguments(where):
    return [word for pair in where for word in ("--where", pair)]


def read_findings(path):
    """Findings as (rule, state, subject, message) tuples, in the order they were logged."""
    with open(path, encoding="utf-8") as lines:
        return [tuple(record[key] for key in ("rule", "state", "subject", "message"))
                for record in map(json.loads, lines)]


def audit(tool, directory, label, arguments, findings=False):
    """Runs `a11y-audit audit ARGUMENTS --fail-on never` and returns its statistics, with
    `processWallSeconds`, `peakRSSKilobytes` and, when asked, `findings`."""
    base = os.path.join(directory, label)
    command = [tool, "audit", "--fail-on", "never", "--junit", base + ".xml", "--stats", base + ".json"] + arguments
    if findings:
        command += ["--findings", base + ".findings"]
    if TIME:
        command = [TIME, "-v", "-o", base + ".time"] + command
    started = time.perf_counter()
    run = subprocess.run(command, capture_output=True, cwd=ROOT, text=True)
    elapsed = time.perf_counter() - started
    if run.returncode != 0:
        raise SystemExit(f"a11y-audit failed ({run.returncode}): {' '.join(command)}\n{run.stderr}")
    with open(base + ".json", encoding="utf-8") as file:
        statistics = json.load(file)
    statistics["processWallSeconds"] = elapsed
    statistics["peakRSSKilobytes"] = statistics["peakResidentKilobytes"]
    if TIME:
        with open(base + ".time", encoding="utf-8") as file:
            match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", file.read())
        if match:
            statistics["peakRSSKilobytes"] = int(match.group(1))
    statistics["console"] = run.stdout + run.stderr
    if findings:
        statistics["findings"] = read_findings(base + ".findings")
    return statistics


def export(tool, block, where):
    """The serialised state documents `a11y-audit tree` prints, one bytes object each."""
    output = subprocess.run([tool, "tree", block] + where_arguments(where), check=True, capture_output=True,
                            cwd=ROOT).stdout
    return [b"<?xml " + chunk for chunk in output.split(b"<?xml ") if chunk.strip()]


def block_sizes(tool):
    """Each built-in block's number of states, from `a11y-audit blocks`."""
    listing = subprocess.run([tool, "blocks"], check=True, capture_output=True, text=True, cwd=ROOT).stdout
    return {fields[0]: int(fields[1].split()[0].replace(",", ""))
            for fields in (line.split("\t") for line in listing.splitlines() if "\t" in line and not line.startswith(" "))}


def git_revision():
    if not shutil.which("git"):
        return "unknown"
    def git(*arguments):
        return subprocess.run(["git", *arguments], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    revision = git("rev-parse", "--short", "HEAD") or "unknown"
    return revision + (" with local changes" if git("status", "--porcelain", "--untracked-files=no") else "")
