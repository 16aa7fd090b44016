import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The refresh prompt's build side (000 §2.2 service-worker update): an id for this build, baked into the app
 * as import.meta.env.VITE_BUILD_ID and written to /version.json and /sw.js (docs/decisions.md "Service worker").
 * A hand-written worker instead of vite-plugin-pwa: see the decision for why.
 */
export function updatePlugin(buildId = process.env.BUILD_ID || `${Date.now().toString(36)}`): Plugin {
  return {
    name: 'portal-update',
    config: () => ({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) } }),
    generateBundle() {
      const sw = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8').replace(
        '__BUILD_ID__',
        buildId,
      );
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: sw });
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ buildId, builtAt: new Date().toISOString() })}\n`,
      });
    },
  };
}
