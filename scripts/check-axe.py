#!/usr/bin/env python3
"""Runs axe-core on an a11y-audit HTML report in headless Chromium and fails on any
violation, best-practice rules included.

    scripts/check-axe.py REPORT_DIR_OR_INDEX_HTML [WIDTH]

A copy of the page gets axe.min.js (from the axe-core-python package, which vendors it)
and a few lines that run axe once the page has loaded and write the results into the DOM;
Chromium's --dump-dom prints them. The report itself stays script-free. WIDTH (default
1280) is the window width in CSS pixels, 390 for a phone. Exit 0 with no violation, 1 with
any, 2 when Chromium or axe-core-python is missing.
    pip install --break-system-packages axe-core-python; apt-get install chromium
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

RUNNER = """
<script>%s</script>
<script>
axe.run(document, {resultTypes: ["violations"]}).then(function (results) {
  var out = document.createElement("pre");
  out.id = "axe-results";
  out.textContent = JSON.stringify(results.violations.map(function (v) {
    return {id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(" ") + ": " + n.failureSummary; })};
  }));
  document.body.appendChild(out);
});
</script>
"""


def main():
    if len(sys.argv) not in (2, 3):
        print("usage: check-axe.py REPORT_DIR_OR_INDEX_HTML [WIDTH]", file=sys.stderr)
        return 2
    page = sys.argv[1]
    if os.path.isdir(page):
        page = os.path.join(page, "index.html")
    width = int(sys.argv[2]) if len(sys.argv) == 3 else 1280
    browser = os.environ.get("CHROMIUM", "chromium")
    if not shutil.which(browser):
        print(f"check-axe: {browser} is not installed", file=sys.stderr)
        return 2
    try:
        import axe_core_python
    except ImportError:
        print("check-axe: axe-core-python is not installed", file=sys.stderr)
        return 2
    axe = open(os.path.join(os.path.dirname(axe_core_python.__file__), "axe.min.js"), encoding="utf-8").read()
    text = open(page, encoding="utf-8").read()
    with tempfile.TemporaryDirectory() as work:
        copy = os.path.join(work, "index.html")
        with open(copy, "w", encoding="utf-8") as out:
            out.write(text.replace("</body>", RUNNER % axe.replace("</script", "<\\/script") + "</body>"))
        run = subprocess.run([browser, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
                              f"--user-data-dir={work}/profile", f"--window-size={width},900",
                              "--virtual-time-budget=30000", "--dump-dom", "file://" + copy],
                             capture_output=True, text=True, timeout=300)
    found = re.search(r'<pre id="axe-results">(.*?)</pre>', run.stdout, re.S)
    if not found:
        print(f"check-axe: axe-core did not report (chromium exited {run.returncode})", file=sys.stderr)
        return 1
    violations = json.loads(html.unescape(found.group(1)))
    for violation in violations:
        print(f"check-axe: FAIL: {violation['id']} ({violation['impact']}): {violation['help']}", file=sys.stderr)
        for node in violation["nodes"]:
            print(f"  {node}", file=sys.stderr)
    if violations:
        return 1
    print(f"check-axe: OK: axe-core {axe_core_python.__name__} found no violations in {page} at {width} px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
