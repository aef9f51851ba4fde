/**
 * What the web app needs of an endpoint at run time, without zod: its path filled in, and
 * whether an answer is a file. A production build of the web app calls the API through the
 * endpoints' methods and paths alone (endpoint-routes.js, written by the contract's build),
 * so the schemas and zod stay out of its first download.
 */

/** An answer that is a file (CSV, PDF, an image): its media types instead of a JSON schema. */
export interface FileAnswer {
  readonly kind: 'file';
  readonly description: string;
  readonly mediaTypes: readonly string[];
}

/** Is this answer a file (its media types) rather than a JSON schema? */
export function isFileAnswer(answer: unknown): answer is FileAnswer {
  return (
    typeof answer === 'object' && answer !== null && 'kind' in answer && answer.kind === 'file'
  );
}

/** An endpoint's path with its `:params` filled in (each one URI-encoded). */
export function endpointPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value as string | number));
  });
}

/** Does `path` (without query) match the endpoint's pattern? `:name` takes one segment. */
export function matchesPath(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((p, i) => p.startsWith(':') || p === got[i]);
}
