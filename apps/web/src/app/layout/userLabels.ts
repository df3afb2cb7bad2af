/** Texts of the header's user area that do not need translation tables. */
import { maskPhone, STORAGE_KEYS } from '@agrifleet/domain';

/** "86-13800000001" -> "+86 138*****001"; a bare number is only masked; null stays null. */
export function displayPhone(phoneNum: string | null | undefined): string | null {
  if (!phoneNum) return null;
  const dash = phoneNum.indexOf('-');
  if (dash <= 0) return maskPhone(phoneNum);
  return `+${phoneNum.slice(0, dash).replace(/^\+/, '')} ${maskPhone(phoneNum.slice(dash + 1))}`;
}

/** The first character of a name, for an avatar without a picture. */
export function initialOf(name: string | null | undefined): string {
  const first = [...(name ?? '').trim()][0];
  return first ? first.toUpperCase() : '?';
}

/** Side-menu state kept between visits (000 §9): 'opened' or 'closed' under aside-status. */
export const asideStatus = {
  collapsed: () => localStorage.getItem(STORAGE_KEYS.asideStatus) === 'closed',
  store: (collapsed: boolean) =>
    localStorage.setItem(STORAGE_KEYS.asideStatus, collapsed ? 'closed' : 'opened'),
};
