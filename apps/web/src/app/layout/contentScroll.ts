/**
 * The scroll position of the main content (the layout's scrolling box, not the window, so the
 * router's ScrollRestoration does not apply): every navigation to another screen starts at the
 * top; Back and Forward (a POP) return to where that history entry was left, once the screen has
 * grown tall enough (tried for about a second, given up as soon as the user scrolls).
 */
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll offsets by history entry (location.key), for Back. */
const saved = new Map<string, number>();
const RESTORE_FRAMES = 60;

export function useContentScroll(ref: RefObject<HTMLElement | null>) {
  const { key, pathname } = useLocation();
  const navigation = useNavigationType();
  const shownPath = useRef<string | null>(null);

  // Remember where the current entry is scrolled to.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = () => saved.set(key, el.scrollTop);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [ref, key]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // A change of the query or hash only (filters, tabs) keeps the place.
    const samePath = shownPath.current === pathname;
    shownPath.current = pathname;
    if (samePath) return;
    const target = navigation === 'POP' ? (saved.get(key) ?? 0) : 0;
    el.scrollTop = target;
    if (target === 0) return;
    let frames = 0;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('wheel', stop);
      el.removeEventListener('touchstart', stop);
      el.removeEventListener('keydown', stop);
    };
    const retry = () => {
      if (el.scrollTop >= target - 1 || ++frames > RESTORE_FRAMES) return stop();
      el.scrollTop = target;
      frame = requestAnimationFrame(retry);
    };
    el.addEventListener('wheel', stop, { passive: true });
    el.addEventListener('touchstart', stop, { passive: true });
    el.addEventListener('keydown', stop);
    frame = requestAnimationFrame(retry);
    return stop;
  }, [ref, key, pathname, navigation]);
}
