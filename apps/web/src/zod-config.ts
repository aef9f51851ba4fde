import { z } from 'zod';

// zod compiles object parsers with Function() after probing for it; the portal's
// Content-Security-Policy refuses eval, and the browser logs that refusal as an error.
// Imported first by main.tsx, so it runs before any schema is built or used.
z.config({ jitless: true });
