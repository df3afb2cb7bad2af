/** Server messages of the drones module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const DRONE_MESSAGES = {
  droneLockPasswordWrong: {
    zh: '锁定密码不正确',
    en: 'The lock password is wrong',
    'zh-TW': '鎖定密碼不正確',
    th: 'รหัสผ่านล็อกไม่ถูกต้อง',
    ko: '잠금 비밀번호가 올바르지 않습니다',
  },
  droneNotLocked: {
    zh: '该无人机未锁定',
    en: 'This drone is not locked',
    'zh-TW': '該無人機未鎖定',
    th: 'โดรนนี้ไม่ได้ถูกล็อก',
    ko: '이 드론은 잠겨 있지 않습니다',
  },
  droneModelNotOfMaker: {
    zh: '机型不属于该无人机的生产企业',
    en: "The model is not one of the drone's manufacturer",
    'zh-TW': '機型不屬於該無人機的生產企業',
    th: 'รุ่นนี้ไม่ใช่ของผู้ผลิตโดรนนี้',
    ko: '모델이 이 드론 제조사의 모델이 아닙니다',
  },
  droneOwnerInvalid: {
    zh: '新所有者须为已审核的运营企业或该无人机的生产企业',
    en: "The new owner must be a reviewed operator account or the drone's manufacturer",
    'zh-TW': '新所有者須為已審核的營運企業或該無人機的生產企業',
    th: 'เจ้าของใหม่ต้องเป็นบัญชีผู้ให้บริการที่ผ่านการตรวจสอบ หรือผู้ผลิตโดรนนี้',
    ko: '새 소유자는 심사를 통과한 운영 계정이거나 이 드론의 제조사여야 합니다',
  },
  droneOwnerSame: {
    zh: '该账号已是此无人机的所有者',
    en: 'That account already owns this drone',
    'zh-TW': '該帳號已是此無人機的所有者',
    th: 'บัญชีนี้เป็นเจ้าของโดรนนี้อยู่แล้ว',
    ko: '해당 계정이 이미 이 드론의 소유자입니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
