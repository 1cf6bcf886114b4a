#!/usr/bin/env bash
# A class on one machine with several app processes (README "A class on one machine / several
# processes"):
#
#   tools/class_server.sh N [PORT]       PostgreSQL, N app processes on PORT+1..PORT+N and
#                                         nginx on PORT (default 8600) in front; Ctrl-C stops all
#   tools/class_server.sh stop            stops what an earlier run left running
#   tools/class_server.sh config N PORT DIR   only writes DIR/nginx.conf (used by the tests)
#
# Streamlit keeps each session in the memory of the process that serves it, so the proxy must
# send the page, its websocket and its uploads to one process ("sticky sessions"). All clients
# of a class may come from one address (a school's NAT; the load test on loopback), so the
# proxy does not hash the client address: the first response sets a cookie holding a random
# route (nginx's $request_id) and every later request of that browser is hashed on the cookie.
# A request without the cookie (the first page load, or a client that keeps no cookies, like
# the load test) is placed at random; a websocket is one long connection and stays where it is.
#
# Environment:
#   THIRTYONE_DATABASE_URL  use this database instead of starting PostgreSQL
#   THIRTYONE_PG_PORT       port of the private PostgreSQL cluster (default 5433)
#   THIRTYONE_CLASS_DIR     state folder: logs, pids, nginx.conf, data (default
#                           ~/.thirtyone/class-server)
#   THIRTYONE_PG_DATA       the cluster's data folder (default $THIRTYONE_CLASS_DIR/pgdata, or
#                           /var/lib/thirtyone/pgdata as root, where the postgres user can reach)
#   THIRTYONE_LISTEN        address nginx listens on (default 0.0.0.0: the class's browsers)
set -euo pipefail
shopt -s inherit_errexit

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE="${THIRTYONE_CLASS_DIR:-$HOME/.thirtyone/class-server}"
PG_PORT="${THIRTYONE_PG_PORT:-5433}"
LISTEN="${THIRTYONE_LISTEN:-0.0.0.0}"
PYTHON="${PYTHON:-python3}"
MAX_PROCESSES=16

die() { echo "class_server: $*" >&2; exit 2; }

pg_bin() {
    local d
    d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
    [ -n "$d" ] || die "PostgreSQL is not installed (apt-get install postgresql)."
    echo "$d"
}

pg_data() {
    if [ -n "${THIRTYONE_PG_DATA:-}" ]; then echo "$THIRTYONE_PG_DATA"
    elif [ "$(id -u)" = 0 ]; then echo /var/lib/thirtyone/pgdata
    else echo "$STATE/pgdata"; fi
}

as_pg() {  # run a PostgreSQL tool as the cluster's owner: postgres when we are root
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

write_nginx_conf() {  # write_nginx_conf N PORT DIR
    local n="$1" port="$2" dir="$3" i
    mkdir -p "$dir/nginx-temp"
    {
        echo "# written by tools/class_server.sh: $n app processes behind port $port"
        echo "worker_processes 1;"
        echo "pid $dir/nginx.pid;"
        echo "error_log $dir/nginx-error.log warn;"
        echo "events { worker_connections 1024; }"
        echo "http {"
        echo "    access_log off;"
        for t in client_body proxy fastcgi uwsgi scgi; do
            echo "    ${t}_temp_path $dir/nginx-temp/$t;"
        done
        echo "    map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }"
        echo "    # sticky sessions: a route cookie, made on the first response"
        echo "    map \$cookie_t31_route \$t31_route { '' \$request_id; default \$cookie_t31_route; }"
        echo "    map \$cookie_t31_route \$t31_set_route {"
        echo "        '' 't31_route=\$request_id; Path=/; HttpOnly; SameSite=Lax'; default ''; }"
        echo "    upstream thirtyone {"
        echo "        hash \$t31_route consistent;"
        for i in $(seq 1 "$n"); do
            echo "        server 127.0.0.1:$((port + i));"
        done
        echo "    }"
        echo "    server {"
        echo "        listen $LISTEN:$port;"
        echo "        client_max_body_size 2m;"
        echo "        location / {"
        echo "            proxy_pass http://thirtyone;"
        echo "            proxy_http_version 1.1;"
        echo "            proxy_set_header Upgrade \$http_upgrade;"
        echo "            proxy_set_header Connection \$connection_upgrade;"
        echo "            proxy_set_header Host \$host;"
        echo "            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;"
        echo "            proxy_read_timeout 1d;"
        echo "            proxy_buffering off;"
        echo "            add_header Set-Cookie \$t31_set_route;"
        echo "        }"
        echo "    }"
        echo "}"
    } > "$dir/nginx.conf"
}

stop_all() {
    local f pid i pids=()
    for f in "$STATE"/pids/*.pid; do
        [ -e "$f" ] || continue
        pid="$(cat "$f")"
        kill "$pid" 2>/dev/null && pids+=("$pid")
        rm -f "$f"
    done
    for pid in "${pids[@]}"; do  # a busy server takes a few seconds; then it is killed
        for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        kill -9 "$pid" 2>/dev/null || true
    done
    if [ -f "$STATE/nginx.pid" ]; then
        kill "$(cat "$STATE/nginx.pid")" 2>/dev/null || true
    fi
    if [ -f "$STATE/pg_started" ]; then
        as_pg "$(pg_bin)/pg_ctl" -D "$(cat "$STATE/pg_started")" -m fast stop >/dev/null 2>&1 || true
        rm -f "$STATE/pg_started"
    fi
    echo "class_server: stopped"
}

start_postgres() {  # prints the database URL
    local bin data pw
    bin="$(pg_bin)"
    data="$(pg_data)"
    pw="$STATE/pg_password"
    [ -s "$pw" ] || (umask 077; "$PYTHON" -c "import secrets; print(secrets.token_hex(16))" > "$pw")
    if [ ! -f "$data/PG_VERSION" ]; then
        mkdir -p "$data"
        local pwcopy="$data/../.pwfile"
        cp "$pw" "$pwcopy"
        if [ "$(id -u)" = 0 ]; then chown postgres: "$data" "$pwcopy"; fi
        chmod 700 "$data"
        as_pg "$bin/initdb" -D "$data" -U thirtyone --pwfile="$pwcopy" \
            --auth-local=scram-sha-256 --auth-host=scram-sha-256 -E UTF8 >"$STATE/logs/initdb.log"
        rm -f "$pwcopy"
    fi
    if ! as_pg "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
        if "$PYTHON" -c "import socket,sys; socket.create_connection(('127.0.0.1', int(sys.argv[1])), 1)" \
            "$PG_PORT" 2>/dev/null; then
            die "port $PG_PORT is taken by another server; set THIRTYONE_PG_PORT to a free port."
        fi
        as_pg "$bin/pg_ctl" -D "$data" -w -l "$data/server.log" \
            -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -k $data" start >/dev/null
        echo "$data" > "$STATE/pg_started"
    fi
    PGPASSWORD="$(cat "$pw")" "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U thirtyone -d postgres \
        -tAc "SELECT 1 FROM pg_database WHERE datname='thirtyone'" | grep -q 1 ||
        PGPASSWORD="$(cat "$pw")" "$bin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U thirtyone thirtyone
    echo "postgresql+psycopg://thirtyone:$(cat "$pw")@127.0.0.1:$PG_PORT/thirtyone"
}

wait_healthy() {  # wait_healthy URL
    local i
    for i in $(seq 1 120); do
        [ -z "${2:-}" ] || kill -0 "$2" 2>/dev/null || die "the process behind $1 stopped (logs in $STATE/logs)"
        if "$PYTHON" -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1], timeout=2)" \
            "$1" 2>/dev/null; then return 0; fi
        sleep 0.5
    done
    die "no answer from $1 within 60 s (logs in $STATE/logs)"
}

start_all() {  # start_all N PORT
    local n="$1" port="$2" url i p secret
    mkdir -p "$STATE/logs" "$STATE/pids" "$STATE/data"
    command -v nginx >/dev/null || {
        echo "class_server: installing Debian's nginx" >&2
        apt-get install -y nginx-light >/dev/null || apt-get install -y nginx >/dev/null
    }
    if [ -n "${THIRTYONE_DATABASE_URL:-}" ]; then url="$THIRTYONE_DATABASE_URL"
    else url="$(start_postgres)"; fi
    # one cookie secret for all processes, so a cookie made by one is good in another
    [ -s "$STATE/cookie_secret" ] ||
        (umask 077; "$PYTHON" -c "import secrets; print(secrets.token_hex(32))" > "$STATE/cookie_secret")
    secret="$(cat "$STATE/cookie_secret")"
    for i in $(seq 1 "$n"); do
        p=$((port + i))
        (cd "$ROOT" && THIRTYONE_DATABASE_URL="$url" THIRTYONE_DATA_DIR="$STATE/data" \
            STREAMLIT_SERVER_COOKIE_SECRET="$secret" \
            exec "$PYTHON" -m streamlit run app.py --server.port "$p" \
            --server.address 127.0.0.1 --server.headless true \
            --server.fileWatcherType none --browser.gatherUsageStats false) >"$STATE/logs/app-$p.log" 2>&1 &
        echo $! > "$STATE/pids/app-$p.pid"
    done
    for i in $(seq 1 "$n"); do
        p=$((port + i))
        wait_healthy "http://127.0.0.1:$p/_stcore/health" "$(cat "$STATE/pids/app-$p.pid")"
    done
    write_nginx_conf "$n" "$port" "$STATE"
    nginx -p "$STATE" -e "$STATE/nginx-error.log" -c "$STATE/nginx.conf" -g "daemon off;" \
        >"$STATE/logs/nginx.log" 2>&1 &
    echo $! > "$STATE/pids/nginx.pid"
    wait_healthy "http://127.0.0.1:$port/_stcore/health" "$(cat "$STATE/pids/nginx.pid")"
    echo "class_server: $n app processes on ports $((port + 1))-$((port + n)), nginx on" \
         "$LISTEN:$port, database ${url%%:*}; Ctrl-C or 'tools/class_server.sh stop' stops all"
}

case "${1:-}" in
    stop) stop_all ;;
    config)
        [ $# -eq 4 ] || die "usage: tools/class_server.sh config N PORT DIR"
        write_nginx_conf "$2" "$3" "$4" ;;
    ''|-h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *)
        n="$1"; port="${2:-8600}"
        [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le $MAX_PROCESSES ] ||
            die "N must be a number of app processes from 1 to $MAX_PROCESSES, not '$n'."
        [[ "$port" =~ ^[0-9]+$ ]] && [ "$port" -ge 1024 ] && [ $((port + n)) -le 65535 ] ||
            die "PORT must be a number from 1024 to $((65535 - n)), not '$port'."
        trap stop_all EXIT           # also when a step fails (die)
        trap 'exit 0' INT TERM
        start_all "$n" "$port"
        wait ;;
esac
