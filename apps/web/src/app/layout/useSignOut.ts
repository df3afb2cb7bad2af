/**
 * Sign out (000 §4): after the confirmation "Sure to exit?" the map is restored, the session call is
 * ended (its failure ignored), stored credentials and the query cache (monitor queries included) are
 * cleared, and the user goes to Login and sees "Exited Successfully".
 */
import { PUBLIC_PATHS } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../../api/http.ts';
import { restoreMapView } from '../../map/store.ts';
import { session } from '../session.ts';

/** Window event asking the shared map to return to its start state (the map listens, later issue). */
export const MAP_RESTORE_EVENT = 'agrifleet:map-restore';

export function useSignOut(): () => void {
  const { modal, message } = App.useApp();
  const { t } = useTranslation(['shell', 'common']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(() => {
    modal.confirm({
      title: t('shell:signOut.title'),
      content: t('shell:signOut.confirm'),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        await http.post('user/baseaccount/loginOut').catch(() => undefined);
        window.dispatchEvent(new Event(MAP_RESTORE_EVENT));
        restoreMapView();
        session.clear();
        queryClient.clear();
        navigate(PUBLIC_PATHS.login, { replace: true });
        void message.success(t('shell:signOut.done'));
      },
    });
  }, [modal, message, t, queryClient, navigate]);
}
