export * from './common.js';
export * from './auth.js';
export * from './site.js';
export * from './members.js';
export * from './media.js';
export * from './admin.js';
export * from './onboarding.js';
export * from './calendar.js';
