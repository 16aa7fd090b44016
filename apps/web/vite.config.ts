import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleReportPlugin } from './build/bundle-report-plugin';
import { precompressPlugin } from './build/precompress-plugin';
import { updatePlugin } from './build/update-plugin';

export default defineConfig({
  plugins: [react(), updatePlugin(), precompressPlugin(), bundleReportPlugin()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // ws: the notification WebSocket (/api/v1/notification/ws) goes through the proxy too.
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 8080}`, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // antd's building blocks (@rc-component/*) declare no "sideEffects" in their package.json, so a named
        // import from a package's index kept every module the index re-exports (antd's form context alone
        // brought rc-form's fields, lists and async-validator to every screen). They have no import-time side
        // effects (no bare imports, nothing registered globally), so unused re-exports may go (issue 20).
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
    },
  },
});
