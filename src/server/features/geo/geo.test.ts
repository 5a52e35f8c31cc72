import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client.js';
import { startTestServer, testDatabases, type TestServer } from '../../test/harness.js';
import { signedInMember } from '../../test/members.js';
import { lookupZip, nearestZip } from './geo.service.js';

describe('geo service', () => {
  it('resolves a ZIP and a ZIP+4 to City, State and the centroid', () => {
    expect(lookupZip('10001')).toEqual({
      zip: '10001',
      city: 'New York',
      state: 'NY',
      location: 'New York, NY',
      latitude: 40.7484,
      longitude: -73.9967,
    });
    expect(lookupZip('10001-1234')?.zip).toBe('10001');
  });

  it.each(['00000', 'abcde', '1000', '100011', 'M5V', ''])('knows no place for %j', (zip) => {
    expect(lookupZip(zip)).toBeNull();
  });

  it('finds the nearest ZIP to a position, and none far from the US', () => {
    expect(nearestZip(40.7484, -73.9967)?.zip).toBe('10001');
    expect(nearestZip(34.0901, -118.4065)?.location).toBe('Beverly Hills, CA');
    expect(nearestZip(0, 0)).toBeNull();
    expect(nearestZip(48.8566, 2.3522)).toBeNull();
  });
});

describe.each(testDatabases())('geo API on %s', (kind) => {
  let server: TestServer;
  let member: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: 'true' });
    member = (await signedInMember(server)).client;
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers a ZIP with its place', async () => {
    const res = await member.get('/api/geo/zip/90210');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ zip: '90210', city: 'Beverly Hills', state: 'CA', location: 'Beverly Hills, CA' });
  });

  it('answers an unknown ZIP with 404 ZIP code not found', async () => {
    const res = await member.get('/api/geo/zip/00000');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'ZIP code not found' } });
  });

  it('answers a position with the nearest ZIP', async () => {
    const res = await member.get('/api/geo/nearest?lat=40.7484&lon=-73.9967');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ zip: '10001', location: 'New York, NY' });
    expect((await member.get('/api/geo/nearest?lat=0&lon=0')).status).toBe(404);
  });

  it('refuses bad coordinates with 400', async () => {
    expect((await member.get('/api/geo/nearest?lat=100&lon=0')).status).toBe(400);
    expect((await member.get('/api/geo/nearest?lat=abc&lon=0')).status).toBe(400);
    expect((await member.get('/api/geo/nearest')).status).toBe(400);
  });

  it('is for members only', async () => {
    const visitor = new TestClient(server.url);
    expect((await visitor.get('/api/geo/zip/10001')).status).toBe(401);
    expect((await visitor.get('/api/geo/nearest?lat=40.7&lon=-74')).status).toBe(401);
  });
});
