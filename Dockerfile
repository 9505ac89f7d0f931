# syntax=docker/dockerfile:1
# One image per component from this one file (see `make images`):
#   docker build --build-arg SERVICE=voting -t mzansi-predicts/voting:0.1.0 .
#   docker build --build-arg SERVICE=gateway --build-arg SERVICE_DIR=gateway -t mzansi-predicts/gateway:0.1.0 .
# SERVICE is the workspace name (@mzansi/<SERVICE>); SERVICE_DIR its folder (services/<SERVICE>, or gateway).
# The runtime image holds node, the component's dist/, its migrations (services/<name>/drizzle), the built SPA
# (gateway only) and production dependencies - no npm, no compilers, no dev dependencies - and runs as uid 1000.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency (buf + ts-proto generate the gRPC code), then compile this component ----
FROM ${NODE_IMAGE} AS build
ARG SERVICE
ARG SERVICE_DIR=services/${SERVICE}
WORKDIR /src
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY api/package.json api/
COPY services/kit/package.json services/kit/
COPY services/identity/package.json services/identity/
COPY services/questions/package.json services/questions/
COPY services/voting/package.json services/voting/
COPY services/social/package.json services/social/
COPY services/notification/package.json services/notification/
COPY gateway/package.json gateway/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN test -n "${SERVICE}" || (echo "--build-arg SERVICE=<name> is required" >&2; exit 1)
RUN npm run gen \
 && npx tsc -b api "${SERVICE_DIR}" \
 && if [ "${SERVICE}" = "gateway" ]; then npm run build -w @mzansi/web; else mkdir -p web/dist web/dist-ssr; fi \
 && mkdir -p "${SERVICE_DIR}/drizzle"

# ---- deps: production dependencies of this workspace (and the workspaces it links: kit, proto) only ----
FROM ${NODE_IMAGE} AS deps
ARG SERVICE
ARG SERVICE_DIR=services/${SERVICE}
WORKDIR /app
COPY --from=build /src/package.json /src/package-lock.json ./
COPY --from=build /src/proto/package.json proto/
COPY --from=build /src/api/package.json api/
COPY --from=build /src/services/kit/package.json services/kit/
COPY --from=build /src/services/identity/package.json services/identity/
COPY --from=build /src/services/questions/package.json services/questions/
COPY --from=build /src/services/voting/package.json services/voting/
COPY --from=build /src/services/social/package.json services/social/
COPY --from=build /src/services/notification/package.json services/notification/
COPY --from=build /src/gateway/package.json gateway/
COPY --from=build /src/web/package.json web/
# npm may nest a dependency under the workspace (gateway/node_modules/altcha-lib): the folder always exists so the
# runtime stage can copy it.
RUN npm ci --omit=dev --no-audit --no-fund --workspace "@mzansi/${SERVICE}" && npm cache clean --force \
 && mkdir -p "${SERVICE_DIR}/node_modules"

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ARG SERVICE_DIR=services/${SERVICE}
# The gateway renders share-card images (sharp, librsvg): it needs one sans-serif font.
RUN if [ "${SERVICE}" = "gateway" ]; then apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
      && rm -rf /var/lib/apt/lists/*; fi
# No package managers in the runtime image.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /opt/yarn* /usr/local/bin/yarn /usr/local/bin/yarnpkg
ENV NODE_ENV=production
# gRPC and metrics ports listen on every address in the container (the code's default, for development, is loopback).
ENV BIND_HOST=0.0.0.0
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/${SERVICE_DIR}/node_modules ${SERVICE_DIR}/node_modules
COPY --from=build /src/proto/package.json proto/package.json
COPY --from=build /src/proto/dist proto/dist
COPY --from=build /src/api/package.json api/package.json
COPY --from=build /src/api/dist api/dist
COPY --from=build /src/services/kit/package.json services/kit/package.json
COPY --from=build /src/services/kit/dist services/kit/dist
COPY --from=build /src/${SERVICE_DIR}/package.json ${SERVICE_DIR}/package.json
COPY --from=build /src/${SERVICE_DIR}/dist ${SERVICE_DIR}/dist
# Migrations (services; an empty folder for the gateway) and the SPA with its server renderer (gateway; empty for
# services).
COPY --from=build /src/${SERVICE_DIR}/drizzle ${SERVICE_DIR}/drizzle
COPY --from=build /src/web/dist web/dist
COPY --from=build /src/web/dist-ssr web/dist-ssr
WORKDIR /app/${SERVICE_DIR}
# Numeric uid/gid (the image's `node` user) so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
# Health is probed by Kubernetes on these ports (gateway: HTTP /healthz and /readyz on 8080; services: the
# grpc.health.v1 service on their gRPC port, 50051-50055); metrics on 9460-9465. No HEALTHCHECK: the image
# carries no probe client.
EXPOSE 8080 9460 50051 50052 50053 50054 50055 9461 9462 9463 9464 9465
CMD ["node", "dist/main.js"]
