import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom per worker, not per file: creating it and importing React for each of the many
    // files cost four times the tests themselves. The setup file gives each file fresh modules,
    // real timers and unstubbed globals, so no store or mock outlives its file.
    isolate: false,
    // Rendering whole screens in jsdom takes seconds when the machine is busy.
    testTimeout: 20_000,
  },
});
