export * from './schema.js';
export * from './client.js';
export * from './migrate.js';
export * from './embedded.js';
