"""The benchmark's fixed samples: the same states on every run, so figures compare.

Each sample is (block, --where constraints). They keep the whole benchmark well under a
minute on a 2-core machine while every dimension left free keeps all its values.
"""

# Per-block figures, 1- and 2-core throughput, memo on and off, and the lxml baseline.
BASELINE = [
    ("ScopeHeader", ["size=L", "width=393", "direction=ltr", "motion=full"]),  # 165,888 / 144 = 1,152 states
    ("TopTabs", ["size=L", "width=393", "direction=ltr"]),                     # 35,280 / 72 = 490 states
    ("ScrollingTabStrip", ["width=393"]),                                      # 1,920 / 4 = 480 states
]

# Peak memory at 1×, 4× and 16× the states: `audit --scale N` gives the block N times
# its widths (w, w + 1, …), so the same constraints select N times the states.
MEMORY_BLOCK = "ScopeHeader"
MEMORY_WHERE = ["size=L", "direction=ltr", "motion=full", "scope=for-you", "chips=sample", "count=auto"]  # 192 states at 1×
MEMORY_SCALES = [1, 4, 16]
# And whole blocks, memoisation on, where the memo's tables fill up: ScrollingTabStrip at
# 1,920 / 7,680 / 30,720 states, TopTabs at 35,280 / 141,120 (about 15 s of the run).
WHOLE_BLOCK_SCALES = [("ScrollingTabStrip", [1, 4, 16]), ("TopTabs", [1, 4])]

# Time at 1×, 4× and 16× the states in a dimension nothing reads: `audit --copies N` adds
# a last dimension `copy` of N values that neither the block nor any rule reads, so the
# findings are the block's N times over. Whole blocks: the work should not grow.
COPIES_BLOCKS = ["ScrollingTabStrip", "TopTabs"]
COPIES = [1, 4, 16]

# The lxml cross-check with every assertion negated: every subject fails, so every message
# is rendered by both evaluators. Small samples, in other environments than BASELINE's.
NEGATED = [
    ("ScopeHeader", ["size=AX5", "width=320", "direction=rtl", "motion=reduced", "scope=saved", "chips=sample",
                     "count=6"]),                                                # 64 states
    ("TopTabs", ["size=AX5", "width=320", "direction=rtl", "motion=reduced", "drag=next-50"]),  # 35 states
    ("ScrollingTabStrip", ["size=AX5", "width=320", "direction=rtl"]),          # 20 states
]
