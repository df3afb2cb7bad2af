/**
 * Who a block is shared with (the owner's view of GET /{id}): each user with a "stop sharing"
 * action behind a confirmation (DELETE share/{blockId}/{userId}); the user no longer sees the block.
 */
import type { BlockDetail } from '@agrifleet/domain';
import { App, Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { blocksApi } from './api.ts';

export function BlockShares({ block, onChanged }: { block: BlockDetail; onChanged: () => void }) {
  const { t } = useTranslation(['blocks', 'list']);
  const { message, modal } = App.useApp();
  const stop = (s: BlockDetail['shares'][number]) =>
    modal.confirm({
      title: t('blocks:share.removeConfirm', { name: block.blockName, user: `${s.userName} (${s.phone})` }),
      okText: t('blocks:share.remove'),
      cancelText: t('list:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'block-unshare-ok' } as ButtonProps,
      onOk: async () => {
        try {
          await blocksApi.unshare(block.blockId, s.userId);
          void message.success(t('blocks:share.removed'));
          onChanged();
        } catch (err) {
          const text = (err as Error).message;
          if (text) void message.error(text);
        }
      },
    });
  return (
    <div data-testid="block-shares">
      {block.shares.map((s) => (
        <div key={s.userId} data-testid="block-share-row">
          {s.userName} ({s.phone}, {s.accountName}){' '}
          {block.editable ? (
            <Button size="small" type="link" danger onClick={() => stop(s)} data-testid="block-unshare">
              {t('blocks:share.remove')}
            </Button>
          ) : null}
        </div>
      ))}
    </div>
  );
}
