export * from './constants.ts';
export * from './errors.ts';
export * from './classify.ts';
export * from './entities.ts';
export * from './user-settings.ts';
export * from './api-auth.ts';
export * from './ingest.ts';
export * from './socket.ts';
