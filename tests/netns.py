"""A private LAN for tests: network namespaces joined by a bridge, all on this machine.

Each host is a network namespace with one interface, ``eth0``, addressed in a private /24 that
exists only inside these namespaces; a further namespace holds the bridge (the "switch") the
hosts' veth pairs plug into. Multicast works across it (mDNS included): loopback is up, the
bridge does not snoop IGMP, and each host routes 224.0.0.0/4 out of ``eth0``.

    with netns.lan_or_skip(hosts=3) as lan:
        host, client = lan.hosts[0], lan.hosts[1]
        server = host.python(SERVER_CODE, host.address)   # a Proc, stdout read line by line
        server.expect(lambda line: line.startswith("ready"))
        out = client.run(sys.executable, "-m", "qingming", "tables", "--json",
                         "--interface", client.address, env=lan.env())

Everything is removed on close (namespaces, and with them the veths and the bridge); processes
started through a host are stopped first. Names carry the process id and a random token, so
runs never collide, and namespaces left by a run that was killed are swept on the next one.
``unavailable_reason()`` says why namespaces cannot be made here (not root, no ``ip``, a
kernel or sandbox without them); ``lan_or_skip`` turns that into a pytest skip.
"""

from __future__ import annotations

import contextlib
import functools
import ipaddress
import os
import queue
import secrets
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository: put on PYTHONPATH of processes in the namespaces."""

NAME_PREFIX = "qmt"
DEFAULT_SUBNET = "10.213.0.0/24"
DEFAULT_TIMEOUT = 15.0  # an upper bound for "never came", not a speed requirement


class NetnsError(RuntimeError):
    """An ``ip`` command failed; the message carries its output."""


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)
    if check and proc.returncode != 0:
        raise NetnsError(f"ip {' '.join(args)}: {proc.stderr.strip() or proc.returncode}")
    return proc


@functools.cache
def unavailable_reason() -> str | None:
    """None if namespaces can be made here, else why not (for a skip message)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "network namespaces need root"
    if shutil.which("ip") is None:
        return "the `ip` command (iproute2) is not installed"
    probe = f"{NAME_PREFIX}{os.getpid()}-probe{secrets.token_hex(2)}"
    try:
        _ip("netns", "add", probe)
    except (NetnsError, OSError, subprocess.SubprocessError) as exc:
        return f"cannot create a network namespace: {exc}"
    try:
        _ip("-n", probe, "link", "add", "br0", "type", "bridge")
        _ip("-n", probe, "link", "add", "v0", "type", "veth", "peer", "name", "v1")
    except NetnsError as exc:
        return f"cannot create bridge/veth devices in a namespace: {exc}"
    finally:
        _ip("netns", "del", probe, check=False)
    return None


def sweep_stale() -> None:
    """Delete namespaces of ours whose creating process is gone (a run that was killed)."""
    listing = _ip("netns", "list", check=False).stdout
    for line in listing.splitlines():
        name = line.split()[0] if line.split() else ""
        if not name.startswith(NAME_PREFIX):
            continue
        pid_text = name[len(NAME_PREFIX) :].split("-", 1)[0]
        if not pid_text.isdigit() or int(pid_text) == os.getpid():
            continue
        if not Path(f"/proc/{pid_text}").exists():
            _ip("netns", "del", name, check=False)


def child_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment for a process in a namespace: ours, the repository importable, output
    unbuffered (tests read it line by line)."""
    env = dict(os.environ)
    paths = [str(ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["PYTHONUNBUFFERED"] = "1"
    env.update(extra or {})
    return env


class Proc:
    """A process in a namespace whose stdout is read line by line in the background."""

    def __init__(self, popen: subprocess.Popen[str], label: str) -> None:
        self.popen = popen
        self.label = label
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stdout_seen: list[str] = []
        self.stderr_seen: list[str] = []
        self._readers = [
            threading.Thread(target=self._pump_stdout, daemon=True),
            threading.Thread(target=self._pump_stderr, daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def _pump_stdout(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # end of output

    def _pump_stderr(self) -> None:
        assert self.popen.stderr is not None
        for line in self.popen.stderr:
            self.stderr_seen.append(line.rstrip("\n"))

    def _explain(self, why: str) -> str:
        out = "\n".join(self.stdout_seen[-20:])
        err = "\n".join(self.stderr_seen[-40:])
        return f"{self.label}: {why}\n--- stdout (last lines)\n{out}\n--- stderr\n{err}"

    def readline(self, timeout: float = DEFAULT_TIMEOUT) -> str:
        """The next line of output; AssertionError if none comes or the process ended."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(self._explain(f"no output within {timeout} s")) from None
        if line is None:
            self.lines.put(None)  # stay at end of output for later calls
            code = self.popen.wait(5)
            raise AssertionError(self._explain(f"exited ({code}) before the expected output"))
        self.stdout_seen.append(line)
        return line

    def expect(self, match: Callable[[str], bool], timeout: float = DEFAULT_TIMEOUT) -> str:
        """Read lines until one matches (returned); the lines before it are skipped."""
        while True:
            line = self.readline(timeout)
            if match(line):
                return line

    def send(self, line: str) -> None:
        """Write a line to the process's stdin."""
        assert self.popen.stdin is not None
        self.popen.stdin.write(line + "\n")
        self.popen.stdin.flush()

    def close_stdin(self) -> None:
        if self.popen.stdin is not None and not self.popen.stdin.closed:
            with contextlib.suppress(OSError):
                self.popen.stdin.close()

    def wait(self, timeout: float = DEFAULT_TIMEOUT) -> int:
        return self.popen.wait(timeout)

    def stop(self, timeout: float = 5.0) -> int | None:
        """Ask it to end (stdin closed, then SIGTERM), kill it if it will not."""
        self.close_stdin()
        if self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait(timeout)
        for reader in self._readers:
            reader.join(1.0)
        return self.popen.returncode


class Host:
    """One test host: a namespace with ``eth0`` at ``address``."""

    def __init__(self, lan: Lan, netns: str, address: str, index: int) -> None:
        self.lan = lan
        self.netns = netns
        self.address = address
        self.index = index
        self.iface = "eth0"

    def __repr__(self) -> str:
        return f"Host({self.netns!r}, {self.address!r})"

    def _argv(self, argv: Sequence[str]) -> list[str]:
        return ["ip", "netns", "exec", self.netns, *argv]

    def run(
        self,
        *argv: str,
        check: bool = True,
        timeout: float = 60.0,
        env: Mapping[str, str] | None = None,
        input: str | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """Run a command in this host to completion; output captured as text."""
        proc = subprocess.run(
            self._argv(argv),
            capture_output=True,
            text=True,
            timeout=timeout,
            env=child_env(env),
            cwd=ROOT,
            input=input,
        )
        if check and proc.returncode != 0:
            raise AssertionError(
                f"{self.netns}: {' '.join(argv)} exited {proc.returncode}\n"
                f"--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}"
            )
        return proc

    def popen(self, *argv: str, env: Mapping[str, str] | None = None) -> Proc:
        """Start a command in this host; the LAN stops it on close."""
        popen = subprocess.Popen(
            self._argv(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=child_env(env),
            cwd=ROOT,
        )
        proc = Proc(popen, f"{self.netns} ({self.address}): {' '.join(argv)[:120]}")
        self.lan.procs.append(proc)
        return proc

    def python(self, code: str, *args: str, env: Mapping[str, str] | None = None) -> Proc:
        """Start ``python -c code args...`` (this interpreter) in this host."""
        return self.popen(sys.executable, "-c", code, *args, env=env)

    def python_module(self, module: str, *args: str, env: Mapping[str, str] | None = None) -> Proc:
        """Start ``python -m module args...`` in this host (e.g. ``qingming serve``)."""
        return self.popen(sys.executable, "-m", module, *args, env=env)


class Lan:
    """``hosts`` namespaces on one bridge, addressed .1, .2, ... in ``subnet``."""

    def __init__(self, hosts: int = 2, subnet: str = DEFAULT_SUBNET) -> None:
        network = ipaddress.IPv4Network(subnet)
        if not 1 <= hosts <= min(50, network.num_addresses - 2):
            raise ValueError(f"{hosts} hosts do not fit {subnet}")
        self.run_id = f"{NAME_PREFIX}{os.getpid()}-{secrets.token_hex(2)}"
        self.network = network
        self.switch = f"{self.run_id}-sw"
        self.hosts: list[Host] = []
        self.procs: list[Proc] = []
        self._namespaces: list[str] = []
        try:
            self._build(hosts)
        except BaseException:
            self.close()
            raise

    def _add_namespace(self, name: str) -> None:
        _ip("netns", "add", name)
        self._namespaces.append(name)
        _ip("-n", name, "link", "set", "lo", "up")

    def _build(self, count: int) -> None:
        sweep_stale()
        self._add_namespace(self.switch)
        sw = ("-n", self.switch)
        # No IGMP snooping: every host hears every multicast, as on a small office switch.
        _ip(*sw, "link", "add", "br0", "type", "bridge", "mcast_snooping", "0")
        _ip(*sw, "link", "set", "br0", "up")
        addresses = list(self.network.hosts())
        for i in range(count):
            netns = f"{self.run_id}-h{i}"
            self._add_namespace(netns)
            port = f"p{i}"
            _ip(*sw, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", netns)
            _ip(*sw, "link", "set", port, "master", "br0")
            _ip(*sw, "link", "set", port, "up")
            host = ("-n", netns)
            address = str(addresses[i])
            _ip(*host, "addr", "add", f"{address}/{self.network.prefixlen}", "dev", "eth0")
            _ip(*host, "link", "set", "eth0", "up")
            _ip(*host, "route", "add", "224.0.0.0/4", "dev", "eth0")
            self.hosts.append(Host(self, netns, address, i))

    def env(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        """The environment processes in the hosts get (see :func:`child_env`)."""
        return child_env(extra)

    def close(self) -> None:
        """Stop every process started through a host, then delete the namespaces."""
        for proc in self.procs:
            with contextlib.suppress(Exception):
                proc.stop()
        self.procs.clear()
        for name in reversed(self._namespaces):
            _ip("netns", "del", name, check=False)
        self._namespaces.clear()

    def __enter__(self) -> Lan:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextlib.contextmanager
def lan_or_skip(hosts: int = 2, subnet: str = DEFAULT_SUBNET) -> Iterator[Lan]:
    """A :class:`Lan` for a pytest test, skipping it (with the reason) where namespaces cannot
    be made. Use from a fixture so it is closed however the test ends::

        @pytest.fixture
        def lan():
            with netns.lan_or_skip(hosts=3) as lan:
                yield lan
    """
    import pytest

    reason = unavailable_reason()
    if reason is not None:
        pytest.skip(reason)
    with Lan(hosts, subnet) as lan:
        yield lan
