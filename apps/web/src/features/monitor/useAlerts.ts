/**
 * Monitor alerts (map setting "alerts", on by default): anomalies of the caller's drones raised
 * while the monitor is open appear as notifications, checked every 10 s; clicking one opens the
 * drone.
 */
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http.ts';
import { describeAnomaly } from '../bulletins/anomalyDetail.ts';

interface Alert {
  id: number;
  droneId: string;
  oddType: number;
  time: number;
  detail: Record<string, unknown>;
}

export const ALERT_POLL_MS = 10_000;

export function useAlerts(enabled: boolean, onOpen: (droneId: string) => void) {
  const { notification } = App.useApp();
  const { t } = useTranslation('monitor');
  const since = useRef(Date.now());
  const seen = useRef(new Set<number>());
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const check = async () => {
      const asked = Date.now();
      const list = await http
        .get<Alert[]>('drone/mointor/manage/alerts', { since: since.current }, { silent: true })
        .catch(() => null);
      if (!live || !list) return;
      since.current = asked - 2000;
      for (const a of [...list].reverse()) {
        if (seen.current.has(a.id)) continue;
        seen.current.add(a.id);
        notification.warning({
          key: `alert-${a.id}`,
          title: t(`anomaly.odd.${a.oddType}`),
          description: `${a.droneId} · ${describeAnomaly(t, 'anomaly.rule.dose', a.detail)}`,
          onClick: () => open.current(a.droneId),
          placement: 'bottomRight',
        });
      }
    };
    const timer = setInterval(check, ALERT_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [enabled, notification, t]);
}
