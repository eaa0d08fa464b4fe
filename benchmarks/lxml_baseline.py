#!/usr/bin/env python3
"""The baseline evaluator: the bundled rules, evaluated by lxml over the same state documents.

What a straightforward implementation costs, to measure a11y-audit against. The script

  1. exports each sample's state documents with `a11y-audit tree BLOCK --where ...`,
  2. reads the rule files (specs/rules/*.xml), compiles every context, test and message
     expression ONCE with lxml (etree.XPath), the project's `ax:` functions registered in
     `urn:a11y-audit:xpath` with the semantics of Sources/Auditor/Rules/RuleFunctions.swift,
  3. evaluates every rule that applies to the block on every document: its context from
     the root, each assertion's test on each subject, and the message of each failure,
  4. runs `a11y-audit audit` on the same states (--jobs 1 and 2, with the hidden
     --findings log), and checks that both found exactly the same failures: the same
     (rule, state, subject, message), as many times each.

It prints both throughputs in states per second and their ratio, and exits 1 when the
findings differ. The a11y-audit side is timed over the whole audit (rendering the model,
building documents, evaluating, reporting); the lxml side over evaluation alone (parsing
the exported documents is reported beside it), which flatters the baseline.

Where the bundled rules pass, no message is rendered, so small samples are checked once
more with every assertion negated: every subject then fails every assertion, and both
sides render every message.

usage: benchmarks/lxml_baseline.py [--tool PATH] [--sample BLOCK:DIM=VALUE,DIM=VALUE]...
With no --sample, the samples of benchmarks/samples.py (the benchmark's fixed samples).
"""

import argparse
import collections
import math
import re
import sys
import tempfile
import time
import unicodedata
from decimal import Decimal
from pathlib import Path

try:
    from lxml import etree
except ImportError:  # pragma: no cover - said once, plainly
    sys.exit("lxml_baseline.py needs lxml: pip install -r benchmarks/requirements.txt (or apt-get install python3-lxml)")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
import runner  # noqa: E402
import samples as fixed_samples  # noqa: E402

NAMESPACE = "urn:a11y-audit:xpath"
NAMESPACES = {"ax": NAMESPACE}

# ---------------------------------------------------------------------------
# XPath 1.0 values, converted as Sources/XMLSupport/XPathValue.swift converts them.


def text_of(node):
    """A node's string-value: an attribute's value, an element's descendant text."""
    if isinstance(node, str):
        return str(node)
    return "".join(node.itertext())


def string_value(value):
    if isinstance(value, list):
        return text_of(value[0]) if value else ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return format_number(value)
    return str(value)


def number_value(value):
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, float):
        return value
    return parse_number(string_value(value))


def boolean_value(value):
    if isinstance(value, list):
        return len(value) > 0
    if isinstance(value, bool):
        return value
    if isinstance(value, float):
        return not (math.isnan(value) or value == 0)
    return len(str(value)) > 0


def format_number(value):
    """XPathNumber.format: NaN, Infinity, integers without a point, else plain decimals."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"
    if value == math.trunc(value) and abs(value) < 1e18:
        return str(int(value))
    text = format(Decimal(repr(abs(value))), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return ("-" if value < 0 else "") + text


NUMBER = re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)")


def parse_number(text):
    """XPathNumber.parse: optional space, an optional minus, digits with one optional point."""
    text = text.strip(" \t\n\r")
    return float(text) if NUMBER.fullmatch(text) else math.nan


# ---------------------------------------------------------------------------
# The ax: functions, as RuleFunctions.swift defines them.

ACTIONABLE_TRAITS = ["button", "link", "adjustable", "tab", "searchField", "keyboardKey", "switchButton", "textEntry"]
NOUNS_ENDING_IN_S = {"filters", "articles", "items", "settings", "stories", "news", "tabs", "chips"}


def local_name(node):
    return etree.QName(node).localname


def first_child(node, name, attribute, value):
    for child in node:
        if isinstance(child.tag, str) and child.tag == name and child.get(attribute) == value:
            return child
    return None


def has_token(node, attribute, token):
    value = node.get(attribute)
    return bool(token) and value is not None and token in value.split(" ")


def words(text):
    """Whole words, lower case: runs of letters, digits and hyphens."""
    result, current = [], []
    for character in text.lower():
        if character.isalpha() or character.isnumeric() or character == "-":
            current.append(character)
        elif current:
            result.append("".join(current))
            current = []
    if current:
        result.append("".join(current))
    return result


def swift_min(x, y):
    return y if y < x else x


def swift_max(x, y):
    return y if y >= x else x


def rounded(value):
    """Swift's rounded(): to nearest, halves away from zero."""
    magnitude = abs(value)
    floor = math.floor(magnitude)
    result = floor + 1 if magnitude - floor >= 0.5 else floor
    return math.copysign(result, value)


def swift_double(value):
    """Swift's description of a Double."""
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return repr(value)


def points(value):
    if not math.isfinite(value):
        return swift_double(value)
    tenths = rounded(value * 10) / 10
    return str(int(tenths)) if tenths == rounded(tenths) else swift_double(tenths)


def first_repeat(value):
    if not isinstance(value, list):
        return None
    seen = set()
    for node in value:
        text = text_of(node)
        if text in seen:
            return text
        seen.add(text)
    return None


def parse_colour(text):
    """`#RRGGBB` or `#RRGGBBAA` as (red, green, blue, alpha) from 0 to 1, else None."""
    digits = text[1:] if text.startswith("#") else None
    if digits is None or len(digits) not in (6, 8) or any(c not in "0123456789abcdefABCDEF" for c in digits):
        return None
    values = [int(digits[i:i + 2], 16) / 255 for i in range(0, len(digits), 2)]
    return tuple(values) if len(values) == 4 else (*values, 1.0)


def relative_luminance(colour):
    def linear(value):
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue, _ = colour
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast_ratio(foreground, background):
    """WCAG 2's ratio: the foreground composited over the background taken as opaque."""
    ground = (*background[:3], 1.0)
    top_alpha = foreground[3]
    alpha = top_alpha + ground[3] * (1 - top_alpha)
    if alpha <= 0:
        composited = (0.0, 0.0, 0.0, 0.0)
    else:
        def mix(top, bottom):
            return (top * top_alpha + bottom * ground[3] * (1 - top_alpha)) / alpha
        composited = (mix(foreground[0], ground[0]), mix(foreground[1], ground[1]), mix(foreground[2], ground[2]), alpha)
    first, second = relative_luminance(composited), relative_luminance(ground)
    return (max(first, second) + 0.05) / (min(first, second) + 0.05)


def frame_of(node):
    try:
        x, y, width, height = (float(node.get(name)) for name in ("x", "y", "width", "height"))
    except (TypeError, ValueError):
        return None
    return (x, y, width, height) if width > 0 and height > 0 else None


ROW_TOLERANCE = 8.0


def says_words_of(label, text):
    spoken = words(label)
    position = 0
    for word in words(text):
        if word.isnumeric():
            continue
        try:
            position = spoken.index(word, position) + 1
        except ValueError:
            return False
    return True


def starts_with_verb(text):
    parts = text.split()
    if not parts:
        return False
    first = parts[0]
    if not first[0].isupper() or len(first) < 3:
        return False
    word = first.lower()
    return word.endswith("s") and not word.endswith("ss") and word not in NOUNS_ENDING_IN_S


def register_functions():
    functions = etree.FunctionNamespace(NAMESPACE)

    def param(context, name):
        root = context.context_node
        while root.getparent() is not None:
            root = root.getparent()
        found = first_child(root, "param", "name", string_value(name))
        return found.get("value", "") if found is not None else ""

    def fact(context, name):
        found = first_child(context.context_node, "fact", "name", string_value(name))
        return found.get("value", "") if found is not None else ""

    def matcher(value):
        """Compares as numbers when the value is one, else as strings, the value worked out once."""
        if isinstance(value, float) and not isinstance(value, bool):
            return lambda found: parse_number(found) == value
        wanted = string_value(value)
        return lambda found: found == wanted

    def with_fact(context, nodes, name, value):
        if not isinstance(nodes, list):
            return []
        name = string_value(name)
        matches = matcher(value)
        kept = []
        for node in nodes:
            found = first_child(node, "fact", "name", name) if not isinstance(node, str) else None
            if found is not None and found.get("value") is not None and matches(found.get("value")):
                kept.append(node)
        return kept

    def with_attribute(context, nodes, name, value):
        if not isinstance(nodes, list):
            return []
        name = string_value(name)
        matches = matcher(value)
        return [node for node in nodes
                if not isinstance(node, str) and node.get(name) is not None and matches(node.get(name))]

    def mentions_any(context, text, listed):
        haystack = set(words(string_value(text)))
        return any(word in haystack for word in string_value(listed).lower().split(" ") if word)

    def near(context, a, b, tolerance):
        return abs(number_value(a) - number_value(b)) <= number_value(tolerance)

    def lerp(context, a, b, t):
        a, b, t = number_value(a), number_value(b), number_value(t)
        return a if t == 0 else a + (b - a) * t

    functions["has-trait"] = lambda context, token: has_token(context.context_node, "traits", string_value(token))
    functions["is-actionable"] = lambda context: (context.context_node.get("interactive") == "true"
                                                  or any(has_token(context.context_node, "traits", trait)
                                                         for trait in ACTIONABLE_TRAITS))
    functions["fact"] = fact
    functions["with-fact"] = with_fact
    functions["with-attribute"] = with_attribute
    functions["param"] = param
    functions["ends-with"] = lambda context, text, suffix: string_value(text).endswith(string_value(suffix))
    functions["lower"] = lambda context, text: string_value(text).lower()
    functions["contains-word"] = lambda context, text, word: string_value(word).lower() in words(string_value(text))
    functions["first-word"] = lambda context, text: (string_value(text).split() or [""])[0]
    functions["starts-with-verb"] = lambda context, text: starts_with_verb(string_value(text))
    functions["pt"] = lambda context, value: points(number_value(value))
    functions["near"] = near
    functions["clamp"] = lambda context, x, low, high: swift_min(swift_max(number_value(x), number_value(low)),
                                                                 number_value(high))
    functions["lerp"] = lerp
    functions["if"] = lambda context, condition, then, otherwise: then if boolean_value(condition) else otherwise
    functions["distinct"] = lambda context, nodes: first_repeat(nodes) is None
    functions["first-repeat"] = lambda context, nodes: first_repeat(nodes) or ""
    functions["mentions-any"] = mentions_any

    def contrast(context, foreground, background):
        first, second = parse_colour(string_value(foreground)), parse_colour(string_value(background))
        return float("nan") if first is None or second is None else contrast_ratio(first, second)

    def ratio(context, value):
        value = number_value(value)
        return points(math.floor(value * 10) / 10) + ":1" if math.isfinite(value) else "unknown"

    def next_stop(context):
        node = context.context_node
        try:
            order = int(node.get("order", ""))
        except ValueError:
            return []
        parent = node.getparent()
        if order <= 0 or parent is None:
            return []
        found = first_child(parent, "element", "order", str(order + 1))
        return [found] if found is not None else []

    def reads_before(context, first, second):
        a = frame_of(first[0]) if isinstance(first, list) and first else None
        b = frame_of(second[0]) if isinstance(second, list) and second else None
        if a is None or b is None:
            return False
        root = context.context_node
        while root.getparent() is not None:
            root = root.getparent()
        right_to_left = first_child(root, "environment", "direction", "rtl") is not None
        if a[1] + a[3] <= b[1] + 0.01:
            return True
        if abs(a[1] - b[1]) >= ROW_TOLERANCE:
            return False
        return a[0] >= b[0] + b[2] - 0.01 if right_to_left else a[0] + a[2] <= b[0] + 0.01

    functions["contrast"] = contrast
    functions["ratio"] = ratio
    functions["next-stop"] = next_stop
    functions["reads-before"] = reads_before
    functions["says-words-of"] = lambda context, label, text: says_words_of(string_value(label), string_value(text))


# ---------------------------------------------------------------------------
# Rules: read from the spec files, every expression compiled once.

NEWLINES = re.compile("\r\n|[\n\r\x0b\x0c\x85\u2028\u2029]")


def is_space(character):
    return character == "\t" or unicodedata.category(character) == "Zs"


def trim(text):
    start, end = 0, len(text)
    while start < end and is_space(text[start]):
        start += 1
    while end > start and is_space(text[end - 1]):
        end -= 1
    return text[start:end]


class Template:
    """A message: text with {expression} parts, rendered as MessageTemplate.swift does."""

    def __init__(self, source):
        self.parts = []
        rest = source
        while "{" in rest:
            open_at = rest.index("{")
            close_at = rest.index("}", open_at)
            if open_at > 0:
                self.parts.append(rest[:open_at])
            self.parts.append(etree.XPath(rest[open_at + 1:close_at], namespaces=NAMESPACES))
            rest = rest[close_at + 1:]
        if rest:
            self.parts.append(rest)

    def render(self, subject):
        pieces = []
        for part in self.parts:
            if isinstance(part, str):
                pieces.append(part)
                continue
            try:
                pieces.append(string_value(part(subject)))
            except etree.XPathError:
                pieces.append("?")
        lines = [line for line in NEWLINES.split("".join(pieces)) if line]
        return " ".join(trim(line) for line in lines)


class Rule:
    def __init__(self, element):
        self.id = element.get("id")
        self.blocks = [name for name in (element.get("blocks") or "*").split(" ") if name and name != "*"]
        context = element.find("context")
        self.context = etree.XPath("".join(context.itertext()).strip(), namespaces=NAMESPACES)
        self.assertions = [
            (etree.XPath(assertion.get("test"), namespaces=NAMESPACES), Template("".join(assertion.itertext()).strip()))
            for assertion in element.findall("assert")
        ]

    def applies(self, block):
        return not self.blocks or block in self.blocks


def load_rules(directory=ROOT / "specs" / "rules"):
    rules = []
    for path in sorted(Path(directory).glob("*.xml")):
        for element in etree.parse(str(path)).getroot().findall("rule"):
            rules.append(Rule(element))
    return rules


def write_negated_rules(source, destination):
    """Copies the rule files with every assertion's test negated, so that every subject
    fails every assertion and every message is rendered: a cross-check of the `ax:`
    functions and of message rendering on documents where the bundled rules pass."""
    Path(destination).mkdir(parents=True, exist_ok=True)
    for path in sorted(Path(source).glob("*.xml")):
        tree = etree.parse(str(path))
        for assertion in tree.getroot().iter("assert"):
            assertion.set("test", f"not({assertion.get('test')})")
        tree.write(str(Path(destination) / path.name), xml_declaration=True, encoding="UTF-8")
    return destination


def subject_name(node):
    """How a finding names its subject (CompiledRule.name(of:))."""
    identifier = node.get("id")
    if identifier is not None:
        return "state" if local_name(node) == "state" else identifier
    target = node.get("target")
    if target is not None:
        return target if target else (node.get("action") or local_name(node))
    subject = node.get("subject")
    if subject is not None:
        return subject
    return local_name(node)


def evaluate(rules, documents):
    """Every failure over the documents: (rule, state, subject, message), and the subjects checked."""
    findings = []
    subjects = 0
    for root in documents:
        block, state = root.get("block"), root.get("id")
        for rule in rules:
            if not rule.applies(block):
                continue
            for subject in rule.context(root):
                subjects += 1
                for test, message in rule.assertions:
                    if not boolean_value(test(subject)):
                        findings.append((rule.id, state, subject_name(subject), message.render(subject)))
    return findings, subjects


# ---------------------------------------------------------------------------
# Side by side with a11y-audit.


def parse(serialised):
    parser = etree.XMLParser(remove_blank_text=True)
    return [etree.fromstring(document, parser) for document in serialised]


def differences(expected, actual, limit=5):
    """The findings one side has more often than the other, a few of each."""
    left, right = collections.Counter(expected), collections.Counter(actual)
    return list((left - right).elements())[:limit], list((right - left).elements())[:limit]


def run_baseline(tool, block, where, rules):
    """Exports the sample's documents and evaluates the rules on them with lxml."""
    serialised = runner.export(tool, block, where)
    started = time.perf_counter()
    documents = parse(serialised)
    parse_seconds = time.perf_counter() - started
    started = time.perf_counter()
    findings, subjects = evaluate(rules, documents)
    return {"states": len(documents), "subjects": subjects, "findings": findings,
            "parseSeconds": parse_seconds, "evaluateSeconds": time.perf_counter() - started}


def comparison(block, where, baseline, one, two):
    """How the baseline and a11y-audit (--jobs 1 and 2, findings from the second) compare."""
    missing, extra = differences(baseline["findings"], two["findings"])
    swift_subjects = sum(entry["subjectsChecked"] for entry in two["blocks"])
    return {
        "block": block, "where": where, "states": baseline["states"],
        "identical": not missing and not extra and baseline["states"] == two["states"],
        "subjectsAgree": baseline["subjects"] == swift_subjects, "subjects": baseline["subjects"],
        "swiftSubjects": swift_subjects, "failures": len(two["findings"]),
        "lxmlRate": baseline["states"] / baseline["evaluateSeconds"],
        "lxmlParsedRate": baseline["states"] / (baseline["evaluateSeconds"] + baseline["parseSeconds"]),
        "lxmlSeconds": baseline["evaluateSeconds"], "parseSeconds": baseline["parseSeconds"],
        "oneSeconds": one["wallSeconds"], "twoSeconds": two["wallSeconds"],
        "missing": missing, "extra": extra,
    }


def negated_check(tool, directory, chosen, report=print):
    """Every assertion negated (write_negated_rules) on small samples: both evaluators must
    render the same message for every subject and assertion. Returns whether they agree."""
    rules_directory = write_negated_rules(ROOT / "specs" / "rules", Path(directory) / "negated-rules")
    rules = load_rules(rules_directory)
    agree = True
    for index, (block, where) in enumerate(chosen):
        baseline = run_baseline(tool, block, where, rules)
        audited = runner.audit(tool, directory, f"negated-{index}", ["--block", block, "--no-bundled-rules", "--rules", str(rules_directory)]
                               + runner.where_arguments(where), findings=True)
        missing, extra = differences(baseline["findings"], audited["findings"])
        same = not missing and not extra
        agree = agree and same
        report(f"  {block:<18}{baseline['states']:>5} states, {len(audited['findings']):>6} failures: "
               + ("identical" if same else "DIFFERENT") + f"  (--where {' --where '.join(where)})")
        for finding in missing:
            report(f"    only lxml:       {finding}")
        for finding in extra:
            report(f"    only a11y-audit: {finding}")
    return agree


def print_comparisons(results, report=print):
    """The table of throughputs and ratios; returns the ratios over all samples (1 core, 2 cores)."""
    report(f"  {'block':<18}{'states':>7}{'lxml':>9}{'lxml+parse':>12}{'audit -j1':>11}{'audit -j2':>11}"
           f"{'ratio 1:1':>11}{'ratio 2:1':>11}  findings")
    totals = collections.Counter()
    for result in results:
        states = result["states"]
        one, two = states / result["oneSeconds"], states / result["twoSeconds"]
        same = "identical" if result["identical"] else "DIFFERENT"
        report(f"  {result['block']:<18}{states:>7}{result['lxmlRate']:>9.0f}{result['lxmlParsedRate']:>12.0f}"
               f"{one:>11.0f}{two:>11.0f}{one / result['lxmlRate']:>10.1f}×{two / result['lxmlRate']:>10.1f}×"
               f"  {same}: {result['failures']} failures, {result['swiftSubjects']} subjects")
        if not result["subjectsAgree"]:
            report(f"    subjects checked differ: lxml {result['subjects']}, a11y-audit {result['swiftSubjects']}")
        for finding in result["missing"]:
            report(f"    only lxml:       {finding}")
        for finding in result["extra"]:
            report(f"    only a11y-audit: {finding}")
        for key in ("states", "lxmlSeconds", "parseSeconds", "oneSeconds", "twoSeconds"):
            totals[key] += result[key]
    states = totals["states"]
    lxml = states / totals["lxmlSeconds"]
    one, two = states / totals["oneSeconds"], states / totals["twoSeconds"]
    report(f"  {'all samples':<18}{states:>7}{lxml:>9.0f}{states / (totals['lxmlSeconds'] + totals['parseSeconds']):>12.0f}"
           f"{one:>11.0f}{two:>11.0f}{one / lxml:>10.1f}×{two / lxml:>10.1f}×")
    report("  states/s. lxml: evaluation only, one core (parsing the exported documents beside it); audit: the whole")
    report("  audit (render, document, evaluate, report) at --jobs 1 and 2. Ratio = audit / lxml. Goal: 10×.")
    return one / lxml, two / lxml


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tool", default=str(ROOT / ".build" / "release" / "a11y-audit"))
    parser.add_argument("--sample", action="append", default=[],
                        help="BLOCK:DIM=VALUE,DIM=VALUE (default: the benchmark's fixed samples)")
    arguments = parser.parse_args()
    samples = [(text.split(":", 1)[0], [pair for pair in text.partition(":")[2].split(",") if pair])
               for text in arguments.sample] or fixed_samples.BASELINE
    register_functions()
    rules = load_rules()
    results = []
    with tempfile.TemporaryDirectory(prefix="a11y-baseline-") as directory:
        for index, (block, where) in enumerate(samples):
            audit_arguments = ["--block", block] + runner.where_arguments(where)
            baseline = run_baseline(arguments.tool, block, where, rules)
            one = runner.audit(arguments.tool, directory, f"{index}-j1", audit_arguments + ["--jobs", "1"])
            two = runner.audit(arguments.tool, directory, f"{index}-j2", audit_arguments + ["--jobs", "2"], findings=True)
            results.append(comparison(block, where, baseline, one, two))
        print("lxml baseline against a11y-audit on identical work (same states, same rules):")
        print_comparisons(results)
        identical = all(result["identical"] and result["subjectsAgree"] for result in results)
        print("findings: " + ("identical" if identical else "DIFFERENT (see above)"))
        if not arguments.sample:
            print("every assertion negated, so that every message is rendered and compared:")
            identical = negated_check(arguments.tool, directory, fixed_samples.NEGATED) and identical
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
