#!/bin/sh
# The judge's Dask cluster beside the replicas (docs/serving.md, "The judge on more machines"):
# a scheduler and N worker processes of one thread each on this machine; or, with SCHEDULER
# set, only the workers, joining a scheduler on another machine (a club adding a machine).
#
#   deploy/judges.sh 4                                   # scheduler on :8786 and 4 workers
#   DOMINO_DASK_SCHEDULER=tcp://127.0.0.1:8786 deploy/replicas.sh 2
#   SCHEDULER=tcp://10.0.0.5:8786 deploy/judges.sh 8     # on another machine: 8 more workers
#   deploy/judges.sh stop                                # (on each machine)
#
# Environment: N (or the first argument; default one a core), PORT (8786), HOST (the address
# the scheduler listens on, 127.0.0.1: set the machine's private address for workers on other
# machines; never a public one, a Dask scheduler runs what it is sent), SCHEDULER (join this
# scheduler instead of starting one), RUN (a folder for pids and logs, default ./run).
# A worker needs only the engine and its dependencies: this checkout and its `make venv`.
set -eu
cd "$(dirname "$0")/.."
RUN=${RUN:-$PWD/run}
DASK=${DASK:-.venv/bin/dask}
mkdir -p "$RUN"
# A worker's statistical profiler would take the interpreter from the search a hundred times a
# second; the scheduler hands a one-thread worker one job at a time, so that a tutor's look,
# of a higher priority, goes to the first worker free, before the reviews' jobs waiting.
export DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False
export DASK_DISTRIBUTED__SCHEDULER__WORKER_SATURATION=1.0

if [ "${1:-}" = stop ]; then
    for f in "$RUN"/dask-workers.pid "$RUN"/dask-scheduler.pid; do
        [ -f "$f" ] && kill "$(cat "$f")" || true; rm -f "$f"
    done
    exit 0
fi

N=${1:-${N:-$(nproc)}}
PORT=${PORT:-8786}
HOST=${HOST:-127.0.0.1}
if [ -z "${SCHEDULER:-}" ]; then
    SCHEDULER="tcp://$HOST:$PORT"
    "$DASK" scheduler --host "$HOST" --port "$PORT" --no-dashboard \
        </dev/null >"$RUN/dask-scheduler.log" 2>&1 &
    echo $! >"$RUN/dask-scheduler.pid"
fi
# Each worker a process of one thread (the search holds the interpreter), restarted by its
# nanny should it die; a job it was on goes to another worker.
"$DASK" worker "$SCHEDULER" --nworkers "$N" --nthreads 1 --no-dashboard \
    --local-directory "$RUN/dask" </dev/null >"$RUN/dask-workers.log" 2>&1 &
echo $! >"$RUN/dask-workers.pid"
echo "$N judge workers on $SCHEDULER (logs in $RUN); the site: DOMINO_DASK_SCHEDULER=$SCHEDULER"
