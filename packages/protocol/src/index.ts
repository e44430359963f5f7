export * from './common.ts';
export * from './options.ts';
export * from './errors.ts';
export * from './client.ts';
export * from './server.ts';
export * from './http.ts';
export * from './ranked.ts';
export * from './seats.ts';
