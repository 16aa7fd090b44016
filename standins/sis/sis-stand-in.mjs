// SIS stand-in: a tiny local imitation of the SIS account directory (another company's system) for
// development and tests only. The portal reaches it solely through its SIS adapter at SIS_URL; it is never
// part of the product's code paths.
import { createServer } from 'node:http';

/** The stand-in's password for every account. */
export const SIS_STANDIN_PASSWORD = 'Sis-Pass-2026';

/**
 * A few SIS accounts. Profiles name the portal's reference data by code (profile type, role, office,
 * party codes, party group names, trade lane names) as the real directory would.
 */
export const SIS_STANDIN_ACCOUNTS = [
  {
    user_id: 'sis-shipper',
    email: 'shipper.sis@example.com',
    family_name: 'Chan',
    given_name: 'Mei Ling',
    address: ['Unit 1203, 12/F, Kwun Tong Industrial Centre', '436 Kwun Tong Road', 'Kowloon', null],
    country_code: 'HK',
    phone: '+85223456789',
    fax: '+85223456780',
    company: 'Pacific Star Garment Manufacturing Ltd.',
    department: 'Logistics',
    position: 'Shipping Manager',
    profiles: [
      {
        profile_type: 'SHIPPER',
        role: 'SHIPPER',
        office: 'HKG',
        parties: ['HKSHP001'],
        party_groups: ['Key Accounts Asia'],
        tradelanes: ['Transpacific Eastbound (HK-US)'],
      },
    ],
  },
  {
    user_id: 'sis-agent',
    email: 'agent.sis@example.com',
    family_name: 'Wang',
    given_name: 'Lei',
    address: ['Room 1501, No. 1000 Zhangyang Road', 'Pudong New Area', 'Shanghai', null],
    country_code: 'CN',
    phone: '+862158881234',
    fax: '+862158881235',
    company: 'Shanghai Jinqiao Logistics Co., Ltd.',
    department: null,
    position: null,
    profiles: [
      {
        profile_type: 'AGENT',
        role: 'AGENT',
        office: 'SHA',
        parties: ['CNSHA001'],
        party_groups: ['European Agents'],
        tradelanes: ['Asia - North Europe (CN-NL)'],
      },
    ],
  },
  {
    user_id: 'sis-unmapped',
    email: 'unmapped.sis@example.com',
    family_name: 'Nobody',
    given_name: 'Known',
    address: ['1 Nowhere Road', null, null, null],
    country_code: 'HK',
    phone: '+85220000000',
    fax: '+85220000001',
    company: 'Unmapped Trading Ltd.',
    department: null,
    position: null,
    profiles: [
      {
        profile_type: 'SHIPPER',
        role: 'SHIPPER',
        office: 'HKG',
        parties: ['ZZNOSUCH1'],
        party_groups: [],
        tradelanes: [],
      },
    ],
  },
];

const send = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/**
 * Starts the SIS stand-in. `POST /sis/api/authenticate {user_id, password}` answers 200 `{ user }` or
 * 401 `{ error: 'invalid_credentials' }`; `GET /health` answers 200. Port 0 picks a free port.
 * Resolves to `{ url, close() }`.
 */
export function startSisStandIn({ port = 0, host = '127.0.0.1', accounts = SIS_STANDIN_ACCOUNTS } = {}) {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/health')
      return send(res, 200, { ok: true, name: 'SIS stand-in' });
    if (req.method !== 'POST' || req.url !== '/sis/api/authenticate')
      return send(res, 404, { error: 'not_found' });
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      raw += chunk;
      if (raw.length > 10_000) req.destroy();
    });
    req.on('end', () => {
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, { error: 'bad_request' });
      }
      const account = accounts.find((a) => a.user_id === String(body?.user_id ?? '').toLowerCase());
      if (!account || body?.password !== SIS_STANDIN_PASSWORD)
        return send(res, 401, { error: 'invalid_credentials' });
      return send(res, 200, { user: account });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actual}`,
        close: () => new Promise((done) => server.close(() => done(undefined))),
      });
    });
  });
}
