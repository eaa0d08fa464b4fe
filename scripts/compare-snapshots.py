#!/usr/bin/env python3
"""Compares every state's document between two a11y-audit binaries.

    scripts/compare-snapshots.py OLD_BIN NEW_BIN [--block NAME]... [--limit N]

For each block both binaries know (`BIN blocks`; or the blocks named with --block), both
binaries' `tree BLOCK` are streamed side by side and compared document by document, keyed
on the state id the root element carries (`<state block="…" id="…">`). Byte-identical
documents are identical; any other pair is parsed and compared element by element and
attribute by attribute (attribute order and whitespace between elements do not count).

When a block's state space is the same in both (the same dimensions and values, as
`blocks` lists them) its states come in the same order, and the two streams are compared
pair by pair with nothing kept. When the spaces differ, the dimensions that differ and the
states only one side has are reported, and the common states are compared: still pair by
pair when both list them in the same order, else by digest (sha1 of each document's
canonical form, one dict of state id → digest), the differing states then read again for
their details.

Per block it prints the states compared, identical and differing, then the differences
summed up at attribute level: for each (element path, attribute), the number of states in
which it differs and up to three examples `state-id: old → new`, and the elements only one
side has. `--limit N` compares only a block's first N states (a quick look).

Exits 0 when every compared document is identical, 1 when any differs (or the state spaces
differ), 2 when a binary fails or the arguments are wrong. Standard library only.
"""

import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

CHUNK = 1 << 20
DECLARATION = b"<?xml "
ROOT_ID = re.compile(rb'<state\b[^>]*?\sid="([^"]*)"')
ENTITIES = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'"), ("&#10;", "\n"), ("&#9;", "\t"),
            ("&#13;", "\r"), ("&amp;", "&")]
EXAMPLES = 3
DETAIL_STATES = 2000  # digest mode: differing states read again for their details


class ToolError(Exception):
    pass


def unescape(text):
    for entity, character in ENTITIES:
        text = text.replace(entity, character)
    return text


class Binary:
    """One a11y-audit binary, run from a neutral directory, so that it reads the specs it
    was built with (it looks in the current directory first) and nothing of this checkout."""

    def __init__(self, path, label, directory):
        self.path = os.path.abspath(path)
        self.label = label
        self.directory = directory
        self.environment = {key: value for key, value in os.environ.items() if key != "A11Y_AUDIT_SPECS"}
        if not os.access(self.path, os.X_OK):
            raise ToolError(f"{path} is not an executable")

    def run(self, *arguments):
        run = subprocess.run([self.path, *arguments], capture_output=True, text=True, cwd=self.directory,
                             env=self.environment)
        if run.returncode != 0:
            raise ToolError(f"{self.label} binary: `{' '.join(arguments)}` exited {run.returncode}: {run.stderr.strip()}")
        return run.stdout

    def blocks(self):
        """{block: [(dimension, [values])]}, in the order `blocks` lists them."""
        blocks, current = {}, None
        for line in self.run("blocks").splitlines():
            if line.startswith("  ") and current is not None and ":" in line:
                name, values = line.strip().split(":", 1)
                blocks[current].append((name, values.split()))
            elif "\t" in line:
                current = line.split("\t", 1)[0]
                blocks[current] = []
        return blocks

    def state_ids(self, block):
        return self.run("states", block).splitlines()

    def documents(self, block, limit=None):
        """(state id, document bytes) for each state of `tree BLOCK`, streamed."""
        with tempfile.TemporaryFile() as errors:
            process = subprocess.Popen([self.path, "tree", block], stdout=subprocess.PIPE, stderr=errors,
                                       cwd=self.directory, env=self.environment)
            count, finished = 0, False
            try:
                pending = b""
                while True:
                    chunk = process.stdout.read(CHUNK)
                    if not chunk:
                        break
                    pending += chunk
                    parts = pending.split(DECLARATION)
                    pending = parts.pop()
                    for part in parts:
                        if part.strip():
                            yield self.document(block, DECLARATION + part)
                            count += 1
                            if limit is not None and count >= limit:
                                return
                if pending.strip():
                    yield self.document(block, pending if pending.startswith(DECLARATION) else DECLARATION + pending)
                finished = True
            finally:
                if not finished:
                    process.kill()
                process.stdout.close()
                code = process.wait()
                if finished and code != 0:
                    errors.seek(0)
                    message = errors.read().decode("utf-8", "replace").strip()
                    raise ToolError(f"{self.label} binary: `tree {block}` exited {code}: {message}")

    def document(self, block, data):
        match = ROOT_ID.search(data, 0, 4096)
        if not match:
            raise ToolError(f"{self.label} binary: a document of {block} has no <state id=…>: {data[:200]!r}")
        return unescape(match.group(1).decode("utf-8")), data


# Comparing two documents.

def child_key(element):
    """What tells an element apart from its siblings of the same name: its id, else its
    name, else its action and target (a transition), else its subject and kind (a motion)."""
    attributes = element.attrib
    value = attributes.get("id")
    if value is not None:
        return f"{element.tag}[@id='{value}']"
    value = attributes.get("name")
    if value is not None:
        return f"{element.tag}[@name='{value}']"
    if "action" in attributes and "target" in attributes:
        return f"{element.tag}[@action='{attributes['action']}'][@target='{attributes['target']}']"
    if "subject" in attributes and "kind" in attributes:
        return f"{element.tag}[@subject='{attributes['subject']}'][@kind='{attributes['kind']}']"
    return element.tag


def flatten(element, path, elements):
    """Adds {path: (attributes, text)} for `element` and everything in it to `elements`."""
    text = element.text
    elements[path] = (element.attrib, text.strip() if text else "")
    if len(element):
        seen = {}
        for child in element:
            key = child_key(child)
            count = seen[key] = seen.get(key, 0) + 1
            flatten(child, f"{path}/{key}[{count}]" if count > 1 else f"{path}/{key}", elements)
    return elements


ROOT_TAG = re.compile(rb'<state\b(?:[^>"]|"[^"]*")*>')
CHILD = b"\n  <"
SEGMENTS = {}  # a child of the root, as written → (its key, its flattened elements)


def segment(data):
    known = SEGMENTS.get(data)
    if known is None:
        if len(SEGMENTS) > 100_000:
            SEGMENTS.clear()
        element = ET.fromstring(data)
        known = SEGMENTS[data] = (child_key(element), flatten(element, "", {}))
    return known


def children(data):
    """A document as its root's attributes and {key: (bytes, flattened elements)} for each
    child of the root. The tool writes one child a line at two spaces of indentation, so
    children are cut apart as bytes, and a child met before (most are) is not parsed again;
    a document written otherwise is parsed whole."""
    root = ROOT_TAG.search(data)
    try:
        if root is None:
            raise ValueError("no root")
        attributes = ET.fromstring(root.group(0)[:-1].rstrip(b"/") + b"/>").attrib
        parts = []
        if not root.group(0).endswith(b"/>"):
            body = data[root.end():]
            body = body[:body.rindex(b"</state>")]
            pieces = body.split(CHILD)
            if pieces[0].strip():
                raise ValueError("text before the first child")
            parts = [segment(b"<" + piece.rstrip()) for piece in pieces[1:]]
    except (ValueError, ET.ParseError):
        root = ET.fromstring(data)
        attributes = root.attrib
        parts = []
        for child in root:
            parts.append((child_key(child), flatten(child, "", {})))
    keyed, seen = {}, {}
    for key, elements in parts:
        seen[key] = seen.get(key, 0) + 1
        keyed[key + (f"[{seen[key]}]" if seen[key] > 1 else "")] = elements
    return attributes, keyed


def canonical_digest(data):
    """sha1 of a document's canonical form: elements in order, attributes sorted, text stripped."""
    digest = hashlib.sha1()

    def visit(element):
        digest.update(element.tag.encode())
        for name in sorted(element.attrib):
            digest.update(b"\0" + name.encode() + b"=" + element.attrib[name].encode())
        digest.update(b"\1" + (element.text or "").strip().encode() + b"\2")
        for child in element:
            visit(child)
        digest.update(b"\3")

    visit(ET.fromstring(data))
    return digest.hexdigest()


def shorten(value, width=70):
    if value is None:
        return "(absent)"
    text = repr(value) if value == "" or value != value.strip() else value
    return text if len(text) <= width else text[:width - 1] + "…"


class Differences:
    """The differences of one block, summed up by (path, attribute)."""

    def __init__(self):
        self.compared = self.identical = self.formatting = 0
        self.differing = 0
        self.attributes = {}   # (path, attribute) → [states, examples]
        self.presence = {}     # (path, side) → [states, examples]

    def note(self, table, key, example):
        entry = table.setdefault(key, [0, []])
        entry[0] += 1
        if len(entry[1]) < EXAMPLES:
            entry[1].append(example)

    def compare(self, state, old, new):
        """Compares two documents of `state`; True when they are the same."""
        self.compared += 1
        if old == new:
            self.identical += 1
            return True
        differences = self.details(state, old, new)
        if differences:
            self.differing += 1
            return False
        self.identical += 1
        self.formatting += 1
        return True

    def details(self, state, old, new):
        """Notes what differs between two documents of `state`; returns how many differences."""
        old_attributes, old_children = children(old)
        new_attributes, new_children = children(new)
        found = self.compare_elements(state, {"state": (old_attributes, "")}, {"state": (new_attributes, "")})
        for key, elements in old_children.items():
            other = new_children.get(key)
            if other is None:
                self.note(self.presence, (f"state/{key}", "old"), state)
                found += 1
            elif other is not elements:
                found += self.compare_elements(state, elements, other, prefix=f"state/{key}")
        for key in new_children:
            if key not in old_children:
                self.note(self.presence, (f"state/{key}", "new"), state)
                found += 1
        return found

    def compare_elements(self, state, old_elements, new_elements, prefix=""):
        found = 0
        for path, (attributes, text) in old_elements.items():
            other = new_elements.get(path)
            if other is None:
                self.note(self.presence, (prefix + path, "old"), state)
                found += 1
                continue
            other_attributes, other_text = other
            if other_attributes == attributes and other_text == text:
                continue
            for name in sorted(set(attributes) | set(other_attributes)):
                before, after = attributes.get(name), other_attributes.get(name)
                if before != after:
                    self.note(self.attributes, (prefix + path, name), f"{state}: {shorten(before)} → {shorten(after)}")
                    found += 1
            if text != other_text:
                self.note(self.attributes, (prefix + path, "#text"), f"{state}: {shorten(text)} → {shorten(other_text)}")
                found += 1
        for path in new_elements:
            if path not in old_elements:
                self.note(self.presence, (prefix + path, "new"), state)
                found += 1
        return found

    def print(self, report, indent="  "):
        for (path, name), (count, examples) in sorted(self.attributes.items(), key=lambda item: (-item[1][0], item[0])):
            report(f"{indent}{path} @{name}: differs in {count} states")
            for example in examples:
                report(f"{indent}    {example}")
        for (path, side), (count, examples) in sorted(self.presence.items(), key=lambda item: (-item[1][0], item[0])):
            report(f"{indent}{path}: only in the {side} binary's documents, in {count} states")
            for example in examples:
                report(f"{indent}    {example}")


# Per block.

def compare_in_order(old_documents, new_documents, differences, keep=None):
    """Compares two streams pair by pair; returns None, or the position where their state
    ids stop agreeing (then the streams are not in the same order). `keep` filters ids."""
    old_documents = iter(old_documents)
    new_documents = iter(new_documents)
    position = 0
    while True:
        old = next(old_documents, None)
        while old is not None and keep is not None and old[0] not in keep:
            old = next(old_documents, None)
        new = next(new_documents, None)
        while new is not None and keep is not None and new[0] not in keep:
            new = next(new_documents, None)
        if old is None and new is None:
            return None
        if old is None or new is None or old[0] != new[0]:
            return (position, old and old[0], new and new[0])
        differences.compare(old[0], old[1], new[1])
        position += 1


def compare_by_digest(old_binary, new_binary, block, common, differences, limit, report):
    """Common states in different orders: a dict of id → digest of the old documents, the
    new ones checked against it, then the first differing states read again for details."""
    digests = {}
    for state, data in old_binary.documents(block, limit):
        if state in common:
            digests[state] = canonical_digest(data)
    differing, kept = set(), {}
    for state, data in new_binary.documents(block, limit):
        if state not in digests:
            continue
        differences.compared += 1
        if canonical_digest(data) == digests[state]:
            differences.identical += 1
            continue
        differences.differing += 1
        differing.add(state)
        if len(kept) < DETAIL_STATES:
            kept[state] = data
    del digests
    if kept:
        if differences.differing > len(kept):
            report(f"  details from the first {len(kept)} of {differences.differing} differing states:")
        for state, data in old_binary.documents(block, limit):
            if state in kept:
                differences.details(state, data, kept.pop(state))
                if not kept:
                    break


def compare_block(old_binary, new_binary, block, old_space, new_space, limit, report):
    """Prints one block's comparison; returns True when its documents are all identical."""
    report(f"{block}:")
    started = time.perf_counter()
    differences = Differences()
    same_space = old_space == new_space
    if not same_space:
        old_dimensions, new_dimensions = dict(old_space), dict(new_space)
        report("  the state spaces differ:")
        if [name for name, _ in old_space] != [name for name, _ in new_space]:
            report(f"    dimensions, old: {' '.join(name for name, _ in old_space)}")
            report(f"    dimensions, new: {' '.join(name for name, _ in new_space)}")
        for name in old_dimensions.keys() & new_dimensions.keys():
            if old_dimensions[name] != new_dimensions[name]:
                removed = [value for value in old_dimensions[name] if value not in new_dimensions[name]]
                added = [value for value in new_dimensions[name] if value not in old_dimensions[name]]
                report(f"    {name}: " + (f"only old: {' '.join(removed)}" if removed else "")
                       + ("; " if removed and added else "") + (f"only new: {' '.join(added)}" if added else "")
                       + ("" if removed or added else "the same values in another order"))
        old_ids, new_ids = old_binary.state_ids(block), new_binary.state_ids(block)
        if limit is not None:
            old_ids, new_ids = old_ids[:limit], new_ids[:limit]
        common = set(old_ids) & set(new_ids)
        report(f"    states: {len(old_ids)} old, {len(new_ids)} new, {len(common)} in common; "
               f"{len(old_ids) - len(common)} only old, {len(new_ids) - len(common)} only new")
        for side, ids in (("old", old_ids), ("new", new_ids)):
            only = [state for state in ids if state not in common][:EXAMPLES]
            for state in only:
                report(f"      only {side}: {state}")
        same_order = [state for state in old_ids if state in common] == [state for state in new_ids if state in common]
        del old_ids, new_ids
        if same_order:
            report("    the common states come in the same order: compared pair by pair")
            mismatch = compare_in_order(old_binary.documents(block, limit), new_binary.documents(block, limit),
                                        differences, keep=common)
            if mismatch:
                raise ToolError(f"{block}: `tree` lists the states in another order than `states` ({mismatch})")
        else:
            report("    the common states come in another order: compared by digest")
            compare_by_digest(old_binary, new_binary, block, common, differences, limit, report)
    else:
        mismatch = compare_in_order(old_binary.documents(block, limit), new_binary.documents(block, limit),
                                    differences)
        if mismatch:
            position, old_id, new_id = mismatch
            report(f"  the states come in another order from state {position + 1} (old {old_id}, new {new_id}): "
                   "comparing by digest")
            differences = Differences()
            old_ids = set(old_binary.state_ids(block)[:limit] if limit else old_binary.state_ids(block))
            new_ids = set(new_binary.state_ids(block)[:limit] if limit else new_binary.state_ids(block))
            compare_by_digest(old_binary, new_binary, block, old_ids & new_ids, differences, limit, report)
            same_space = len(old_ids) == len(new_ids) == len(old_ids & new_ids)

    formatting = f" ({differences.formatting} only in formatting)" if differences.formatting else ""
    report(f"  {differences.compared} states compared: {differences.identical} identical{formatting}, "
           f"{differences.differing} differing ({time.perf_counter() - started:.1f} s)")
    differences.print(report, indent="    ")
    return same_space and differences.differing == 0, differences


def main():
    parser = argparse.ArgumentParser(
        description="Compare every state's document (`tree BLOCK`) between two a11y-audit binaries.")
    parser.add_argument("old", metavar="OLD_BIN")
    parser.add_argument("new", metavar="NEW_BIN")
    parser.add_argument("--block", action="append", default=[], metavar="NAME",
                        help="compare this block only (repeatable); default: every block both binaries know")
    parser.add_argument("--limit", type=int, metavar="N", help="compare only each block's first N states")
    arguments = parser.parse_args()
    if arguments.limit is not None and arguments.limit < 1:
        parser.error("--limit takes a positive number")
    report = lambda text="": print(text, flush=True)  # noqa: E731

    with tempfile.TemporaryDirectory(prefix="a11y-compare-") as directory:
        try:
            old, new = Binary(arguments.old, "old", directory), Binary(arguments.new, "new", directory)
            old_blocks, new_blocks = old.blocks(), new.blocks()
        except ToolError as error:
            print(f"compare-snapshots: {error}", file=sys.stderr)
            return 2
        report(f"old: {old.path}")
        report(f"new: {new.path}")
        only_old = [name for name in old_blocks if name not in new_blocks]
        only_new = [name for name in new_blocks if name not in old_blocks]
        if only_old or only_new:
            report(f"blocks only the old binary has: {', '.join(only_old) or 'none'}; "
                   f"only the new: {', '.join(only_new) or 'none'}")
        names = [name for name in old_blocks if name in new_blocks]
        if arguments.block:
            unknown = [name for name in arguments.block if name not in names]
            if unknown:
                print(f"compare-snapshots: not a block both binaries know: {', '.join(unknown)} "
                      f"(common blocks: {', '.join(names)})", file=sys.stderr)
                return 2
            names = [name for name in names if name in arguments.block]

        identical = not (only_old or only_new) or bool(arguments.block)
        compared = same = 0
        for name in names:
            try:
                alike, differences = compare_block(old, new, name, old_blocks[name], new_blocks[name],
                                                   arguments.limit, report)
            except ToolError as error:
                print(f"compare-snapshots: {error}", file=sys.stderr)
                return 2
            identical = identical and alike
            compared += differences.compared
            same += differences.identical
        report(f"{len(names)} blocks, {compared} states compared, {same} identical, {compared - same} differing: "
               + ("IDENTICAL" if identical else "DIFFERENT"))
        return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
