/**
 * Shows the app's one map in this element. The first MapView creates the map; later ones (other pages)
 * take the same map over with its camera and data. Overlay components (DronesLayer, ...) and controls
 * can be children (absolutely positioned children show above the map) or live anywhere on the page.
 */
import { Result } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostProfile } from '../app/hostProfile.tsx';
import { setMapSources } from './config.ts';
import { ImageryNote } from './ImageryNote.tsx';
import { attachMap } from './mapHost.ts';
import { useMapError } from './store.ts';

export interface MapViewProps {
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export function MapView({ className, style, children }: MapViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const profile = useHostProfile();
  const { mapCenter } = profile;
  // Before the map exists (the effect below makes it): its online sources are the host's.
  setMapSources(profile);
  const error = useMapError();
  const { t } = useTranslation('map');

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    return attachMap(el, mapCenter);
  }, [mapCenter]);

  return (
    <div
      ref={host}
      className={className}
      style={{ position: 'relative', overflow: 'hidden', width: '100%', height: '100%', ...style }}
    >
      {error ? <Result status="warning" subTitle={t('unavailable')} /> : null}
      {children}
      <ImageryNote />
    </div>
  );
}
