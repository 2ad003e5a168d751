# syntax=docker/dockerfile:1
# The back office as one image: the server bundle (build/server/index.js), its production
# dependencies, Debian's Chromium and fonts for the PDFs, and the PostgreSQL client tools the backup
# scripts call. Runs as the unprivileged `node` user with its data under /data (docs/deploy.md).

ARG NODE_IMAGE=node:22-bookworm-slim

# ── Every dependency, for the build ───────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ── The build: browser assets and the one server bundle (migrations beside it) ──────────────────────
FROM deps AS build
COPY . .
RUN npm run build

# ── Production dependencies only ──────────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ── Runtime ───────────────────────────────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE} AS runtime
# pg_dump must be at least the server's major version: the same major as the compose file's
# PostgreSQL image (postgres:16), from the PostgreSQL project's Debian repository.
ARG PG_MAJOR=16
# chromium: PDFs (quotations, tickets, box-cut slips, labels) through puppeteer-core.
# fonts-dejavu-core: the documents' "DejaVu Sans" and "DejaVu Sans Mono" (accents, ñ, ¿, ¡, $).
# fonts-liberation: metric-compatible Arial for the fallbacks. tini: PID 1 that reaps Chromium's
# child processes and passes signals on.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends \
      chromium fonts-dejavu-core fonts-liberation tini "postgresql-client-${PG_MAJOR}" \
 && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium \
    BACKUP_DIR=/backups \
    PATH="/usr/lib/postgresql/${PG_MAJOR}/bin:${PATH}"

WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# public/: the static files, and the bundled images the app turns into library files.
# cli/, server/, app/, common/, scripts/ and tsconfig.json: the command-line tools (npm run user:create,
# import, db:migrate, backup, restore) run from the sources with tsx, a production dependency.
COPY package.json package-lock.json tsconfig.json ./
COPY public ./public
COPY cli ./cli
COPY server ./server
COPY app ./app
COPY common ./common
COPY scripts ./scripts

# The code belongs to root and is read-only for the app; only its data and backups are writable.
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 3000

# Ready = the database answers and start-up work is done (/readyz); no curl in the image.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

ENTRYPOINT ["/usr/bin/tini", "--"]
# What `npm start` runs, without npm in between (a SIGTERM reaches the server itself).
CMD ["node", "--enable-source-maps", "build/server/index.js"]
