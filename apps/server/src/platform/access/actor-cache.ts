import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbOrTx } from '../db/client';
import { type Listener, startListener } from '../db/listener';

/**
 * How long an instance reuses what it read about a session (user, profile, functions) for the next calls
 * with the same token (ACTOR_CACHE_MS, default 2,000 ms; 0 reads the database on every call). Revoking or
 * changing a session, a user, a profile or a role's functions announces it (announceActorChange), which
 * clears every instance's cache at commit through PostgreSQL LISTEN/NOTIFY; the time-out bounds anything
 * not announced. While an instance is not listening (connection lost), it does not cache at all.
 */
export const ACTOR_CACHE_MS = Math.max(0, Number(process.env.ACTOR_CACHE_MS ?? 2_000));
/** The PostgreSQL channel of those announcements (no payload: every cached session is dropped). */
export const ACTOR_CHANNEL = 'portal_actor_changed';
const MAX_ENTRIES = 10_000;

/** Every cache of this process (tests run several app instances in one process). */
const caches = new Set<ActorCache<unknown>>();

/**
 * Tells every instance that sessions, users, profiles or role functions changed: this process's caches now,
 * the other instances' when the caller's transaction commits (NOTIFY is transactional).
 */
export async function announceActorChange(db: DbOrTx): Promise<void> {
  for (const c of caches) c.clear();
  await db.execute(sql`select pg_notify(${ACTOR_CHANNEL}, '')`);
}

/**
 * Per-instance cache of a session's row, keyed by session id and user. A read that started before a clear
 * is answered to its caller but not kept, so a value read before a change committed never outlives it.
 */
export class ActorCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private generation = 0;
  private listener: Listener | null = null;

  constructor(
    private readonly connection: pg.ClientConfig | null,
    private readonly ttlMs = ACTOR_CACHE_MS,
    private readonly log: (m: string) => void = () => {},
  ) {
    caches.add(this as ActorCache<unknown>);
  }

  /** Builds the cache on the pool drizzle was made with (its connection settings; a connection of its own). */
  static forDb<V>(db: Db, log?: (m: string) => void, ttlMs = ACTOR_CACHE_MS): ActorCache<V> {
    const pool = (db as unknown as { $client?: pg.Pool }).$client;
    return new ActorCache<V>(pool?.options ?? null, ttlMs, log);
  }

  /**
   * Starts listening (platform/db/listener.ts: reconnects by itself); until it listens, and whenever the
   * connection is lost, every call reads the database, and what was cached is dropped (announcements may
   * have been missed meanwhile).
   */
  async start(): Promise<void> {
    if (this.ttlMs <= 0 || !this.connection || this.listener) return;
    this.listener = startListener({
      connection: this.connection,
      name: 'portal-actor-cache',
      channels: [ACTOR_CHANNEL],
      onNotification: () => this.clear(),
      onListening: () => this.clear(),
      onLost: () => this.clear(),
      log: this.log,
    });
    await this.listener.ready;
  }

  /** True while announcements reach this instance (only then is anything reused). */
  get active(): boolean {
    return !!this.listener?.listening && this.ttlMs > 0;
  }

  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    if (!this.active) return load();
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (value !== null && generation === this.generation && this.active) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, at: now });
    }
    return value;
  }

  /** Forgets one session (e.g. one that answered expired). */
  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  async stop(): Promise<void> {
    caches.delete(this as ActorCache<unknown>);
    const listener = this.listener;
    this.listener = null;
    this.clear();
    await listener?.stop();
  }
}
