#!/usr/bin/env python3
"""Fails when Sources/ converts a floating-point value to an integer without CascadeNumerics.

Swift's `Int(x)` traps when `x` is NaN, infinite or out of range, so every floating-point →
integer conversion must be `Int(saturating: x)` / `Int32(saturatingRounded: x)`. Swift source
cannot be type-checked here, so the check is a heuristic that errs on the side of flagging:

- every unlabelled integer initialiser call, `Int(…)`, `Int32(…)`, `UInt64(…)`, `gint(…)`, …,
  is found (comments and string literals are ignored);
- it passes when its argument is obviously an integer: an integer literal, a C constant
  (`GDK_BUTTON_PRIMARY`, `X.rawValue`), a `.count`;
- anything else must be listed in the allowlist (scripts/conversion-allowlist.txt) as
  `path-glob<TAB>call-regex` with a short reason after `  # `, proving it converts an integer or a string.
Integer-only operators (`&`, `|`, `^`, `~`, `%`, `<<`, `>>`) also prove an integer argument.

Usage: check-conversions.py [--allowlist FILE] [ROOT ...]   (default: Sources)
Exit status 0 when clean, 1 with one line per offending call otherwise.
"""
import argparse
import fnmatch
import os
import re
import sys

INTEGER_TYPES = (
    "Int|Int8|Int16|Int32|Int64|UInt|UInt8|UInt16|UInt32|UInt64|"
    "CInt|CUnsignedInt|CLong|CUnsignedLong|gint|guint|gint8|guint8|gint16|guint16|gint32|guint32|"
    "gint64|guint64|glong|gulong|gsize|gssize|gboolean"
)
CALL = re.compile(r"(?<![\w.])(" + INTEGER_TYPES + r")\(")
LABELLED = re.compile(r"^\s*[A-Za-z_]\w*\s*:")
OBVIOUS = [
    re.compile(r"^-?(0x[0-9A-Fa-f_]+|0b[01_]+|[0-9][0-9_]*)$"),  # integer literal
    re.compile(r"^([A-Z][A-Z0-9_]*|[A-Z][A-Z0-9]*_\w+)(\.rawValue)?$"),  # a C constant
    re.compile(r"^[\w.]+\.count(\s*[-+*]\s*[\w.]+)*$"),  # a collection count (± integers)
    # operators Swift defines for integers only (floating point has no &, |, ^, ~, <<, >>, %)
    re.compile(r"^[^?]*([&|^~%]|<<|>>)"),
    # C getters that return C integers
    re.compile(r"^(gdk_pixbuf_get_(width|height|n_channels|rowstride|byte_length)|gtk_widget_get_(width|height|scale_factor))\([\w.]*\)$"),
    # an integer type's own initialiser (itself checked)
    re.compile(r"^(" + INTEGER_TYPES + r")\([^()]*\)$"),
]


def strip_comments_and_strings(text):
    """Blanks comments and string literal contents (keeping line structure)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1 : j - 1]) + '"')
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                if text[j] == "\\":
                    if text.startswith("\\(", j):
                        # an interpolation: keep its code, it may convert numbers too
                        depth, k = 1, j + 2
                        while k < n and depth:
                            depth += {"(": 1, ")": -1}.get(text[k], 0)
                            k += 1
                        out.append(" " * (j - i) if not out else "")
                        out.append(" " + text[j + 1 : k])
                        i = j = k
                        continue
                    j += 2
                    continue
                j += 1
            out.append('"' + " " * (j - i - 1) + '"')
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def argument(text, start):
    """The text between the parenthesis at `start - 1` and its match."""
    depth, i = 1, start
    while i < len(text) and depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    return text[start : i - 1]


def load_allowlist(path):
    """(path glob, call regex) pairs: `Sources/X/*.swift<TAB>Int\\(bytes\\[.*\\]\\)  # reason`."""
    allowed = []
    if not os.path.exists(path):
        return allowed
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.split("  # ", 1)[0].rstrip()
            if not line or line.startswith("#"):
                continue
            file, _, call = line.partition("\t")
            allowed.append((file.strip(), re.compile(call.strip() + "$")))
    return allowed


def allowed(allowlist, relative, call):
    return any(fnmatch.fnmatch(relative, glob) and pattern.match(call) for glob, pattern in allowlist)


def findings(root, allowlist, base):
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, base)
            with open(path, encoding="utf-8") as handle:
                text = strip_comments_and_strings(handle.read())
            for match in CALL.finditer(text):
                arg = argument(text, match.end())
                if LABELLED.match(arg):
                    continue
                if any(pattern.match(arg.strip()) for pattern in OBVIOUS):
                    continue
                call = " ".join((match.group(1) + "(" + arg + ")").split())
                if allowed(allowlist, relative, call):
                    continue
                line = text.count("\n", 0, match.start()) + 1
                yield f"{relative}:{line}: {call}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--allowlist", default=os.path.join(os.path.dirname(__file__), "conversion-allowlist.txt"))
    parser.add_argument("--base", default=".", help="paths in the allowlist are relative to this")
    parser.add_argument("roots", nargs="*", default=["Sources"])
    options = parser.parse_args()
    allowlist = load_allowlist(options.allowlist)
    bad = [line for root in options.roots for line in findings(root, allowlist, options.base)]
    for line in bad:
        print(line)
    if bad:
        print(
            f"{len(bad)} integer conversion(s) of a value not proven integer: use Int(saturating:) / "
            "init(saturatingRounded:) from CascadeNumerics, or list a proven-integer call in "
            "scripts/conversion-allowlist.txt",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
