#!/bin/sh
# Start N replicas of the site on ports BASE..BASE+N-1 and nginx in front on LISTEN.
#
#   DOMINO_DATABASE_URL=postgresql://user@dbhost/domino deploy/replicas.sh 4
#   (then browse http://THIS-HOST:8080/; stop everything with: deploy/replicas.sh stop)
#
# Environment: N (or the first argument, default 2), BASE (8501), LISTEN (8080),
# RUN (a folder for pids and logs, default ./run).  Without DOMINO_DATABASE_URL every replica
# keeps its own SQLite file and a learner moved to another replica loses sight of their
# progress: set the URL for more than one replica.
# With DOMINO_DASK_SCHEDULER (a cluster started by deploy/judges.sh) the replicas' tutor and
# reviews run on its workers, and the replicas only draw pages.
set -eu
cd "$(dirname "$0")/.."
RUN=${RUN:-$PWD/run}
PY=${PY:-.venv/bin/python}
mkdir -p "$RUN"

if [ "${1:-}" = stop ]; then
    [ -f "$RUN/nginx.pid" ] && kill "$(cat "$RUN/nginx.pid")" || true
    for f in "$RUN"/replica-*.pid; do [ -f "$f" ] && kill "$(cat "$f")" || true; rm -f "$f"; done
    exit 0
fi

N=${1:-${N:-2}}
BASE=${BASE:-8501}
LISTEN=${LISTEN:-8080}
[ -n "${DOMINO_DATABASE_URL:-}" ] || echo "warning: DOMINO_DATABASE_URL is not set; each replica keeps its own progress" >&2

ports=""
i=0
while [ "$i" -lt "$N" ]; do
    port=$((BASE + i))
    ports="$ports $port"
    "$PY" -m streamlit run app.py --server.headless true --server.port "$port" \
        --server.address 127.0.0.1 --browser.gatherUsageStats false \
        --server.fileWatcherType none </dev/null >"$RUN/replica-$port.log" 2>&1 &
    echo $! >"$RUN/replica-$port.pid"
    i=$((i + 1))
done
# shellcheck disable=SC2086
"$PY" deploy/render_nginx.py --listen "$LISTEN" --prefix "$RUN" $ports >"$RUN/nginx.conf"
nginx -c "$RUN/nginx.conf" -p "$RUN" -g 'daemon on;'
echo "$N replicas on ports$ports behind nginx on $LISTEN (logs in $RUN)"
