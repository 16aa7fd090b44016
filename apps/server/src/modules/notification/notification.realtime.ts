import {
  LIVE_KIND_OF_MODULE,
  LIVE_WATCH_MAX,
  type TLiveDocumentKind,
  type TWsServerFrame,
  WS_CLOSE_GOING_AWAY,
  WS_CLOSE_UNAUTHORIZED,
  ZWsClientFrame,
} from '@portal/contracts';
import type pg from 'pg';
import type { WebSocket } from 'ws';
import { actorOfSession } from '../../platform/access/access';
import type { TokenService } from '../../platform/auth/token';
import type { Db } from '../../platform/db/client';
import { type Listener, startListener } from '../../platform/db/listener';
import { NOTIFICATION_EVENT_CHANNEL, NOTIFICATION_MESSAGE_CHANNEL } from '../../platform/notify/notify';
import { DISPATCH_RUN_LIMIT, dispatchPending } from './notification.dispatch';
import { presentMessage } from './notification.presenter';
import { notificationRepository as repo } from './notification.repository';
import { liveDocumentVisible } from './notification.service';

/** A client that does not authenticate within this time is closed. */
const AUTH_TIMEOUT_MS = 10_000;
/** How often the hub looks for revoked sessions among its sockets. */
const SESSION_CHECK_MS = 30_000;
/** How long a client should wait before reconnecting after a shutdown (another instance takes it). */
const RECONNECT_HINT_MS = 1_000;

interface Client {
  socket: WebSocket;
  user_uid: string | null;
  sid: string | null;
  /** The token that authenticated the socket last (a renewal must bring another token of the same session). */
  token: string | null;
  /** Frames are handled one after another: two Authenticate frames sent back to back never race. */
  frames: Promise<void>;
  expiry?: NodeJS.Timeout;
  /** The open documents this socket watches ("kind:doc_code", oldest first; issue 39 live documents). */
  watches: Set<string>;
}

const watchKey = (kind: TLiveDocumentKind, docCode: string) => `${kind}:${docCode}`;

/**
 * One instance's real-time side: the sockets of its signed-in browsers, and one PostgreSQL connection
 * that LISTENs for outbox events (dispatched here when this instance claims them first) and new messages
 * (payload: the message id; the instance reads the row and sends it to its own sockets of that user).
 * No state is shared between instances: PostgreSQL is the bus.
 */
export class NotificationHub {
  private readonly clients = new Set<Client>();
  private listener: Listener | null = null;
  private stopped = false;
  private queue: Promise<unknown> = Promise.resolve();
  private sessionTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
    private readonly tokens: TokenService,
    private readonly publicBaseUrl: string,
    private readonly log: (m: string) => void,
  ) {}

  async start() {
    // Its own connection (platform/db/listener.ts), which reconnects by itself after a lost connection and
    // then dispatches whatever was committed while nobody listened.
    this.listener = startListener({
      connection: this.pool.options,
      name: 'portal-notification',
      channels: [NOTIFICATION_EVENT_CHANNEL, NOTIFICATION_MESSAGE_CHANNEL],
      onNotification: (n) => {
        const id = Number(n.payload);
        if (!Number.isSafeInteger(id)) return;
        if (n.channel === NOTIFICATION_EVENT_CHANNEL) {
          void this.announce(id);
          this.dispatchSoon();
        } else if (n.channel === NOTIFICATION_MESSAGE_CHANNEL) void this.deliver(id);
      },
      onListening: () => this.enqueue(() => this.dispatch()),
      log: this.log,
    });
    await this.listener.ready;
    this.sessionTimer = setInterval(() => void this.checkSessions(), SESSION_CHECK_MS);
    this.sessionTimer.unref();
  }

  /**
   * Dispatches one event at a time per instance (the pool stays free for requests). Once the instance stops,
   * nothing more is started: events not yet dispatched stay in the outbox for the sweep (any instance's
   * `notification-dispatch` job, or this one's catch-up when it listens again).
   */
  private enqueue(job: () => Promise<unknown>) {
    this.queue = this.queue
      .then(() => (this.stopped ? undefined : job()))
      .catch((e: Error) => this.log(`dispatch: ${e.message}`));
  }

  /**
   * A committed event asks for a dispatch: one run not yet started takes every event pending when it starts,
   * so events committed together (20 approval moves at once) go out in batches (dispatchPending) rather than
   * one run each; a run already going leaves the new ones to the next.
   */
  private dispatchWaiting = false;
  private dispatchSoon() {
    if (this.dispatchWaiting) return;
    this.dispatchWaiting = true;
    this.enqueue(() => {
      this.dispatchWaiting = false;
      return this.dispatch();
    });
  }

  /**
   * A run ends at DISPATCH_RUN_LIMIT events; one that reached it asks for the next at once, so a burst (a batch
   * approval of hundreds of invoices) goes out run after run instead of the rest waiting for the minute's sweep
   * (600 approval moves took two minutes to notify, session 61). Requests keep their share of the pool: one run
   * at a time, one batch's transaction at a time.
   */
  private async dispatch() {
    const done = await dispatchPending(this.db, {
      publicBaseUrl: this.publicBaseUrl,
      limit: DISPATCH_RUN_LIMIT,
      log: this.log,
      shouldStop: () => this.stopped,
    });
    if (done >= DISPATCH_RUN_LIMIT && !this.stopped) this.dispatchSoon();
    return done;
  }

  /** Sends a committed message to this instance's sockets of its user. */
  private async deliver(messageId: number) {
    if (!this.clients.size) return;
    const row = await repo.messageById(this.db, messageId).catch(() => undefined);
    if (!row || row.removed) return;
    const frame: TWsServerFrame = { type: 'ReceiveNotification', message: presentMessage(row) };
    for (const c of this.clients) if (c.user_uid === row.user_uid) send(c.socket, frame);
  }

  /**
   * Every instance hears each committed event: the sockets here that watch its document (whoever the event's
   * recipients are) are told to re-read it. Who may watch was decided when the socket asked (Watch).
   */
  private async announce(eventId: number) {
    if (![...this.clients].some((c) => c.watches.size)) return;
    const ev = await repo.eventSubject(this.db, eventId).catch(() => undefined);
    const kind = ev && LIVE_KIND_OF_MODULE[ev.module];
    if (!ev || !kind) return;
    const key = watchKey(kind, ev.doc_code);
    const frame: TWsServerFrame = {
      type: 'DocumentChanged',
      kind,
      doc_code: ev.doc_code,
      event_code: ev.event_code,
    };
    for (const c of this.clients) if (c.user_uid && c.watches.has(key)) send(c.socket, frame);
  }

  /**
   * Watch: the session's actor now (its profile and parties) must see the document by the module's own rule,
   * else the answer says not allowed and nothing is sent; Unwatch forgets it.
   */
  private async watch(client: Client, type: 'Watch' | 'Unwatch', kind: TLiveDocumentKind, docCode: string) {
    const key = watchKey(kind, docCode);
    if (type === 'Unwatch') {
      client.watches.delete(key);
      return;
    }
    if (!client.user_uid || !client.sid) return;
    const { sid, user_uid } = client;
    const allowed = await actorOfSession(this.db, sid, user_uid)
      .then((actor) => !!actor && liveDocumentVisible(this.db, actor, kind, docCode))
      .catch(() => false);
    if (allowed) {
      client.watches.delete(key);
      client.watches.add(key);
      if (client.watches.size > LIVE_WATCH_MAX)
        client.watches.delete(client.watches.values().next().value as string);
    }
    send(client.socket, { type: 'Watching', kind, doc_code: docCode, allowed });
  }

  /** A new socket: it must send `Authenticate` with the session token first (and again after renewal). */
  accept(socket: WebSocket) {
    const client: Client = {
      socket,
      user_uid: null,
      sid: null,
      token: null,
      frames: Promise.resolve(),
      watches: new Set(),
    };
    this.clients.add(client);
    const authTimer = setTimeout(() => {
      if (!client.user_uid) socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
    }, AUTH_TIMEOUT_MS);
    socket.on('message', (data) => {
      client.frames = client.frames
        .then(() => this.onFrame(client, String(data)))
        .catch(() => socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized'));
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      if (client.expiry) clearTimeout(client.expiry);
      this.clients.delete(client);
    });
    socket.on('error', () => socket.terminate());
  }

  private async onFrame(client: Client, raw: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = null;
    }
    const frame = ZWsClientFrame.safeParse(parsed);
    if (!frame.success) {
      client.socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    if (frame.data.type !== 'Authenticate') {
      // Watching needs an authenticated socket; before that it is a protocol error like any other.
      if (!client.user_uid) client.socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
      else await this.watch(client, frame.data.type, frame.data.kind, frame.data.doc_code);
      return;
    }
    // One authentication per socket: once authenticated, only a renewal is taken (another token of the same
    // user and session, as the web app sends after renewing); the same token again, or another session's,
    // closes the socket.
    if (client.token !== null && frame.data.token === client.token) {
      client.socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    const claims = await this.tokens.verify(frame.data.token);
    if (
      !claims ||
      claims === 'expired' ||
      (client.user_uid && (client.user_uid !== claims.sub || client.sid !== claims.sid))
    ) {
      client.socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    const live = await repo.sessionLive(this.db, claims.sid, claims.sub);
    if (!live) {
      client.socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.user_uid = claims.sub;
    client.sid = claims.sid;
    client.token = frame.data.token;
    if (client.expiry) clearTimeout(client.expiry);
    // The token's end closes the socket unless a renewed token arrives first.
    const ms = Math.min(claims.exp * 1000 - Date.now(), 2 ** 31 - 1);
    client.expiry = setTimeout(() => client.socket.close(WS_CLOSE_UNAUTHORIZED, 'expired'), Math.max(ms, 0));
    send(client.socket, { type: 'Authenticated', exp: claims.exp });
  }

  /** Closes sockets whose session was revoked (sign-out, user disabled, password changed). */
  private async checkSessions() {
    const sids = [...new Set([...this.clients].map((c) => c.sid).filter((s): s is string => !!s))];
    if (!sids.length) return;
    const dead = new Set(await repo.deadSessions(this.db, sids).catch(() => []));
    for (const c of this.clients)
      if (c.sid && dead.has(c.sid)) c.socket.close(WS_CLOSE_UNAUTHORIZED, 'revoked');
  }

  /** Number of authenticated sockets (health, tests). */
  get connected() {
    return [...this.clients].filter((c) => c.user_uid).length;
  }

  /**
   * Shutdown: tell every socket to reconnect elsewhere, close them, stop listening. Waits only for the event
   * being dispatched now (one short transaction); the backlog is handed back to the sweep, not worked off here.
   */
  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.sessionTimer);
    for (const c of this.clients) {
      send(c.socket, { type: 'Reconnect', retry_ms: RECONNECT_HINT_MS });
      c.socket.close(WS_CLOSE_GOING_AWAY, 'server shutting down');
    }
    const listener = this.listener;
    this.listener = null;
    await Promise.all([this.queue, listener?.stop()]);
  }
}

function send(socket: WebSocket, frame: TWsServerFrame) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}
