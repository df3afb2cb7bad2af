/**
 * AccountList (/institution_manage/account-list, 001 §2): the accounts the caller sees (platform:
 * all; government: its region) with the 001 §3 filters and the stats zfNum, zzqyNum, yyqyNum,
 * create / edit dialogs, the enable switch, delete, rental options and merge manufacturer.
 */
import { useTranslation } from 'react-i18next';
import { AccountsScreen } from './useAccountsScreen.tsx';

export default function AccountListPage() {
  const { t } = useTranslation('common');
  return <AccountsScreen mode="all" title={t('screen.AccountList')} />;
}
