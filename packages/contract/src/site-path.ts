const SITE = 'https://portal.invalid';

/** The WHATWG URL both the browser and Node have (the contract is built without their types). */
declare const URL: new (
  input: string,
  base: string,
) => { origin: string; pathname: string; search: string; hash: string };

/**
 * A path on this site, as given or normalised (`/a/../b` is `/b`), with its query and
 * fragment; null for anything a browser could take to another site. `//host` and `/\host` are
 * another site, URL parsing drops tabs and line breaks (`/\t/host` becomes `//host`), and dot
 * segments can make a second slash (`/..//host` resolves to `//host`): only a result that starts
 * with exactly one slash, followed by neither a slash nor a backslash, is kept. The sign-in
 * page's way back (`?from=`) and the server's Checkout return addresses go through it.
 */
export function sitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSinglySlashed(path) && isSinglySlashed(value) ? path : null;
}

const isSinglySlashed = (path: string) => /^\/(?![/\\])/.test(path);
