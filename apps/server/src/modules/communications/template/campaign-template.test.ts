import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileCampaignTemplates } from '../../../test/campaign-template.js';
import { renderCampaign } from '../content.js';

const chamber = {
  name: 'Riverton Chamber',
  accentColor: '#123456',
  addressLine: '1 Main St',
  phone: '',
  email: '',
  publicUrl: 'https://portal.example',
};
const links = { unsubscribeUrl: 'https://portal.example/u', preferencesUrl: 'https://p.example/' };

describe('the campaign template', () => {
  it('is the MJML source as compiled (run `pnpm --filter @chamber/server run mail-template`)', async () => {
    const compiled = readFileSync(new URL('./campaign.html.ts', import.meta.url), 'utf8');
    expect(compiled).toBe(await compileCampaignTemplates());
  });

  it('fills every slot once, escaped, and leaves a slot written in a value alone', async () => {
    const mail = await renderCampaign(
      { ...chamber, name: 'R&D <Chamber>' },
      { subject: 'Hello %%BODY%% & more', html: '<p>Body</p>' },
      links,
    );
    expect(mail.html).toContain('<title>Hello %%BODY%% &amp; more</title>');
    expect(mail.html).toContain('R&amp;D &lt;Chamber&gt;');
    expect(mail.html.match(/<p>Body<\/p>/g)).toHaveLength(1);
    expect(mail.html).not.toMatch(/%%(?!BODY%% &amp;)[A-Z_]+%%/);
  });

  it('shows the logo when the chamber has one, its name otherwise', async () => {
    const message = { subject: 'S', html: '<p>x</p>' };
    const withLogo = await renderCampaign(
      { ...chamber, logoUrl: '/media/logo.png' },
      message,
      links,
    );
    expect(withLogo.html).toContain('src="https://portal.example/media/logo.png"');
    const withName = await renderCampaign(chamber, message, links);
    expect(withName.html).not.toContain('<img');
    expect(withName.html).toMatch(/font-size:20px;font-weight:700[^>]*>Riverton Chamber</);
  });
});
