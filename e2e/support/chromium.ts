import { existsSync } from 'node:fs';

/**
 * Debian's Chromium for the journeys: its old headless shell (package chromium-headless-shell, what
 * Playwright itself runs for headless Chromium) when installed, else the full browser in its new headless mode.
 * On a 2-core runner the shell took about 40% less CPU for a screen's first load (renderer 4.0 -> 1.6 s, GPU
 * process 2.1 -> 1.3 s, browser 1.6 -> 0.9 s on the booking list) and the journeys are CPU-bound there.
 * CHROMIUM_PATH picks another binary.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';
// Flags this closed network needs (no background calls home).
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : FULL),
  args: ARGS,
};

/**
 * The full browser, for a journey that needs what the shell lacks: its PDF viewer (a PDF in a frame never
 * loads in the shell): `test.use({ launchOptions: FULL_CHROMIUM })` at the top of its file.
 */
export const FULL_CHROMIUM = { executablePath: process.env.CHROMIUM_PATH ?? FULL, args: ARGS };
