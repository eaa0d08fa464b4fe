#!/usr/bin/env python3
"""Generate Sources/AccessibilityModel/Text/TextMetricsTable.swift.

Development-time only: the a11y-audit tool never runs this script. It reads
glyph advance widths from the open font Inter and scales them so that their
frequency-weighted average equals the published average of Apple's system font
(SF), which is the approximation documented in shared/reference/dynamic-type.md
("Text width"): Apple publishes no SF Pro advances, capsize measured SF's
frequency-weighted average character width as 853/2048 em (0.417 em), and a
table from Inter scaled to that average is the documented approximation.

Requirements (this script installs nothing itself):

    apt-get install fonts-inter          # static Inter-*.otf under /usr/share/fonts
      (or fonts-inter-variable; a variable Inter is instanced at wght 400/500/600/700)
    pip install fonttools                # reads cmap/hmtx, instances variable fonts

Optional, only for --cross-check (estimates the approximation error):

    apt-get install fonts-liberation2 fonts-roboto-unhinted fonts-noto-core \
                    fonts-open-sans fonts-dejavu-core
    pip install uharfbuzz                # kerned widths; without it hmtx only

Usage:

    python3 scripts/generate-text-metrics.py                 # writes the Swift table
    python3 scripts/generate-text-metrics.py --check         # fails if the table is stale
    python3 scripts/generate-text-metrics.py --cross-check   # error-bound evidence, writes nothing
    options: --fonts-dir DIR (default /usr/share/fonts), --output PATH

Weighting: the average uses capsize's original English weighting (letter
frequencies a-z from Wikipedia's "Letter frequency" table plus 0.1818 for the
space), the weighting under which capsize published SF's 853/2048. It
reproduces capsize's published figures exactly for the fonts it can be checked
on here: Inter 3.x = 1335/2816 em (0.4741) and Arial (Liberation Sans, metric
compatible) = 904/2048 em. dynamic-type.md's 0.478 em (978/2048) for Inter is
capsize's figure for the later Inter 4 build (2048 units per em); the scale
factor is always computed from the Inter build actually read, so the table's
weighted average is SF's 0.417 em whichever build is installed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

try:
    from fontTools.ttLib import TTFont
except ImportError:  # pragma: no cover - message for the developer
    sys.exit("fontTools is missing: pip install fonttools")

# --- Inputs -----------------------------------------------------------------

# SF's frequency-weighted average character width (capsize, 853/2048 em).
SF_AVERAGE_UNITS = 853
SF_UNITS_PER_EM = 2048
SF_AVERAGE_EM = SF_AVERAGE_UNITS / SF_UNITS_PER_EM

# capsize's original English weighting (Wikipedia letter frequencies + space).
FREQUENCY_WEIGHTS: list[tuple[str, float]] = [
    ("a", 0.0668), ("b", 0.0122), ("c", 0.0228), ("d", 0.0348), ("e", 0.1039),
    ("f", 0.0182), ("g", 0.0165), ("h", 0.0499), ("i", 0.0570), ("j", 0.0013),
    ("k", 0.0063), ("l", 0.0329), ("m", 0.0197), ("n", 0.0552), ("o", 0.0614),
    ("p", 0.0158), ("q", 0.0008), ("r", 0.0490), ("s", 0.0518), ("t", 0.0741),
    ("u", 0.0226), ("v", 0.0080), ("w", 0.0193), ("x", 0.0012), ("y", 0.0162),
    ("z", 0.0006), (" ", 0.1818),
]

WEIGHTS: list[tuple[str, int, str]] = [
    # (Swift case, wght / usWeightClass, static file style name)
    ("regular", 400, "Regular"),
    ("medium", 500, "Medium"),
    ("semibold", 600, "SemiBold"),
    ("bold", 700, "Bold"),
]

# Characters in the table: printable ASCII, Latin-1 Supplement, Latin
# Extended-A, and punctuation, spaces and symbols common in UI labels.
EXTRA_CHARACTERS = (
    "\u2018\u2019\u201A\u201C\u201D\u201E"  # ‘ ’ ‚ “ ” „
    "\u2026\u2013\u2014\u2012\u2010\u2011"  # … – — ‒ ‐ ‑
    "\u2022\u2023\u2043\u2032\u2033\u2030\u2020\u2021\u2039\u203A"  # • ‣ ⁃ ′ ″ ‰ † ‡ ‹ ›
    "\u2212\u2044\u00D7\u00F7\u2248\u2260\u2264\u2265\u221E"  # − ⁄ × ÷ ≈ ≠ ≤ ≥ ∞
    "\u20AC\u20B9\u20BD\u20BA\u20A9\u20AB\u20B1\u20BF"  # € ₹ ₽ ₺ ₩ ₫ ₱ ₿
    "\u2122\u2116\u2190\u2191\u2192\u2193\u2194\u2197"  # ™ № ← ↑ → ↓ ↔ ↗
    "\u2713\u2605\u2606\u25CF\u25CB\u25B6\u25C0"  # ✓ ★ ☆ ● ○ ▶ ◀
    "\u2002\u2003\u2007\u2008\u2009\u200A\u202F\u205F"  # en/em/figure/punctuation/thin/hair/narrow/math spaces
)
# Invisible format characters: zero advance, whatever the font says.
ZERO_WIDTH = "\u200B\u200C\u200D\u2060\uFEFF\u00AD"


def table_codepoints() -> list[int]:
    cps = set(range(0x20, 0x7F)) | set(range(0xA0, 0x100)) | set(range(0x100, 0x180))
    cps |= {ord(c) for c in EXTRA_CHARACTERS}
    cps |= {ord(c) for c in ZERO_WIDTH}
    return sorted(cps)


# --- Finding and opening Inter ----------------------------------------------


def family_name(font: TTFont) -> str:
    name = font["name"]
    return str(name.getDebugName(16) or name.getDebugName(1) or "")


def is_italic(font: TTFont) -> bool:
    return bool(font["OS/2"].fsSelection & 1) or bool(font["head"].macStyle & 2)


def find_inter(fonts_dir: Path) -> tuple[str, dict[int, tuple[TTFont, str]]]:
    """Returns ("static"|"variable", {weight: (font, description)})."""
    statics: dict[int, tuple[Path, TTFont]] = {}
    variables: list[tuple[Path, TTFont]] = []
    for root, _dirs, files in os.walk(fonts_dir):
        for file in sorted(files):
            if not file.lower().endswith((".otf", ".ttf")) or "inter" not in file.lower():
                continue
            path = Path(root) / file
            try:
                font = TTFont(path, lazy=True)
            except Exception:  # not a font fontTools can read
                continue
            if family_name(font) != "Inter" or is_italic(font):
                continue  # excludes Inter Display and the italics
            if "fvar" in font:
                if any(a.axisTag == "wght" for a in font["fvar"].axes):
                    variables.append((path, font))
            else:
                statics.setdefault(font["OS/2"].usWeightClass, (path, font))
    wanted = [w for _, w, _ in WEIGHTS]
    if all(w in statics for w in wanted):
        return "static", {w: (statics[w][1], statics[w][0].name) for w in wanted}
    if variables:
        from fontTools.varLib import instancer

        # Prefer the roman-only file (Inter-roman.var.ttf / InterVariable.ttf):
        # fewest axes besides wght and opsz, then the shortest path.
        variables.sort(
            key=lambda pf: (
                sum(a.axisTag not in ("wght", "opsz") for a in pf[1]["fvar"].axes),
                len(str(pf[0])),
            )
        )
        path, _ = variables[0]
        result = {}
        for w in wanted:
            vf = TTFont(path)
            # Pin wght; pin every other axis (opsz, ital...) at its default:
            # the default opsz of Inter 4 is its text optical size.
            limits = {a.axisTag: (w if a.axisTag == "wght" else a.defaultValue) for a in vf["fvar"].axes}
            result[w] = (instancer.instantiateVariableFont(vf, limits), f"{path.name} @ wght={w}")
        return "variable", result
    sys.exit(
        f"No upright Inter found under {fonts_dir}: apt-get install fonts-inter "
        "(or fonts-inter-variable)"
    )


def advances_units(font: TTFont, codepoints: list[int]) -> tuple[dict[int, int], list[int]]:
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    found, missing = {}, []
    for cp in codepoints:
        glyph = cmap.get(cp)
        if glyph is None:
            missing.append(cp)
        else:
            found[cp] = hmtx[glyph][0]
    return found, missing


def weighted_average_em(units: dict[int, int], upm: int) -> float:
    # As capsize computes xWidthAvg: sum of advance x weight, without dividing
    # by the weights' total (1.0001 as published), so the figures compare exactly.
    return sum(units[ord(c)] * w for c, w in FREQUENCY_WEIGHTS) / upm


def font_version(font: TTFont) -> str:
    return str(font["name"].getDebugName(5) or f"{font['head'].fontRevision:.3f}")


# --- Swift output --------------------------------------------------------------


def swift_doubles(values: list[float], per_line: int = 8, indent: str = "        ") -> str:
    lines = []
    for i in range(0, len(values), per_line):
        lines.append(indent + ", ".join(f"{v:.5f}" for v in values[i : i + per_line]) + ",")
    return "\n".join(lines)


def swift_hex(values: list[int], per_line: int = 10, indent: str = "        ") -> str:
    lines = []
    for i in range(0, len(values), per_line):
        lines.append(indent + ", ".join(f"0x{v:04X}" for v in values[i : i + per_line]) + ",")
    return "\n".join(lines)


def render_swift(kind, fonts, codepoints, tables_em, averages, scale, upm, version, missing) -> str:
    files = "; ".join(desc for _, desc in fonts.values())
    weights_lines = "\n".join(
        f"        (0x{ord(c):04X}, {w:.4f}),  // {'space' if c == ' ' else c}" for c, w in FREQUENCY_WEIGHTS
    )
    missing_note = (
        "// Not in the font, so measured with the fallback: "
        + " ".join(f"U+{cp:04X}" for cp in missing)
        if missing
        else "// Every requested character was found in the font."
    )
    per_weight = []
    for case, wght, _ in WEIGHTS:
        per_weight.append(
            f"    /// Scaled advances at {case} (wght {wght}), em, in `scalars` order.\n"
            f"    public static let {case}: [Double] = [\n{swift_doubles(tables_em[wght])}\n    ]\n"
        )
    fallbacks = "\n".join(
        f"    public static let fallback{case.capitalize()}: Double = {averages[wght] * scale:.5f}"
        for case, wght, _ in WEIGHTS
    )
    source_avgs = "\n".join(
        f"    public static let sourceAverage{case.capitalize()}: Double = {averages[wght]:.6f}"
        for case, wght, _ in WEIGHTS
    )
    return f"""// GENERATED FILE - DO NOT EDIT.
// Generated by scripts/generate-text-metrics.py; regenerate instead of editing.
//
// Source font: Inter {version}, {kind} font ({files}), unitsPerEm {upm}.
// Scale factor: {scale:.6f} = SF average {SF_AVERAGE_EM:.6f} em ({SF_AVERAGE_UNITS}/{SF_UNITS_PER_EM}, capsize)
//               / Inter Regular average {averages[400]:.6f} em, applied to every weight.
// Weighting: capsize's original English letter frequencies plus space (`frequencyWeights`).
// Why: Apple publishes no SF Pro advances; see shared/reference/dynamic-type.md, "Text width".
// {len(codepoints)} characters per weight.
{missing_note}

/// Per-character advance widths, in em, approximating SF Pro from Inter scaled to
/// SF's published average character width. Read it through ``TextMetrics``.
public enum TextMetricsTable {{
    /// The open font the advances come from.
    public static let sourceFontFamily = "Inter"
    /// The source font's version string (name ID 5).
    public static let sourceFontVersion = "{version}"
    /// Units per em of the source font.
    public static let sourceUnitsPerEm = {upm}
    /// SF's frequency-weighted average character width, em (capsize: {SF_AVERAGE_UNITS}/{SF_UNITS_PER_EM}).
    public static let targetAverage: Double = {SF_AVERAGE_EM:.6f}
    /// Multiplier applied to every Inter advance (`targetAverage / sourceAverageRegular`).
    public static let scaleFactor: Double = {scale:.6f}

    /// Inter's own weighted average per weight, em, before scaling.
{source_avgs}

    /// Advance used for characters not in the table: the scaled weighted average, em.
{fallbacks}

    /// The weighting behind the averages: (Unicode scalar, relative frequency).
    public static let frequencyWeights: [(scalar: UInt32, weight: Double)] = [
{weights_lines}
    ]

    /// The Unicode scalars in the table, ascending (binary-searchable).
    public static let scalars: [UInt32] = [
{swift_hex(codepoints)}
    ]

{chr(10).join(per_weight)}}}
"""


# --- Cross-check --------------------------------------------------------------

UI_LABELS = [
    "For You", "Trending", "Food", "Music", "Filters", "Settings", "Cancel", "Done",
    "Save", "Edit", "Delete", "Share", "Search", "Home", "Profile", "Library",
    "Browse", "Radio", "Sign In", "Sign Up", "Log Out", "Continue", "Next", "Back",
    "Add to Cart", "Buy Now", "See All", "Show More", "Notifications", "Messages",
    "Favorites", "Recents", "Contacts", "Keypad", "Photos", "Albums", "Camera",
    "Wallet", "Downloads", "Following", "Explore", "Subscribe", "Watch Later",
    "Play", "Shuffle", "Account", "Privacy", "Help", "About", "Terms of Service",
    "Get Started", "Try Again", "OK", "Yes", "No", "Close", "Learn More", "Today",
    "Games", "Apps", "Updates", "Podcasts", "News", "Sports", "Weather", "Maps",
    "Reminders", "Wi-Fi", "Bluetooth", "Dark Mode", "Forgot password?", "Sign in with Apple",
    "$4.99", "12:45", "Page 2 of 10", "You're all set!", "Mark as Read", "Reply All",
]


def shaped_width_units(path: str, text: str) -> float | None:
    try:
        import uharfbuzz as hb
    except ImportError:
        return None
    blob = hb.Blob.from_file_path(path)
    face = hb.Face(blob)
    font = hb.Font(face)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf, {"kern": True, "liga": False})
    return sum(p.x_advance for p in buf.glyph_positions) / face.upem


def cross_check(fonts_dir: Path, inter_regular: TTFont, inter_path: str | None) -> None:
    """How far does "Inter scaled to another font's average" land from that font?

    SF itself cannot be read here, so the shape error of the approximation is
    estimated on open grotesques: each comparison font's kerned width is divided
    by its own weighted average (as SF's table divides Inter's) and compared
    with the unkerned Inter model. The spread says how much two sans-serifs with
    equal averages differ on real UI labels.
    """
    candidates = {
        "Liberation Sans (Arial metrics)": "LiberationSans-Regular.ttf",
        "Roboto": "Roboto-Regular.ttf",
        "Noto Sans": "NotoSans-Regular.ttf",
        "Open Sans": "OpenSans-Regular.ttf",
        "DejaVu Sans": "DejaVuSans.ttf",
    }
    paths = {}
    for root, _d, files in os.walk(fonts_dir):
        for label, file in candidates.items():
            if file in files and label not in paths:
                paths[label] = str(Path(root) / file)
    upm = inter_regular["head"].unitsPerEm
    cmap, hmtx = inter_regular.getBestCmap(), inter_regular["hmtx"]
    inter_units = {cp: hmtx[g][0] for cp, g in cmap.items()}
    inter_avg = weighted_average_em(inter_units, upm)

    def inter_model(text: str) -> float:  # em, unkerned, normalised to average 1
        return sum(inter_units.get(ord(c), 0) for c in text) / upm / inter_avg

    if inter_path:
        kerned = [shaped_width_units(inter_path, s) for s in UI_LABELS]
        if kerned[0] is not None:
            diffs = [abs(k / inter_avg - inter_model(s)) / inter_model(s) for k, s in zip(kerned, UI_LABELS)]
            print(f"Inter kerning vs unkerned model: mean {100*sum(diffs)/len(diffs):.2f} %, max {100*max(diffs):.2f} %")
    print(f"{'font':34} {'avg em':>7} {'mean%':>6} {'p90%':>6} {'max%':>6}  over-bound@17pt  over-bound@53pt")
    for label, path in sorted(paths.items()):
        font = TTFont(path)
        fupm = font["head"].unitsPerEm
        fcmap, fhmtx = font.getBestCmap(), font["hmtx"]
        funits = {cp: fhmtx[g][0] for cp, g in fcmap.items()}
        favg = weighted_average_em(funits, fupm)
        rel, over = [], {17: 0, 53: 0}
        for s in UI_LABELS:
            w = shaped_width_units(path, s)
            if w is None:
                w = sum(funits.get(ord(c), 0) for c in s) / fupm
            truth = w / favg  # in "average characters"
            model = inter_model(s)
            rel.append(abs(model - truth) / truth)
            for size in over:
                # Points at the size, with SF's average in place of both.
                err_pt = abs(model - truth) * SF_AVERAGE_EM * size
                width_pt = truth * SF_AVERAGE_EM * size
                if err_pt > max(1.0, 0.05 * width_pt):
                    over[size] += 1
        rel.sort()
        p90 = rel[int(0.9 * (len(rel) - 1))]
        print(
            f"{label:34} {favg:7.4f} {100*sum(rel)/len(rel):6.2f} {100*p90:6.2f} {100*rel[-1]:6.2f}"
            f"  {over[17]:3}/{len(UI_LABELS)}          {over[53]:3}/{len(UI_LABELS)}"
        )


# --- Main ---------------------------------------------------------------------


def main() -> int:
    repo = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fonts-dir", type=Path, default=Path("/usr/share/fonts"))
    parser.add_argument(
        "--output", type=Path, default=repo / "Sources/AccessibilityModel/Text/TextMetricsTable.swift"
    )
    parser.add_argument("--check", action="store_true", help="exit 1 if the output file is not up to date")
    parser.add_argument("--cross-check", action="store_true", help="print error estimates; write nothing")
    args = parser.parse_args()

    kind, fonts = find_inter(args.fonts_dir)
    codepoints_all = table_codepoints()
    regular = fonts[400][0]
    upm = regular["head"].unitsPerEm
    version_string = font_version(regular)
    version = version_string.removeprefix("Version ").split(";")[0]

    units_by_weight, missing_union = {}, set()
    for _, wght, _ in WEIGHTS:
        font = fonts[wght][0]
        if font["head"].unitsPerEm != upm:
            sys.exit("Inter weights disagree on unitsPerEm")
        units, missing = advances_units(font, codepoints_all)
        units_by_weight[wght] = units
        missing_union |= set(missing)
    zero = {ord(c) for c in ZERO_WIDTH}
    codepoints = [cp for cp in codepoints_all if cp not in missing_union or cp in zero]
    missing = sorted(missing_union - zero)

    averages = {w: weighted_average_em(units_by_weight[w], upm) for _, w, _ in WEIGHTS}
    scale = SF_AVERAGE_EM / averages[400]
    tables_em = {}
    for _, wght, _ in WEIGHTS:
        units = units_by_weight[wght]
        tables_em[wght] = [0.0 if cp in zero else units[cp] / upm * scale for cp in codepoints]

    print(f"Inter {version_string} ({kind}), unitsPerEm {upm}", file=sys.stderr)
    for case, wght, _ in WEIGHTS:
        print(
            f"  {case:8} Inter average {averages[wght]:.6f} em = {averages[wght] * 2048:.1f}/2048"
            f" -> scaled {averages[wght] * scale:.6f} em",
            file=sys.stderr,
        )
    print(f"  scale factor {scale:.6f} (SF {SF_AVERAGE_EM:.6f} / Inter Regular {averages[400]:.6f})", file=sys.stderr)
    if missing:
        print("  not in Inter (fallback): " + " ".join(f"U+{cp:04X}" for cp in missing), file=sys.stderr)

    if args.cross_check:
        inter_path = None
        if kind == "static":
            for root, _d, files in os.walk(args.fonts_dir):
                if fonts[400][1] in files:
                    inter_path = str(Path(root) / fonts[400][1])
        cross_check(args.fonts_dir, regular, inter_path)
        return 0

    text = render_swift(kind, fonts, codepoints, tables_em, averages, scale, upm, version, missing)
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} is out of date: rerun {Path(__file__).name}", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date", file=sys.stderr)
        return 0
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output} ({len(codepoints)} characters x {len(WEIGHTS)} weights)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
