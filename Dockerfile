# syntax=docker/dockerfile:1
# Both Tandem images, from one install stage; pick one with --target. Build from the repository
# root:
#   docker build --target gateway -t tandem-gateway .
#   docker build --target scoring-worker -t tandem-scoring-worker .
# BuildKit builds only the stages a target needs (the worker's skips the web app's build).
# Processes run the TypeScript source through tsx (docs/adr/0003-typescript-source-and-tooling.md).

ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# npm ci needs every workspace's package.json and the lockfile; copying only these first keeps
# the install layers cached while the source changes.
FROM ${NODE_IMAGE} AS manifests
# The lockfile is written by npm 11 (as on the dev machines and CI); the npm 10 bundled with
# Node 20 rejects it as out of sync.
RUN npm install --global npm@11.19.1 --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/competition/package.json packages/competition/
COPY packages/contracts/package.json packages/contracts/
COPY packages/jobs/package.json packages/jobs/
COPY packages/scoring/package.json packages/scoring/
COPY db/package.json db/
COPY datasets/package.json datasets/
COPY services/embedded/package.json services/embedded/
COPY services/gateway/package.json services/gateway/
COPY workers/scoring/package.json workers/scoring/
COPY web/package.json web/
COPY e2e/package.json e2e/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web

# The gateway image: the Fastify API and the built single-page app. It also runs the one-shot
# deploy steps (`npm run db:migrate`, `npm run db:roles`, `npm run data:generate`), so it
# carries db/ and datasets/. Production dependencies of its workspaces and the root (tsx runs
# the source).
FROM manifests AS gateway-deps
RUN npm ci --omit=dev --no-audit --no-fund \
      --workspace=@tandem/gateway --workspace=@tandem/datasets --include-workspace-root \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS gateway
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    STATIC_DIR=/data/static \
    WEB_DIST_DIR=/app/web/dist
WORKDIR /app
COPY --from=gateway-deps /app ./
COPY packages ./packages
COPY db ./db
COPY datasets ./datasets
COPY services/gateway ./services/gateway
COPY --from=build /app/web/dist ./web/dist
# /data is the only writable place: the mail outbox (without SMTP_URL) and the dataset volume.
RUN mkdir -p /data/static && chown -R 1000:1000 /data
# The node image's `node` user, by number so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "services/gateway/src/server.ts"]

# The scoring worker image: BullMQ consumer, reconciler and rankings refresh; no HTTP port.
FROM manifests AS scoring-worker-deps
RUN npm ci --omit=dev --no-audit --no-fund \
      --workspace=@tandem/scoring-worker --include-workspace-root \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS scoring-worker
ENV NODE_ENV=production
WORKDIR /app
COPY --from=scoring-worker-deps /app ./
COPY packages ./packages
COPY db ./db
COPY workers/scoring ./workers/scoring
# The node image's `node` user, by number so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
# The container runs while the worker process (PID 1) does; this checks that the Redis it
# takes jobs from answers, with the worker's own REDIS_URL.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const{Redis}=require('ioredis');const r=new Redis(process.env.REDIS_URL,{lazyConnect:true,connectTimeout:3000,maxRetriesPerRequest:0,retryStrategy:()=>null});r.on('error',()=>{});r.connect().then(()=>r.ping()).then(p=>process.exit(p==='PONG'?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "workers/scoring/src/main.ts"]
