import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country, JurisdictionMap, UsState } from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('GET /public/us/jurisdictions', () => {
  it('maps every state to its counties and county-equivalents, County stripped', async () => {
    const answer = await server.call<JurisdictionMap>('GET', '/public/us/jurisdictions');
    expect(answer.status).toBe(200);
    const map = answer.body;
    expect(Object.keys(map)).toHaveLength(56);
    expect(map.CA).toHaveLength(58);
    expect(map.CA).toContain('Los Angeles');
    expect(map.TX).toHaveLength(254);
    expect(map.LA).toContain('Orleans Parish');
    expect(map.VA).toEqual(expect.arrayContaining(['Richmond', 'Richmond city']));
    expect(map.AK).toEqual(expect.arrayContaining(['Kusilvak Census Area', 'Chugach Census Area']));
    expect(map.SD).toContain('Oglala Lakota');
    expect(map.VA).not.toContain('Bedford city');
    expect(map.DC).toEqual(['District of Columbia']);
    const all = Object.values(map).flat();
    expect(all.some((name) => name.endsWith(' County'))).toBe(false);
    expect(all.length).toBeGreaterThan(3200);
  });
});

describe('GET /public/us/states and /public/countries', () => {
  it('lists the states with their codes and the countries with ISO codes, no sign-in', async () => {
    const states = await server.call<UsState[]>('GET', '/public/us/states');
    expect(states.body).toHaveLength(56);
    expect(states.body).toContainEqual({ code: 'CA', name: 'California' });
    expect(states.body).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(states.body).toContainEqual({ code: 'PR', name: 'Puerto Rico' });
    const countries = await server.call<Country[]>('GET', '/public/countries');
    expect(countries.body.length).toBeGreaterThan(240);
    expect(countries.body).toContainEqual({ code: 'US', name: 'United States' });
    expect(countries.body).toContainEqual({ code: 'FR', name: 'France' });
  });
});
