/**
 * How large a statistics screen draws (001 §2 big screens): laid out for 1920 x 1080; on a smaller
 * viewport (down to 1366 x 768) at 1 CSS px per design px, the panels taking what room there is; on
 * a larger one (up to 3840 x 2160 and beyond) everything, text and charts, grows with the viewport,
 * so a wall screen reads as the design does. The CSS takes the factor as `--u` (one design px).
 */
import { createContext, useContext, useEffect, useState } from 'react';

export const DESIGN_WIDTH = 1920;
export const DESIGN_HEIGHT = 1080;
const MAX_SCALE = 4;

/** The factor for a viewport: 1 up to the design size, then the smaller of the two ratios. Pure. */
export function screenScale(width: number, height: number): number {
  const fit = Math.min(width / DESIGN_WIDTH, height / DESIGN_HEIGHT);
  // Two decimals: a window dragged wider does not re-create every chart on each pixel.
  return Math.min(MAX_SCALE, Math.max(1, Math.floor(fit * 100) / 100));
}

/** The factor of the window, kept up to date as it is resized. */
export function useWindowScale(): number {
  const [scale, setScale] = useState(() => screenScale(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const onResize = () => setScale(screenScale(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return scale;
}

const ScaleContext = createContext(1);
export const ScaleProvider = ScaleContext.Provider;
export const useScale = () => useContext(ScaleContext);

/**
 * How many cards of at least `min` px, `gap` px apart, fit side by side in `width` px: at least 1,
 * at most `max`. A row shows that many whole cards and scrolls to the rest, never one cut. Pure.
 */
export function cardsThatFit(width: number, min: number, gap: number, max: number): number {
  return Math.max(1, Math.min(max, Math.floor((width + gap) / (min + gap))));
}
