/** The map's visible range as monitor query fields, updated 300 ms after the map stops moving. */
import { useEffect, useState } from 'react';
import { useMapInstance } from '../../map/index.ts';

export interface Bbox {
  minLng: number;
  maxLng: number;
  minLat: number;
  maxLat: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

export function useViewport(): Bbox | null {
  const map = useMapInstance();
  const [bbox, setBbox] = useState<Bbox | null>(null);
  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      const b = map.getBounds();
      // On the globe at low zoom the bounds can wrap: the whole world is then the range.
      const wide = b.getEast() - b.getWest() >= 180 || map.getZoom() < 4;
      setBbox(
        wide
          ? { minLng: -180, maxLng: 180, minLat: -90, maxLat: 90 }
          : {
              minLng: clamp(b.getWest(), -180, 180),
              maxLng: clamp(b.getEast(), -180, 180),
              minLat: clamp(b.getSouth(), -90, 90),
              maxLat: clamp(b.getNorth(), -90, 90),
            },
      );
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(read, 300);
    };
    read();
    map.on('moveend', later);
    return () => {
      clearTimeout(timer);
      map.off('moveend', later);
    };
  }, [map]);
  return bbox;
}
