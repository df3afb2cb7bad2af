/**
 * The monitor's blocks layer (map setting "blocks", off by default; 001 §7 "Live monitor": GET
 * blocks with the map range): the blocks in the visible range, fetched 300 ms after the map stops
 * moving, the previous request cancelled when a newer range supersedes it; drawn with BlocksLayer,
 * their names from field zoom; a note when the server left some out (`truncated`).
 */
import type { MonitorBlocks as Answer } from '@agrifleet/domain';
import type { Polygon } from 'geojson';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlocksLayer, useMapInstance } from '../../map/index.ts';
import { blocksApi } from './api.ts';
import styles from './blocks.module.css';

const DEBOUNCE_MS = 300;
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

export function MonitorBlocks() {
  const { t } = useTranslation('blocks');
  const map = useMapInstance();
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | null = null;
    const load = () => {
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      const b = map.getBounds();
      const wide = b.getEast() - b.getWest() >= 180;
      const range = wide
        ? { minLng: -180, maxLng: 180, minLat: -90, maxLat: 90 }
        : {
            minLng: clamp(b.getWest(), -180, 180),
            maxLng: clamp(b.getEast(), -180, 180),
            minLat: clamp(b.getSouth(), -90, 90),
            maxLat: clamp(b.getNorth(), -90, 90),
          };
      blocksApi
        .inRange(range, controller.signal)
        .then((a) => {
          if (inFlight === controller) setAnswer(a);
        })
        .catch(() => undefined);
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(load, DEBOUNCE_MS);
    };
    load();
    map.on('moveend', later);
    return () => {
      clearTimeout(timer);
      inFlight?.abort();
      map.off('moveend', later);
    };
  }, [map]);
  const blocks = useMemo(
    () =>
      (answer?.records ?? []).map((r) => ({
        id: r.blockId,
        name: r.blockName,
        geometry: r.geometry as Polygon,
      })),
    [answer],
  );
  return (
    <>
      <BlocksLayer blocks={blocks} labels />
      {answer?.truncated ? (
        <div className={styles.monitorNote} data-testid="monitor-blocks-truncated">
          {t('monitor.truncated', { shown: answer.records.length, total: answer.total })}
        </div>
      ) : null}
      <span data-testid="monitor-blocks-count" data-count={answer?.records.length ?? -1} hidden />
    </>
  );
}
