import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/media': `http://127.0.0.1:${apiPort}` },
  },
});
