import LinkifyIt from 'linkify-it';

// Its own module: linkify-it's Unicode tables stay out of the pages that list posts (the
// home page's budget), and load with the pages that show a description.

/** A piece of a description: text as it is, or a link found in it. */
export type DescriptionPart = { text: string } | { text: string; href: string };

// Web links only, written out in full: a bare 'example.com' stays text, and so does any
// 'javascript:' or 'data:' the poster wrote.
const linkify = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
const WEB = /^https?:\/\//i;

/** A post's plain-text description cut into text and its http(s) links, in order. */
export function descriptionParts(text: string): DescriptionPart[] {
  const parts: DescriptionPart[] = [];
  let at = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!WEB.test(match.url)) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: match.raw, href: match.url });
    at = match.lastIndex;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
