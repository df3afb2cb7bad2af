/**
 * The control panel both control screens use (GroupControl, FlightControl): the drones the caller
 * may control with checkboxes, the flight settings and commands for the chosen ones, and a small map
 * of them. `routes` adds the route picker (group control: send a planned route to the drones);
 * `perDrone` adds a button on each row that controls that drone alone with its own settings. A
 * watcher (useWatchOnly: a government on group control) sees the drones, their plans and progress,
 * with no choice or command controls and a note saying why.
 */
import type { RouteRecord, Screen } from '@agrifleet/domain';
import { Alert, Input, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightSettings } from './api.ts';
import { ControlActions } from './ControlActions.tsx';
import { ControlMap } from './ControlMap.tsx';
import styles from './control.module.css';
import { DroneTable } from './DroneTable.tsx';
import { RoutePicker } from './RoutePicker.tsx';
import { useControlDrones } from './useControlDrones.ts';
import { useWatchOnly } from './useWatchOnly.ts';

export interface ControlPanelProps {
  title: string;
  screen: Screen;
  routes?: boolean;
  perDrone?: boolean;
}

export function ControlPanel({ title, screen, routes, perDrone }: ControlPanelProps) {
  const { t } = useTranslation('control');
  const watch = useWatchOnly(screen);
  const [search, setSearch] = useState('');
  const q = useControlDrones(search);
  const drones = q.data?.records ?? [];
  const [selected, setSelected] = useState<string[]>([]);
  const [initial, setInitial] = useState<FlightSettings | undefined>();
  const [route, setRoute] = useState<RouteRecord | null>(null);
  // Only drones still listed and choosable stay chosen.
  const chosen = useMemo(() => {
    const ok = new Set(drones.filter((d) => d.online && !d.locked).map((d) => d.droneId));
    return selected.filter((id) => ok.has(id));
  }, [drones, selected]);
  const shown = useMemo(
    () => (chosen.length ? drones.filter((d) => chosen.includes(d.droneId)) : drones),
    [drones, chosen],
  );
  return (
    <div className={styles.page} data-testid="control-panel">
      <Space className={styles.head} wrap>
        <h2 className={styles.title}>{title}</h2>
        <Input.Search
          allowClear
          placeholder={t('searchDrones')}
          onSearch={(v) => setSearch(v.trim())}
          style={{ width: 260 }}
          data-testid="control-search"
        />
        <span className={styles.note}>
          {watch
            ? t('watchTotal', { n: q.data?.total ?? 0 })
            : t('total', { n: q.data?.total ?? 0, chosen: chosen.length })}
        </span>
      </Space>
      <div className={styles.grid}>
        <div className={styles.main}>
          <DroneTable
            drones={drones}
            loading={q.isLoading}
            selected={chosen}
            onSelect={watch ? undefined : setSelected}
            emptyText={watch === 'accountType' ? t('watchNoDrones') : undefined}
            onRowAction={
              perDrone && !watch
                ? (d) => {
                    setSelected([d.droneId]);
                    setInitial({
                      width: d.settings.width ?? undefined,
                      height: d.settings.height ?? undefined,
                      speed: d.settings.speed ?? undefined,
                    });
                  }
                : undefined
            }
          />
        </div>
        <div className={styles.side}>
          {watch ? (
            <Alert
              type="info"
              showIcon
              title={t('watchOnly.title')}
              description={t(`watchOnly.${watch}`)}
              data-testid="control-watch-only"
            />
          ) : (
            <>
              <ControlActions droneIds={chosen} drones={drones} initial={initial} />
              {routes ? <RoutePicker droneIds={chosen} drones={drones} onRoute={setRoute} /> : null}
            </>
          )}
          <div className={styles.mapBox}>
            <ControlMap drones={shown} route={route} />
          </div>
        </div>
      </div>
    </div>
  );
}
