import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress-plugin';
import { updatePlugin } from './build/update-plugin';

export default defineConfig({
  plugins: [react(), updatePlugin(), precompressPlugin()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // ws: the notification WebSocket (/api/v1/notification/ws) goes through the proxy too.
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 8080}`, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
