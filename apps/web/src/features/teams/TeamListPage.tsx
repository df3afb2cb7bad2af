/**
 * TeamList (/institution_manage/team-list, 001 §2): the account's teams on the shared list pattern
 * (config.ts) with create, rename and delete, and a drawer per team with its members: add, remove,
 * set the leader. Hidden for personal operators by the access tables; the server refuses them too.
 */
import { hasAbility, type TeamRow, type UserType } from '@agrifleet/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { teamsConfig } from './config.ts';
import { TeamMembersDrawer } from './TeamMembersDrawer.tsx';

export default function TeamListPage() {
  const { t: tr } = useTranslation(['teams', 'list', 'common']);
  const t = tr as unknown as Translate;
  const user = useSessionUser();
  const canManage = user ? hasAbility({ userType: user.userType as UserType }, 'manageTeam') : false;
  const [open, setOpen] = useState<TeamRow | null>(null);
  const config = useMemo(() => teamsConfig({ canManage, openMembers: setOpen }), [canManage]);
  return (
    <>
      <ListPage config={config} title={t('common:screen.TeamList')} />
      {open ? (
        <TeamMembersDrawer team={open} canManage={canManage} onClose={() => setOpen(null)} t={t} />
      ) : null}
    </>
  );
}
