import subprocess
import sys

from limits.paper.claims import check_claims
from limits.paper.reproduce import STEPS, reproduce


def test_reproduce_writes_the_report_figures_and_derivations(tmp_path):
    seen = []
    files = reproduce(tmp_path / "out", games=20_000, progress=lambda i, n, name: seen.append(name))
    assert seen == list(STEPS)
    names = {f.relative_to(tmp_path / "out").as_posix() for f in files}
    assert {"report.md", "report.html", "figures/survival.png", "figures/pmf.png", "figures/sigma_full.png",
            "figures/sigma_zoom.png", "figures/flips_optimal.png", "figures/collapsed_4.png",
            "derivations/delta_5.tex"} <= names
    assert sum(n.startswith("figures/classification_") for n in names) == 6
    report = (tmp_path / "out" / "report.md").read_text()
    for c in check_claims():
        assert c.paper in report  # the claims table is complete
    assert "4701963530284262061680976447702295260969373555678655812977547" in report
    html = (tmp_path / "out" / "report.html").read_text()
    assert html.count("<img") == report.count("![")


def test_cli_errors_and_summary(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    proc = subprocess.run([sys.executable, "-m", "limits", "reproduce", "-o", str(blocker)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "not a folder" in proc.stderr and "Traceback" not in proc.stderr
