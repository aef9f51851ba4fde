// How to apply to a job post, in a module of its own (no schemas), so the job post's page does
// not bundle the schema library to draw its 'Apply' link.

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
/** The WHATWG URL both the browser and Node have (the contract is built without their types). */
declare const URL: new (input: string) => { protocol: string; hostname: string };

/** A host name with a top-level domain (zod's `regexes.domain`): no IP address, no 'localhost'. */
const DOMAIN = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;

/**
 * How to apply, as the 'Apply' link's href: an email address becomes `mailto:`; a link must be
 * https (a `javascript:` or `data:` link would run in the visitor's page).
 */
export function applyHref(value: string): string | null {
  const text = value.trim();
  const address = text.toLowerCase().startsWith('mailto:') ? text.slice(7) : text;
  if (EMAIL.test(address)) return `mailto:${address}`;
  return isHttpsLink(text) ? text : null;
}

/** https with a real host and no user name before it ('https://bank.example@elsewhere'). */
function isHttpsLink(text: string): boolean {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' && DOMAIN.test(url.hostname) && !/^https:\/\/[^/?#]*@/i.test(text)
  );
}
