/**
 * SubCompanyList (/institution_manage/sub-company-list, 001 §2): the caller's sub-accounts (every
 * level below it) on the account list's pattern; create goes through the sub-company call (the
 * sub-platform's own call for a sub-platform), allowed by the 001 §6 sub-account rule.
 */
import { useTranslation } from 'react-i18next';
import { AccountsScreen } from './useAccountsScreen.tsx';

export default function SubCompanyListPage() {
  const { t } = useTranslation('common');
  return <AccountsScreen mode="sub" title={t('screen.SubCompanyList')} />;
}
