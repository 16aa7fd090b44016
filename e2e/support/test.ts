import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test` with one automatic fixture: every browser context a journey opens itself
 * (`signedInContext`, `browser.newContext()`) is closed when the journey ends, passed or failed.
 *
 * Playwright closes only the contexts of its own `context`/`page` fixtures; contexts made from the shared
 * `browser` stay open until the worker ends. A journey that forgot (or never reached) its `context.close()` left
 * its pages running: measured in a full run, 23 renderers were alive after 50 minutes, 8 of them still busy
 * (timers, polling, the notification socket), and Chromium's GPU process (software compositing for every open
 * page) had used 33 of those 50 minutes of CPU on a 2-core runner, so later journeys ran 2-4× slower than alone
 * (the sailing journey 29 s alone, 1.9 min at the end of the run).
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      for (const context of browser.contexts()) {
        if (!before.has(context)) await context.close().catch(() => {});
      }
    },
    { auto: true },
  ],
});
