/**
 * Noticing a new deployment (000 §2.2 "a service-worker update asks for confirmation to refresh"): the
 * running build's id is baked in at build time (build/update-plugin.ts). A new build shows up two ways,
 * whichever comes first: /sw.js changed (the browser installs the new worker, which waits), or
 * /version.json names another build (checked at start, every minute, and when the window regains focus).
 */

/** This build's id; undefined in development and unit tests, where nothing is watched. */
export const RUNNING_BUILD_ID: string | undefined = import.meta.env.VITE_BUILD_ID;
export const VERSION_CHECK_MS = 60_000;

let registration: ServiceWorkerRegistration | null = null;

/** True when `/version.json` names a build other than the running one (a failed check says no). */
export async function newerBuildServed(running = RUNNING_BUILD_ID): Promise<string | null> {
  try {
    const res = await fetch('/version.json', { cache: 'no-store' });
    if (!res.ok) return null;
    const { buildId } = (await res.json()) as { buildId?: string };
    return buildId && buildId !== running ? buildId : null;
  } catch {
    return null;
  }
}

/**
 * Registers the service worker and watches for a new build; calls `onUpdate` with the new build's id (or
 * 'worker' when only the worker knows). Answers a function that stops watching.
 */
export function watchForUpdates(onUpdate: (buildId: string) => void): () => void {
  if (!RUNNING_BUILD_ID) return () => {};
  const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  if (sw) {
    sw.register('/sw.js')
      .then((reg) => {
        registration = reg;
        // A worker already waiting (installed while another tab held the old one): a new build is here.
        if (reg.waiting && sw.controller) onUpdate('worker');
        reg.addEventListener('updatefound', () => {
          const next = reg.installing;
          next?.addEventListener('statechange', () => {
            if (next.state === 'installed' && sw.controller) onUpdate('worker');
          });
        });
      })
      .catch(() => {});
  }
  const check = async () => {
    const id = await newerBuildServed();
    if (id) {
      onUpdate(id);
      void registration?.update().catch(() => {});
    }
  };
  void check();
  const timer = window.setInterval(check, VERSION_CHECK_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Resolves with the worker once it is installed (waiting), or null after `ms`. */
function whenInstalled(worker: ServiceWorker | null, ms: number): Promise<ServiceWorker | null> {
  if (!worker) return Promise.resolve(null);
  if (worker.state === 'installed') return Promise.resolve(worker);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(null), ms);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') {
        window.clearTimeout(timer);
        resolve(worker);
      } else if (worker.state === 'redundant') {
        window.clearTimeout(timer);
        resolve(null);
      }
    });
  });
}

/**
 * Loads the new build: the newest worker is asked to take over first (so the reload is served by it), then
 * the page reloads. No worker waiting yet (the browser may still be fetching or have replaced it): ask for
 * the update and wait up to 5 s for it; without a worker at all, reload at once (navigations go to the
 * network first).
 */
export async function applyUpdate(): Promise<void> {
  const reg = registration;
  let waiting = reg?.waiting ?? null;
  if (reg && !waiting) {
    await reg.update().catch(() => {});
    waiting = reg.waiting ?? (await whenInstalled(reg.installing, 5000));
  }
  if (!waiting || !navigator.serviceWorker) {
    window.location.reload();
    return;
  }
  let done = false;
  const reload = () => {
    if (done) return;
    done = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload);
  waiting.postMessage({ type: 'SKIP_WAITING' });
  // Should the worker not take over, reload anyway.
  window.setTimeout(reload, 5000);
}
