import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mkdocs_builds_without_warnings(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert (tmp_path / "site" / "errata" / "index.html").exists()


def test_readme_opens_with_the_two_commands():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    block = lines[lines.index("```sh") + 1: lines.index("```", lines.index("```sh") + 1)]
    assert len(block) == 2
    assert "pip install" in block[0] and "limits reproduce -o" in block[0]
    assert "pytest" in block[1]
    assert "pytest" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_ruff_finds_nothing():
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "limits", "chutes_limits.py", "tests", "benchmarks"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:]


def test_development_page_matches_the_readme_and_the_tree():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = readme.index("```sh") + 1
    setup = readme[start: readme.index("```", start)]
    page = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    assert "\n".join(setup) in page  # the same two commands
    for bench in sorted((ROOT / "benchmarks").glob("*.py")):
        assert f"python benchmarks/{bench.name}" in page, bench.name
    assert "development.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
