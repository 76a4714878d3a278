import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The Tauri shell embeds `dist/`; no dev server URL is configured, so a debug build of the
// app and a release build show exactly the same files.
export default defineConfig({
  plugins: [svelte()],
  clearScreen: false,
  build: {
    target: 'safari15',
    outDir: 'dist',
    emptyOutDir: true,
  },
});
