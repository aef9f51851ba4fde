import { describe, expect, it } from 'vitest';
import { matchAppPath } from './paths.js';

describe('matchAppPath', () => {
  it('names a fixed page under /admin/communications, not a campaign with that id', () => {
    expect(matchAppPath('/admin/communications/addresses')).toEqual({
      name: 'noBulkMail',
      params: {},
    });
    expect(matchAppPath('/admin/communications/0b7d2c1e')).toEqual({
      name: 'campaign',
      params: { id: '0b7d2c1e' },
    });
  });
});
