/** The filtered menu tree as an antd Menu: inline in the side menu, horizontal in the alternative theme. */
import { SCREENS, type Screen } from '@agrifleet/domain';
import { Menu, type MenuProps } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuAction, VisibleItem } from '../menu.ts';

type Item = Required<MenuProps>['items'][number];

interface Props {
  items: readonly VisibleItem[];
  mode: 'inline' | 'horizontal';
  theme?: 'dark' | 'light';
  selected: Screen | null;
  openGroup: string | null;
  collapsed?: boolean;
  onAction: (action: MenuAction) => void;
}

export function AppMenu({
  items,
  mode,
  theme = 'dark',
  selected,
  openGroup,
  collapsed = false,
  onAction,
}: Props) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState<string[]>(openGroup ? [openGroup] : []);
  useEffect(() => {
    if (openGroup) setOpenKeys((keys) => (keys.includes(openGroup) ? keys : [...keys, openGroup]));
  }, [openGroup]);

  const menuItems = useMemo(() => {
    const toItem = (item: VisibleItem): Item => {
      const icon = createElement(item.icon);
      if (item.kind === 'group')
        return { key: item.key, icon, label: t(item.labelKey), children: item.children.map(toItem) };
      return {
        key: item.key,
        icon,
        label: t(item.labelKey),
        ...(item.kind === 'action' ? { className: 'menu-action' } : {}),
      };
    };
    // The horizontal menu leaves settings and sign out to the user dropdown; inline, a rule sets them apart.
    const screens = items.filter((i) => i.kind !== 'action').map(toItem);
    const actions = items.filter((i) => i.kind === 'action').map(toItem);
    if (mode === 'horizontal' || actions.length === 0) return screens;
    return [...screens, { type: 'divider' as const, className: 'menu-divider' }, ...actions];
  }, [items, mode, t]);

  const actions = useMemo(() => new Set(items.filter((i) => i.kind === 'action').map((i) => i.key)), [items]);
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (actions.has(key as MenuAction)) onAction(key as MenuAction);
    else if (key in SCREENS) navigate(SCREENS[key as Screen]);
  };

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={menuItems}
      selectedKeys={selected ? [selected] : []}
      onClick={onClick}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      className={`app-menu app-menu-${mode}`}
    />
  );
}
