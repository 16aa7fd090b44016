import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

let t: TestApp;
const tokens: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const login of ['ops', 'supervisor', 'agent', 'admin'])
    tokens[login] = bearer(await sessionToken(t, `${login}@demo.test`));
});
afterAll(() => t.close());

const get = (who: string | null, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/party/getPOLHandlingOffice?${query}`,
    headers: who ? tokens[who] : {},
  });
const names = async (who: string, query: string) => {
  const res = await get(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((o: { short_name: string }) => o.short_name);
};
const profileId = async (login: string, profileType: string) => {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    select up.user_profile_id as id from user_profiles up
      join users u on u.user_uid = up.user_uid join profile_types pt on pt.profile_type_id = up.profile_type_id
     where u.login_id = ${login} and pt.code = ${profileType}`);
  return rows[0].id;
};

describe('GET /party/getPOLHandlingOffice', () => {
  it('answers the Office option shape, mapped offices first, then the port country’s offices', async () => {
    const res = await get('supervisor', 'pol_locode=CNSHA');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({ party_id: expect.any(Number), short_name: 'SHA', group_id: 'NCH' });
    expect(await names('supervisor', 'pol_locode=CNSHA')).toEqual(['SHA', 'NGB', 'SZX']);
    expect(await names('supervisor', 'pol_locode=cnyTN')).toEqual(['SZX', 'NGB', 'SHA']);
    expect(await names('supervisor', 'pol_locode=HKHKG')).toEqual(['HKG HO']);
  });

  it('lists every handling office for show_full_list_hd_office, whatever the profile’s group', async () => {
    // supervisor works at HKG (group SCH) but holds show_full_list_hd_office
    expect(await names('supervisor', 'pol_locode=SGSIN&show_all=true')).toEqual(['SIN']);
    expect(await names('admin', 'pol_locode=CNNGB')).toEqual(['NGB', 'SHA', 'SZX']);
  });

  it('filters to the profile’s office group without the function, even with show_all=true', async () => {
    // ops: HKG office, group SCH, no show_full_list_hd_office
    expect(await names('ops', 'pol_locode=CNSHA')).toEqual(['SZX']);
    expect(await names('ops', 'pol_locode=CNSHA&show_all=true')).toEqual(['SZX']);
    // agent: SHA office, group NCH
    expect(await names('agent', 'pol_locode=CNSHA')).toEqual(['SHA', 'NGB']);
  });

  it('lets holders of the function narrow to their group with show_all=false', async () => {
    expect(await names('supervisor', 'pol_locode=CNSHA&show_all=false')).toEqual(['SZX']);
  });

  it('answers 404 msgNoRecordFound when no office handles the port (the web shows an empty list)', async () => {
    const res = await get('ops', 'pol_locode=SGSIN');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msgKey: 'msgNoRecordFound' });
    expect((await get('supervisor', 'pol_locode=DEHAM')).statusCode).toBe(404);
    expect((await get('supervisor', 'pol_locode=ZZZZZ')).statusCode).toBe(404);
  });

  it('adds include_party_id even when it is filtered out or does not handle the port', async () => {
    const sin = (await get('supervisor', 'pol_locode=SGSIN')).json()[0].party_id;
    expect(await names('ops', `pol_locode=SGSIN&include_party_id=${sin}`)).toEqual(['SIN']);
    expect(await names('ops', `pol_locode=CNSHA&include_party_id=${sin}`)).toEqual(['SZX', 'SIN']);
    // already in the list: not repeated
    const szx = (await get('ops', 'pol_locode=CNSHA')).json()[0].party_id;
    expect(await names('ops', `pol_locode=CNSHA&include_party_id=${szx}`)).toEqual(['SZX']);
    expect((await get('ops', 'pol_locode=DEHAM&include_party_id=999999')).statusCode).toBe(404);
  });

  it('filters by another profile of the same user, and by anyone’s profile only for admins', async () => {
    const agentProfile = await profileId('agent@demo.test', 'AGENT');
    expect(await names('admin', `pol_locode=CNSHA&show_all=false&user_profile_id=${agentProfile}`)).toEqual([
      'SHA',
      'NGB',
    ]);
    const res = await get('ops', `pol_locode=CNSHA&user_profile_id=${agentProfile}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msgKey).toBe('msgNoPermission');
    const multi = bearer(await sessionToken(t, 'multi@demo.test'));
    const multiAgent = await profileId('multi@demo.test', 'AGENT');
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/party/getPOLHandlingOffice?pol_locode=CNSHA&user_profile_id=${multiAgent}`,
      headers: multi,
    });
    expect(own.json().map((o: { short_name: string }) => o.short_name)).toEqual(['SHA', 'NGB']);
  });

  it('refuses bad input and callers without a session', async () => {
    const missing = await get('ops', '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual({
      field: 'querystring.pol_locode',
      msgKey: 'msgFieldRequired',
    });
    for (const q of [
      'pol_locode=CNSH',
      'pol_locode=CN-SHA',
      'pol_locode=CNSHA&show_all=yes',
      'pol_locode=CNSHA&include_party_id=abc',
      'pol_locode=CNSHA&user_profile_id=-1',
      'pol_locode=CNSHA&include_party_id=1.5',
    ]) {
      expect((await get('ops', q)).statusCode, q).toBe(400);
    }
    expect(await names('ops', 'pol_locode=CNSHA&include_party_id=')).toEqual(['SZX']);
    expect((await get(null, 'pol_locode=CNSHA')).statusCode).toBe(401);
  });
});
