import { PAGE_VIEW_BATCH_MAX, PAGE_VIEW_ROUTE_RE } from '@portal/contracts';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { sessionStore } from '../../shared/auth';
import { storedLanguage } from '../../shared/i18n/i18n';
import { routePattern } from './route-pattern';

/**
 * The page-view recorder (issue 17, docs/analytics.md "Usage pages"): every route change of a signed-in user
 * is queued as the route PATTERN (ids replaced by their parameter names, no query) and sent in batches to
 * POST /api/v1/PageViews every 20 views or 30 s, and when the page is hidden or left. fetch with keepalive
 * rather than sendBeacon: a beacon cannot carry the bearer token. Failures are dropped (usage is not worth
 * a retry queue or an error shown to the user).
 */
const FLUSH_EVERY_MS = 30_000;
const FLUSH_AT = 20;
let queue: { route: string; at: string }[] = [];
let installed = false;

function flush() {
  const token = sessionStore.getSnapshot().token;
  if (!queue.length) return;
  const views = queue.slice(0, PAGE_VIEW_BATCH_MAX);
  queue = queue.slice(PAGE_VIEW_BATCH_MAX);
  if (!token) return;
  fetch('/api/v1/PageViews', {
    method: 'POST',
    keepalive: true,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'accept-language': storedLanguage(),
    },
    body: JSON.stringify({ views }),
  }).catch(() => {});
}

function install() {
  if (installed) return;
  installed = true;
  window.setInterval(flush, FLUSH_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}

/** Records the signed-in user's route changes (one call in the app shell: app/root-layout.tsx). */
export function usePageViewRecorder() {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const pathname = last?.pathname ?? '';
  const pattern = last ? routePattern(last.pathname, last.params) : '';
  // Only a new path is a new view (another booking under the same pattern is one more view).
  useEffect(() => {
    // A pattern the server would refuse (an unusual not-found path) is not sent: it would sink its batch.
    if (!pathname || !PAGE_VIEW_ROUTE_RE.test(pattern) || !sessionStore.getSnapshot().token) return;
    install();
    queue.push({ route: pattern, at: new Date().toISOString() });
    if (queue.length >= FLUSH_AT) flush();
  }, [pathname, pattern]);
}
