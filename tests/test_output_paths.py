"""Outputs that are not regular files keep their kind, and a write that fails is one line and exit 2.

A device or a FIFO is opened and written in place, a symbolic link's target is
replaced (the link stays a link), ``-`` and ``/dev/stdout`` are standard
output; never is a path replaced by a regular file. Every device here is
private (:mod:`tests.devices`): a test never writes to the system's
``/dev/null`` or ``/dev/full``.
"""

import errno
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from limits.cli import main
from limits.paper.files import write_atomic
from tests.devices import FULL, NULL, device

ROOT = Path(__file__).resolve().parents[1]
PAGE = b"<p>a page</p>\n" * 5000  # more than a pipe holds at once


@pytest.fixture(scope="module")
def explore(tmp_path_factory):
    """The command line of a small page, made quickly (a board of four squares, a two-faced die)."""
    board = tmp_path_factory.mktemp("board") / "tiny.toml"
    board.write_text("size = 4\n[jumps]\n2 = 1\n")
    return ["explore", "--board", str(board), "--faces", "2"]


def _kind(path):
    return stat.S_IFMT(os.lstat(path).st_mode)


def _reading(fifo):
    """A thread that reads ``fifo`` to its end; ``join()`` it, then its ``got`` holds the bytes."""
    reader = threading.Thread(target=lambda: reader.got.append(Path(fifo).read_bytes()), daemon=True)
    reader.got = []
    reader.start()
    return reader


def test_a_device_is_written_in_place(tmp_path):
    null = device(tmp_path / "null", NULL)
    write_atomic(null, PAGE)
    assert _kind(null) == stat.S_IFCHR and os.listdir(tmp_path) == ["null"]


def test_a_full_device_fails_and_stays(tmp_path):
    full = device(tmp_path / "full", FULL)
    with pytest.raises(OSError) as failed:
        write_atomic(full, PAGE)
    assert failed.value.errno == errno.ENOSPC
    assert _kind(full) == stat.S_IFCHR and os.listdir(tmp_path) == ["full"]


def test_a_fifo_is_written_in_place(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = _reading(fifo)
    write_atomic(fifo, PAGE)
    reader.join(60)
    assert reader.got == [PAGE] and _kind(fifo) == stat.S_IFIFO and os.listdir(tmp_path) == ["fifo"]


@pytest.mark.parametrize("exists", [True, False], ids=["target", "dangling"])
def test_a_link_stays_a_link_and_its_target_is_replaced_whole(tmp_path, exists):
    (tmp_path / "pages").mkdir()
    target = tmp_path / "pages" / "page.html"
    if exists:
        target.write_bytes(b"old")
    link = tmp_path / "link.html"
    link.symlink_to(Path("pages") / "page.html")
    write_atomic(link, PAGE)
    assert link.is_symlink() and os.readlink(link) == str(Path("pages") / "page.html")
    assert target.read_bytes() == PAGE and _kind(target) == stat.S_IFREG
    assert sorted(os.listdir(tmp_path / "pages")) == ["page.html"]  # the temporary file went beside the target


# ---- the command line ---------------------------------------------------------------------------------------------


def _explore(explore, capsys, out):
    code = main([*explore, "-o", str(out)])
    return code, *capsys.readouterr()


def test_explore_writes_a_device_in_place(explore, tmp_path, capsys):
    null = device(tmp_path / "null", NULL)
    code, out, err = _explore(explore, capsys, null)
    assert (code, err) == (0, "") and out.startswith(f"wrote {null}") and _kind(null) == stat.S_IFCHR


def test_explore_on_a_full_device_is_one_line_and_exit_2(explore, tmp_path, capsys):
    # the audit's case: `-o /dev/full` answered "wrote /dev/full" (the device was replaced by a file)
    full = device(tmp_path / "full", FULL)
    code, out, err = _explore(explore, capsys, full)
    assert (code, out) == (2, "") and err == f"limits: error: cannot write {str(full)!r}: No space left on device\n"
    assert _kind(full) == stat.S_IFCHR and os.listdir(tmp_path) == ["full"]


def test_explore_writes_a_fifo_in_place(explore, tmp_path, capsys):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = _reading(fifo)
    code, out, err = _explore(explore, capsys, fifo)
    reader.join(60)
    assert code == 0 and reader.got[0].startswith(b"<!DOCTYPE html>") and _kind(fifo) == stat.S_IFIFO


def test_explore_follows_a_link(explore, tmp_path, capsys):
    target = tmp_path / "page.html"
    target.write_text("old")
    link = tmp_path / "link.html"
    link.symlink_to(target)
    code, out, err = _explore(explore, capsys, link)
    assert code == 0 and link.is_symlink() and target.read_text().startswith("<!DOCTYPE html>")


def test_explore_to_standard_output(explore, capsys):
    code, out, err = _explore(explore, capsys, "-")
    assert (code, err) == (0, "") and out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")


def test_explore_to_dev_stdout_reaches_the_pipe(explore, tmp_path):
    # a private name for the child's own standard output (as /dev/stdout is): its pipe, nothing of the system
    stdout = tmp_path / "stdout"
    stdout.symlink_to("/proc/self/fd/1")
    proc = subprocess.run([sys.executable, "-m", "limits", *explore, "-o", str(stdout)], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=300)
    assert (proc.returncode, proc.stderr) == (0, "") and proc.stdout.startswith("<!DOCTYPE html>")


def test_reproduce_refuses_standard_output(capsys):
    assert main(["reproduce", "-o", "-"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "not - (standard output)" in err
