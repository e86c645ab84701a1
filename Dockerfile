# syntax=docker/dockerfile:1
# One image for every Scriptbook process. Each container picks its process by
# command (see docker-compose.yml and k8s/), so a release is a single build and
# every service in it runs the same compiled code.

FROM node:20-bookworm-slim AS build
# better-sqlite3 falls back to compiling from source when no prebuilt binary
# matches, and that needs a toolchain.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Lockfile first so the dependency layer stays cached while only sources change.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Prune here rather than installing again in the runtime stage so native addons
# compiled above are reused instead of needing a toolchain twice.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
# tini as PID 1 forwards SIGTERM to node and reaps zombies, so graceful
# shutdown (SHUTDOWN_TIMEOUT_MS) works without `docker run --init`.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000
WORKDIR /app
# Root owns the code so a compromised process cannot rewrite it; only data/
# (SQLite fallback when DATABASE_URL is unset) belongs to the runtime user.
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/scripts/runtime-paths.js ./scripts/runtime-paths.js
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The gateway serves the supergraph composed at build time and checked in.
COPY --from=build /app/graphql ./graphql
RUN mkdir -p /app/data && chown 1000:1000 /app/data
# Numeric uid (the image's `node` user) so Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 4000
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "-r", "./scripts/runtime-paths.js", "dist/services/gateway/src/main.js"]
