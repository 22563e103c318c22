"""numba loaded lazily, and compiled with interrupts held until the cache is written."""

import contextlib
import itertools
import signal
import subprocess
import sys
import threading

import pytest

from limits.exact import jit


class Stop(Exception):
    pass


@pytest.fixture
def sigint_raises_stop():
    def stop(signum, frame):
        raise Stop(signum)

    before = signal.signal(signal.SIGINT, stop)
    yield
    signal.signal(signal.SIGINT, before)


def test_an_interrupt_during_a_compilation_comes_after_it(sigint_raises_stop):
    done = []

    class Dispatcher:
        overloads = {}

        def compile(self, types):
            signal.raise_signal(signal.SIGINT)  # as if ^C came while numba writes its cache
            done.append(types)

    with pytest.raises(Stop):
        jit.compile_for(Dispatcher(), (1, 2.0))
    assert len(done) == 1  # the compilation finished before the interrupt was delivered


def test_without_an_interrupt_nothing_is_delivered(sigint_raises_stop):
    with jit.interrupts_held():
        pass
    assert signal.getsignal(signal.SIGINT).__name__ == "stop"


def test_have_numba_does_not_import_it(monkeypatch):
    code = "import sys; from limits.exact.jit import have_numba; have_numba(); print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
    monkeypatch.setitem(sys.modules, "numba", None)  # import numba now fails
    assert jit.have_numba() is False


def test_commands_on_the_papers_board_import_no_heavy_library():
    """numba, sympy, scipy and mpmath stay out of the answers that do not need them."""
    code = ("import sys; from limits.cli import main\n"
            "for argv in (['duration'], ['sweep', '--delta', '5'], ['strategies'], ['simulate', '--games', '1e4']):\n"
            "    assert main([*argv, '--format', 'json']) == 0, argv\n"
            "print(sorted(m for m in ('numba', 'sympy', 'scipy', 'mpmath', 'networkx') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


_ORDERS = [order for n in range(4) for order in itertools.product((signal.SIGINT, signal.SIGTERM), repeat=n)]


@pytest.fixture
def recorded():
    """SIGINT and SIGTERM handled in the process by recording them (the handlers before are put back after)."""
    came = []

    def record(signum, frame):
        came.append(signum)

    before = {sig: signal.signal(sig, record) for sig in (signal.SIGINT, signal.SIGTERM)}
    yield came, record
    for sig, handler in before.items():
        signal.signal(sig, handler)


@pytest.mark.parametrize("fails", [False, True])
@pytest.mark.parametrize("order", _ORDERS, ids=lambda order: "-".join(s.name for s in order) or "none")
def test_whatever_comes_in_the_hold_the_first_is_delivered_once_after_it(recorded, order, fails):
    # the class: every order of SIGINT and SIGTERM (none, one, repeated, both ways round), with the held code
    # ending normally or by an exception: nothing during the hold, then the first signal alone, once, and the
    # handlers as they were
    came, record = recorded
    with pytest.raises(ValueError) if fails else contextlib.nullcontext():
        with jit.interrupts_held():
            for sig in order:
                signal.raise_signal(sig)
            assert came == []
            if fails:
                raise ValueError("the held code fails")
    assert came == list(order[:1])
    assert signal.getsignal(signal.SIGINT) is record and signal.getsignal(signal.SIGTERM) is record


def test_off_the_main_thread_nothing_is_held(recorded):
    _, record = recorded
    seen = []

    def worker():
        with jit.interrupts_held():
            seen.append((signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)))

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen == [(record, record)]
