/**
 * Compiles the campaign template's MJML (src/modules/communications/template/campaign.mjml.ts)
 * into `campaign.html.ts`, which the server reads: MJML is a development dependency only.
 * Run: pnpm --filter @chamber/server run mail-template (a test fails while the two differ).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileCampaignTemplates } from '../src/test/campaign-template.js';

const target = fileURLToPath(
  new URL('../src/modules/communications/template/campaign.html.ts', import.meta.url),
);
writeFileSync(target, await compileCampaignTemplates());
console.log(`wrote ${target}`);
