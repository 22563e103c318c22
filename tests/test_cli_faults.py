"""The command line under signals, at any moment: one line, exit 130, and no process of it left behind.

Each test starts ``limits`` as a user would (``python -m limits`` or the
console script's module) and waits for a condition it can see (a signal
handler installed, worker processes started, the process gone) rather than
for a fixed time, so a loaded machine makes it slower, not wrong.
"""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
ENTRIES = {"python -m limits": [sys.executable, "-m", "limits"],
           "console script": [sys.executable, str(ROOT / "chutes_limits.py")],
           "installed script": [sys.executable]}  # the script pip writes, named limits (made by _start)
WRAPPER = "import sys\nfrom chutes_limits import main\nif __name__ == '__main__':\n    sys.exit(main())\n"
DEADLINE = 60  # seconds: how long a condition may take to appear on a loaded machine before the test fails
GONE = 2.0  # seconds: how long after the command has exited its workers may still be seen

# Each of these starts whole processes (about 0.5 to 5 s of CPU time each): the default run keeps one case of
# each kind, and the others run in the slow pass (.ci/run runs both).
ALSO = pytest.mark.slow(reason="another case of the same kind, run in the slow pass; the default run keeps one")


def _one_fast(cases, ids, keep):
    """``cases`` as pytest parameters, all but the one at ``keep`` marked slow."""
    return [pytest.param(*(c if isinstance(c, tuple) else (c,)), id=i, marks=() if k == keep else ALSO)
            for k, (c, i) in enumerate(zip(cases, ids))]


linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux) to see handlers and "
                                                                         "worker processes")


def _status(pid, field):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        return None
    return None


def _catches(pid, sig):
    """Whether process ``pid`` has a handler for ``sig`` (Python has none for SIGTERM by default: ours)."""
    mask = _status(pid, "SigCgt")
    return mask is not None and bool(int(mask, 16) & (1 << (sig - 1)))


def _alive(pid):
    """Running, not a zombie (a container's init may never reap an orphan)."""
    state = _status(pid, "State")
    return state is not None and not state.startswith("Z")


def _children(pid):
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and _status(entry.name, "PPid") == str(pid) and _alive(entry.name):
            found.append(int(entry.name))
    return found


def _wait(condition, what, deadline=DEADLINE, pause=0.005):
    end = time.monotonic() + deadline
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"{what} did not happen within {deadline} s")
        time.sleep(pause)


def _start(argv, tmp_path, entry="python -m limits"):
    # files, not pipes: a worker left alive holds a pipe open and would block the test, not fail it
    files = (open(tmp_path / "stdout", "w+"), open(tmp_path / "stderr", "w+"))
    command = ENTRIES[entry]
    if entry == "installed script":
        (tmp_path / "limits").write_text(WRAPPER)
        command = [*command, str(tmp_path / "limits")]
    # a child keeps an ignored SIGINT (pytest run as a shell's background job): Python would then drop a signal
    # that comes before the command's handler is up, and the command would run on
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen([*command, *argv], cwd=ROOT, env=ENV, stdout=files[0], stderr=files[1])
    finally:
        signal.signal(signal.SIGINT, previous)
    return proc, files


def _finish(proc, files):
    try:
        proc.wait(timeout=DEADLINE)
        for f in files:
            f.seek(0)
        return files[0].read(), files[1].read()
    finally:
        for f in files:
            f.close()


def _loading(pid):
    """Whether the process has loaded python-flint or numpy, the first large library a command's imports load (the
    exact commands flint, the simulation numpy)."""
    try:
        with open(f"/proc/{pid}/maps") as maps:
            text = maps.read()
            return "flint" in text or "_multiarray_umath" in text
    except OSError:
        return False


# an interrupt at any moment of a run: while the package loads, while it computes


FOREVER = ["simulate", "--games", "1e10", "--seed", "1", "--workers", "1"]
MOMENTS = ("first", "loading", "started")
SIGNALS = (signal.SIGINT, signal.SIGTERM)


@linux
@pytest.mark.parametrize("moment, sig, entry", _one_fast(
    [(m, s, e) for m in MOMENTS for s in SIGNALS for e in sorted(ENTRIES)],
    [f"{m}-{s.value}-{e}" for m in MOMENTS for s in SIGNALS for e in sorted(ENTRIES)], keep=0))
def test_an_interrupt_from_the_first_moment_is_one_line_and_130(tmp_path, entry, sig, moment):
    # "first": as soon as the entry's handler is up, its first statements, while it imports the rest (its own
    # imports came before the handler, and a signal in them printed a KeyboardInterrupt traceback from
    # chutes_limits.py, or ended the process silently); "loading": while the command's imports run (numpy
    # loaded); "started": 0.25 s after the handler is up, while the package
    # loads or the games run
    proc, files = _start(FOREVER, tmp_path, entry)
    if moment == "loading":
        _wait(lambda: _loading(proc.pid) or proc.poll() is not None, "the import of numpy or python-flint")
    else:
        _wait(lambda: _catches(proc.pid, signal.SIGTERM) or proc.poll() is not None, "the signal handler",
              pause=0 if moment == "first" else 0.005)
        time.sleep(0.25 if moment == "started" else 0)
    proc.send_signal(sig)
    out, err = _finish(proc, files)
    assert (proc.returncode, err, out) == (130, "limits: interrupted\n", "")


AFTER = (0, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5)
"""Seconds after the entry's handler is up at which the sweep sends its signal."""


@linux
@pytest.mark.slow(reason="every early moment of every entry, a whole process each (about 70 processes)")
@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_an_interrupt_at_any_early_moment_is_one_line_and_130(tmp_path, entry):
    found = []
    for sig in SIGNALS:
        for after in AFTER:
            proc, files = _start(FOREVER, tmp_path, entry)
            _wait(lambda: _catches(proc.pid, signal.SIGTERM) or proc.poll() is not None, "the signal handler",
                  pause=0)
            time.sleep(after)
            proc.send_signal(sig)
            out, err = _finish(proc, files)
            if (proc.returncode, err, out) != (130, "limits: interrupted\n", ""):
                found.append(f"{sig.name} {after} s after the handler: {proc.returncode} {err[-300:]!r}")
    assert not found, "\n".join(found)


def _ours(err):
    """The lines of a traceback in ``err`` that run a statement of ours: a frame of chutes_limits.py or of the
    package at a line past 0 (line 0 is a code object about to start: the signal came before it ran)."""
    frames = re.findall(r'File "([^"]+)", line (\d+)', err)
    return [f"{name}:{line}" for name, line in frames if int(line) > 0 and (
        name == str(ROOT / "chutes_limits.py") or name.startswith(str(ROOT / "limits") + os.sep))]


@linux
@pytest.mark.slow(reason="a signal every 4 ms of a start, a whole process each (about 100 processes)")
@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_no_traceback_of_ours_at_any_moment_from_the_start(tmp_path, entry):
    # SIGINT at fixed times from the process's start, whether or not the entry runs yet. Before it, Python's own
    # startup may print its traceback and end, or print it and run on (while it checks whether the script is an
    # import path entry): then a second SIGINT, once the handler is up, stops it. Once the handler is up, or any
    # statement of ours has run, one line and 130.
    found = []
    for after in range(0, 400, 4):
        proc, files = _start(FOREVER, tmp_path, entry)
        time.sleep(after / 1000)
        up = _catches(proc.pid, signal.SIGTERM)  # our handler is in place: the signal must end the command
        proc.send_signal(signal.SIGINT)
        if not up:
            _wait(lambda: _catches(proc.pid, signal.SIGTERM) or proc.poll() is not None, "the signal handler")
            try:
                proc.wait(2 * GONE)
            except subprocess.TimeoutExpired:  # the first signal was spent before the entry ran
                proc.send_signal(signal.SIGINT)
        out, err = _finish(proc, files)
        if _ours(err) or err.count("limits:") > 1 or (up and (proc.returncode, err) != (130, "limits: interrupted\n")):
            found.append(f"{after} ms: {proc.returncode} {_ours(err)} {err[-300:]!r}")
    assert not found, "\n".join(found)


@pytest.mark.slow(reason="compiles a numba function in a fresh interpreter twice (about 5 s of CPU time)")
def test_a_signal_inside_a_ctypes_callback_is_delivered_once_it_returns():
    # numba's object cache calls Python back from C through llvmlite's ctypes hooks; a KeyboardInterrupt
    # raised there is printed as "Exception ignored on calling ctypes callback function" and dropped.
    script = r"""
import ctypes, os, signal, sys, time
code = '''
def callback():
    os.kill(os.getpid(), signal.SIGINT)
    end = time.monotonic() + 0.2
    while time.monotonic() < end:
        pass
'''
space = {"__name__": "llvmlite.binding.stand_in", "os": os, "signal": signal, "time": time}
exec(code, space)
hook = ctypes.CFUNCTYPE(None)(space["callback"])

def run():
    hook()
    print("returned", flush=True)
    end = time.monotonic() + 5
    while time.monotonic() < end:
        time.sleep(0.001)
    print("lost", flush=True)

signal.signal(signal.SIGINT, signal.default_int_handler)  # a shell's background job starts with SIGINT ignored
try:
    if sys.argv[1] == "ours":
        from limits.cli.interrupts import signals_interrupt
        with signals_interrupt(watchdog=True):
            run()
    else:
        run()
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""
    runs = {mode: subprocess.run([sys.executable, "-c", script, mode], cwd=ROOT, env=ENV, capture_output=True,
                                 text=True, timeout=DEADLINE) for mode in ("python", "ours")}
    python, ours = runs["python"], runs["ours"]
    assert "Exception ignored on calling ctypes callback" in python.stderr and "lost" in python.stdout  # the case
    assert ours.stdout.endswith("interrupted\n") and "lost" not in ours.stdout and ours.stderr == ""


@pytest.mark.slow(reason="a whole command compiling numba's cache, stopped while it writes it")
def test_sigint_while_numba_writes_its_cache_is_not_lost(tmp_path):
    pytest.importorskip("numba", reason="numba is not installed: no cache to write")
    # numba's hook that receives the compiled object for its cache (called from C by llvmlite) gets the
    # signal, as a Ctrl-C at that moment would; the test's own copy of the hook sends it
    script = r"""
import os, signal, time
import numba
import numba.core.codegen as codegen

real = codegen.CPUCodeLibrary._object_compiled_hook.__func__
sent = []

def hook(cls, ll_module, buf):
    if not sent:
        sent.append(1)
        os.kill(os.getpid(), signal.SIGINT)
        end = time.monotonic() + 0.05
        while time.monotonic() < end:
            pass
    return real(cls, ll_module, buf)

codegen.CPUCodeLibrary._object_compiled_hook = classmethod(hook)

@numba.njit(cache=True)
def step(x):
    return x + 1

from limits.cli.interrupts import signals_interrupt
try:
    with signals_interrupt(watchdog=True):
        step(1)
        time.sleep(5)
    print("lost")
except KeyboardInterrupt:
    print("interrupted", len(sent))
"""
    (tmp_path / "cached.py").write_text(script)  # numba caches functions of files only
    proc = subprocess.run([sys.executable, str(tmp_path / "cached.py")], cwd=ROOT, capture_output=True, text=True,
                          env={**ENV, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}, timeout=DEADLINE)
    assert (proc.stdout, proc.stderr) == ("interrupted 1\n", "")


# pool workers die with the command


# tasks of many seconds each (eight boards of 600 squares; a face's sigma at 20,000 points), as in the audit
SURVEY = ["survey", "--size", "600", "--boards", "64", "--seed", "1", "--workers", "2", "--chunk", "8", "-q"]
SWEEP = ["sweep", "--delta", "all", "--points", "20000", "--workers", "2", "-q"]


@linux
@pytest.mark.parametrize("argv, sig", _one_fast(
    [(SURVEY, signal.SIGINT), (SURVEY, signal.SIGTERM), (SURVEY, signal.SIGKILL), (SWEEP, signal.SIGTERM),
     (SWEEP, signal.SIGKILL)], ["survey-int", "survey-term", "survey-kill", "sweep-term", "sweep-kill"], keep=3))
def test_pool_workers_die_with_the_command(tmp_path, argv, sig):
    # each board takes seconds: stopped mid-task, the workers used to compute on (5 s to over a minute)
    # after the command had exited 130; killed (-9), the command cannot stop them: they die with it
    proc, files = _start(argv, tmp_path)
    _wait(lambda: len(_children(proc.pid)) >= 2 or proc.poll() is not None, "two worker processes")
    workers = _children(proc.pid)
    assert proc.poll() is None and len(workers) >= 2
    time.sleep(0.3)  # into their first tasks
    proc.send_signal(sig)
    out, err = _finish(proc, files)
    if sig == signal.SIGKILL:
        assert proc.returncode == -signal.SIGKILL
    else:
        assert (proc.returncode, err, out) == (130, "limits: interrupted\n", "")
    _wait(lambda: not any(_alive(pid) for pid in workers), "the workers' end", deadline=GONE)


@linux
@pytest.mark.slow(reason="a local cluster of two processes started and stopped, 3 s of CPU time a case")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_local_dask_cluster_stops_with_the_command(tmp_path, sig):
    pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    # stopped while the cluster starts or computes: one line, no traceback of a half-built cluster at exit
    proc, files = _start([*SURVEY[:7], "--dask-local", "2", "--chunk", "8", "-q"], tmp_path)
    _wait(lambda: len(_children(proc.pid)) >= 2 or proc.poll() is not None, "the cluster's processes")
    workers = _children(proc.pid)
    proc.send_signal(sig)
    out, err = _finish(proc, files)
    assert (proc.returncode, err, out) == (130, "limits: interrupted\n", "")
    _wait(lambda: not any(_alive(pid) for pid in workers), "the cluster's end", deadline=GONE)


def test_a_signal_while_something_is_built_comes_when_it_is_done():
    from limits.cli.interrupts import interrupts_deferred, signals_interrupt

    steps = []
    with pytest.raises(KeyboardInterrupt):
        with signals_interrupt(watchdog=False):
            with interrupts_deferred():
                os.kill(os.getpid(), signal.SIGINT)
                end = time.monotonic() + 0.2
                while time.monotonic() < end:  # the handler runs here, between two bytecodes
                    pass
                steps.append("built")
            steps.append("after")  # never: the held signal is raised as the block ends
    assert steps == ["built"]


@linux
@pytest.mark.parametrize("means", ["all", "polling"])
def test_the_supervisor_refuses_to_outlive_its_parent(means):
    from limits.cli import interrupts as processes

    # a worker whose parent exits at once, before or after the worker has asked to die with it; each way
    # alone (the kernel's death signal, the polling of systems without it) is enough
    off = {"all": "", "polling": "p._die_with_parent = lambda: None; "}[means]
    code = ("import os, time; import limits.cli.interrupts as p; " + off + "parent = os.getpid(); "
            "pid = os.fork()\nif pid == 0:\n    p._worker_started(parent); time.sleep(60)\n"
            "else:\n    print(pid, flush=True); time.sleep(0.2); os._exit(0)")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=ENV)
    child = int(proc.stdout.readline())  # not read to its end: a child left alive would hold the pipe open
    proc.stdout.close()
    proc.wait(timeout=DEADLINE)
    _wait(lambda: not _alive(child), "the orphan's end", deadline=GONE + processes.POLL_SECONDS)


def test_callbacks_the_interpreter_runs_are_known_as_such():
    # a SIGINT raised inside importlib's module-lock weakref callback was printed as "Exception ignored in:
    # <function _get_module_lock.<locals>.cb>" with a traceback before the command's one line
    import sys

    from limits.cli.interrupts import in_foreign_callback

    scope = {"__name__": "importlib._bootstrap"}
    exec(compile("def cb():\n    import sys\n    return sys._getframe()\n", "<frozen importlib._bootstrap>", "exec"),
         scope)

    class Finalised:
        def __del__(self):
            seen.append(in_foreign_callback(sys._getframe()))

    seen: list[bool] = []
    Finalised()
    assert in_foreign_callback(scope["cb"]()) and seen == [True]
    assert not in_foreign_callback(sys._getframe())


@linux
def test_a_hard_exit_leaves_no_semaphore_for_the_tracker_to_report():
    """``os._exit`` skips multiprocessing's finalisers: without release_semaphores the resource tracker prints
    "There appear to be N leaked semaphore objects" after the command's one line."""
    code = ("import multiprocessing as mp; ctx = mp.get_context('forkserver'); locks = [ctx.Lock() for _ in range(3)];"
            "from limits.cli.interrupts import hard_exit; hard_exit()")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert (proc.returncode, proc.stderr) == (130, "limits: interrupted\n")


def test_an_error_while_a_stop_unwinds_is_the_stop(monkeypatch, capsys):
    """A library that turns the interrupt into an error of its own (a pool, a compiler) as it unwinds: the user
    asked to stop, so it is one line "interrupted" and 130, not an internal error; without a signal, the same
    error is an internal one."""
    import limits.cli as cli
    import limits.cli.game as game
    from limits.cli import main
    from limits.cli.interrupts import signalled

    monkeypatch.setattr(cli, "_parser", cli._parser.__wrapped__)  # a parser that reads the patched handler

    def broken(args, stop):
        if stop:
            signalled.set()  # as the handler does at the first SIGINT or SIGTERM
        raise RuntimeError("the pool broke as its workers were stopped")

    for stop, code, said in ((True, 130, "limits: interrupted\n"), (False, 1, "limits: internal error: RuntimeError")):
        monkeypatch.setattr(game, "_duration", lambda args, stop=stop: broken(args, stop))
        assert main(["duration"]) == code
        assert capsys.readouterr().err.startswith(said)


def test_a_stopped_pool_leaves_the_exit_no_pipe_to_write_to():
    # the exit handler of concurrent.futures wakes every manager it knows; a write racing with a stopped
    # manager's close printed "Exception ignored ... Bad file descriptor" after "interrupted" (seen under
    # load): the stopped pool's manager must be forgotten, or its wakeup quiet, though shutdown() drops
    # the pool's reference to the thread
    from concurrent.futures import process

    from limits.cli.interrupts import worker_pool

    with pytest.raises(KeyboardInterrupt):
        with worker_pool(1) as pool:
            assert pool.submit(abs, -1).result() == 1
            manager = pool._executor_manager_thread
            raise KeyboardInterrupt
    wakeup = process._threads_wakeups.get(manager)
    if wakeup is not None:
        wakeup.close()
        wakeup._closed = False  # the race: the exit handler saw the pipe open, the manager closed it
        wakeup.wakeup()  # no OSError
