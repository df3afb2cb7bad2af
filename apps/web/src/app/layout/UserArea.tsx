/** Header's right side: account name, avatar, user name, role label and masked phone, with the user menu. */

import type { UserInfo } from '@agrifleet/domain';
import { BankOutlined, DownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayPhone, initialOf } from './userLabels.ts';

interface Props {
  user: UserInfo;
  onProfile: () => void;
  onSettings: () => void;
  onSignOut: () => void;
}

export function UserArea({ user, onProfile, onSettings, onSignOut }: Props) {
  const { t } = useTranslation(['shell', 'common']);
  const role = `${t(`common:userType.${user.userType}`)} · ${t(`common:accountType.${user.accountType}`)}`;
  const phone = displayPhone(user.phoneNum) ?? user.email;
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('shell:header.profile'), onClick: onProfile },
    { key: 'settings', icon: <SettingOutlined />, label: t('shell:header.settings'), onClick: onSettings },
    { type: 'divider' },
    {
      key: 'signOut',
      icon: <LogoutOutlined />,
      label: t('shell:header.signOut'),
      danger: true,
      onClick: onSignOut,
    },
  ];

  return (
    <div className="user-area">
      <div className="user-area-account" title={user.accountName}>
        <BankOutlined />
        <span>{user.accountName}</span>
      </div>
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        <button type="button" className="user-area-trigger" aria-label={t('shell:header.userMenu')}>
          <Avatar size={40} src={user.userHeadUrl || undefined} className="user-area-avatar">
            {initialOf(user.userName)}
          </Avatar>
          <span className="user-area-text">
            <span className="user-area-name">{user.userName}</span>
            <span className="user-area-meta">
              <span className="user-area-role">{role}</span>
              {phone ? <span className="user-area-phone">{phone}</span> : null}
            </span>
          </span>
          <DownOutlined className="user-area-caret" />
        </button>
      </Dropdown>
    </div>
  );
}
