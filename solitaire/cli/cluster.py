"""Deciding deals on a Dask distributed cluster, for `solve --range … --scheduler ADDRESS`, when one
machine's cores would take weeks over a table.

The scheduler and its workers are started with Dask's own commands (`dask scheduler`, `dask worker
ADDRESS --nthreads 1`), with this project installed on every worker; docs/winnability.md says how.
Deals are submitted lazily, a couple per worker thread in flight, so the whole deal range never
becomes millions of futures; a worker that is lost while deciding has its deals given to another by
the scheduler (and a deal that kills several workers in turn comes back without a result, as a dead
local worker's does); closing the generator, as Ctrl+C does, cancels every deal still submitted.

Each worker must run one thread: a deal's budget is the CPU time of the process that searches it
(so a busy machine gives the verdicts of a quiet one), and two threads in one process would spend
each other's budget. Dask is an optional dependency: without it the option says what to install.

Trust: the client, the scheduler and the workers exchange pickles, which run code when they are read.
Whoever answers at the scheduler's address can run code on the machine running the command, and
whoever reaches the scheduler can run code on every worker. `--tls-ca-file`, `--tls-cert` and
`--tls-key` (as Dask's own commands take them) connect over TLS with a certificate of the cluster's
own authority, and require it; without them Dask's configuration decides (distributed.comm.tls.*,
which may hold the same). docs/winnability.md says how to keep a cluster to those it trusts.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any, Generic, NamedTuple, TypeVar

from game.i18n import _

from .common import UsageError

Result = TypeVar("Result")
INSTALL = "pip install 'solitaire-suite[cluster]'"
CONNECT_SECONDS = 10  # how long to wait for the scheduler to answer
IN_FLIGHT_PER_THREAD = 2  # deals queued per worker thread: its next one is there when it finishes
RECOUNT_SECONDS = 2.0  # how often to ask how many threads the cluster has (workers come and go)


class ClusterError(Exception):
    """A deal failed on the cluster for a reason no other deal would escape (a worker without the
    project installed, say): the run stops rather than write every deal as unknown."""


class Tls(NamedTuple):
    """The files of `--tls-ca-file`, `--tls-cert` and `--tls-key`: the authority the scheduler's
    certificate must be signed by, and this client's own certificate and key, signed by it too."""

    ca_file: str
    cert: str
    key: str


def connect(address: str, tls: Tls | None = None) -> Any:
    """A client of the scheduler at `address`, or a one-line error: Dask missing, the scheduler not
    answering (or not over TLS when `tls` asks for it), or workers that run several threads each."""
    try:
        from distributed import Client
        from distributed.security import Security
    except ImportError:
        raise UsageError(_("--scheduler needs Dask: {command}").format(command=INSTALL)) from None
    if tls is not None:
        security = Security(tls_ca_file=tls.ca_file, tls_client_cert=tls.cert, tls_client_key=tls.key, require_encryption=True)
    else:
        security = Security()  # Dask's own configuration (distributed.comm.tls.*), which may hold the same
        if address.startswith("tls://") and security.get_connection_args("client").get("ssl_context") is None:
            # refused before Dask tries: its half-made client then printed a traceback 20 s later, at exit
            raise UsageError(_("the scheduler at {address} speaks TLS: give --tls-ca-file, --tls-cert and --tls-key "
                               "(or Dask's own TLS configuration)").format(address=address))
    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False, security=security)
    except (OSError, ValueError, TypeError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise UsageError(_("cannot reach the scheduler at {address}: {reason}").format(address=address, reason=reason)) from None
    threads = set(client.nthreads().values())
    if threads - {1}:
        client.close()
        raise UsageError(_("the workers at {address} run {threads} threads each: start them with --nthreads 1").format(
            address=address, threads=max(threads)))
    return client


class ClusterDeals(Generic[Result]):
    """`task(deal)` for each deal on the cluster `client` talks to, like `DealPool` on local processes."""

    def __init__(self, client: Any, task: Callable[[int], Result]) -> None:
        self._client = client
        self._task = task
        self._threads = 0
        self._counted = float("-inf")

    def results(self, deals: Iterable[int]) -> Iterator[tuple[int, Result | None, str]]:
        """(deal, result, "") as each deal is decided, in the order they finish; (deal, None, why) for a
        deal the cluster gave up on after losing the workers that held it."""
        from distributed import as_completed
        from distributed.scheduler import KilledWorker

        pending = iter(deals)
        submitted: dict[str, tuple[int, Any]] = {}  # key: (deal, future)
        queue = as_completed(loop=self._client.loop)
        try:
            self._submit(pending, submitted, queue)
            for future in queue:
                deal, _future = submitted.pop(future.key)
                try:
                    outcome: tuple[int, Result | None, str] = (deal, future.result(), "")
                except KilledWorker:
                    outcome = (deal, None, _("the workers that held it stopped"))
                except Exception as error:
                    raise ClusterError(_("deal {deal} failed on the cluster: {reason}").format(
                        deal=deal, reason=f"{type(error).__name__}: {error}")) from None
                future.release()
                self._submit(pending, submitted, queue)
                yield outcome
        finally:
            if submitted:  # stopped early (Ctrl+C, an error): nobody wants these any more
                self._client.cancel([future for _deal, future in submitted.values()])

    def _submit(self, pending: Iterator[int], submitted: dict[str, tuple[int, Any]], queue: Any) -> None:
        """Tops the deals in flight up to a couple per worker thread (at least one while none is there)."""
        room = max(1, IN_FLIGHT_PER_THREAD * self._thread_count()) - len(submitted)
        for deal in islice(pending, max(0, room)):
            future = self._client.submit(self._task, deal, pure=False)
            submitted[future.key] = (deal, future)
            queue.add(future)

    def _thread_count(self) -> int:
        """The cluster's worker threads, asked again every few seconds: workers may join or leave."""
        now = time.monotonic()
        if now - self._counted >= RECOUNT_SECONDS:
            self._threads = sum(self._client.nthreads().values())
            self._counted = now
        return self._threads
