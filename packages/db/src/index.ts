export * from './schema/index.js';
export * from './client.js';
export * from './migrate.js';
export * from './embedded.js';
