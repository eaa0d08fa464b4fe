#!/usr/bin/env python3
"""Reads an a11y-audit JUnit report with the readers CI pipelines use, and fails if one
rejects it or reads it wrong.

    scripts/check-junit.py REPORT.xml

- Apache Ant's strict JUnit.xsd and Jenkins' junit-10.xsd (Tests/ReaderSchemas) accept it;
- xunitparser parses it (it asserts that property names never repeat, across suites too);
- junitparser's `merge` keeps every suite's time, and none is 0 when its cases took time;
- junit2html writes a page and the `--report-matrix` summary (it divides by class times).

Needs lxml, xunitparser, junitparser and junit2html:
    pip install --break-system-packages lxml xunitparser junitparser junit2html
Exit 0 when every reader accepts the report, 1 when one does not, 2 on bad arguments.
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = os.path.join(HERE, "..", "Tests", "ReaderSchemas")


def schemas(path, problems):
    from lxml import etree
    document = etree.parse(path)
    for name in ("JUnit.xsd", "junit-10.xsd"):
        schema = etree.XMLSchema(etree.parse(os.path.join(SCHEMAS, name)))
        if not schema.validate(document):
            problems.append(f"{name} rejects it: {schema.error_log.last_error}")


def xunitparser_reads(path, problems):
    import xunitparser
    try:
        suite, result = xunitparser.parse(open(path, encoding="utf-8"))
    except AssertionError as error:
        problems.append(f"xunitparser rejects it (AssertionError {error})")
        return
    if result.testsRun == 0:
        problems.append("xunitparser read no cases")


def junitparser_merges(path, problems):
    from junitparser import JUnitXml
    with tempfile.TemporaryDirectory() as directory:
        merged = os.path.join(directory, "merged.xml")
        run = subprocess.run([sys.executable, "-m", "junitparser", "merge", path, merged],
                             capture_output=True, text=True)
        if run.returncode != 0:
            problems.append(f"junitparser merge exited {run.returncode}: {run.stderr.strip()}")
            return
        original = {suite.name: suite.time for suite in JUnitXml.fromfile(path)}
        for suite in JUnitXml.fromfile(merged):
            cases = sum(case.time or 0 for case in suite)
            if cases > 0 and not suite.time:
                problems.append(f"junitparser merge set the time of suite {suite.name} to 0")
            elif abs((suite.time or 0) - original.get(suite.name, 0)) > 0.002:
                problems.append(f"junitparser merge changed the time of {suite.name}: {original.get(suite.name)} → {suite.time}")


def junit2html_writes(path, problems):
    with tempfile.TemporaryDirectory() as directory:
        page = os.path.join(directory, "report.html")
        for arguments in ([path, page], ["--report-matrix", page, path]):
            run = subprocess.run([sys.executable, "-m", "junit2htmlreport"] + arguments, capture_output=True, text=True)
            if run.returncode != 0 or not os.path.getsize(page):
                last = (run.stderr.strip().splitlines() or ["no page"])[-1]
                problems.append(f"junit2html {' '.join(arguments[:-2] or arguments[:1])} failed: {last}")


def main():
    if len(sys.argv) != 2 or not os.path.isfile(sys.argv[1]):
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 2
    path = sys.argv[1]
    problems = []
    for check in (schemas, xunitparser_reads, junitparser_merges, junit2html_writes):
        check(path, problems)
    for problem in problems:
        print(f"check-junit: FAIL: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"check-junit: OK: {path} is accepted by JUnit.xsd, junit-10.xsd, xunitparser, junitparser merge and junit2html --report-matrix")
    return 0


if __name__ == "__main__":
    sys.exit(main())
