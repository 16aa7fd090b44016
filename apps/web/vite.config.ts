import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { updatePlugin } from './build/update-plugin';

export default defineConfig({
  plugins: [react(), updatePlugin()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 8080}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
