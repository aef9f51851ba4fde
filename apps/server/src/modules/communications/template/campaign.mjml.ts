/**
 * The branded campaign template as MJML (decision 134): compiled to HTML once, when it changes
 * (`pnpm --filter @chamber/server run mail-template` writes `campaign.html.ts`), not for each
 * recipient. Its slots are `%%NAME%%` tokens, filled by `renderCampaign`; `ACCENT_SLOT` stands
 * for the chamber's colour wherever MJML writes it (attributes and inlined styles).
 */

/** A colour no chamber picks by chance; every occurrence becomes the chamber's accent. */
export const ACCENT_SLOT = '#0a0b0c';

/** The header: the chamber's logo, or its name on its colour when it has no logo. */
export type CampaignHeader = 'logo' | 'name';

/**
 * What MJML is told: no comments kept, and no web fonts (MJML links Google Fonts for Roboto,
 * named in the font stack, by default: a request to a third party each time a mail is opened).
 */
export const MJML_OPTIONS = { validationLevel: 'strict', keepComments: false, fonts: {} } as const;

export function campaignMjml(header: CampaignHeader): string {
  const top =
    header === 'logo'
      ? `<mj-image src="%%LOGO_URL%%" alt="%%CHAMBER%%" width="180px" href="%%HOME_URL%%" />`
      : `<mj-text color="#ffffff" font-size="20px" font-weight="700">%%CHAMBER%%</mj-text>`;
  return `<mjml>
  <mj-head>
    <mj-title>%%SUBJECT%%</mj-title>
    <mj-attributes>
      <mj-all font-family="-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#1f2937" />
    </mj-attributes>
    <mj-style inline="inline">
      a { color: ${ACCENT_SLOT}; }
    </mj-style>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="${ACCENT_SLOT}" padding="16px 24px">
      <mj-column>${top}</mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text>%%BODY%%</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-text font-size="12px" line-height="18px" color="#6b7280">
          %%FOOTER%%<br>
          You receive this as a member or subscriber of the %%CHAMBER%%.<br>
          <a href="%%UNSUBSCRIBE_URL%%">Unsubscribe</a> · <a href="%%PREFERENCES_URL%%">Email preferences</a>
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}
