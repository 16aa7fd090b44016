import {
  NOTIFICATION_WS_PATH,
  type TLiveDocumentKind,
  type TNotificationMessage,
  type TWsServerFrame,
  WS_CLOSE_UNAUTHORIZED,
} from '@portal/contracts';
import { sessionStore } from '../../shared/auth';

type Listener = (message: TNotificationMessage) => void;
type ConnectedListener = () => void;
/** A watched document changed (`event_code`), or may have while the socket was down (`null`: catch up). */
export type DocumentListener = (eventCode: string | null) => void;

const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

/**
 * The one WebSocket of the tab (docs/notifications.md "Protocol"): opened while a token is held,
 * authenticated with its first frame, authenticated again when the token is renewed, reconnected with
 * exponential backoff (1 s doubling to 30 s, with jitter; the server's Reconnect hint when it restarts).
 * Every (re)connection tells `onConnected` listeners, which reload the list: what arrived while the socket
 * was down is caught up from the server, never lost.
 */
class NotificationSocket {
  private ws: WebSocket | null = null;
  private token: string | null = null;
  private sentToken: string | null = null;
  private retryMs = BACKOFF_START_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private hintMs: number | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly connected = new Set<ConnectedListener>();
  /** Open documents watched by this tab's screens ("kind:doc_code" → their listeners; issue 39). */
  private readonly documents = new Map<string, Set<DocumentListener>>();
  /** The socket closed since the last authentication: watches are sent again and the screens catch up. */
  private lost = false;
  private started = false;
  /** True when the server accepted the token (for tests and the UI). */
  authenticated = false;

  start() {
    if (this.started) return;
    this.started = true;
    this.sync();
    sessionStore.subscribe(() => this.sync());
  }

  onMessage(l: Listener) {
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  }

  /**
   * Watches one open document: the server (which checks the user may see it) tells this tab of every event
   * about it, whoever the event's recipients are. Returns the stop; the last stop of a document unwatches it.
   */
  watchDocument(kind: TLiveDocumentKind, docCode: string, l: DocumentListener) {
    const key = `${kind}:${docCode}`;
    let set = this.documents.get(key);
    if (!set) {
      set = new Set();
      this.documents.set(key, set);
      this.sendWatch('Watch', kind, docCode);
    }
    set.add(l);
    return () => {
      const now = this.documents.get(key);
      if (!now?.delete(l) || now.size) return;
      this.documents.delete(key);
      this.sendWatch('Unwatch', kind, docCode);
    };
  }

  private sendWatch(type: 'Watch' | 'Unwatch', kind: string, docCode: string) {
    if (this.ws?.readyState === WebSocket.OPEN && this.authenticated)
      this.ws.send(JSON.stringify({ type, kind, doc_code: docCode }));
  }

  onConnected(l: ConnectedListener) {
    this.connected.add(l);
    return () => {
      this.connected.delete(l);
    };
  }

  /** Follows the session: connect on sign-in, re-authenticate on renewal, close on sign-out. */
  private sync() {
    const { token, claims } = sessionStore.getSnapshot();
    const usable = token && claims?.profile ? token : null;
    if (usable === this.token) return;
    this.token = usable;
    if (!usable) {
      this.close();
      return;
    }
    if (this.ws?.readyState === WebSocket.OPEN) this.authenticate();
    else if (!this.ws) this.connect();
  }

  private url() {
    const proto = window.location.protocol === 'https:' ? 'wss' : 'ws';
    return `${proto}://${window.location.host}/api/v1${NOTIFICATION_WS_PATH}`;
  }

  private connect() {
    clearTimeout(this.retryTimer);
    if (!this.token) return;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => this.authenticate();
    ws.onmessage = (e) => this.onFrame(String(e.data));
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.authenticated = false;
      this.sentToken = null;
      this.lost = true;
      // A refused token waits for a new one (sync reconnects when the session changes).
      if (e.code === WS_CLOSE_UNAUTHORIZED && this.token === this.lastRefused) return;
      this.scheduleReconnect();
    };
  }

  private lastRefused: string | null = null;

  private authenticate() {
    if (!this.ws || !this.token || this.sentToken === this.token) return;
    this.sentToken = this.token;
    this.lastRefused = this.token;
    this.ws.send(JSON.stringify({ type: 'Authenticate', token: this.token }));
  }

  private onFrame(raw: string) {
    let frame: TWsServerFrame;
    try {
      frame = JSON.parse(raw) as TWsServerFrame;
    } catch {
      return;
    }
    if (frame.type === 'Authenticated') {
      this.lastRefused = null;
      this.authenticated = true;
      this.retryMs = BACKOFF_START_MS;
      // (Again) after a new socket or a renewal: the server keeps watches per socket, so send them all.
      for (const key of this.documents.keys()) {
        const at = key.indexOf(':');
        this.sendWatch('Watch', key.slice(0, at), key.slice(at + 1));
      }
      if (this.lost) {
        this.lost = false;
        for (const set of this.documents.values()) for (const l of set) l(null);
      }
      for (const l of this.connected) l();
    } else if (frame.type === 'ReceiveNotification') {
      for (const l of this.listeners) l(frame.message);
    } else if (frame.type === 'DocumentChanged') {
      for (const l of this.documents.get(`${frame.kind}:${frame.doc_code}`) ?? []) l(frame.event_code);
    } else if (frame.type === 'Reconnect') {
      this.hintMs = frame.retry_ms;
    }
  }

  private scheduleReconnect() {
    if (!this.token) return;
    const base = this.hintMs ?? this.retryMs;
    this.hintMs = null;
    const wait = base / 2 + Math.random() * (base / 2);
    this.retryMs = Math.min(this.retryMs * 2, BACKOFF_MAX_MS);
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }

  private close() {
    clearTimeout(this.retryTimer);
    const ws = this.ws;
    this.ws = null;
    this.sentToken = null;
    this.authenticated = false;
    ws?.close();
  }
}

export const notificationSocket = new NotificationSocket();
