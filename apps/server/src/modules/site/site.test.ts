import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chambers, calendars } from '@chamber/db';
import { createTestApp, type TestContext } from '../../test/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.insert(chambers).values({ id: 'loc-1', name: 'Test Valley Chamber' });
  await ctx.db.insert(calendars).values({ id: 'cal-1', locationId: 'loc-1' });
});
afterAll(() => ctx.close());

describe('site', () => {
  it('serves the public start-up config from the chamber record', async () => {
    const res = await ctx.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      locationId: 'loc-1',
      calendarId: 'cal-1',
      chamberName: 'Test Valley Chamber',
      publicUrl: 'http://localhost:3000',
      // The directory map's settings, as configured (here the defaults).
      map: {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
        attributionUrl: 'https://www.openstreetmap.org/copyright',
        region: { west: -112.08, south: 40.44, east: -111.8, north: 40.64 },
      },
    });
  });

  it('answers an unknown location with 404 JSON', async () => {
    const res = await ctx.app.inject('/api/locations/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found', message: 'Location not found' });
  });

  it('answers unknown API paths with JSON 404, not the app', async () => {
    const res = await ctx.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('reports health and readiness', async () => {
    expect((await ctx.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject('/api/ready')).json()).toEqual({ ready: true });
  });

  it('echoes a request id header', async () => {
    const res = await ctx.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});
