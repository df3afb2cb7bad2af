/**
 * At field zoom the offline basemap is only land colour: where the site has no imagery source
 * (host profile mapSatelliteStyleUrl / mapHdTilesUrl, or the build's VITE_MAP_* variables), a small
 * note on the map says so and how to set one, instead of a blank map.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_LIMITS, mapConfig } from './config.ts';
import { useMapInstance } from './store.ts';

/** Whether the note is due: no imagery source, and zoomed in to fields. Pure. */
export function imageryNoteDue(
  zoom: number,
  sources: { satelliteStyleUrl: string | null; hdTilesUrl: string | null },
) {
  return zoom >= MAP_LIMITS.hdMinZoom && !sources.satelliteStyleUrl && !sources.hdTilesUrl;
}

export function ImageryNote() {
  const map = useMapInstance();
  const { t } = useTranslation('map');
  const [zoom, setZoom] = useState(0);
  useEffect(() => {
    if (!map) return;
    const update = () => setZoom(map.getZoom());
    update();
    map.on('zoomend', update);
    return () => {
      map.off('zoomend', update);
    };
  }, [map]);
  if (!imageryNoteDue(zoom, mapConfig)) return null;
  return (
    <div
      role="note"
      data-testid="imagery-note"
      style={{
        position: 'absolute',
        // Bottom left: the centre holds the monitor's hints, the right the attribution.
        left: 10,
        bottom: 10,
        zIndex: 2,
        maxWidth: 'min(460px, 45%)',
        padding: '6px 12px',
        borderRadius: 6,
        background: 'rgba(255, 255, 255, 0.92)',
        boxShadow: '0 1px 4px rgba(0, 0, 0, 0.2)',
        fontSize: 12,
        lineHeight: 1.5,
        pointerEvents: 'none',
      }}
    >
      <strong>{t('imagery.title')}</strong> {t('imagery.howTo')}
    </div>
  );
}
