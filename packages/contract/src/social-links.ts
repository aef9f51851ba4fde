import { z } from 'zod';

/** How many profile links an elite listing may show (the Elite page's 'social links'). */
export const SOCIAL_LINKS_MAX = 6;

/** The networks a link is recognised as by its host; any other https address is `website`. */
export const socialNetworks = [
  'facebook',
  'instagram',
  'linkedin',
  'x',
  'youtube',
  'tiktok',
  'website',
] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

const networkHosts: [Exclude<SocialNetwork, 'website'>, RegExp][] = [
  ['facebook', /(^|\.)(facebook\.com|fb\.com|fb\.me)$/],
  ['instagram', /(^|\.)instagram\.com$/],
  ['linkedin', /(^|\.)linkedin\.com$/],
  ['x', /(^|\.)(x\.com|twitter\.com)$/],
  ['youtube', /(^|\.)(youtube\.com|youtu\.be)$/],
  ['tiktok', /(^|\.)tiktok\.com$/],
];

export const socialNetworkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  website: 'Website',
};

/** The host of an https link, lower-cased, without a port ('' when there is none). */
function hostOf(url: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '';
  return authority
    .slice(authority.lastIndexOf('@') + 1)
    .replace(/:\d*$/, '')
    .toLowerCase();
}

/** The network a stored link belongs to, read from its host. */
export function socialNetworkOf(url: string): SocialNetwork {
  const host = hostOf(url);
  return networkHosts.find(([, pattern]) => pattern.test(host))?.[0] ?? 'website';
}

export const socialLinkSchema = z.object({
  url: z.string(),
  network: z.enum(socialNetworks),
  label: z
    .string()
    .describe("The link's accessible name: the network's name, or the host of any other site"),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

/** A stored link as the API shows it. */
export function toSocialLink(url: string): SocialLink {
  const network = socialNetworkOf(url);
  const label =
    network === 'website' ? hostOf(url).replace(/^www\./, '') : socialNetworkNames[network];
  return { url, network, label };
}

// https only, with a real host name and no user name before it: the links are shown to
// everyone, so no http:, no javascript: or data:, no bare words, no
// 'https://facebook.com@elsewhere.example' posing as another site.
const httpsUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain })
  .refine((url) => !/^https:\/\/[^/?#]*@/i.test(url));
export const SOCIAL_LINK_MESSAGE = 'Social links must be full https:// addresses (https://...)';

/**
 * A save's social links: blanks dropped, repeats removed, at most SOCIAL_LINKS_MAX, each a full
 * https address of at most 500 characters. The order sent is the order shown.
 */
export const socialLinksInputSchema = z
  .array(z.string().trim().max(500, 'A social link can be at most 500 characters'))
  .max(20)
  .transform((links) => [...new Set(links.filter((link) => link !== ''))])
  .check((ctx) => {
    if (ctx.value.length > SOCIAL_LINKS_MAX) {
      ctx.issues.push({
        code: 'custom',
        message: `At most ${SOCIAL_LINKS_MAX} social links`,
        input: ctx.value,
      });
    }
    if (ctx.value.some((link) => !httpsUrl.safeParse(link).success)) {
      ctx.issues.push({ code: 'custom', message: SOCIAL_LINK_MESSAGE, input: ctx.value });
    }
  });
