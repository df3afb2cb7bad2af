import { describe, expect, it } from 'vitest';
import { ChunkLoadError, toChunkError } from './chunkErrors.ts';

describe('toChunkError', () => {
  it('reads a failed script chunk', () => {
    const e = toChunkError(
      new TypeError('Failed to fetch dynamically imported module: http://host/assets/LoginPage-abc.js'),
    );
    expect(e).toMatchObject({ chunk: 'LoginPage-abc.js', type: 'error', code: 'CHUNK_LOAD_FAILED' });
  });
  it('drops the query of the chunk address', () => {
    const e = toChunkError(
      new TypeError('Failed to fetch dynamically imported module: http://h/src/LoginPage.tsx?t=17'),
    );
    expect(e?.chunk).toBe('LoginPage.tsx');
  });
  it('reads a failed stylesheet chunk as CSS_CHUNK_LOAD_FAILED', () => {
    const e = toChunkError(new Error('Unable to preload CSS for /assets/MainLayout-x1.css'));
    expect(e).toMatchObject({ chunk: 'MainLayout-x1.css', code: 'CSS_CHUNK_LOAD_FAILED' });
  });
  it('keeps a ChunkLoadError as it is', () => {
    const e = new ChunkLoadError('a.js', 'timeout', 'CHUNK_LOAD_FAILED');
    expect(toChunkError(e)).toBe(e);
  });
  it('ignores other errors', () => {
    expect(toChunkError(new Error('boom'))).toBeNull();
    expect(toChunkError('nothing')).toBeNull();
  });
});
