/**
 * BlockDetail (/business_manage/block-list/:blockId, the implied block detail): the block on the map
 * (holes cut out, the unsprayed parts in red), its figures, the share of it sprayed in a chosen
 * period or by one of its route plans (planned versus sprayed), the sorties that sprayed it, its
 * route plans, and the writes the caller may do (edit, share, export, plan a route, delete).
 */
import { type BlockRecord, convertArea, formatDate, SCREENS } from '@agrifleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Descriptions, Space, Spin, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import type { Polygon } from 'geojson';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAreaUnit } from '../../lib/settings.ts';
import { dayOfPicker, statDayEnd, statDayStart } from '../../lib/statDay.ts';
import { regionLabel } from '../../list/region.ts';
import { BLOCK_COLORS } from '../../map/index.ts';
import { useRegionTree } from '../auth/RegionCascader.tsx';
import { useCrops, useMedicines } from '../lookups/useCatalog.ts';
import { blocksApi, type Period } from './api.ts';
import { ExportDialog, ShareDialog, useBlockDelete } from './BlockDialogs.tsx';
import { BlockEditor } from './BlockEditor.tsx';
import { OwnerCell } from './BlockListPage.tsx';
import { BlockMap, UNSPRAYED_COLOR } from './BlockMap.tsx';
import { CoverageFigures, RoutesTable, SortiesTable } from './BlockSections.tsx';
import { BlockShares } from './BlockShares.tsx';
import styles from './blocks.module.css';
import { blockRoutePath } from './paths.ts';

type Dialog = 'edit' | 'share' | 'export';

export default function BlockDetailPage() {
  const { blockId: idText = '' } = useParams();
  const blockId = Number(idText);
  const { t } = useTranslation(['blocks', 'common', 'list']);
  const unit = useAreaUnit();
  const u = t(`common:areaUnit.${unit}`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const regions = useRegionTree();
  const crops = useCrops();
  const medicines = useMedicines();
  const deleter = useBlockDelete();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [routeId, setRouteId] = useState<number | null>(null);
  const period = useMemo<Period>(
    () => ({
      // the picked days are statistics days (issue 21), whatever the browser's zone
      startTime: range?.[0] ? statDayStart(dayOfPicker(range[0])) : undefined,
      endTime: range?.[1] ? statDayEnd(dayOfPicker(range[1])) : undefined,
    }),
    [range],
  );
  const q = useQuery({
    queryKey: ['blocks', 'detail', blockId],
    queryFn: () => blocksApi.detail(blockId),
    enabled: Number.isInteger(blockId) && blockId > 0,
  });
  const coverageQuery = routeId ? { routeId } : period;
  const coverage = useQuery({
    queryKey: ['blocks', 'coverage', blockId, coverageQuery],
    queryFn: () => blocksApi.coverage(blockId, coverageQuery),
    enabled: Boolean(q.data),
  });
  const b = q.data;
  if (q.isLoading) return <Spin />;
  if (!b)
    return <Alert type="error" title={(q.error as Error | null)?.message || t('blocks:detail.notFound')} />;
  const region = regionLabel(regions.data, b.regionCode);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['blocks'] });
  const holes = b.geometry.coordinates.length - 1;

  return (
    <div className={styles.page} data-testid="block-detail">
      <div className={styles.head}>
        <Link to={SCREENS.BlockList}>{t('blocks:detail.back')}</Link>
        <h2 className={styles.title} data-testid="block-detail-name">
          {b.blockName}
        </h2>
        {b.shared ? <Tag color="blue">{t('blocks:shared')}</Tag> : null}
        <Space wrap style={{ marginLeft: 'auto' }}>
          <Button type="primary" onClick={() => navigate(blockRoutePath(b.blockId))} data-testid="block-plan">
            {t('blocks:action.route')}
          </Button>
          {b.editable ? (
            <>
              <Button onClick={() => setDialog('edit')} data-testid="block-edit">
                {t('blocks:action.edit')}
              </Button>
              <Button onClick={() => setDialog('share')} data-testid="block-share">
                {t('blocks:action.share')}
              </Button>
            </>
          ) : null}
          <Button onClick={() => setDialog('export')} data-testid="block-export">
            {t('blocks:action.export')}
          </Button>
          {b.editable ? (
            <Button
              danger
              data-testid="block-delete"
              onClick={async () => {
                if (await deleter.remove([b])) navigate(SCREENS.BlockList);
              }}
            >
              {t('list:delete')}
            </Button>
          ) : null}
        </Space>
      </div>
      <div className={styles.grid}>
        <div className={styles.card}>
          {/* The app has one map: while the editor holds it, the detail shows none. */}
          {dialog === 'edit' ? null : (
            <BlockMap
              blockId={b.blockId}
              name={b.blockName}
              geometry={b.geometry as Polygon}
              unsprayed={coverage.data?.unsprayed ?? null}
              legend={
                <div className={styles.legend}>
                  <span>
                    <i className={styles.swatch} style={{ background: BLOCK_COLORS.fill }} />
                    {t('blocks:legend.block')}
                  </span>
                  <span>
                    <i className={styles.swatch} style={{ background: UNSPRAYED_COLOR }} />
                    {t('blocks:legend.unsprayed')}
                  </span>
                </div>
              }
            />
          )}
        </div>
        <div className={styles.card}>
          <Descriptions size="small" column={1} bordered data-testid="block-figures">
            <Descriptions.Item label={t('blocks:col.area', { unit: u })}>
              {convertArea(b.areaMu, unit).toFixed(2)}
            </Descriptions.Item>
            <Descriptions.Item label={t('blocks:detail.holes')}>{holes}</Descriptions.Item>
            <Descriptions.Item label={t('blocks:col.crop')}>
              {b.cropId ? crops.nameOf(b.cropId) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('blocks:col.medicine')}>
              {b.medId ? medicines.nameOf(b.medId) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('blocks:col.region')}>
              {region ?? b.regionCode ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('blocks:col.owner')}>
              <OwnerCell row={b as BlockRecord} />
            </Descriptions.Item>
            <Descriptions.Item label={t('blocks:col.sorties')}>{b.sortieCount}</Descriptions.Item>
            <Descriptions.Item label={t('blocks:col.lastSprayed')}>
              {b.lastSprayedAt ? formatDate(b.lastSprayedAt, 'YYYY-MM-DD HH:mm') : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('blocks:col.createTime')}>
              {formatDate(Date.parse(b.createTime), 'YYYY-MM-DD HH:mm')}
            </Descriptions.Item>
            <Descriptions.Item label={t('blocks:col.remark')}>{b.remark || '-'}</Descriptions.Item>
            {b.shares.length ? (
              <Descriptions.Item label={t('blocks:detail.shares')}>
                <BlockShares block={b} onChanged={refresh} />
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        </div>
      </div>
      <div className={styles.card} data-testid="block-coverage-section">
        <div className={styles.head}>
          <h3 className={styles.title}>
            {routeId ? t('blocks:coverage.titleRoute', { id: routeId }) : t('blocks:coverage.title')}
          </h3>
          {routeId ? (
            <Button size="small" onClick={() => setRouteId(null)}>
              {t('blocks:coverage.backToPeriod')}
            </Button>
          ) : (
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => setRange(v)}
              allowEmpty={[true, true]}
              data-testid="block-period"
            />
          )}
        </div>
        {coverage.data ? (
          <CoverageFigures c={coverage.data} unit={unit} />
        ) : coverage.isLoading ? (
          <Spin />
        ) : (
          <Alert
            type="warning"
            title={(coverage.error as Error | null)?.message || t('blocks:coverage.none')}
          />
        )}
      </div>
      <div className={styles.card}>
        <h3 className={styles.title}>{t('blocks:route.title')}</h3>
        <RoutesTable
          blockId={b.blockId}
          selected={routeId}
          onSelect={setRouteId}
          onPlan={() => navigate(blockRoutePath(b.blockId))}
        />
      </div>
      <div className={styles.card}>
        <h3 className={styles.title}>{t('blocks:sortie.title')}</h3>
        <SortiesTable blockId={b.blockId} period={period} unit={unit} />
      </div>
      {dialog === 'edit' ? (
        <BlockEditor
          record={b}
          onClose={(saved) => {
            setDialog(null);
            if (saved) refresh();
          }}
        />
      ) : null}
      {dialog === 'share' ? (
        <ShareDialog
          block={b}
          onClose={(shared) => {
            setDialog(null);
            if (shared) refresh();
          }}
        />
      ) : null}
      {dialog === 'export' ? <ExportDialog block={b} onClose={() => setDialog(null)} /> : null}
      {deleter.dialog}
    </div>
  );
}
