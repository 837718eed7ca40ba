#!/usr/bin/env python3
"""Checks that the Swift sources agree with Package.swift about who imports what.

Fails (exit status 1, one line per finding) when
  * a target imports a module that Package.swift does not list as that target's dependency
    (toolchain modules such as Foundation, Dispatch, Synchronization, Testing are always allowed,
    platform modules only inside `#if canImport(<that module>)`);
  * a target declares a dependency on a library target of the package that none of its files
    imports (an executable dependency is exempt: a test declares it to have the binary built);
  * the target table of Docs/ARCHITECTURE.md does not list a library or executable target, or
    its last column ("imports") names other package targets than Package.swift declares;
  * any file uses `@_exported`;
  * a core target imports a platform module (Glibc, CGtk, CPixbuf, FoundationNetworking, ...)
    outside an `#if canImport(<that module>)` block.

Why: SwiftPM only rebuilds a target when a *declared* dependency changes. A module reached
through an undeclared or re-exported import is not tracked, so an incremental build can link
object code compiled against a stale layout of a type (see Docs/PLATFORM_NOTES.md).

Usage: scripts/check-imports.py [--root DIR] [--manifest-json FILE]
Without --manifest-json the manifest is read with `swift package dump-package` in DIR.
Python standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys

# Targets that must stay Foundation-only (platform modules only behind `#if canImport`).
CORE_TARGETS = {
    "CascadeNumerics",
    "CascadeTransfer",
    "CascadeContent",
    "CascadeLayout",
    "CascadeCollection",
    "CascadeFeed",
    "CascadeImages",
    "CascadePlayer",
    "CascadeScreens",
    "CascadeFolder",
    "CascadeScript",
}

# Modules the toolchain provides on every platform we build: importable without a declaration.
PORTABLE_MODULES = {
    "Swift",
    "_Concurrency",
    "_StringProcessing",
    "Foundation",
    "FoundationEssentials",
    "Dispatch",
    "Synchronization",
    "RegexBuilder",
    "Observation",
    "Testing",
    "XCTest",
}

# Modules that exist only on some platforms: importable without a declaration, but a core
# target may import them only inside `#if canImport(<module>)`.
PLATFORM_MODULES = {
    "Glibc",
    "Musl",
    "Darwin",
    "WinSDK",
    "Android",
    "FoundationNetworking",
    "FoundationXML",
    "CoreFoundation",
    "UIKit",
    "AppKit",
    "SwiftUI",
    "CoreGraphics",
    "os",
}

IMPORT_RE = re.compile(
    r"^\s*((?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*)import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)"
)
EXPORTED_RE = re.compile(r"@_exported\b")
IF_RE = re.compile(r"^\s*#if\b(.*)$")
ELSEIF_RE = re.compile(r"^\s*#elseif\b(.*)$")
ELSE_RE = re.compile(r"^\s*#else\b")
ENDIF_RE = re.compile(r"^\s*#endif\b")
CAN_IMPORT_RE = re.compile(r"canImport\(\s*([A-Za-z_][A-Za-z0-9_]*)")


def load_manifest(root: str, manifest_json: str | None) -> dict:
    if manifest_json:
        with open(manifest_json, encoding="utf-8") as f:
            return json.load(f)
    out = subprocess.run(
        ["swift", "package", "dump-package"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)


def dependency_names(target: dict) -> set[str]:
    names = set()
    for dep in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dep and dep[kind]:
                names.add(dep[kind][0])
    return names


def target_path(root: str, target: dict) -> str:
    if target.get("path"):
        return os.path.join(root, target["path"])
    folder = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(root, folder, target["name"])


def strip_code(line: str, in_block_comment: bool, in_multiline_string: bool):
    """Returns (code outside comments and string literals, block-comment state, string state)."""
    code = []
    i = 0
    n = len(line)
    while i < n:
        if in_block_comment:
            end = line.find("*/", i)
            if end < 0:
                return "".join(code), True, in_multiline_string
            in_block_comment = False
            i = end + 2
            continue
        if in_multiline_string:
            end = line.find('"""', i)
            if end < 0:
                return "".join(code), in_block_comment, True
            in_multiline_string = False
            i = end + 3
            continue
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            in_block_comment = True
            i += 2
            continue
        if line.startswith('"""', i):
            in_multiline_string = True
            i += 3
            continue
        if line[i] == '"':
            j = i + 1
            while j < n and line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            i = j + 1
            code.append('""')
            continue
        code.append(line[i])
        i += 1
    return "".join(code), in_block_comment, in_multiline_string


def scan_file(path: str):
    """Yields (line number, kind, value, guards) for imports and `@_exported` uses.

    `guards` is the set of modules named in `canImport(...)` of the enclosing, currently true
    branches of `#if` blocks (an `#else` branch guards nothing).
    """
    stack: list[set[str]] = []
    in_block = False
    in_string = False
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, start=1):
            code, in_block, in_string_after = strip_code(raw, in_block, in_string)
            starts_in_string = in_string
            in_string = in_string_after
            if starts_in_string:
                continue
            if EXPORTED_RE.search(code):
                yield number, "exported", "@_exported", set()
            if m := IF_RE.match(code):
                stack.append(set(CAN_IMPORT_RE.findall(m.group(1))))
                continue
            if m := ELSEIF_RE.match(code):
                if stack:
                    stack[-1] = set(CAN_IMPORT_RE.findall(m.group(1)))
                continue
            if ELSE_RE.match(code):
                if stack:
                    stack[-1] = set()
                continue
            if ENDIF_RE.match(code):
                if stack:
                    stack.pop()
                continue
            if m := IMPORT_RE.match(code):
                guards = set().union(*stack) if stack else set()
                yield number, "import", m.group(2), guards


def check(root: str, manifest: dict) -> list[str]:
    problems = []
    targets = manifest.get("targets", [])
    package_modules = {t["name"] for t in targets}
    for target in targets:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        name = target["name"]
        declared = dependency_names(target)
        folder = target_path(root, target)
        imported: set[str] = set()
        has_swift = False
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames.sort()
            for filename in sorted(filenames):
                if not filename.endswith(".swift"):
                    continue
                has_swift = True
                path = os.path.join(dirpath, filename)
                where = os.path.relpath(path, root)
                for number, kind, module, guards in scan_file(path):
                    at = f"{where}:{number}"
                    if kind == "exported":
                        problems.append(f"{at}: @_exported is not allowed (import what you use explicitly)")
                        continue
                    imported.add(module)
                    if module == name:
                        continue
                    if module in PORTABLE_MODULES:
                        continue
                    is_platform = module in PLATFORM_MODULES or (
                        module in package_modules and _is_system(targets, module)
                    )
                    if module in package_modules or module not in PLATFORM_MODULES:
                        if module not in declared:
                            problems.append(
                                f"{at}: target {name} imports {module}, "
                                f"which Package.swift does not list in its dependencies"
                            )
                            continue
                    if name in CORE_TARGETS and is_platform and module not in guards:
                        problems.append(
                            f"{at}: core target {name} imports platform module {module} "
                            f"outside `#if canImport({module})`"
                        )
        if has_swift:
            for dependency in sorted(declared - imported):
                if dependency in package_modules and not _is_executable(targets, dependency):
                    problems.append(
                        f"{os.path.relpath(folder, root)}: target {name} declares a dependency on {dependency}, "
                        f"which none of its files imports"
                    )
    return problems


TABLE_ROW_RE = re.compile(r"^\|\s*`([A-Za-z_][A-Za-z0-9_]*)`[^|]*\|.*\|([^|]*)\|\s*$")
NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def check_architecture(root: str, manifest: dict) -> list[str]:
    """The target table's "imports" column against the declared dependencies."""
    path = os.path.join(root, "Docs", "ARCHITECTURE.md")
    if not os.path.exists(path):
        return []
    targets = [t for t in manifest.get("targets", []) if t["type"] in ("regular", "executable", "system")]
    package_modules = {t["name"] for t in manifest.get("targets", [])}
    rows: dict[str, set[str]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if m := TABLE_ROW_RE.match(line.rstrip("\n")):
                rows.setdefault(m.group(1), {n for n in NAME_RE.findall(m.group(2)) if n in package_modules})
    problems = []
    for target in targets:
        name = target["name"]
        if name not in rows:
            problems.append(f"Docs/ARCHITECTURE.md: the target table has no row for {name}")
            continue
        declared = dependency_names(target) & package_modules
        if rows[name] != declared:
            listed = ", ".join(sorted(rows[name])) or "none"
            wanted = ", ".join(sorted(declared)) or "none"
            problems.append(f"Docs/ARCHITECTURE.md: {name} lists imports {listed}; Package.swift declares {wanted}")
    return problems


def _is_executable(targets: list[dict], module: str) -> bool:
    return any(t["name"] == module and t["type"] == "executable" for t in targets)


def _is_system(targets: list[dict], module: str) -> bool:
    return any(t["name"] == module and t["type"] == "system" for t in targets)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--manifest-json", help="use this dump-package JSON instead of running swift")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    manifest = load_manifest(root, args.manifest_json)
    problems = check(root, manifest) + check_architecture(root, manifest)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"check-imports: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
