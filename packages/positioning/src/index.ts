export * from './units.ts';
export * from './types.ts';
export * from './locate.ts';
