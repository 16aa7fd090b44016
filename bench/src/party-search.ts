/**
 * Party figures with 200,000 parties: search p95 at 10 concurrent clients (page 1, page 1,000 by OFFSET
 * and its keyset equivalent), duplicate-similarity check p95, and a 10,000-row export's time with the
 * server's peak RSS (sampled from outside with `ps -o rss`). Run: node --import tsx bench/src/party-search.ts
 */
import pg from 'pg';
import { rssMb } from './figures';
import { load, signIn, startServer } from './server';

const TOTAL = 200_000;
const server = await startServer(8721, 55021, 'bench/.data-party');

try {
  const db = new pg.Client({ connectionString: server.dbUrl });
  await db.connect();
  const t0 = performance.now();
  // Names from word lists so trigram search and similarity see realistic text; every 20th party is in NL
  // (10,000 rows) so the export has exactly 10,000 matching rows.
  await db.query(`
    insert into parties (party_code, party_type, short_name, full_name, address1, city, country_code, tel,
                         address_type, contact_type, ledger_code, tax_id, requester_remarks, approval_status, credit_limit)
    select 'BP' || lpad(g::text, 7, '0'),
           (array['SHIPPER','CONSIGNEE','AGENT','CUSTOMER','NOTIFY'])[1 + g % 5],
           w1 || ' ' || w2,
           w1 || ' ' || w2 || ' ' || w3 || ' ' || (array['Co., Ltd.','Limited','GmbH','B.V.','Inc.','LLC'])[1 + g % 6] || ' ' || g,
           'No. ' || (g % 900 + 1) || ' ' || w2 || ' ' || (array['Road','Street','Avenue','Weg','Strasse'])[1 + g % 5],
           city, cc, '+852' || lpad((g % 100000000)::text, 8, '0'), 'BUSINESS', 'PRIMARY',
           'L' || (g % 9000 + 1000), cc || g, 'bench',
           (array['P','MA','MR','AR','SP','SH','SH','SH','SR','CP','CH','CR'])[1 + g % 12],
           (g % 4) * 10000
      from (select g,
                   (array['Pacific','Golden','Oriental','Harbour','Atlantic','Nordic','Bright','Silver','Eastern','Royal','Grand','United'])[1 + g % 12] as w1,
                   (array['Star','Dragon','Ocean','Bridge','Lotus','River','Mountain','Phoenix','Crown','Harvest','Pearl','Summit','Delta'])[1 + (g / 12) % 13] as w2,
                   (array['Electronics','Garments','Logistics','Trading','Homeware','Textiles','Machinery','Foods','Furniture','Toys','Ceramics'])[1 + (g / 156) % 11] as w3,
                   case when g % 20 = 0 then 'NL' else (array['HK','CN','US','DE','CN','HK','US','CN','DE','HK','CN','US','HK','CN','DE','US','HK','CN','US'])[1 + g % 19] end as cc,
                   (array['Hong Kong','Shenzhen','Los Angeles','Hamburg','Ningbo','Kowloon','New York','Shanghai','Munich','Tsuen Wan','Xiamen','Chicago','Kwai Chung','Guangzhou','Bremen','Seattle','Sha Tin','Qingdao','Houston'])[1 + g % 19] as city
              from generate_series(1, ${TOTAL}) g) s`);
  await db.query('analyze parties');
  const { rows } = await db.query('select count(*)::int as n from parties');
  const insertSeconds = ((performance.now() - t0) / 1000).toFixed(1);
  await db.end();

  const token = await signIn(server.url, 'ops@demo.test');
  const headers = { authorization: `Bearer ${token}` };
  const get = (path: string) => fetch(`${server.url}/api/v1${path}`, { headers });
  const terms = [
    'pacific star',
    'golden dragon',
    'harbour',
    'bp00123',
    'electronics',
    'hamburg',
    'nordic pearl',
    'crown toys',
  ];

  const page1 = await load(10, 50, (i) =>
    get(`/Party/list/search_party?page=1&pageSize=10&q=${encodeURIComponent(terms[i % terms.length])}`),
  );
  const page1NoSearch = await load(10, 50, (i) =>
    get(`/Party/list/${i % 2 ? 'search_party' : 'party_approved'}?page=1&pageSize=10`),
  );
  const page1000 = await load(10, 20, () =>
    get('/Party/list/search_party?page=1000&pageSize=10&sort=party_code'),
  );
  // Keyset equivalent of page 1,000: the cursor after page 999, read through the sort index without OFFSET.
  const before = (await (
    await get('/Party/list/search_party?page=999&pageSize=10&sort=party_code')
  ).json()) as {
    nextCursor: string;
  };
  const keyset1000 = await load(10, 50, () =>
    get(
      `/Party/list/search_party?pageSize=10&sort=party_code&cursor=${encodeURIComponent(before.nextCursor)}`,
    ),
  );
  const names = [
    'Pacific Star Electronic Co Ltd',
    'Golden Dragon Garments Limited',
    'Harbor Bridge Logistics GmbH',
    'Nordic Pearl Foods BV',
  ];
  const duplicate = await load(10, 30, (i) =>
    fetch(`${server.url}/api/v1/Party/duplicate-check`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        full_name: names[i % names.length],
        address1: 'No. 12 Star Road',
        city: 'Hong Kong',
      }),
    }),
  );
  const counts = await load(10, 20, () => get('/Party/counts'));

  let peak = rssMb(server.pid);
  const idle = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 25);
  const e0 = performance.now();
  const exp = await get('/Party/list/search_party/export?country_code=NL&q=bp&sort=party_code');
  const bytes = (await exp.arrayBuffer()).byteLength;
  const exportSeconds = (performance.now() - e0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));

  const figures = {
    parties: rows[0].n,
    insertSeconds: Number(insertSeconds),
    searchPage1WithText: page1,
    listPage1NoText: page1NoSearch,
    listPage1000Offset: page1000,
    listPage1000Keyset: keyset1000,
    duplicateCheck: duplicate,
    dashboardCounts: counts,
    export10000: {
      status: exp.status,
      seconds: Number(exportSeconds.toFixed(2)),
      megabytes: Number((bytes / 1024 / 1024).toFixed(2)),
      serverRssIdleMb: Math.round(idle),
      serverRssPeakMb: Math.round(peak),
    },
  };
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await server.stop();
}
