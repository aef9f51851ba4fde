/**
 * VERP-style return paths: each bulk message goes out with the envelope sender
 * `<local>+<token>@<domain>` built from the configured bounce address, so a bounce names the
 * recipient it is about by the address it comes back to, whatever the reporting server wrote.
 */

/** Letters, digits and '-': survives every mail server's handling of the local part. */
const TOKEN = /^[a-z0-9-]{1,40}$/;

function split(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1 || /\s|[<>]/.test(address)) {
    throw new Error(`not a bounce address: ${JSON.stringify(address)}`);
  }
  const local = address.slice(0, at);
  if (local.includes('+')) {
    throw new Error(`a bounce address takes no "+" of its own: ${JSON.stringify(address)}`);
  }
  return { local, domain: address.slice(at + 1) };
}

/**
 * The return path for one recipient: `bounces@chamber.example` and `r123abc` give
 * `bounces+r123abc@chamber.example`. Tokens are lower-case letters, digits and '-' (at most
 * 40), as some servers lower-case whatever comes back.
 */
export function verpAddress(bounceAddress: string, token: string): string {
  if (!TOKEN.test(token)) {
    throw new Error(`a VERP token is 1 to 40 of a-z, 0-9 and "-": ${JSON.stringify(token)}`);
  }
  const { local, domain } = split(bounceAddress.trim());
  return `${local}+${token}@${domain}`;
}

/**
 * The token of an address `verpAddress` made from this bounce address (angle brackets and a
 * display name around it are fine, case is not minded), or null for any other address.
 */
export function verpTokenOf(bounceAddress: string, address: string): string | null {
  const { local, domain } = split(bounceAddress.trim().toLowerCase());
  const bare = (/<([^<>]*)>/.exec(address)?.[1] ?? address).trim().toLowerCase();
  const prefix = `${local}+`;
  const suffix = `@${domain}`;
  if (!bare.startsWith(prefix) || !bare.endsWith(suffix)) return null;
  const token = bare.slice(prefix.length, bare.length - suffix.length);
  return TOKEN.test(token) ? token : null;
}
