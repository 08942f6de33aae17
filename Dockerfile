# The production build in an image (docs/operations.md §1 "A production build"): built with every
# dependency, run with the production ones only, as `node build/server.mjs`.
#   docker build --build-arg BUILD_COMMIT=$(git rev-parse HEAD) -t adaptasi .
#   docker run --env-file /etc/adaptasi/env -e DATA_DIR=/data -v adaptasi-data:/data -p 127.0.0.1:3000:3000 adaptasi
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
# .git stays out of the image: the commit Sentry and /metrics name comes in as an argument.
ARG BUILD_COMMIT=unknown
RUN BUILD_COMMIT=$BUILD_COMMIT npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# SIGTERM drains; give `docker stop -t 45` (longer than SHUTDOWN_GRACE_SEC).
STOPSIGNAL SIGTERM
CMD ["node", "build/server.mjs"]
