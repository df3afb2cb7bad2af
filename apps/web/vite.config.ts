import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/** Writes .gz and .br beside every text asset; the server sends them precompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return {
    name: 'agrifleet-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|svg|json|html)$/.test(file) || statSync(file).size < 1024) continue;
        const buf = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Records how the build was made (dist/build.json): scripts/prepare.mjs rebuilds a tree whose build
 * is not a production one, and the browser tests refuse to run against one.
 */
function buildRecord(): Plugin {
  let outDir = 'dist';
  let record = {};
  return {
    name: 'agrifleet-build-record',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
      record = { production: c.isProduction, nodeEnv: process.env.NODE_ENV, mode: c.mode };
    },
    closeBundle() {
      writeFileSync(join(outDir, 'build.json'), `${JSON.stringify(record)}\n`);
    },
  };
}

const config = {
  plugins: [react(), precompress(), buildRecord()],
  server: {
    port: 5173,
    allowedHosts: ['.localhost'],
    // Keep the browser's Host header: the server picks the host profile (theme, screens) from it.
    proxy: { '/api': { target: process.env.AGRIFLEET_API ?? 'http://localhost:8080', changeOrigin: false } },
  },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 1500 },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // Always a production build: Vite keeps an inherited NODE_ENV (vitest's and `npm test`'s 'test'),
  // which built React's development runtime and antd's dev-only CSS and warnings (issue 21, point 8).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
