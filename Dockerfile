# Chu Shogi Online: the game server (built JavaScript) with the built web client.
# Build stage: install, `pnpm build` (web client, its .br/.gz files, the server bundle), then drop the
# dev dependencies (no scripts: Prisma's client is generated already and bundled). A failed step fails the image.
FROM node:20-slim AS build
WORKDIR /app
ENV PNPM=pnpm@12.4.2 CI=true
COPY . .
RUN npx -y $PNPM install --frozen-lockfile
RUN npx -y $PNPM build
RUN npx -y $PNPM prune --prod --ignore-scripts

# Runtime stage: the bundle, the client, the migrations, and the npm packages the bundle imports
# (pnpm's links inside node_modules are relative, so the two folders are copied as they are).
FROM node:20-slim
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/apps/server/dist ./apps/server/dist
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
WORKDIR /app/apps/server
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# as `pnpm --filter @chu/server start:built`. --liftoff-only: V8 compiles PGlite's and Prisma's WASM with
# its baseline compiler only; the optimizing one left ~60 MB in malloc's arenas for no query time we could measure.
# --max-semi-space-size=4: the young generation grew to 16 MB a half while starting and stayed (README: Deployment).
CMD ["node", "--enable-source-maps", "--liftoff-only", "--max-semi-space-size=4", "dist/main.mjs"]
