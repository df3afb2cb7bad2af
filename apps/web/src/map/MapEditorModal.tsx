/**
 * The dialog every shape editor shares (a no-fly zone, a block, a unified task's boundary): its
 * form on the left, the map to draw on (DrawControl and the like as `map`) filling the rest, Save
 * and Cancel below. Test ids: `saveTestId` on Save, `mapTestId` on the map.
 */
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './MapEditorModal.module.css';
import { MapView } from './MapView.tsx';

export function MapEditorModal(p: {
  title: ReactNode;
  saving: boolean;
  onCancel: () => void;
  onSave: () => void;
  saveTestId: string;
  mapTestId: string;
  /** Widest the dialog gets, px (96 % of the window at most). */
  width?: number;
  /** The form. */
  children: ReactNode;
  /** What goes on the map. */
  map: ReactNode;
}) {
  const { t } = useTranslation('list');
  return (
    <Modal
      open
      width={`min(${p.width ?? 1200}px, 96vw)`}
      title={p.title}
      onCancel={p.onCancel}
      onOk={p.onSave}
      okText={t('list:save')}
      cancelText={t('list:cancel')}
      confirmLoading={p.saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': p.saveTestId } as Record<`data-${string}`, string>}
    >
      <div className={styles.editor}>
        <div className={styles.fields}>{p.children}</div>
        <div className={styles.map} data-testid={p.mapTestId}>
          <MapView>{p.map}</MapView>
        </div>
      </div>
    </Modal>
  );
}
