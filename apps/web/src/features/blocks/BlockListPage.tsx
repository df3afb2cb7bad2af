/**
 * BlockList (/business_manage/block-list, 001 §2, §3 "Block", §7 "Blocks"): the blocks of the
 * caller's view on the shared list pattern (config.ts) with the §3 filters and crop, the total area
 * of the filtered set in the user's unit, create / edit on the map (BlockEditor), share, export,
 * detail, route planning, and the batch delete (nothing selected: 'no block selected' locally;
 * a block in use: the server's message and force delete).
 */
import { type BlockPage, type BlockRecord, convertArea } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAreaUnit } from '../../lib/settings.ts';
import type { Translate } from '../../list/columns.ts';
import { ListFigures } from '../../list/ListFigures.tsx';
import { ListPage } from '../../list/ListPage.tsx';
import { regionLabel } from '../../list/region.ts';
import { useRegionTree } from '../auth/RegionCascader.tsx';
import { useCrops } from '../lookups/useCatalog.ts';
import { ExportDialog, ShareDialog, useBlockDelete } from './BlockDialogs.tsx';
import { BlockEditor } from './BlockEditor.tsx';
import styles from './blocks.module.css';
import { blockListConfig } from './config.ts';
import { blockDetailPath, blockRoutePath } from './paths.ts';

export function OwnerCell({ row }: { row: BlockRecord }) {
  const { t } = useTranslation('blocks');
  return (
    <span className={styles.owner}>
      {row.ownerName}
      {row.shared ? (
        <Tooltip title={t('sharedBy', { name: row.sharedBy ?? '' })}>
          <Tag color="blue" data-testid="blocks-shared-tag">
            {t('shared')}
          </Tag>
        </Tooltip>
      ) : null}
    </span>
  );
}

export default function BlockListPage() {
  const { t: tr } = useTranslation(['blocks', 'list', 'common']);
  const t = tr as unknown as Translate;
  const unit = useAreaUnit();
  const regions = useRegionTree();
  const crops = useCrops();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ record: BlockRecord | null } | null>(null);
  const [sharing, setSharing] = useState<BlockRecord | null>(null);
  const [exporting, setExporting] = useState<BlockRecord | null>(null);
  const deleter = useBlockDelete();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['list', 'blocks'] }),
    [queryClient],
  );
  const regionName = useCallback((code: number | null) => regionLabel(regions.data, code), [regions.data]);
  const { remove } = deleter;
  const config = useMemo(
    () =>
      blockListConfig({
        t,
        unit,
        regionName,
        crops,
        nameCell: (row) => (
          <Link to={blockDetailPath(row.blockId)} data-testid="blocks-name-link">
            {row.blockName}
          </Link>
        ),
        ownerCell: (row) => <OwnerCell row={row} />,
        onDetail: (row) => navigate(blockDetailPath(row.blockId)),
        onRoute: (row) => navigate(blockRoutePath(row.blockId)),
        onEdit: (row) => setEditing({ record: row }),
        onShare: (row) => setSharing(row),
        onExport: (row) => setExporting(row),
        onCreate: () => setEditing({ record: null }),
        onDelete: async (rows) => {
          const done = await remove(rows);
          if (done) refresh();
          return done;
        },
      }),
    [t, unit, regionName, crops, navigate, remove, refresh],
  );
  const figures = (page: BlockPage | undefined) =>
    page ? (
      <ListFigures
        testId="blocks-figures"
        items={[
          { key: 'count', label: t('blocks:figure.count'), value: String(page.total) },
          {
            key: 'area',
            label: t('blocks:figure.area', { unit: t(`common:areaUnit.${unit}`) }),
            value: convertArea(page.totalAreaMu, unit).toFixed(2),
          },
        ]}
      />
    ) : null;
  return (
    <>
      <ListPage config={config} title={t('common:screen.BlockList')} extra={figures} />
      {editing ? (
        <BlockEditor
          record={editing.record}
          onClose={(saved) => {
            setEditing(null);
            if (saved) refresh();
          }}
        />
      ) : null}
      {sharing ? (
        <ShareDialog
          block={sharing}
          onClose={(shared) => {
            setSharing(null);
            if (shared) refresh();
          }}
        />
      ) : null}
      {exporting ? <ExportDialog block={exporting} onClose={() => setExporting(null)} /> : null}
      {deleter.dialog}
    </>
  );
}
