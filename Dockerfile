# The production build in an image (docs/operations.md §1 "A production build"): built with every
# dependency, run with the production ones only, as `node build/server.mjs`.
#   docker build --build-arg BUILD_COMMIT=$(git rev-parse HEAD) -t adaptasi .
#   docker run --env-file /etc/adaptasi/env -e DATA_DIR=/data -v adaptasi-data:/data -p 127.0.0.1:3000:3000 adaptasi
# Node 24, an LTS line (the code runs on Node 20.19+, 22 and 24: README "Node versions"). tests/faults/deploy-files.test.ts
# checks what this file must hold (no container engine runs on the test machine).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# .git stays out of the image: the commit Sentry and /metrics name comes in as an argument, and a build
# without it stops here rather than ship a release named "unknown".
ARG BUILD_COMMIT
RUN test -n "$BUILD_COMMIT" || { echo "BUILD_COMMIT is missing: docker build --build-arg BUILD_COMMIT=\$(git rev-parse HEAD) ..." >&2; exit 1; }
RUN BUILD_COMMIT=$BUILD_COMMIT npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# The production dependencies exactly as the lock file has them (the development ones, and rollup's
# platform packages with them, are not installed here). No install script is needed at run time.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness: /healthz answers 200 while the process serves (readiness, /readyz, is the proxy's to ask).
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains; give `docker stop -t 45` (longer than SHUTDOWN_GRACE_SEC).
STOPSIGNAL SIGTERM
CMD ["node", "build/server.mjs"]
