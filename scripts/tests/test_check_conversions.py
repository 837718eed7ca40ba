#!/usr/bin/env python3
"""Fixture test for scripts/check-conversions.py: it reports exactly the lines marked BAD."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "..", "check-conversions.py")
FIXTURE_DIR = os.path.join(HERE, "check-conversions")


def main():
    fixture = os.path.join(FIXTURE_DIR, "Fixture.swift")
    with open(fixture, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    expected = sorted(i + 1 for i, line in enumerate(lines) if line.rstrip().endswith("// BAD"))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as allow:
        allow.write("*Fixture.swift\tInt\\(text\\)  # parses a String\n")
    try:
        result = subprocess.run(
            [sys.executable, CHECK, "--allowlist", allow.name, "--base", FIXTURE_DIR, FIXTURE_DIR],
            capture_output=True, text=True, check=False,
        )
        with tempfile.TemporaryDirectory() as empty:
            clean = subprocess.run(
                [sys.executable, CHECK, "--allowlist", allow.name, empty], capture_output=True, text=True, check=False
            )
    finally:
        os.unlink(allow.name)
    reported = sorted(int(line.split(":")[1]) for line in result.stdout.splitlines() if line)
    failures = []
    if result.returncode != 1:
        failures.append(f"exit status {result.returncode}, expected 1")
    if reported != expected:
        failures.append(f"reported lines {reported}, expected {expected}")
    if clean.returncode != 0:
        failures.append("a folder without Swift files should pass")
    for failure in failures:
        print("FAIL:", failure)
    if not failures:
        print(f"check-conversions fixture: {len(expected)} bad calls reported, none else")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
