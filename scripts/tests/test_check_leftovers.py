#!/usr/bin/env python3
"""Tests for scripts/check-leftovers.py: a marked process and a left-over file must fail the
check (and the process must be killed); a clean run must pass. Python standard library only."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import unittest

CHECKER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "check-leftovers.py")


class CheckLeftoversTests(unittest.TestCase):
    def run_checker(self, run_id: str, tmpdir: str, grace: float = 0.5):
        return subprocess.run([sys.executable, CHECKER, run_id, tmpdir, str(grace)], capture_output=True, text=True)

    def test_clean_run_passes(self):
        with tempfile.TemporaryDirectory(prefix="check-leftovers-") as tmpdir:
            result = self.run_checker(f"clean-{os.getpid()}", tmpdir)
            self.assertEqual(result.returncode, 0, result.stderr)

    def test_marked_process_fails_and_is_killed(self):
        run_id = f"marked-{os.getpid()}"
        environment = dict(os.environ, CASCADE_TEST_RUN=run_id)
        child = subprocess.Popen(["sleep", "60"], env=environment)
        try:
            with tempfile.TemporaryDirectory(prefix="check-leftovers-") as tmpdir:
                result = self.run_checker(run_id, tmpdir)
            self.assertEqual(result.returncode, 1)
            self.assertIn(f"{child.pid} sleep 60", result.stderr)
            deadline = time.monotonic() + 10
            while child.poll() is None and time.monotonic() < deadline:
                time.sleep(0.01)
            self.assertEqual(child.returncode, -9)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait(5)

    def test_a_process_that_exits_within_the_grace_period_passes(self):
        run_id = f"short-{os.getpid()}"
        child = subprocess.Popen(["sleep", "0.5"], env=dict(os.environ, CASCADE_TEST_RUN=run_id))
        try:
            with tempfile.TemporaryDirectory(prefix="check-leftovers-") as tmpdir:
                result = self.run_checker(run_id, tmpdir, grace=30)
            self.assertEqual(result.returncode, 0, result.stderr)
        finally:
            child.wait(10)

    def test_what_swift_test_itself_leaves_is_ignored(self):
        with tempfile.TemporaryDirectory(prefix="check-leftovers-") as tmpdir:
            open(os.path.join(tmpdir, "_work_.build.lock"), "w").close()
            os.mkdir(os.path.join(tmpdir, "TemporaryDirectory.AbC123"))
            open(os.path.join(tmpdir, "TemporaryDirectory.AbC123", ".keep-directory"), "w").close()
            result = self.run_checker(f"swiftpm-{os.getpid()}", tmpdir)
            self.assertEqual(result.returncode, 0, result.stderr)
            os.mkdir(os.path.join(tmpdir, "TemporaryDirectory.AbC123", "inside"))
            self.assertEqual(self.run_checker(f"swiftpm-{os.getpid()}", tmpdir).returncode, 1)

    def test_left_over_file_fails(self):
        with tempfile.TemporaryDirectory(prefix="check-leftovers-") as tmpdir:
            os.mkdir(os.path.join(tmpdir, "cascade-app-1234"))
            result = self.run_checker(f"files-{os.getpid()}", tmpdir)
            self.assertEqual(result.returncode, 1)
            self.assertIn("cascade-app-1234", result.stderr)


if __name__ == "__main__":
    unittest.main()
