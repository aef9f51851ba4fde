#!/bin/sh
# The upstream postgres image's start, in short: as root, give PGDATA to the postgres user and
# run again as them; make the cluster with POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB on
# the first start; then run the server for every address with password (SCRAM) sign-in.
set -eu
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 0700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "POSTGRES_PASSWORD must be set" >&2
    exit 1
  fi
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 > /dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start > /dev/null
    psql -v ON_ERROR_STOP=1 -q -U "$POSTGRES_USER" -d postgres \
      -c "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\""
    pg_ctl -D "$PGDATA" -m fast -w stop > /dev/null
  fi
  echo "PostgreSQL cluster made in $PGDATA for $POSTGRES_USER, database $POSTGRES_DB"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
