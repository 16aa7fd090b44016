import { useEffect, useRef } from 'react';

/**
 * 000 §4 Session: "Other tabs signal refreshes of sailing, house bill sailing, filing party and
 * cargo-platform access token through local flags". One localStorage flag per kind; writing it raises a
 * `storage` event in every other tab of this browser (never in the writing tab), whose screens then re-read
 * what they show of it. Flags are `portal.` keys, so logout clears them with the rest of the local data.
 *
 * - `sailing`: a sailing schedule was created or changed (`id` = sailing_schedule_id).
 * - `hblSailing`: a booking's house-bill sailing (carrier, vessel, voyage, ETD/ETA, closings) changed (`id` = SO#).
 * - `filingParty`: a booking's ISF or ENS filing parties changed (`id` = SO#).
 * - `cargoToken`: this browser got a (new) cargo platform token (`expires_at`).
 */
export type CrossTabKind = 'sailing' | 'hblSailing' | 'filingParty' | 'cargoToken';

/** What a flag carries: which record, and small facts a listener may show without asking the server. */
export interface CrossTabFlag {
  id?: string | number;
  expires_at?: string;
}

const PREFIX = 'portal.signal.';
export const crossTabKey = (kind: CrossTabKind) => `${PREFIX}${kind}`;

/** Tells the other tabs; the nonce makes a repeated signal a change, so it raises an event every time. */
export function signalOtherTabs(kind: CrossTabKind, flag: CrossTabFlag = {}): void {
  try {
    localStorage.setItem(
      crossTabKey(kind),
      JSON.stringify({ ...flag, at: Date.now(), nonce: Math.random().toString(36).slice(2) }),
    );
  } catch {
    // storage full or blocked (private mode): the other tabs simply show what they had
  }
}

/** Calls `handler` whenever another tab signals `kind`; returns the unsubscribe. */
export function onOtherTabSignal(kind: CrossTabKind, handler: (flag: CrossTabFlag) => void): () => void {
  const key = crossTabKey(kind);
  const listener = (e: StorageEvent) => {
    // e.newValue null: the flag was removed (logout clears local data), which is not a signal
    if (e.storageArea !== localStorage || e.key !== key || !e.newValue) return;
    let flag: CrossTabFlag = {};
    try {
      const parsed = JSON.parse(e.newValue) as unknown;
      if (parsed && typeof parsed === 'object') flag = parsed as CrossTabFlag;
    } catch {
      // an unreadable flag still says "refresh"
    }
    handler(flag);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * `onOtherTabSignal` for a component's lifetime. The latest `handler` runs (no resubscribing per render).
 * Handlers re-read through React Query; screens keep unsaved input because they only take a newer record
 * into a form that has no changes (booking detail, maintenance detail).
 */
export function useOtherTabSignal(kind: CrossTabKind, handler: (flag: CrossTabFlag) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onOtherTabSignal(kind, (flag) => latest.current(flag)), [kind]);
}
