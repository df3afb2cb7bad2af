/**
 * Track playback on the shared map: one or several sorties (several drones) on one timeline; play,
 * pause, speed, seek; follow the drone; spray on/off colouring; the height and speed chart of the
 * first sortie synced to the playhead (click it to seek).
 */
import { formatDate } from '@agrifleet/domain';
import { Button, Checkbox, Select, Slider, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../charts/EChart.tsx';
import { DronesLayer, TrackLayer, useMapInstance } from '../../map/index.ts';
import type { SortieTrack } from './api.ts';
import styles from './monitor.module.css';
import { positionAt, SPEEDS, timelineOf } from './playback.ts';
import { profileOption, timeAtMinutes } from './profileChart.ts';
import { usePlayback } from './usePlayback.ts';

const PALETTE = ['#fa541c', '#722ed1', '#13c2c2', '#eb2f96', '#faad14', '#2f54eb'];

export function Playback({ tracks, onClose }: { tracks: SortieTrack[]; onClose: () => void }) {
  const { t } = useTranslation('monitor');
  const map = useMapInstance();
  const timeline = useMemo(() => timelineOf(tracks), [tracks]);
  const p = usePlayback(timeline);
  const [follow, setFollow] = useState(true);
  const positions = tracks.map((tr) => ({ tr, at: positionAt(tr.points, p.time) }));
  const lead = positions.find((x) => x.at)?.at ?? null;

  // Fit the sorties when they change; then follow the lead drone if asked.
  useEffect(() => {
    if (!map || tracks.length === 0) return;
    let [w, s, e, n] = [180, 90, -180, -90];
    for (const tr of tracks)
      for (const pt of tr.points) {
        w = Math.min(w, pt.lng);
        e = Math.max(e, pt.lng);
        s = Math.min(s, pt.lat);
        n = Math.max(n, pt.lat);
      }
    map.fitBounds([w, s, e, n], { padding: 80, duration: 600, maxZoom: 18 });
  }, [map, tracks]);
  useEffect(() => {
    if (map && follow && p.playing && lead) map.easeTo({ center: [lead.lng, lead.lat], duration: 90 });
  }, [map, follow, p.playing, lead]);

  const first = tracks[0];
  const chart = useMemo(
    () =>
      first
        ? profileOption(first.points, p.time, {
            height: t('playback.height'),
            speed: t('playback.speed'),
            minutes: t('playback.minutes'),
          })
        : null,
    [first, p.time, t],
  );

  return (
    <div className={styles.playback} data-testid="playback">
      {tracks.map((tr, i) => (
        <TrackLayer
          key={tr.sortieId}
          points={tr.points.map((pt) => ({ lng: pt.lng, lat: pt.lat, spraying: pt.spray }))}
          color={tracks.length > 1 ? PALETTE[i % PALETTE.length] : undefined}
          progress={positionAt(tr.points, p.time)?.index ?? 0}
        />
      ))}
      <DronesLayer
        drones={positions
          .filter((x) => x.at)
          .map(({ tr, at }) => ({
            droneId: `${tr.droneId}#${tr.sortieId}`,
            lng: at?.lng ?? 0,
            lat: at?.lat ?? 0,
            heading: at?.heading ?? 0,
            online: true,
            spraying: at?.spray ?? false,
          }))}
      />
      <div className={styles.playbackBar}>
        <Space wrap>
          {p.playing ? (
            <Button size="small" onClick={p.pause} data-testid="pause">
              {t('playback.pause')}
            </Button>
          ) : (
            <Button size="small" type="primary" onClick={p.play} data-testid="play">
              {t('playback.play')}
            </Button>
          )}
          <Select
            size="small"
            value={p.speed}
            onChange={p.setSpeed}
            options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
            aria-label={t('playback.speedLabel')}
          />
          <Checkbox checked={follow} onChange={(e) => setFollow(e.target.checked)}>
            {t('follow')}
          </Checkbox>
          <span className={styles.clock} data-testid="playhead">
            {formatDate(p.time)}
          </span>
          <Button size="small" onClick={onClose}>
            {t('playback.close')}
          </Button>
        </Space>
        <Slider
          min={timeline.start}
          max={timeline.end}
          value={p.time}
          step={1000}
          tooltip={{ formatter: (v) => formatDate(v ?? 0, 'HH:mm:ss') }}
          onChange={(v) => p.seek(v as number)}
        />
        {tracks.length > 1 ? (
          <Space wrap size={4} className={styles.legend}>
            {tracks.map((tr, i) => (
              <span key={tr.sortieId} style={{ color: PALETTE[i % PALETTE.length] }}>
                ■ {tr.droneId} {formatDate(tr.startTime, 'MM/DD HH:mm')}
              </span>
            ))}
          </Space>
        ) : null}
        {chart && first ? (
          <EChart
            option={chart}
            style={{ height: 150 }}
            onClick={({ value }) => p.seek(timeAtMinutes(first.points, (value as [number, number])[0]))}
          />
        ) : null}
      </div>
    </div>
  );
}
