import pg from 'pg';
import { throttledWarn } from './client';

/**
 * One PostgreSQL connection that LISTENs on some channels and heals itself: the platform's only way to listen
 * (the notification hub, the session cache, the job kicks). When the connection is lost (a restart, a
 * failover, a terminated backend, a network blip) it says so once (`onLost`), reconnects with backoff (250 ms
 * doubling to 2 s, so it is back within about 2 s of the database), subscribes again and calls `onListening`,
 * where the caller catches up on what it missed: NOTIFYs sent while nobody listened are gone for good, so
 * every user of a listener keeps a sweep that finds the committed work itself (the outbox, the job tables).
 * `onListening` also runs after the first subscription.
 */
export interface ListenerOptions {
  /** Connection settings (a URL or a pool's options); `application_name` names it in pg_stat_activity. */
  connection: string | pg.ClientConfig;
  name: string;
  channels: string[];
  onNotification: (n: pg.Notification) => void;
  /** After every (re)subscription: catch up on what was committed while not listening. */
  onListening?: () => void;
  /** When the connection is lost (not after stop). */
  onLost?: () => void;
  log?: (m: string) => void;
}

export interface Listener {
  /** True while the channels are subscribed. */
  readonly listening: boolean;
  /** Resolves after the first subscription, or after the first failed try (it goes on trying). */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 2_000;
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

export function startListener(opts: ListenerOptions): Listener {
  for (const c of opts.channels) if (!CHANNEL.test(c)) throw new Error(`bad channel name ${c}`);
  const log = opts.log ?? ((m: string) => console.log(`[${opts.name}] ${m}`));
  const warn = throttledWarn(`${opts.name} listener`);
  const base: pg.ClientConfig =
    typeof opts.connection === 'string' ? { connectionString: opts.connection } : { ...opts.connection };
  const config: pg.ClientConfig = {
    ...base,
    application_name: opts.name,
    keepAlive: true,
    connectionTimeoutMillis: 5_000,
  };
  let client: pg.Client | null = null;
  let listening = false;
  let stopped = false;
  let backoff = MIN_BACKOFF_MS;
  let retry: NodeJS.Timeout | undefined;
  let lostSince = 0;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((r) => {
    markReady = r;
  });

  const lose = (c: pg.Client, e: Error | null) => {
    if (client !== c) return;
    client = null;
    const was = listening;
    listening = false;
    c.end().catch(() => {});
    if (stopped) return;
    if (was) {
      lostSince = Date.now();
      log(`connection lost${e ? `: ${e.message}` : ''}; reconnecting`);
      opts.onLost?.();
    }
    schedule();
  };

  const schedule = () => {
    if (stopped || retry) return;
    const wait = backoff;
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, wait);
    retry.unref();
  };

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client(config);
    client = c;
    c.on('notification', (n) => opts.onNotification(n));
    c.on('error', (e) => lose(c, e));
    c.on('end', () => lose(c, null));
    try {
      await c.connect();
      for (const channel of opts.channels) await c.query(`listen ${channel}`);
      if (client !== c || stopped) return;
      listening = true;
      backoff = MIN_BACKOFF_MS;
      if (lostSince) log(`listening again after ${Date.now() - lostSince} ms`);
      lostSince = 0;
      markReady();
      opts.onListening?.();
    } catch (e) {
      warn(e as Error);
      if (!lostSince) lostSince = Date.now();
      markReady();
      if (client === c) {
        client = null;
        c.end().catch(() => {});
        schedule();
      }
    }
  };

  void connect();
  return {
    get listening() {
      return listening;
    },
    ready,
    async stop() {
      stopped = true;
      listening = false;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
