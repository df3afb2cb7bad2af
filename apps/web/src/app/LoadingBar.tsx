/** The global loading indicator: a thin bar at the top while any request runs (000 §7). */
import { useEffect, useState } from 'react';
import { onLoadingChange } from '../api/http.ts';

export function LoadingBar() {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const off = onLoadingChange((n) => setBusy(n > 0));
    return () => {
      off();
    };
  }, []);
  return (
    <div
      role="progressbar"
      aria-busy={busy}
      aria-hidden={!busy}
      data-testid="global-loading"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        zIndex: 2000,
        width: busy ? '85%' : '0%',
        opacity: busy ? 1 : 0,
        background: 'linear-gradient(90deg, #18a058, #36cfc9)',
        transition: busy
          ? 'width 8s cubic-bezier(0.1, 0.6, 0.3, 1), opacity 0.2s'
          : 'width 0.2s, opacity 0.4s 0.2s',
        pointerEvents: 'none',
      }}
    />
  );
}
