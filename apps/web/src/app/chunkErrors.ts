/**
 * Chunk-load failures (000 §8): a failed lazy script or stylesheet names the chunk and the failure
 * type; a stylesheet failure has the code CSS_CHUNK_LOAD_FAILED. Shown by the route error page.
 */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly type: 'missing' | 'timeout' | 'error',
    readonly code: 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED',
  ) {
    super(`Loading ${code === 'CSS_CHUNK_LOAD_FAILED' ? 'CSS chunk' : 'chunk'} ${chunk} failed (${type})`);
    this.name = 'ChunkLoadError';
  }
}

export function toChunkError(err: unknown): ChunkLoadError | null {
  if (err instanceof ChunkLoadError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const m = message.match(
    /(?:Failed to fetch dynamically imported module|Unable to preload CSS for|error loading dynamically imported module):?\s*(\S+)/i,
  );
  if (!m) return null;
  const chunk = (m[1] ?? '').split(/[?#]/)[0]?.split('/').pop() ?? '';
  const css = /preload CSS/i.test(message);
  return new ChunkLoadError(chunk, 'error', css ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED');
}

let installed = false;
/**
 * Vite fires `vite:preloadError` when a lazy chunk (or its stylesheet) fails to preload. We do NOT call
 * preventDefault: Vite then rethrows, the dynamic import rejects and the route's error page
 * (RouteError) names the chunk. The listener only leaves a trace in the console.
 */
export function installChunkErrorHandler() {
  if (installed) return;
  installed = true;
  window.addEventListener('vite:preloadError', (event) => {
    console.warn('chunk preload failed', (event as Event & { payload?: unknown }).payload);
  });
}
