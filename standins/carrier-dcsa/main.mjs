// Runs the carrier DCSA stand-in on CARRIER_DCSA_STANDIN_PORT (default 9195) until SIGTERM/SIGINT. Development and
// tests only. Carriers: CARRIER_DCSA_STANDIN_CARRIERS (a JSON array of carrier options, README.md), else one demo
// carrier from CARRIER_DCSA_STANDIN_CODE / _CLIENT_ID / _CLIENT_SECRET / _NOTIFY_URL / _NOTIFY_SECRET and the
// optional _CONFIRM_DELAY_MS / _DRAFT_DELAY_MS / _ISSUE_DELAY_MS.
import {
  DEFAULT_PORT,
  DEMO_CARRIER_CODE,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  DEMO_NOTIFY_SECRET,
  startCarrierDcsaStandIn,
} from './carrier-dcsa-stand-in.mjs';

const env = process.env;
const ms = (name) => (env[name] === undefined || env[name] === '' ? undefined : Number(env[name]));
const carriers = env.CARRIER_DCSA_STANDIN_CARRIERS
  ? JSON.parse(env.CARRIER_DCSA_STANDIN_CARRIERS)
  : [
      {
        code: env.CARRIER_DCSA_STANDIN_CODE || DEMO_CARRIER_CODE,
        auth: {
          kind: 'OAUTH2',
          clientId: env.CARRIER_DCSA_STANDIN_CLIENT_ID || DEMO_CLIENT_ID,
          clientSecret: env.CARRIER_DCSA_STANDIN_CLIENT_SECRET || DEMO_CLIENT_SECRET,
        },
        notifyBaseUrl: env.CARRIER_DCSA_STANDIN_NOTIFY_URL || undefined,
        notifySecret: env.CARRIER_DCSA_STANDIN_NOTIFY_SECRET || DEMO_NOTIFY_SECRET,
        confirmDelayMs: ms('CARRIER_DCSA_STANDIN_CONFIRM_DELAY_MS'),
        draftDelayMs: ms('CARRIER_DCSA_STANDIN_DRAFT_DELAY_MS'),
        issueDelayMs: ms('CARRIER_DCSA_STANDIN_ISSUE_DELAY_MS'),
      },
    ];
const standIn = await startCarrierDcsaStandIn({
  port: Number(env.CARRIER_DCSA_STANDIN_PORT ?? DEFAULT_PORT),
  host: env.CARRIER_DCSA_STANDIN_HOST ?? '127.0.0.1',
  carriers,
});
console.log(
  `[carrier DCSA stand-in] listening on ${standIn.url} (carriers: ${carriers.map((c) => standIn.baseUrl(c.code)).join(', ')})`,
);
const stop = () => standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started through a launcher, a signal may reach only the launcher: stop when our parent is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000).unref();
