/**
 * Creating or editing a block on the map: its fields beside the shared map, where the outer ring is
 * drawn (then edited vertex by vertex) and holes (obstacles) are drawn inside it, or imported from
 * a GeoJSON, KML or zipped Shapefile file (several polygons: pick one, or create one block each).
 * The area (ellipsoid, net of holes) shows live in the user's unit; the domain's geometry check runs
 * on every change and before sending, with the text the server would answer.
 */
import { BLOCK_NAME_MAX, BLOCK_REMARK_MAX, type BlockRecord, convertArea } from '@agrifleet/domain';
import { Alert, App, Button, Form, Input, Select, Space, Upload } from 'antd';
import type { Polygon } from 'geojson';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaUnit } from '../../lib/settings.ts';
import { DrawControl, type DrawnShape, type DrawTool } from '../../map/DrawControl.tsx';
import { DrawTools } from '../../map/DrawTools.tsx';
import { useMapInstance } from '../../map/index.ts';
import { MapEditorModal } from '../../map/MapEditorModal.tsx';
import type { Catalog } from '../lookups/catalog.ts';
import { useCrops, useMedicines } from '../lookups/useCatalog.ts';
import { blocksApi } from './api.ts';
import { type ImportedPolygon, importBlockFile } from './blockFiles.ts';
import { areaText, BLOCK_AREA_WARN_MU, blockAreaMu, boundsOf, checkBlock } from './blockShape.ts';
import styles from './blocks.module.css';

/** Mu in a square kilometre (1 mu = 10,000 / 15 m²). */
const MU_PER_KM2 = 1500;

interface Props {
  /** The block edited, or null to create one. */
  record: BlockRecord | null;
  onClose: (saved: boolean) => void;
}

interface Values {
  blockName: string;
  cropId?: number | null;
  medId?: number | null;
  remark?: string;
}

function FitTo({ geometry }: { geometry: Polygon | null }) {
  const map = useMapInstance();
  useEffect(() => {
    const b = geometry ? boundsOf([geometry]) : null;
    if (map && b) map.fitBounds(b, { padding: 60, duration: 0, maxZoom: 17 });
  }, [map, geometry]);
  return null;
}

export function BlockEditor({ record, onClose }: Props) {
  const { t } = useTranslation(['blocks', 'list', 'common']);
  const crops = useCrops();
  const medicines = useMedicines();
  const unit = useAreaUnit();
  const [form] = Form.useForm<Values>();
  const { message, modal } = App.useApp();
  const initial = useMemo<DrawnShape | null>(
    () => (record ? { geometry: record.geometry as Polygon } : null),
    [record],
  );
  const [shape, setShape] = useState<DrawnShape | null>(initial);
  const [framed, setFramed] = useState<Polygon | null>(initial?.geometry ?? null);
  const [tool, setTool] = useState<DrawTool>(record ? 'select' : 'polygon');
  const [showProblem, setShowProblem] = useState(false);
  const [saving, setSaving] = useState(false);
  const [imported, setImported] = useState<ImportedPolygon[] | null>(null);
  const check = shape ? checkBlock(shape.geometry) : null;
  const problem = !shape
    ? t('blocks:editor.noShape')
    : check && !check.ok
      ? t(check.message, check.vars)
      : null;
  const areaMu = shape ? blockAreaMu(shape.geometry) : 0;
  const holes = Math.max(0, (shape?.geometry.coordinates.length ?? 1) - 1);
  const large = areaMu > BLOCK_AREA_WARN_MU;
  const unitName = t(`common:areaUnit.${unit}`);
  const limitText = convertArea(BLOCK_AREA_WARN_MU, unit).toLocaleString(undefined, {
    maximumFractionDigits: 0,
  });

  /** Above BLOCK_AREA_WARN_MU: resolves whether the user still wants to save. */
  const confirmLarge = () =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('blocks:editor.large.title'),
        content: t('blocks:editor.large.body', {
          area: areaText(areaMu, unit),
          unit: unitName,
          km2: (areaMu / MU_PER_KM2).toFixed(2),
          limit: limitText,
        }),
        okText: t('blocks:editor.large.ok'),
        cancelText: t('blocks:editor.large.cancel'),
        okButtonProps: { 'data-testid': 'blocks-large-ok' } as Record<`data-${string}`, string>,
        cancelButtonProps: { 'data-testid': 'blocks-large-cancel' } as Record<`data-${string}`, string>,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const drawn = (s: DrawnShape | null) => {
    setShape(s);
    setShowProblem(Boolean(s));
    if (s && tool === 'polygon' && s.geometry.coordinates.length === 1) setTool('select');
  };

  const take = (p: ImportedPolygon) => {
    setShape({ geometry: p.geometry });
    setFramed(p.geometry);
    setShowProblem(true);
    setTool('select');
    if (p.name && !form.getFieldValue('blockName')) form.setFieldValue('blockName', p.name);
  };

  const importFile = async (file: File) => {
    const r = await importBlockFile(file);
    if (!r.ok) {
      void message.error(t(r.message, r.vars));
      return false;
    }
    const [first] = r.polygons;
    if (first) take(first);
    setImported(r.polygons.length > 1 ? r.polygons : null);
    void message.success(
      r.polygons.length > 1 ? t('blocks:import.many', { n: r.polygons.length }) : t('blocks:import.done'),
    );
    return false;
  };

  /** One block per imported polygon, named from the file or the name typed with a number. */
  const importEach = async () => {
    if (!imported) return;
    const values = form.getFieldsValue();
    const base = values.blockName?.trim() || t('blocks:import.defaultName');
    let created = 0;
    const failed: string[] = [];
    setSaving(true);
    for (const [i, p] of imported.entries()) {
      const name = (p.name ?? `${base} ${i + 1}`).slice(0, BLOCK_NAME_MAX);
      const c = checkBlock(p.geometry);
      if (!c.ok) {
        failed.push(`${name}: ${t(c.message, c.vars)}`);
        continue;
      }
      try {
        await blocksApi.create({
          blockName: name,
          geometry: { type: 'Polygon', coordinates: p.geometry.coordinates as number[][][] },
          cropId: values.cropId ?? null,
          medId: values.medId ?? null,
          remark: values.remark || null,
        });
        created++;
      } catch (err) {
        failed.push(`${name}: ${(err as Error).message}`);
      }
    }
    setSaving(false);
    if (failed.length)
      modal.warning({
        title: t('blocks:import.eachResult', { created, failed: failed.length }),
        content: (
          <ul data-testid="blocks-import-failures">
            {failed.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ),
      });
    else void message.success(t('blocks:import.eachResult', { created, failed: 0 }));
    if (created) onClose(true);
  };

  const save = async () => {
    const values = await form.validateFields();
    setShowProblem(true);
    if (!shape || !check?.ok) return;
    if (large && !(await confirmLarge())) return;
    const body = {
      blockName: values.blockName.trim(),
      geometry: { type: 'Polygon' as const, coordinates: shape.geometry.coordinates as number[][][] },
      cropId: values.cropId ?? null,
      medId: values.medId ?? null,
      remark: values.remark?.trim() || null,
    };
    setSaving(true);
    try {
      if (record) await blocksApi.update({ ...body, blockId: record.blockId });
      else await blocksApi.create(body);
      void message.success(t('blocks:toast.saved'));
      onClose(true);
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <MapEditorModal
      title={t(record ? 'blocks:editor.titleEdit' : 'blocks:editor.titleCreate')}
      saving={saving}
      onCancel={() => onClose(false)}
      onSave={save}
      saveTestId="blocks-save"
      mapTestId="blocks-map"
      width={1240}
      map={
        <>
          <DrawControl tool={tool} shape={shape} onChange={drawn} holes color="#d48806" />
          <FitTo geometry={framed} />
        </>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          blockName: record?.blockName,
          cropId: record?.cropId ?? undefined,
          medId: record?.medId ?? undefined,
          remark: record?.remark ?? undefined,
        }}
      >
        <Form.Item
          name="blockName"
          label={t('blocks:col.name')}
          rules={[{ required: true, whitespace: true, message: t('blocks:editor.nameRequired') }]}
        >
          <Input data-testid="blocks-name" maxLength={BLOCK_NAME_MAX} />
        </Form.Item>
        <Form.Item name="cropId" label={t('blocks:col.crop')}>
          <CatalogSelect catalog={crops} current={record?.cropId} testId="blocks-crop" />
        </Form.Item>
        <Form.Item name="medId" label={t('blocks:col.medicine')} extra={t('blocks:editor.medicineHelp')}>
          <CatalogSelect catalog={medicines} current={record?.medId} testId="blocks-medicine" />
        </Form.Item>
        <Form.Item name="remark" label={t('blocks:col.remark')}>
          <Input.TextArea rows={2} maxLength={BLOCK_REMARK_MAX} />
        </Form.Item>
        <Form.Item label={t('blocks:editor.shape')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <DrawTools
              tool={tool}
              onChange={setTool}
              options={[
                {
                  value: 'polygon',
                  label: t(shape ? 'blocks:editor.drawHole' : 'blocks:editor.drawOuter'),
                },
                { value: 'select', label: t('blocks:editor.select'), disabled: !shape },
              ]}
              hint={t(
                tool === 'select'
                  ? 'blocks:editor.hint.select'
                  : shape
                    ? 'blocks:editor.hint.hole'
                    : 'blocks:editor.hint.outer',
              )}
              testId="blocks-tool"
            />
            <Space wrap>
              <span data-testid="blocks-upload">
                <Upload accept=".kml,.geojson,.json,.zip" showUploadList={false} beforeUpload={importFile}>
                  <Button size="small" data-testid="blocks-import">
                    {t('blocks:editor.import')}
                  </Button>
                </Upload>
              </span>
              <Button
                size="small"
                onClick={() => {
                  setShape(null);
                  setTool('polygon');
                }}
                disabled={!shape}
              >
                {t('blocks:editor.clear')}
              </Button>
              {holes ? (
                <Button
                  size="small"
                  onClick={() =>
                    shape &&
                    setShape({
                      geometry: { type: 'Polygon', coordinates: shape.geometry.coordinates.slice(0, 1) },
                    })
                  }
                >
                  {t('blocks:editor.clearHoles')}
                </Button>
              ) : null}
            </Space>
            {imported ? (
              <Space orientation="vertical" style={{ width: '100%' }} data-testid="blocks-import-pick">
                <span className={styles.hint}>{t('blocks:import.pick', { n: imported.length })}</span>
                <Select
                  style={{ width: '100%' }}
                  defaultValue={0}
                  onChange={(i: number) => {
                    const p = imported[i];
                    if (p) take(p);
                  }}
                  options={imported.map((p, i) => ({
                    value: i,
                    label: `${i + 1}. ${p.name ?? t('blocks:import.unnamed')} (${areaText(blockAreaMu(p.geometry), unit)} ${t(`common:areaUnit.${unit}`)})`,
                  }))}
                />
                <Button size="small" onClick={importEach} loading={saving} data-testid="blocks-import-each">
                  {t('blocks:import.each', { n: imported.length })}
                </Button>
              </Space>
            ) : null}
            {shape ? (
              <div data-testid="blocks-shape-summary">
                <div className={styles.area} data-testid="blocks-area">
                  {areaText(areaMu, unit)} {t(`common:areaUnit.${unit}`)}
                </div>
                {large ? (
                  <Alert
                    type="warning"
                    showIcon
                    title={t('blocks:editor.large.inline', { limit: limitText, unit: unitName })}
                    data-testid="blocks-large-warning"
                  />
                ) : null}
                <div className={styles.hint}>
                  {t('blocks:editor.rings', {
                    n: Math.max(0, (shape.geometry.coordinates[0]?.length ?? 1) - 1),
                    holes,
                  })}
                </div>
              </div>
            ) : null}
          </Space>
        </Form.Item>
        {showProblem && problem ? (
          <Alert type="error" showIcon title={problem} data-testid="blocks-geometry-error" />
        ) : null}
      </Form>
    </MapEditorModal>
  );
}

/**
 * A choice from a catalogue (crops, medicines): its enabled entries, and the block's own where it
 * has since been disabled (still named). Form.Item passes value and onChange.
 */
function CatalogSelect({
  catalog,
  current,
  testId,
  ...field
}: {
  catalog: Catalog;
  current: number | null | undefined;
  testId: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
}) {
  const known = current == null || catalog.loading || catalog.options.some((o) => o.value === current);
  return (
    <Select
      {...field}
      allowClear
      data-testid={testId}
      loading={catalog.loading}
      showSearch
      optionFilterProp="label"
      options={
        known ? catalog.options : [...catalog.options, { value: current, label: catalog.nameOf(current) }]
      }
    />
  );
}
