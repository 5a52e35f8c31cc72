import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress-plugin.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': r('./src/web'), '@shared': r('./src/shared') },
  },
  build: {
    // WEB_DIST_DIR lets parallel test runs build into folders of their own.
    outDir: process.env.WEB_DIST_DIR ?? r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/dev': 'http://localhost:3000',
      '/terms-of-service.pdf': 'http://localhost:3000',
      '/privacy-policy.pdf': 'http://localhost:3000',
    },
  },
});
