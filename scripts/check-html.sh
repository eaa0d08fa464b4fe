#!/usr/bin/env bash
# Renders an a11y-audit HTML report in headless Chromium and checks what the browser made of
# it: the page loads without console messages (it has no script, so any is an error), the
# DOM has the report's sections, one drawing per state figure and the failing hit regions,
# nothing is fetched from outside, and a screenshot is taken for a person to look at.
#
#   scripts/check-html.sh REPORT_DIR_OR_INDEX_HTML [SCREENSHOT.png]
#
# Exit 0 when the page passes, 1 when a check fails, 2 when Chromium is missing or the
# arguments are wrong. CHROMIUM names the browser binary (default: chromium).
set -uo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 REPORT_DIR_OR_INDEX_HTML [SCREENSHOT.png]" >&2
  exit 2
fi
page=$1
[ -d "$page" ] && page="$page/index.html"
if [ ! -f "$page" ]; then
  echo "check-html: no page at $page" >&2
  exit 2
fi
page=$(cd "$(dirname "$page")" && pwd)/$(basename "$page")
screenshot=${2:-${page%.html}.png}
case "$screenshot" in /*) ;; *) screenshot=$PWD/$screenshot ;; esac
browser=${CHROMIUM:-chromium}
if ! command -v "$browser" >/dev/null 2>&1; then
  echo "check-html: $browser is not installed (Debian: apt-get install chromium)" >&2
  exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
url="file://$page"
flags=(--headless --disable-gpu --no-sandbox --no-first-run --disable-extensions --hide-scrollbars
       --user-data-dir="$work/profile" --enable-logging=stderr --v=0)

failures=0
fail() { echo "check-html: FAIL: $*" >&2; failures=$((failures + 1)); }

# The DOM as the browser built it, and what it logged while loading the page.
timeout 120 "$browser" "${flags[@]}" --virtual-time-budget=5000 --dump-dom "$url" >"$work/dom.html" 2>"$work/dom.log"
status=$?
[ $status -eq 0 ] || fail "chromium exited $status while loading the page"
[ -s "$work/dom.html" ] || fail "chromium dumped no DOM"

# A screenshot of the top of the page: the overview and the first failing rules.
timeout 120 "$browser" "${flags[@]}" --window-size=1280,2200 --screenshot="$screenshot" "$url" \
  >"$work/shot.out" 2>"$work/shot.log"
status=$?
[ $status -eq 0 ] || fail "chromium exited $status while taking the screenshot"
if [ ! -s "$screenshot" ]; then
  fail "no screenshot at $screenshot"
elif [ "$(head -c 8 "$screenshot" | od -An -tx1 | tr -d ' \n')" != "89504e470d0a1a0a" ]; then
  fail "$screenshot is not a PNG"
fi

# Console output of any kind, uncaught errors, and resources that failed to load.
if grep -hE ':CONSOLE[:(]|Uncaught|ERROR:CONSOLE|net::ERR_' "$work/dom.log" "$work/shot.log" >"$work/console.txt"; then
  fail "the browser logged console messages or failed loads:"
  sed 's/^/  /' "$work/console.txt" >&2
fi

dom=$work/dom.html
count() { grep -o -- "$1" "$dom" | wc -l | tr -d ' '; }
expect() { # pattern, what it means
  grep -q -- "$1" "$dom" || fail "the DOM lacks $2 ($1)"
}
expect '<h1>Accessibility audit</h1>' "the page heading"
expect 'id="overview"' "the overview section"
expect '<table class="blocks">' "the overview table"
expect '<section class="block"' "a block section"
expect '<table class="rules">' "a rule table"

# A state figure is "state", or "state boundary" for one at the edge of a failure's condition.
figures=$(count '<figure class="state[ "]')
drawings=$(grep -o '<svg[^>]*class="state-drawing" role="img" viewBox' "$dom" | wc -l | tr -d ' ')
failures_shown=$(count '<article class="failure')
if [ "$failures_shown" -gt 0 ]; then
  [ "$figures" -gt 0 ] || fail "failing rules are shown without any state figure"
  [ "$drawings" -eq "$figures" ] || fail "$figures state figures but $drawings drawings"
  expect 'class="hit failing"' "a failing hit region"
  expect 'class="hit-size"' "the size label of a failing hit region"
  expect '<ol class="transcript">' "a VoiceOver transcript"
  expect '<p class="summary">' "a failure summary"
fi

# Self-contained: nothing to fetch, no script.
if grep -qiE '<script|<link |<iframe|<img |src="|url\(|href="(https?:)?//' "$dom"; then
  fail "the page refers to outside resources or scripts:"
  grep -oiE '<script[^>]*>|<link [^>]*>|<iframe[^>]*>|<img [^>]*>|src="[^"]*"|url\([^)]*\)|href="(https?:)?//[^"]*"' "$dom" | head -5 | sed 's/^/  /' >&2
fi

if [ $failures -gt 0 ]; then
  echo "check-html: $failures checks failed for $page" >&2
  exit 1
fi
echo "check-html: OK: $page rendered with $failures_shown failing rules, $figures state drawings, no console messages; screenshot $screenshot"
