# Build stage: install everything, build the React app (dist/web) and compile the server (dist/server, dist/shared).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run stage: production dependencies and the compiled portal only (no TypeScript, no tsx, no web packages).
FROM node:24-bookworm-slim
# Node 24 sizes each process's young generation from the machine's memory (two 64 MB semi-spaces here):
# 16 MB ones hold 100 MB less per process and halve the gateway's p99 (BENCHMARKS.md "Memory")
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 PUBLIC_URL=http://localhost:3000 DATA_DIR=/app/data NODE_OPTIONS=--max-semi-space-size=16
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# the gateway's own liveness (Node 24 has fetch); /readyz is for load balancers, since it also asks the upstream and IdP
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
VOLUME ["/app/data"]
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
