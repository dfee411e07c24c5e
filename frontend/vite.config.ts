import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The dev server proxies the API and the WebSocket to a running backend on :8080.
export default defineConfig({
  plugins: [react()],
  // Built straight into the jar's static resources, which the backend serves at /.
  build: { outDir: 'target/classes/static', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/actuator': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
  test: { environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] },
});
