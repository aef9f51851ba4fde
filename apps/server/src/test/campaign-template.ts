import mjml2html from 'mjml';
import {
  campaignMjml,
  MJML_OPTIONS,
  type CampaignHeader,
} from '../modules/communications/template/campaign.mjml.js';

const HEADERS: CampaignHeader[] = ['logo', 'name'];

/** `campaign.html.ts` as it must read: both headers' MJML compiled, as TypeScript. */
export async function compileCampaignTemplates(): Promise<string> {
  const compiled: string[] = [];
  for (const header of HEADERS) {
    // Synchronous in MJML 4, a promise in its types (and in MJML 5): awaited either way.
    const { html, errors } = await mjml2html(campaignMjml(header), MJML_OPTIONS);
    if (errors.length > 0) throw new Error(`campaign template: ${errors[0]!.formattedMessage}`);
    compiled.push(`  ${header}: ${JSON.stringify(html)},`);
  }
  return [
    '// Written by `pnpm --filter @chamber/server run mail-template` from campaign.mjml.ts: do not edit.',
    "import type { CampaignHeader } from './campaign.mjml.js';",
    '',
    'export const CAMPAIGN_HTML: Record<CampaignHeader, string> = {',
    ...compiled,
    '};',
    '',
  ].join('\n');
}
