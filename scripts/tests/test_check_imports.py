#!/usr/bin/env python3
"""Tests for scripts/check-imports.py: each broken fixture package must fail, the clean one pass.

Run: python3 scripts/tests/test_check_imports.py (scripts/test.sh does). Python standard library only.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import unittest

CHECKER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "check-imports.py")


def manifest(targets: dict[str, list[str]], system: tuple[str, ...] = ()) -> dict:
    """A `swift package dump-package`-shaped manifest: target name → declared dependencies."""
    out = []
    for name, deps in targets.items():
        kind = "test" if name.endswith("Tests") else "regular"
        out.append({"name": name, "type": kind, "dependencies": [{"byName": [d, None]} for d in deps]})
    for name in system:
        out.append({"name": name, "type": "system", "dependencies": []})
    return {"name": "Fixture", "targets": out}


class CheckImportsTests(unittest.TestCase):
    def run_checker(self, targets: dict[str, list[str]], files: dict[str, str], system=()):
        with tempfile.TemporaryDirectory(prefix="check-imports-") as root:
            for rel, text in files.items():
                path = os.path.join(root, rel)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
            manifest_path = os.path.join(root, "manifest.json")
            with open(manifest_path, "w", encoding="utf-8") as f:
                json.dump(manifest(targets, system), f)
            result = subprocess.run(
                [sys.executable, CHECKER, "--root", root, "--manifest-json", manifest_path],
                capture_output=True,
                text=True,
            )
            return result.returncode, result.stderr

    def test_clean_package_passes(self):
        code, err = self.run_checker(
            {"CascadeLayout": [], "CascadeCollection": ["CascadeLayout"], "CascadeCollectionTests": ["CascadeCollection", "CascadeLayout"]},
            {
                "Sources/CascadeLayout/A.swift": "import Foundation\n",
                "Sources/CascadeCollection/B.swift": (
                    "import CascadeLayout\nimport Foundation\n"
                    "#if canImport(FoundationNetworking)\n    import FoundationNetworking\n#endif\n"
                    "let script = \"\"\"\n    import http.server\n    \"\"\"\n"
                    "// import Secret\n/* import Hidden */\n"
                ),
                "Tests/CascadeCollectionTests/C.swift": (
                    "@testable import CascadeCollection\nimport CascadeLayout\nimport Testing\n"
                ),
            },
        )
        self.assertEqual(code, 0, err)

    def test_undeclared_import_fails(self):
        # CascadeScreens uses CascadeLayout without declaring it (Docs/PLATFORM_NOTES.md, Building).
        code, err = self.run_checker(
            {"CascadeLayout": [], "CascadeCollection": ["CascadeLayout"], "CascadeScreens": ["CascadeCollection"]},
            {
                "Sources/CascadeLayout/A.swift": "import Foundation\n",
                "Sources/CascadeCollection/B.swift": "import CascadeLayout\n",
                "Sources/CascadeScreens/C.swift": "import CascadeCollection\nimport CascadeLayout\n",
            },
        )
        self.assertEqual(code, 1)
        self.assertIn("Sources/CascadeScreens/C.swift:2: target CascadeScreens imports CascadeLayout", err)

    def test_declared_dependency_no_file_imports_fails(self):
        code, err = self.run_checker(
            {"CascadeLayout": [], "CascadePlayer": [], "CascadeScreens": ["CascadeLayout", "CascadePlayer"]},
            {
                "Sources/CascadeLayout/A.swift": "import Foundation\n",
                "Sources/CascadePlayer/B.swift": "import Foundation\n",
                "Sources/CascadeScreens/C.swift": "import CascadeLayout\n// import CascadePlayer\n",
            },
        )
        self.assertEqual(code, 1)
        self.assertIn("target CascadeScreens declares a dependency on CascadePlayer, which none of its files imports", err)
        self.assertNotIn("dependency on CascadeLayout", err)

    def test_architecture_table_must_match_the_declared_dependencies(self):
        targets = {"CascadeLayout": [], "CascadeScreens": ["CascadeLayout"]}
        sources = {
            "Sources/CascadeLayout/A.swift": "import Foundation\n",
            "Sources/CascadeScreens/B.swift": "import CascadeLayout\n",
        }
        table = "| target | role | imports |\n| --- | --- | --- |\n| `CascadeLayout` | layouts | Foundation |\n"
        code, err = self.run_checker(
            targets, {**sources, "Docs/ARCHITECTURE.md": table + "| `CascadeScreens` | models | Foundation |\n"})
        self.assertEqual(code, 1)
        self.assertIn("CascadeScreens lists imports none; Package.swift declares CascadeLayout", err)
        code, err = self.run_checker(targets, {**sources, "Docs/ARCHITECTURE.md": table})
        self.assertIn("the target table has no row for CascadeScreens", err)
        code, err = self.run_checker(
            targets, {**sources, "Docs/ARCHITECTURE.md": table + "| `CascadeScreens` | models | CascadeLayout |\n"})
        self.assertEqual(code, 0, err)

    def test_unknown_module_fails(self):
        code, err = self.run_checker({"CascadeHost": []}, {"Sources/CascadeHost/A.swift": "import UIKitish\n"})
        self.assertEqual(code, 1)
        self.assertIn("imports UIKitish", err)

    def test_exported_import_fails(self):
        code, err = self.run_checker(
            {"CascadeLayout": [], "CascadeCollection": ["CascadeLayout"]},
            {
                "Sources/CascadeLayout/A.swift": "import Foundation\n",
                "Sources/CascadeCollection/B.swift": "@_exported import CascadeLayout\n",
            },
        )
        self.assertEqual(code, 1)
        self.assertIn("B.swift:1: @_exported is not allowed", err)

    def test_core_platform_import_outside_can_import_fails(self):
        code, err = self.run_checker(
            {"CascadeFeed": []},
            {
                "Sources/CascadeFeed/A.swift": "import Foundation\nimport FoundationNetworking\n",
                "Sources/CascadeFeed/B.swift": "#if canImport(Glibc)\nimport Glibc\n#else\nimport Glibc\n#endif\n",
            },
        )
        self.assertEqual(code, 1)
        self.assertIn("A.swift:2: core target CascadeFeed imports platform module FoundationNetworking", err)
        self.assertIn("B.swift:4: core target CascadeFeed imports platform module Glibc", err)
        self.assertNotIn("B.swift:2:", err)

    def test_core_system_library_needs_guard_and_declaration(self):
        code, err = self.run_checker(
            {"CascadeImages": ["CPixbuf"], "CascadePixbuf": ["CPixbuf"]},
            {
                "Sources/CascadeImages/A.swift": "import CPixbuf\n",
                "Sources/CascadePixbuf/B.swift": "import CPixbuf\n",
            },
            system=("CPixbuf",),
        )
        self.assertEqual(code, 1)
        self.assertIn("core target CascadeImages imports platform module CPixbuf", err)
        self.assertNotIn("CascadePixbuf/B.swift", err)

    def test_host_may_import_platform_modules(self):
        code, err = self.run_checker(
            {"CascadeTestSupport": []}, {"Sources/CascadeTestSupport/A.swift": "import Glibc\nimport FoundationNetworking\n"}
        )
        self.assertEqual(code, 0, err)


if __name__ == "__main__":
    unittest.main()
