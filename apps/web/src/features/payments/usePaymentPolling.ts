/**
 * Polls a payment's state every RECHARGE_POLL_MS while `key` is set (a code shown, not settled),
 * until `settled(state)`; then calls `onSettled` once. A failed poll is skipped: the next one asks again.
 */
import { RECHARGE_POLL_MS } from '@agrifleet/domain';
import { useEffect, useRef } from 'react';

export function usePaymentPolling<S>(
  key: string | null,
  poll: (key: string) => Promise<S>,
  settled: (s: S) => boolean,
  onSettled: (s: S) => void,
) {
  // The latest callbacks, so a re-render does not restart the timer.
  const fns = useRef({ poll, settled, onSettled });
  fns.current = { poll, settled, onSettled };
  useEffect(() => {
    if (!key) return;
    let stop = false;
    const timer = setInterval(async () => {
      try {
        const s = await fns.current.poll(key);
        if (stop || !fns.current.settled(s)) return;
        stop = true;
        clearInterval(timer);
        fns.current.onSettled(s);
      } catch {
        /* a missed poll: the next one asks again */
      }
    }, RECHARGE_POLL_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [key]);
}
