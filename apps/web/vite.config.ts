import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/uploads': apiTarget,
      '/images': apiTarget,
      '/sqws': { target: apiTarget, ws: true },
    },
  },
});
