import { endpoints } from '@chamber/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ContractError, createApiClient, UNAUTHORIZED_EVENT } from './client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function setup(fetchImpl: (url: string, init: RequestInit) => Promise<Response>) {
  const fetch = vi.fn(fetchImpl);
  const sleep = vi.fn(async (_ms: number) => {});
  const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, sleep });
  return { client, fetch, sleep };
}

const headersOf = (init: RequestInit | undefined) => init?.headers as Record<string, string>;

describe('api client', () => {
  afterEach(() => vi.useRealTimers());

  it('calls /api with JSON, credentials and the stored Bearer token', async () => {
    sessionStorage.setItem('token', 'session-token');
    const { client, fetch } = setup(async () => json(200, { ok: true }));

    await expect(client.post('/things', { a: 1 })).resolves.toEqual({ ok: true });

    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect(headersOf(init)).toMatchObject({
      Authorization: 'Bearer session-token',
      'Content-Type': 'application/json',
    });
  });

  it('downloads a file with the token, naming it from Content-Disposition', async () => {
    sessionStorage.setItem('token', 'session-token');
    const { client, fetch } = setup(
      async () =>
        new Response('a,b\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="users.csv"',
          },
        }),
    );
    const file = await client.download('/admin/exports/users.csv?role=member');
    expect(file.blob.size).toBe('a,b\r\n'.length);
    expect(file.filename).toBe('users.csv');
    expect(headersOf(fetch.mock.calls[0]![1]).Authorization).toBe('Bearer session-token');
    await expect(
      setup(async () => json(403, { error: 'forbidden', message: 'Admins only.' })).client.download(
        '/x',
      ),
    ).rejects.toMatchObject({ status: 403, message: 'Admins only.' });
  });

  it('prefers the remembered token and sends no content type without a body', async () => {
    localStorage.setItem('token', 'local-token');
    sessionStorage.setItem('token', 'session-token');
    const { client, fetch } = setup(async () => new Response(null, { status: 204 }));

    await expect(client.post('/auth/logout')).resolves.toBeUndefined();

    const headers = headersOf(fetch.mock.calls[0]![1]);
    expect(headers.Authorization).toBe('Bearer local-token');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('sends no Authorization header when signed out', async () => {
    const { client, fetch } = setup(async () => json(200, {}));
    await client.get('/config');
    expect(headersOf(fetch.mock.calls[0]![1]).Authorization).toBeUndefined();
  });

  it('retries network failures twice, waiting 1 s then 2 s, then gives up', async () => {
    const { client, fetch, sleep } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });

    const error = await client.get('/config').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('All retry attempts failed');
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[1000], [2000]]);
  });

  it('succeeds when a retry gets through', async () => {
    let calls = 0;
    const { client, sleep } = setup(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json(200, { locationId: 'loc' });
    });

    await expect(client.get('/config')).resolves.toEqual({ locationId: 'loc' });
    expect(sleep.mock.calls).toEqual([[1000]]);
  });

  it('sends one Idempotency-Key with every attempt of a POST, a new one for the next POST', async () => {
    let calls = 0;
    const { client, fetch } = setup(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json(201, { id: 'r1' });
    });

    await client.post('/calendars/appointments/e1/registrations', { name: 'Ada' });
    await client.post('/calendars/appointments/e1/registrations', { name: 'Ada' });

    const keys = fetch.mock.calls.map(([, init]) => headersOf(init)['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends no Idempotency-Key with reads and edits', async () => {
    const { client, fetch } = setup(async () => json(200, {}));
    await client.get('/config');
    await client.put('/members/m1', { tagline: 'Fresh bread daily' });
    for (const [, init] of fetch.mock.calls) {
      expect(headersOf(init)['Idempotency-Key']).toBeUndefined();
    }
  });

  it('does not retry HTTP errors', async () => {
    const { client, fetch, sleep } = setup(async () =>
      json(500, { error: 'internal', message: 'Something broke' }),
    );

    await expect(client.get('/config')).rejects.toMatchObject({
      status: 500,
      code: 'internal',
      message: 'Something broke',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('aborts an attempt after 10 s and retries it', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const { client, sleep } = setup(
      (_url, init) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init.signal!;
          signals.push(signal);
          if (signals.length === 2) resolve(json(200, { late: false }));
          signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );

    const result = client.get('/slow');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signals[0]!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]!.aborted).toBe(true);

    await expect(result).resolves.toEqual({ late: false });
    expect(sleep.mock.calls).toEqual([[1000]]);
  });

  it('on 401 clears the stored session everywhere and raises the unauthorized event', async () => {
    localStorage.setItem('token', 'a');
    sessionStorage.setItem('token', 'b');
    const onUnauthorized = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    const { client } = setup(async () =>
      json(401, { error: 'unauthorized', message: 'Sign in required' }),
    );

    await expect(client.get('/auth/profile')).rejects.toMatchObject({
      status: 401,
      message: 'Sign in required',
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  });

  it('reads the message from message, error_description, error, then the fallback', async () => {
    const answers = [
      json(403, { error: 'account_suspended', error_description: 'This account is suspended' }),
      json(400, { error: 'invalid_request' }),
      new Response('', { status: 400 }),
    ];
    const { client } = setup(async () => answers.shift()!);
    const opts = { errorMessage: 'Authorization failed' };

    await expect(client.post('/auth/authorize', {}, opts)).rejects.toMatchObject({
      status: 403,
      code: 'account_suspended',
      message: 'This account is suspended',
    });
    await expect(client.post('/auth/authorize', {}, opts)).rejects.toMatchObject({
      message: 'invalid_request',
    });
    await expect(client.post('/auth/authorize', {}, opts)).rejects.toMatchObject({
      code: 'http_400',
      message: 'Authorization failed',
    });
  });

  it('calls an endpoint by its path, params and query, and checks the answer in tests', async () => {
    const { client, fetch } = setup(async () => json(200, { valid: true }));
    await expect(client.call(endpoints.auth.validate)).resolves.toEqual({ valid: true });
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/validate');

    const session = setup(async () => new Response(null, { status: 204 }));
    await expect(
      session.client.call(endpoints.auth.endSession, { params: { id: 'a/b' } }),
    ).resolves.toBeUndefined();
    expect(session.fetch.mock.calls[0]![0]).toBe('/api/auth/sessions/a%2Fb');
    expect(session.fetch.mock.calls[0]![1].method).toBe('DELETE');

    const deals = setup(async () => json(200, { deals: [] }));
    await deals.client.call(endpoints.deals.listDeals, { query: { limit: 3 } });
    await deals.client.call(endpoints.deals.listDeals, { query: {} });
    expect(deals.fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/deals?limit=3',
      '/api/deals',
    ]);
  });

  it('throws, naming the endpoint, when an answer does not match its schema', async () => {
    // `valid` must be a boolean: a string is a contract break, caught before any screen reads it.
    const broken = setup(async () => json(200, { valid: 'yes' }));
    const call = broken.client.call(endpoints.auth.validate);
    await expect(call).rejects.toBeInstanceOf(ContractError);
    await expect(broken.client.call(endpoints.auth.validate)).rejects.toThrow(
      /The answer 200 to GET \/auth\/validate does not match the contract/,
    );
    // Production trusts the server and returns the body as it came.
    const trusting = createApiClient({
      fetch: (async () => json(200, { valid: 'yes' })) as unknown as typeof globalThis.fetch,
      checkAnswers: false,
    });
    await expect(trusting.call(endpoints.auth.validate)).resolves.toEqual({ valid: 'yes' });
  });
});
