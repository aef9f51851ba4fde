import { z } from 'zod/v4';

// zod compiles object parsers with Function() after probing for it; the portal's
// Content-Security-Policy refuses eval, and the browser logs that refusal as an error.
// vite.config.ts resolves every import of 'zod' in the app and the contract to this module, so
// the setting is made before any schema is built or used, and only on pages that load zod.
z.config({ jitless: true });

export * from 'zod/v4';
