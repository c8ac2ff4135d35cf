"""A sweep's local Dask cluster listens on this machine only (docs/security.md, sweep/executor.py).

The sweep runs as a command of its own; while it runs, every listening socket of its process tree
(the command, the scheduler's HTTP server, the workers and their nannies) is read with psutil. Each
must be bound to the loopback address: a server on 0.0.0.0 would show the cluster's pages (workers,
logs) to the whole network.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import psutil

LOOPBACK = {"127.0.0.1", "::1"}


def _listening(root: psutil.Process) -> set[tuple[str, int]]:
    found: set[tuple[str, int]] = set()
    try:
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return found
    for process in processes:
        try:
            connections = process.net_connections(kind="inet")
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
        found |= {(c.laddr.ip, c.laddr.port) for c in connections if c.status == psutil.CONN_LISTEN}
    return found


def test_a_local_sweep_cluster_listens_on_loopback_only(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "cardforge", "sweep", "tiger-ghee-short", "--set", "rules.params.tie_lowest=latest,earliest", "--games", "40",
               "--jobs", "2", "--force-jobs"]
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, "COLUMNS": "200"})
    seen: set[tuple[str, int]] = set()
    root = psutil.Process(process.pid)
    deadline = time.monotonic() + 240  # a bound on a hang, not a speed assertion
    while process.poll() is None and time.monotonic() < deadline:
        seen |= _listening(root)
        time.sleep(0.05)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err.decode()
    assert seen, "no listening socket was seen while the cluster ran"
    outside = sorted(address for address in seen if address[0] not in LOOPBACK)
    assert not outside, f"listening beyond loopback: {outside}"
    assert len({port for _ip, port in seen}) >= 3, seen  # the scheduler, its HTTP server and the workers
    assert b"games in" in out
