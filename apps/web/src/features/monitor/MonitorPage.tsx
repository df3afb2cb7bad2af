/**
 * The live monitor (/monitor_manage/monitor): the app's one map with the drones in view (live over
 * the monitor socket), no-fly zones, blocks in the map range (setting "blocks"), statInfo, filters, a drone's panel, its flight history and
 * track playback (one sortie, or several drones' sorties together).
 */
import type { MonitorQuery } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import {
  DronesLayer,
  MapSettingsPanel,
  MapView,
  NoFlyLayer,
  useMapInstance,
  useMapSettings,
} from '../../map/index.ts';
import { MonitorBlocks } from '../blocks/MonitorBlocks.tsx';
import { monitorApi, type SortieTrack, tracksOf } from './api.ts';
import { DronePanel } from './DronePanel.tsx';
import { FilterBar, type MonitorFilters } from './FilterBar.tsx';
import { HistoryDrawer } from './HistoryDrawer.tsx';
import { useLiveDrones } from './liveDrones.ts';
import styles from './monitor.module.css';
import { Playback } from './Playback.tsx';
import { StatPanel } from './StatPanel.tsx';
import { useAlerts } from './useAlerts.ts';
import { useViewport } from './useViewport.ts';

export default function MonitorPage() {
  const { t } = useTranslation('monitor');
  const { message } = App.useApp();
  const [settings] = useMapSettings();
  const [filters, setFilters] = useState<MonitorFilters>({});
  const bbox = useViewport();
  const query = useMemo<MonitorQuery | null>(
    () => (bbox ? { ...bbox, ...filters, queryType: 1 } : null),
    [bbox, filters],
  );
  const { drones, online } = useLiveDrones(settings.drones ? query : null, settings.offlineDrones);
  // ?droneId=X opens that drone (links from other screens), &history=1 its flight history.
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(params.get('droneId'));
  const [following, setFollowing] = useState(params.has('droneId'));
  const [historyOf, setHistoryOf] = useState<string | null>(
    params.get('history') ? params.get('droneId') : null,
  );
  const [tracks, setTracks] = useState<SortieTrack[] | null>(null);
  // The history the playback came from: it comes back when the playback closes.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const map = useMapInstance();
  useAlerts(settings.alerts, (droneId) => {
    setSelected(droneId);
    setFollowing(true);
  });
  const zones = useQuery({
    queryKey: ['monitor', 'nofly'],
    queryFn: monitorApi.noflyZones,
    enabled: settings.noFly,
    staleTime: 60_000,
  });

  const list = useMemo(() => [...drones.values()], [drones]);
  const followed = selected && following ? drones.get(selected) : undefined;
  // Starting to follow flies in to the drone; then the map keeps it in the centre as it moves.
  useEffect(() => {
    if (!map || !selected || !following) return;
    let live = true;
    void monitorApi
      .drone(selected)
      .then((d) => {
        if (live) map.flyTo({ center: [d.lng, d.lat], zoom: Math.max(map.getZoom(), 15), duration: 1500 });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [map, selected, following]);
  useEffect(() => {
    if (map && followed && !map.isMoving())
      map.easeTo({ center: [followed.lng, followed.lat], duration: 800 });
  }, [map, followed]);

  async function play(sortieIds: number[]) {
    try {
      // Never an empty player: sorties whose track was not kept are said so and left out.
      const got = await tracksOf(sortieIds);
      const playable = got.filter((tr) => tr.hasTrack && tr.points.length > 0);
      if (playable.length === 0) {
        message.warning(t('playback.noTrack'));
        return;
      }
      if (playable.length < sortieIds.length)
        message.info(t('playback.someNoTrack', { n: sortieIds.length - playable.length }));
      setTracks(playable);
      setReturnTo(historyOf);
      setHistoryOf(null);
    } catch (err) {
      if (err instanceof ApiError && err.message) message.error(err.message);
    }
  }

  return (
    <MapView className={styles.page}>
      {settings.drones && !tracks ? (
        <DronesLayer drones={list} selectedId={selected} onSelect={(id) => setSelected(id)} />
      ) : null}
      {settings.blocks ? <MonitorBlocks /> : null}
      {settings.noFly && zones.data ? (
        <NoFlyLayer
          zones={zones.data.map((z) => ({
            id: z.noflyId,
            name: z.name,
            type: z.noflyType,
            geometry: z.geometry,
          }))}
        />
      ) : null}
      <div className={styles.top}>
        <StatPanel
          query={query ?? {}}
          online={online}
          filtered={Object.values(filters).some((v) => v !== undefined)}
        />
        <FilterBar value={filters} onChange={setFilters} />
      </div>
      <div className={styles.settings}>
        <MapSettingsPanel />
      </div>
      {selected && !tracks ? (
        <DronePanel
          droneId={selected}
          following={following}
          onFollow={setFollowing}
          onHistory={() => setHistoryOf(selected)}
          onClose={() => {
            setSelected(null);
            setFollowing(false);
          }}
        />
      ) : null}
      {historyOf ? (
        <HistoryDrawer
          droneId={historyOf}
          onClose={() => setHistoryOf(null)}
          onPlay={(ids) => void play(ids)}
        />
      ) : null}
      {tracks ? (
        <Playback
          tracks={tracks}
          onClose={() => {
            setTracks(null);
            setHistoryOf(returnTo);
          }}
        />
      ) : null}
      {drones.size === 0 && query && !tracks ? <div className={styles.empty}>{t('noDrones')}</div> : null}
    </MapView>
  );
}
