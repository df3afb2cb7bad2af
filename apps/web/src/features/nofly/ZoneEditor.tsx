/**
 * Creating or editing a zone on the map: the zone's fields beside the shared map, where the shape
 * is drawn (polygon or circle, then edited vertex by vertex) or imported from a GeoJSON / KML file.
 * The domain's geometry check runs on every change and before sending; its message shows under the
 * map, the same text the server would answer.
 */
import type { NoflyRecord } from '@agrifleet/domain';
import { Alert, App, Button, Form, Input, InputNumber, Select, Space, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawControl, type DrawnShape, type DrawTool } from '../../map/DrawControl.tsx';
import { DrawTools } from '../../map/DrawTools.tsx';
import { useMapInstance } from '../../map/index.ts';
import { MapEditorModal } from '../../map/MapEditorModal.tsx';
import { noflyApi } from './api.ts';
import { importZoneFile } from './importZone.ts';
import { checkDrawn, drawnOf, zoneShapeOf } from './shapes.ts';

interface Props {
  /** The zone edited, or null to create one. */
  record: NoflyRecord | null;
  onClose: (saved: boolean) => void;
}

interface Values {
  name: string;
  noflyType: 1 | 2;
  detailAddress?: string;
}

/** Frames the shape when the editor opens (and after an import). */
function FitTo({ shape }: { shape: DrawnShape | null }) {
  const map = useMapInstance();
  useEffect(() => {
    const ring = shape?.geometry.coordinates[0];
    if (!map || !ring?.length) return;
    const lngs = ring.map((p) => p[0] as number);
    const lats = ring.map((p) => p[1] as number);
    map.fitBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding: 60, duration: 0, maxZoom: 16 },
    );
  }, [map, shape]);
  return null;
}

export function ZoneEditor({ record, onClose }: Props) {
  const { t } = useTranslation(['nofly', 'list', 'common']);
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const initial = useMemo(() => (record ? drawnOf(record) : null), [record]);
  const [shape, setShape] = useState<DrawnShape | null>(initial);
  const [framed, setFramed] = useState<DrawnShape | null>(initial);
  const [tool, setTool] = useState<DrawTool>(record ? 'select' : 'polygon');
  const [showProblem, setShowProblem] = useState(false);
  const [saving, setSaving] = useState(false);
  const check = shape ? checkDrawn(shape) : null;
  const problem = !shape
    ? t('nofly:editor.noShape')
    : check && !check.ok
      ? t(check.message, check.vars)
      : null;

  const drawn = (s: DrawnShape | null) => {
    setShape(s);
    setShowProblem(Boolean(s));
    if (s && tool !== 'select') setTool('select');
  };

  const importFile = async (file: File) => {
    const r = await importZoneFile(file);
    if (!r.ok) {
      void message.error(t(r.message, r.vars));
      return false;
    }
    setShape(r.shape);
    setFramed(r.shape);
    setShowProblem(true);
    setTool('select');
    void message.success(r.polygons > 1 ? t('nofly:import.many', { n: r.polygons }) : t('nofly:import.done'));
    return false;
  };

  const save = async () => {
    const values = await form.validateFields();
    setShowProblem(true);
    if (!shape || !check?.ok) return;
    const body = {
      ...zoneShapeOf(shape),
      name: values.name,
      noflyType: values.noflyType,
      detailAddress: values.detailAddress || null,
    };
    setSaving(true);
    try {
      const r = record
        ? await noflyApi.update({ ...body, noflyId: record.noflyId })
        : await noflyApi.create(body);
      void message.success(t('nofly:toast.saved', { version: r.version }));
      onClose(true);
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  const summary = shape?.circle
    ? t('nofly:editor.circle', { r: Math.round(shape.circle.radiusM) })
    : shape
      ? t('nofly:editor.vertices', { n: Math.max(0, (shape.geometry.coordinates[0]?.length ?? 1) - 1) })
      : null;

  return (
    <MapEditorModal
      title={t(record ? 'nofly:editor.titleEdit' : 'nofly:editor.titleCreate')}
      saving={saving}
      onCancel={() => onClose(false)}
      onSave={save}
      saveTestId="nofly-save"
      mapTestId="nofly-map"
      map={
        <>
          <DrawControl tool={tool} shape={shape} onChange={drawn} />
          <FitTo shape={framed} />
        </>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          name: record?.name,
          noflyType: record?.noflyType ?? 2,
          detailAddress: record?.detailAddress ?? undefined,
        }}
      >
        <Form.Item
          name="name"
          label={t('nofly:col.name')}
          rules={[{ required: true, whitespace: true, max: 64 }]}
        >
          <Input data-testid="nofly-name" maxLength={64} />
        </Form.Item>
        <Form.Item name="noflyType" label={t('nofly:col.noflyType')} rules={[{ required: true }]}>
          <Select
            data-testid="nofly-type"
            options={[
              { value: 2, label: t('nofly:type.2') },
              { value: 1, label: t('nofly:type.1') },
            ]}
          />
        </Form.Item>
        <Form.Item name="detailAddress" label={t('nofly:col.detailAddress')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Form.Item label={t('nofly:col.shape')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <DrawTools
              tool={tool}
              onChange={setTool}
              options={[
                { value: 'polygon', label: t('nofly:editor.drawPolygon') },
                { value: 'circle', label: t('nofly:editor.drawCircle') },
                { value: 'select', label: t('nofly:editor.select'), disabled: !shape },
              ]}
              hint={t(`nofly:editor.hint.${tool}`)}
            />
            {shape?.circle ? (
              <Space.Compact>
                <Space.Addon>{t('nofly:editor.radius')}</Space.Addon>
                <InputNumber
                  min={10}
                  max={100_000}
                  value={Math.round(shape.circle.radiusM)}
                  onChange={(v) => {
                    if (typeof v !== 'number' || !shape.circle) return;
                    const next = drawnOf({
                      shape: 'circle',
                      geometry: { type: 'Point', coordinates: shape.circle.center },
                      radiusM: v,
                    });
                    setShape(next);
                  }}
                  data-testid="nofly-radius"
                />
              </Space.Compact>
            ) : null}
            <Space wrap>
              <span data-testid="nofly-upload">
                <Upload accept=".kml,.geojson,.json" showUploadList={false} beforeUpload={importFile}>
                  <Button size="small" data-testid="nofly-import">
                    {t('nofly:editor.import')}
                  </Button>
                </Upload>
              </span>
              <Button size="small" onClick={() => drawn(null)} disabled={!shape}>
                {t('nofly:editor.clear')}
              </Button>
            </Space>
            {summary ? <div data-testid="nofly-shape-summary">{summary}</div> : null}
          </Space>
        </Form.Item>
        {showProblem && problem ? (
          <Alert type="error" showIcon title={problem} data-testid="nofly-geometry-error" />
        ) : null}
      </Form>
    </MapEditorModal>
  );
}
