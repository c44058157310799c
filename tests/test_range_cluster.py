"""`solve --range --scheduler ADDRESS` on a Dask cluster made here (`distributed.LocalCluster`): the
same table and summary as a local run, a lost worker's deal retried on another, Ctrl+C leaving
nothing queued, and one line for each way the option cannot work."""
from __future__ import annotations

import csv
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

from solitaire.cli import main

ROOT = Path(__file__).resolve().parent.parent
ENV = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}
# FreeCell with two cells and six columns: deal 13 reaches 150,000 positions in a second or two of
# CPU (unknown at that budget), deals 14-16 are proven lost in a few hundred.
LONG_GAME, LONG_BUDGET = "freecell:2x6", "150000"


def solve(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "main.py", "solve", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, env=ENV)


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "main.py", "solve", *args], cwd=ROOT, env=ENV, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def table(path: Path) -> dict[int, tuple[str, str, str, str]]:
    """Deal: the columns that do not depend on the machine (verdict, moves, positions, game)."""
    with path.open(newline="") as handle:
        return {int(row["deal"]): (row["verdict"], row["moves"], row["positions"], row["game"]) for row in csv.DictReader(handle)}


def wait_until(condition: Callable[[], bool], seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition was not met in time"
        time.sleep(0.02)


@pytest.fixture(scope="module")
def threads() -> Iterator[str]:
    """A scheduler and one single-threaded worker in this process: quick to start, real TCP for the run."""
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp", dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def test_a_cluster_run_writes_the_table_and_summary_of_a_local_run(tmp_path: Path, threads: str) -> None:
    here, there = tmp_path / "local.csv", tmp_path / "cluster.csv"
    local = solve("--game", "bakers-game", "--range", "5-16", "--jobs", "1", "--csv", str(here))
    remote = solve("--game", "bakers-game", "--range", "5-16", "--scheduler", threads, "--csv", str(there))
    assert (remote.returncode, remote.stdout) == (local.returncode, local.stdout), remote.stderr
    assert "Traceback" not in remote.stderr
    assert table(there) == table(here) and sorted(table(there)) == list(range(5, 17))
    assert {verdict for verdict, *_ in table(there).values()} == {"solved", "unsolvable"}


def test_a_cluster_run_resumes_a_local_table(tmp_path: Path, threads: str) -> None:
    here, there = tmp_path / "local.csv", tmp_path / "mixed.csv"
    assert solve("--game", "bakers-game", "--range", "1-8", "--jobs", "1", "--csv", str(here)).returncode == 0
    assert solve("--game", "bakers-game", "--range", "1-4", "--jobs", "1", "--csv", str(there)).returncode == 0
    resumed = solve("--game", "bakers-game", "--range", "1-8", "--scheduler", threads, "--csv", str(there), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert table(there) == table(here)


def worker_pids(client: Client) -> dict[str, int]:
    return client.run(os.getpid)


def test_a_lost_worker_s_deal_is_decided_by_another(tmp_path: Path) -> None:
    """Two worker processes; the one deciding the long deal is killed under it: the scheduler gives the
    deal to the other, and the row is the local run's, not an unknown."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            Client(cluster.scheduler_address, set_as_default=False) as client:
        there = tmp_path / "cluster.csv"
        pids = worker_pids(client)
        run = start("--game", LONG_GAME, "--range", "13-13", "--max-positions", LONG_BUDGET,
                    "--scheduler", cluster.scheduler_address, "--csv", str(there))
        try:
            wait_until(lambda: any(client.processing().values()))
            busy = [worker for worker, keys in client.processing().items() if keys]
            assert len(busy) == 1
            time.sleep(0.3)  # past the hand-over: the worker is searching
            os.kill(pids[busy[0]], signal.SIGKILL)
            out, err = run.communicate(timeout=300)
        finally:
            run.kill()
        assert busy[0] not in worker_pids(client)  # that worker is gone (its nanny starts another)
    assert run.returncode == 3, err  # deal 13 is unknown at this budget, as in a local run
    assert "failed" not in err and "Traceback" not in err
    here = tmp_path / "local.csv"
    local = solve("--game", LONG_GAME, "--range", "13-13", "--max-positions", LONG_BUDGET, "--jobs", "1", "--csv", str(here))
    assert table(there) == table(here) and sorted(table(there)) == [13]
    assert out == local.stdout


def test_ctrl_c_stops_a_cluster_run_and_leaves_nothing_queued(tmp_path: Path, threads: str) -> None:
    there = tmp_path / "cluster.csv"
    with Client(threads, set_as_default=False) as client:
        run = start("--game", LONG_GAME, "--range", "13-400", "--max-positions", LONG_BUDGET,
                    "--scheduler", threads, "--csv", str(there))
        try:
            wait_until(lambda: any(client.processing().values()))
            run.send_signal(signal.SIGINT)
            out, err = run.communicate(timeout=60)
        finally:
            run.kill()
        assert run.returncode == 130 and "Traceback" not in err, err
        assert "stopped after" in out
        wait_until(lambda: client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) == 0, 60)


def test_workers_of_several_threads_are_refused_with_one_line() -> None:
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", dashboard_address=":0") as cluster:
        result = solve("--range", "1-2", "--scheduler", cluster.scheduler_address)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (f"solitaire: the workers at {cluster.scheduler_address} run 2 threads each: start them with "
                             "--nthreads 1; see solitaire solve --help\n")


def test_a_scheduler_that_does_not_answer_is_one_line(tmp_path: Path) -> None:
    result = solve("--range", "1-2", "--scheduler", "tcp://127.0.0.1:9", "--csv", str(tmp_path / "deals.csv"))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("solitaire: cannot reach the scheduler at tcp://127.0.0.1:9: ")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert not (tmp_path / "deals.csv").exists()  # nothing written for a run that could not start


def test_without_dask_the_option_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed: importing it fails
    assert main(["--lang", "en", "solve", "--range", "1-2", "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "solitaire: --scheduler needs Dask: pip install 'solitaire-suite[cluster]'; see solitaire solve --help\n"


# -- the cluster's trust (issue 56, item 9): TLS with an authority of the cluster's own ----------------


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A certificate authority and one certificate it signed (for every piece), made by openssl."""
    if shutil.which("openssl") is None:
        pytest.skip("no openssl here to make certificates")
    folder = tmp_path_factory.mktemp("tls")
    (folder / "ext.cnf").write_text("basicConstraints=CA:FALSE\nsubjectAltName=DNS:localhost,IP:127.0.0.1\n")
    for command in (
        "req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=solitaire-test-ca -keyout ca.key -out ca.pem",
        "req -newkey rsa:2048 -nodes -subj /CN=localhost -keyout node.key -out node.csr",
        "x509 -req -in node.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile ext.cnf -out node.pem",
    ):
        subprocess.run(["openssl", *command.split()], cwd=folder, check=True, capture_output=True)
    return folder


@pytest.fixture(scope="module")
def tls_scheduler(certificates: Path) -> Iterator[str]:
    """A scheduler and worker that speak TLS only, and only to holders of a certificate the authority signed."""
    from distributed.security import Security

    ca, cert, key = (str(certificates / name) for name in ("ca.pem", "node.pem", "node.key"))
    security = Security(tls_ca_file=ca, tls_scheduler_cert=cert, tls_scheduler_key=key, tls_worker_cert=cert,
                        tls_worker_key=key, tls_client_cert=cert, tls_client_key=key, require_encryption=True)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tls", security=security,
                      host="127.0.0.1", dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def tls_options(certificates: Path) -> list[str]:
    return ["--tls-ca-file", str(certificates / "ca.pem"), "--tls-cert", str(certificates / "node.pem"),
            "--tls-key", str(certificates / "node.key")]


def test_a_cluster_over_tls_decides_the_deals_with_the_security_given(tmp_path: Path, tls_scheduler: str,
                                                                      certificates: Path) -> None:
    there = tmp_path / "cluster.csv"
    result = solve("--game", "bakers-game", "--range", "5-8", "--scheduler", tls_scheduler, *tls_options(certificates),
                   "--csv", str(there))
    assert result.returncode in (0, 3), result.stderr
    assert sorted(table(there)) == [5, 6, 7, 8]


def test_a_tls_scheduler_without_the_security_is_one_line(tls_scheduler: str) -> None:
    result = solve("--range", "1-2", "--scheduler", tls_scheduler)
    assert result.returncode == 2 and result.stderr == (
        f"solitaire: the scheduler at {tls_scheduler} speaks TLS: give --tls-ca-file, --tls-cert and --tls-key (or "
        "Dask's own TLS configuration); see solitaire solve --help\n")


def test_a_scheduler_whose_certificate_another_authority_signed_is_refused_in_one_line(
        tmp_path: Path, tls_scheduler: str, certificates: Path) -> None:
    """Only the cluster's own authority is trusted: a scheduler (or anyone in its place) with a certificate
    of another is refused, and nothing is sent to it."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=other",
                    "-keyout", "other.key", "-out", "other.pem"], cwd=tmp_path, check=True, capture_output=True)
    other = ["--tls-ca-file", str(tmp_path / "other.pem"), "--tls-cert", str(tmp_path / "other.pem"),
             "--tls-key", str(tmp_path / "other.key")]
    result = solve("--range", "1-2", "--scheduler", tls_scheduler, *other)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"solitaire: cannot reach the scheduler at {tls_scheduler}: ")


@pytest.mark.parametrize(("args", "message"), [
    (["--scheduler", "tcp://127.0.0.1:8786", "--tls-ca-file", "ca.pem", "--tls-cert", "c.pem", "--tls-key", "c.key"],
     "--tls-ca-file, --tls-cert and --tls-key go with --range and --scheduler tls://..."),
    (["--scheduler", "tls://127.0.0.1:8786", "--tls-ca-file", "ca.pem"], "give --tls-ca-file, --tls-cert and --tls-key together"),
])
def test_the_tls_options_are_refused_where_they_mean_nothing(args: list[str], message: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "solve", "--range", "1-2", *args]) == 2
    assert capsys.readouterr().err == f"solitaire: {message}; see solitaire solve --help\n"
