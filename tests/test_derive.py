import os
import shutil
import subprocess

import pytest

from limits.paper.derivation import derive

HAVE_PDFLATEX = shutil.which("pdflatex") is not None


def test_text_steps():
    d = derive(delta=4)
    assert d.finite
    text = d.text()
    assert "113/155" in text and "40634/865" in text and "equal to psi / pi_Win" in text
    assert "49.97" in text  # the paper's own number, reproduced from its chain
    assert d._repr_latex_().startswith(r"\textbf{")


@pytest.mark.parametrize("delta", [1, 2, 3, 6])
def test_no_finite_limit_is_said_plainly(delta):
    d = derive(delta=delta)
    assert not d.finite and "no finite limit" in d.text()


@pytest.mark.skipif(not HAVE_PDFLATEX and not os.environ.get("CI"), reason="pdflatex is not installed here")
@pytest.mark.parametrize("delta", [3, 4, 5])
def test_latex_document_compiles(delta, tmp_path):
    (tmp_path / "d.tex").write_text(derive(delta=delta).latex_document())
    proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "d.tex"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert (tmp_path / "d.pdf").stat().st_size > 1000


def test_beyond_first_order_is_said_plainly(tmp_path):
    from limits import Board
    from limits.limit.rational_sigma import sigma_function

    board = Board(18, {3: 18, 11: 6, 13: 9, 4: 16, 2: 17})  # a loop here needs two non-1 rolls to leave
    d = derive(board, 1, faces=2)
    series = sigma_function(board, 1, faces=2).laurent(1)
    assert d.steps[-1].title == "Beyond first order"
    assert f"order {series.order}" in d.steps[-1].statement and d.finite == (series.order == 0)
