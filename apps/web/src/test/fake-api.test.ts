import { describe, expect, it } from 'vitest';
import { expectNoContractBreaks } from './contract-answers';
import { json, makeProfile, stubApi } from './fake-api';

describe('the fake API', () => {
  it('lets an answer the contract allows through, and fails one it does not', async () => {
    stubApi({
      'GET /auth/profile': () => json(200, makeProfile()),
      'GET /admin/stats': () => json(200, { users: { total: 3 } }),
    });
    await fetch('/api/auth/profile', { method: 'GET' });
    expect(() => expectNoContractBreaks()).not.toThrow();

    await fetch('/api/admin/stats', { method: 'GET' });
    expect(() => expectNoContractBreaks()).toThrow(/fake answer to GET \/admin\/stats breaks/);
  });

  it('checks an error answer against the error shapes, and knows every faked route', async () => {
    stubApi({
      'PUT /members/c-1': () => json(409, { message: 'Taken' }),
      'GET /nowhere': () => json(200, {}),
    });
    await fetch('/api/members/c-1', { method: 'PUT' });
    expect(() => expectNoContractBreaks()).toThrow(/PUT \/members\/c-1 breaks the contract/);
    await fetch('/api/nowhere', { method: 'GET' });
    expect(() => expectNoContractBreaks()).toThrow(/No contract schema .* GET \/nowhere/);
  });
});
