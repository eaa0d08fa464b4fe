#!/usr/bin/env bash
# Builds the release a11y-audit of a commit and prints the binary's absolute path.
#
#   scripts/build-commit.sh COMMIT      e.g. scripts/build-commit.sh 1242c1c
#
# The commit's whole source tree is exported (git archive) into
# .build/commits/<full-sha>/ of this checkout and built there with
# `swift build -c release --product a11y-audit`. A full tree is needed, not just the
# binary: a build finds its bundled specs (specs/) through #filePath, relative to its own
# sources, so the folder must stay where it is. A commit built before is reused at once.
# Progress goes to stderr, the binary's path to stdout, so
#
#   old=$(scripts/build-commit.sh 1242c1c) && "$old" blocks
#
# Works from a clean clone (.build is ignored by git). Exits 2 on a bad commit, 1 when
# the build fails.
set -euo pipefail

if [ $# -ne 1 ] || [ -z "$1" ] || [ "${1#-}" != "$1" ]; then
    echo "usage: scripts/build-commit.sh COMMIT" >&2
    exit 2
fi

root=$(cd "$(dirname "$0")/.." && pwd -P)
cd "$root"
if ! sha=$(git rev-parse --verify --quiet "$1^{commit}"); then
    echo "scripts/build-commit.sh: $1 is not a commit of this repository" >&2
    exit 2
fi

commits="$root/.build/commits"
folder="$commits/$sha"
marker="$folder/.build/a11y-audit-built"    # holds the binary's path once a build succeeded

if [ -f "$marker" ] && binary=$(cat "$marker") && [ -x "$binary" ]; then
    echo "scripts/build-commit.sh: ${sha:0:9} already built" >&2
    echo "$binary"
    exit 0
fi

if [ ! -f "$folder/Package.swift" ]; then
    echo "scripts/build-commit.sh: exporting ${sha:0:9} into ${folder#"$root"/}…" >&2
    mkdir -p "$commits"
    scratch=$(mktemp -d "$commits/.export-${sha:0:9}-XXXXXX")
    trap 'rm -rf "$scratch"' EXIT
    git archive --format=tar "$sha" | tar -x -C "$scratch"
    rm -rf "$folder"
    mv "$scratch" "$folder"
    trap - EXIT
fi

echo "scripts/build-commit.sh: building ${sha:0:9} (swift build -c release; this takes minutes)…" >&2
(cd "$folder" && swift build -c release --product a11y-audit >&2) || {
    echo "scripts/build-commit.sh: the build of ${sha:0:9} failed" >&2
    exit 1
}
path=$(cd "$folder" && swift build -c release --show-bin-path)/a11y-audit
if [ ! -x "$path" ]; then
    echo "scripts/build-commit.sh: no binary at $path after the build" >&2
    exit 1
fi
echo "$path" >"$marker"
echo "$path"
