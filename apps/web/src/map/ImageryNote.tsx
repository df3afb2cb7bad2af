/**
 * A configuration hint for the platform administrator: where the site has no imagery source (host
 * profile mapSatelliteStyleUrl / mapHdTilesUrl, or the build's VITE_MAP_* variables), at field zoom
 * a small note says so and names the setting (docs/operations.md). Nobody else sees it: an end user
 * gets a clean map. The note is a MapLibre control in the bottom-right corner, so the map stacks it
 * above the credit instead of laying it over it.
 */
import { AccountType, UserType } from '@agrifleet/domain';
import type { IControl } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../app/session.ts';
import { MAP_LIMITS, mapConfig } from './config.ts';
import { useMapInstance } from './store.ts';

/** Whether the note is due: no imagery source, and zoomed in to fields. Pure. */
export function imageryNoteDue(
  zoom: number,
  sources: { satelliteStyleUrl: string | null; hdTilesUrl: string | null },
) {
  return zoom >= MAP_LIMITS.hdMinZoom && !sources.satelliteStyleUrl && !sources.hdTilesUrl;
}

/** Who is shown configuration hints: the platform's super administrator only. Pure. */
export function seesConfigHints(user: { accountType: number; userType: number } | null): boolean {
  return user?.accountType === AccountType.platform && user.userType === UserType.superAdmin;
}

/** An empty control whose element React fills through a portal. */
class PortalControl implements IControl {
  readonly el = document.createElement('div');
  constructor() {
    this.el.className = 'maplibregl-ctrl';
  }
  onAdd() {
    return this.el;
  }
  onRemove() {
    this.el.remove();
  }
}

export function ImageryNote() {
  const map = useMapInstance();
  const user = useSessionUser();
  const admin = seesConfigHints(user);
  const { t } = useTranslation('map');
  const [view, setView] = useState({ zoom: 0, width: 0 });
  const [control, setControl] = useState<PortalControl | null>(null);
  const due = admin && imageryNoteDue(view.zoom, mapConfig);

  useEffect(() => {
    if (!map || !admin) return;
    const update = () => setView({ zoom: map.getZoom(), width: map.getContainer().clientWidth });
    update();
    map.on('zoomend', update);
    map.on('resize', update);
    return () => {
      map.off('zoomend', update);
      map.off('resize', update);
    };
  }, [map, admin]);

  useEffect(() => {
    if (!map || !due) return;
    const c = new PortalControl();
    map.addControl(c, 'bottom-right');
    setControl(c);
    return () => {
      map.removeControl(c);
      setControl(null);
    };
  }, [map, due]);

  if (!due || !control || !map) return null;
  // The corner shrinks to its content: the note is bounded by the map's width, not the window's.
  const width = Math.max(160, Math.min(420, view.width - 24));
  return createPortal(
    <div
      role="note"
      data-testid="imagery-note"
      style={{
        maxWidth: width,
        padding: '6px 12px',
        borderRadius: 6,
        background: 'rgba(255, 255, 255, 0.95)',
        color: '#262626',
        boxShadow: '0 1px 4px rgba(0, 0, 0, 0.2)',
        fontSize: 12,
        lineHeight: 1.5,
        pointerEvents: 'none',
      }}
    >
      <strong>{t('imagery.title')}</strong> {t('imagery.howTo')}
    </div>,
    control.el,
  );
}
