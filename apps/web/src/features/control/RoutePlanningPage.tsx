/**
 * RoutePlanning (/business_manage/block-list/:blockId/route, the implied "group working-route
 * planning" of 001 §2): a block on the map with its holes; the edge the passes run parallel to
 * (alignEdgeIndex: a click on the edge or its number), the home point (a click on the map), the number
 * of drones, swath, speed, height and dosage; the plan computed in the browser as they change
 * (`planGroupRoute`, the server's own function) and drawn one colour per drone with its number where it
 * starts; each drone's distance, time, volume, sorties and area. Save (PUT route), then send it to
 * drones and start them.
 */
import { buildPath, type LngLat, type PolygonGeometry, type RouteParams } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Space, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BlocksLayer, MapView } from '../../map/index.ts';
import { RouteLayer } from '../../map/RouteLayer.tsx';
import { controlApi } from './api.ts';
import { FitTo, routeLayerRoutes } from './ControlMap.tsx';
import styles from './control.module.css';
import { PlanForm, type PlanParams } from './PlanForm.tsx';
import { PlanDroneTable, PlanFiguresView, PlanIssueAlert } from './PlanTable.tsx';
import { blockEdges, defaultHome, longestEdge, outerRing } from './planGeo.ts';
import { SendPlanDialog } from './SendPlanDialog.tsx';
import { usePlanPreview } from './usePlanPreview.ts';
import { useWatchOnly } from './useWatchOnly.ts';

const START = { droneCount: 3, width: 5, speed: 5, height: 3, dosage: 1 } as const;

export default function RoutePlanningPage() {
  const { blockId = '' } = useParams();
  const id = Number(blockId);
  const { t } = useTranslation(['control', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['control', 'block', id],
    queryFn: ({ signal }) => controlApi.block(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  const block = q.data;
  const geometry = useMemo(() => (block ? (block.geometry as unknown as PolygonGeometry) : null), [block]);
  const edges = useMemo(() => (geometry ? blockEdges(geometry) : []), [geometry]);
  const [params, setParams] = useState<PlanParams | null>(null);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<{ routeId: number; count: number } | null>(null);
  const [sending, setSending] = useState(false);
  // Sending a plan to drones is a group-control command: a watcher there (a government) plans only.
  const watch = useWatchOnly('GroupControl');
  // The starting parameters once the block is here: the longest edge, home by its nearest corner.
  useEffect(() => {
    if (!geometry || params) return;
    const home = defaultHome(geometry);
    if (home) setParams({ ...START, alignEdgeIndex: longestEdge(geometry), home });
  }, [geometry, params]);
  const change = useCallback((patch: Partial<PlanParams>) => {
    setParams((p) => (p ? { ...p, ...patch } : p));
    setSaved(null);
  }, []);
  const routeParams = useMemo<RouteParams | null>(() => params, [params]);
  const preview = usePlanPreview(geometry, routeParams);
  const plan = preview.result?.ok ? preview.result.plan : null;
  const routes = useMemo(() => (plan ? routeLayerRoutes(plan) : []), [plan]);
  const blocks = useMemo(
    () =>
      block && geometry ? [{ id: block.blockId, name: block.blockName, geometry: geometry as never }] : [],
    [block, geometry],
  );
  const fit = useMemo<LngLat[]>(() => (geometry ? outerRing(geometry) : []), [geometry]);

  const save = async () => {
    if (!params || !block || !plan) return;
    setSaving(true);
    try {
      const out = await controlApi.createRoute({
        block: block.blockId,
        ...params,
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      setSaved({ routeId: out.routeId, count: params.droneCount });
      void message.success(t('saved', { id: out.routeId }));
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  if (q.isLoading) return <Spin />;
  if (!block || !geometry)
    return <Alert type="error" title={(q.error as Error | null)?.message || t('blockNotFound')} />;
  return (
    <div className={styles.page} data-testid="route-planning">
      <Space className={styles.head} wrap>
        <Button onClick={() => navigate(-1)}>{t('back')}</Button>
        <h2 className={styles.title}>
          {t('plan.title')} · {block.blockName}
        </h2>
        <Link to={buildPath('BlockDetail', { blockId: block.blockId })}>{t('plan.blockDetail')}</Link>
      </Space>
      <div className={styles.planGrid}>
        <div className={styles.planMap} data-testid="plan-map">
          <MapView>
            <div className={styles.mapHint}>{t('hint.map')}</div>
            <FitTo points={fit} maxZoom={18} />
            <BlocksLayer blocks={blocks} />
            <RouteLayer
              routes={routes}
              home={params?.home ?? null}
              edges={edges}
              selectedEdge={params?.alignEdgeIndex ?? null}
              onEdgeClick={(i) => change({ alignEdgeIndex: i })}
              onMapClick={(home) => change({ home })}
            />
          </MapView>
        </div>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Card size="small" title={t('plan.params')}>
            {params ? (
              <PlanForm
                value={params}
                edges={edges}
                onChange={change}
                onDefaultHome={() => {
                  const home = defaultHome(geometry);
                  if (home) change({ home });
                }}
              />
            ) : null}
          </Card>
          <Card
            size="small"
            title={t('plan.result')}
            extra={
              preview.computing ? (
                <Spin size="small" />
              ) : preview.ms !== null ? (
                <span className={styles.note}>{t('plan.ms', { ms: preview.ms.toFixed(0) })}</span>
              ) : null
            }
          >
            {preview.result && !preview.result.ok ? <PlanIssueAlert issue={preview.result.issue} /> : null}
            {plan ? <PlanFiguresView plan={plan} /> : null}
            <div className={styles.legend} style={{ marginTop: 8 }}>
              <span>
                <i className={styles.swatch} style={{ borderColor: '#334155' }} />
                {t('legend.spray')}
              </span>
              <span>
                <i className={styles.swatch} style={{ borderColor: '#334155', borderTopWidth: 1 }} />
                {t('legend.turn')}
              </span>
              <span>
                <i
                  className={styles.swatch}
                  style={{ borderColor: '#334155', borderTopStyle: 'dashed', borderTopWidth: 2 }}
                />
                {t('legend.transit')}
              </span>
              <span>① {t('legend.start')}</span>
              <span>H {t('legend.home')}</span>
            </div>
          </Card>
          <Card size="small">
            <Space wrap>
              <Input
                placeholder={t('plan.name')}
                maxLength={64}
                value={name}
                onChange={(e) => setName(e.target.value)}
                style={{ width: 180 }}
                data-testid="plan-name"
              />
              <Button
                type="primary"
                disabled={!plan || !block.editable}
                loading={saving}
                onClick={save}
                data-testid="plan-save"
              >
                {t('plan.save')}
              </Button>
              {watch ? null : (
                <Button disabled={!saved} onClick={() => setSending(true)} data-testid="plan-send">
                  {t('plan.send')}
                </Button>
              )}
            </Space>
            {!block.editable ? <div className={styles.note}>{t('plan.readOnly')}</div> : null}
            {saved ? (
              <div className={styles.note} data-testid="plan-saved">
                {t('saved', { id: saved.routeId })}
              </div>
            ) : null}
          </Card>
        </Space>
      </div>
      {plan ? <PlanDroneTable plan={plan} /> : null}
      {sending && saved ? (
        <SendPlanDialog routeId={saved.routeId} count={saved.count} onClose={() => setSending(false)} />
      ) : null}
    </div>
  );
}
