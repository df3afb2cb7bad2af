/**
 * The block dialogs of the list and the detail: share with a user by phone (targetUserPhone),
 * delete (several ids in one call; a block used by sorties or plans is refused with the server's
 * message, and then force delete is offered behind a strong confirmation: typing the block's name),
 * and export as GeoJSON or KML.
 */
import type { BlockRecord } from '@agrifleet/domain';
import { App, type ButtonProps, Form, Input, Modal, Radio } from 'antd';
import type { Polygon } from 'geojson';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { blocksApi } from './api.ts';
import { exportBlocks } from './blockFiles.ts';

type Named = Pick<BlockRecord, 'blockId' | 'blockName'>;

export function ShareDialog({ block, onClose }: { block: Named; onClose: (shared: boolean) => void }) {
  const { t } = useTranslation(['blocks', 'list']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ targetUserPhone: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { targetUserPhone } = await form.validateFields();
    setBusy(true);
    try {
      await blocksApi.share(block.blockId, targetUserPhone.trim());
      void message.success(t('blocks:share.done'));
      onClose(true);
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('blocks:share.title', { name: block.blockName })}
      onCancel={() => onClose(false)}
      onOk={submit}
      okText={t('blocks:share.ok')}
      cancelText={t('list:cancel')}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'blocks-share-ok' } as Record<`data-${string}`, string>}
    >
      <p>{t('blocks:share.explain')}</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="targetUserPhone"
          label={t('blocks:share.phone')}
          rules={[{ required: true, whitespace: true, min: 5, message: t('blocks:share.phoneRequired') }]}
        >
          <Input data-testid="blocks-share-phone" placeholder="13800000000" maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Force delete of blocks the server refused: the user types the name (or the count) to confirm. */
function ForceDialog({
  blocks,
  reason,
  onClose,
}: {
  blocks: Named[];
  reason: string;
  onClose: (deleted: boolean) => void;
}) {
  const { t } = useTranslation(['blocks', 'list', 'common']);
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const word = blocks.length === 1 ? (blocks[0]?.blockName ?? '') : String(blocks.length);
  const run = async () => {
    setBusy(true);
    try {
      for (const b of blocks) await blocksApi.forceRemove(b.blockId);
      void message.success(t('common:deleted'));
      onClose(true);
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
      onClose(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('blocks:force.title')}
      onCancel={() => onClose(false)}
      onOk={run}
      okText={t('blocks:force.ok')}
      cancelText={t('list:cancel')}
      confirmLoading={busy}
      okButtonProps={
        {
          danger: true,
          disabled: typed.trim() !== word,
          'data-testid': 'blocks-force-ok',
        } as ButtonProps
      }
      destroyOnHidden
    >
      <p data-testid="blocks-force-reason">{reason}</p>
      <p>{t('blocks:force.explain')}</p>
      <p>
        {blocks.length === 1
          ? t('blocks:force.typeName', { name: word })
          : t('blocks:force.typeCount', { n: blocks.length })}
      </p>
      <Input value={typed} onChange={(e) => setTyped(e.target.value)} data-testid="blocks-force-input" />
    </Modal>
  );
}

/**
 * Deleting blocks: nothing selected says so locally (001 §5), else a confirmation, one call with
 * the comma-joined ids, and force delete offered when the server refuses (409: in use).
 * Resolves true once deleted.
 */
export function useBlockDelete() {
  const { t } = useTranslation(['blocks', 'list', 'common']);
  const { message, modal } = App.useApp();
  const [force, setForce] = useState<{ blocks: Named[]; reason: string; done: (v: boolean) => void } | null>(
    null,
  );
  const remove = useCallback(
    (blocks: Named[]) =>
      new Promise<boolean>((resolve) => {
        if (blocks.length === 0) {
          void message.warning(t('blocks:noSelection'));
          resolve(false);
          return;
        }
        modal.confirm({
          title: t('blocks:delete.confirm', { n: blocks.length }),
          content: blocks.map((b) => b.blockName).join(', '),
          okText: t('list:delete'),
          cancelText: t('list:cancel'),
          okButtonProps: { danger: true, 'data-testid': 'blocks-confirm-delete' } as ButtonProps,
          onCancel: () => resolve(false),
          onOk: async () => {
            try {
              await blocksApi.remove(blocks.map((b) => b.blockId));
              void message.success(t('common:deleted'));
              resolve(true);
            } catch (err) {
              const text = (err as Error).message;
              if (err instanceof ApiError && err.status === 409)
                setForce({ blocks, reason: text, done: resolve });
              else {
                if (text) void message.error(text);
                resolve(false);
              }
            }
          },
        });
      }),
    [t, message, modal],
  );
  const dialog = force ? (
    <ForceDialog
      blocks={force.blocks}
      reason={force.reason}
      onClose={(deleted) => {
        force.done(deleted);
        setForce(null);
      }}
    />
  ) : null;
  return { remove, dialog };
}

export function ExportDialog({
  block,
  onClose,
}: {
  block: Named & { geometry: unknown; areaMu?: number; cropId?: number | null; remark?: string | null };
  onClose: () => void;
}) {
  const { t } = useTranslation(['blocks', 'list']);
  const [format, setFormat] = useState<'geojson' | 'kml'>('geojson');
  return (
    <Modal
      open
      title={t('blocks:export.title', { name: block.blockName })}
      onCancel={onClose}
      onOk={async () => {
        await exportBlocks([{ ...block, geometry: block.geometry as Polygon }], format);
        onClose();
      }}
      okText={t('blocks:export.ok')}
      cancelText={t('list:cancel')}
      okButtonProps={{ 'data-testid': 'blocks-export-ok' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Radio.Group
        value={format}
        onChange={(e) => setFormat(e.target.value)}
        options={[
          { value: 'geojson', label: 'GeoJSON' },
          { value: 'kml', label: 'KML' },
        ]}
        data-testid="blocks-export-format"
      />
    </Modal>
  );
}
