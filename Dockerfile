# The console and tracking provider in one image: node:20-slim, `npm ci`, the console built once.
# The container runs what `npm run serve` runs (no rebuild at start). See docs/deployment.md.

# --- manifests: the workspaces' package files, which both stages install from
FROM node:20-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/positioning/package.json packages/positioning/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# --- build: every dependency, then the console's static files
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies, the sources the server runs (through tsx) and the console
FROM manifests
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.base.json tsconfig.json ./
COPY packages/contract packages/contract
COPY packages/positioning packages/positioning
COPY apps/server apps/server
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# 8080: console, API and /sqws; 1883: the embedded MQTT broker (only without MQTT_URL)
EXPOSE 8080 1883
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The Node flags of package.json's "serve" script: a young generation of 32 MB per semi-space
# makes the server's short-lived objects (reports, updates) cheaper to collect.
CMD ["node", "--max-semi-space-size=32", "--import", "tsx", "apps/server/src/main.ts"]
