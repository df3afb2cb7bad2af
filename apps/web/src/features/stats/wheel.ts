/**
 * Horizontal scrolling mapped to the mouse wheel (001 §2 side panel): a row that scrolls sideways
 * moves with the ordinary (vertical) wheel; at either end the wheel goes back to the page.
 */
import { type RefObject, useEffect } from 'react';

/** The new scrollLeft for a wheel step, or null when the row does not take it. Pure. */
export function wheelScrollLeft(
  el: { scrollLeft: number; scrollWidth: number; clientWidth: number },
  deltaX: number,
  deltaY: number,
): number | null {
  if (Math.abs(deltaY) <= Math.abs(deltaX)) return null;
  const max = el.scrollWidth - el.clientWidth;
  if (max <= 0) return null;
  const next = Math.min(max, Math.max(0, el.scrollLeft + deltaY));
  return next === el.scrollLeft ? null : next;
}

export function useWheelToHorizontal(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      // Lines or pages (Firefox) count as about 40 px a line.
      const unit = e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? el.clientWidth : 1;
      const next = wheelScrollLeft(el, e.deltaX * unit, e.deltaY * unit);
      if (next === null) return;
      e.preventDefault();
      el.scrollLeft = next;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [ref]);
}
