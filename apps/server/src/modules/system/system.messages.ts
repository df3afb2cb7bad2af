/** Server messages of the system module (health), in the five languages (registered by system.routes.ts). */
import type { Language } from '@agrifleet/domain';

export const SYSTEM_MESSAGES = {
  notReady: {
    zh: '此服务器暂不接收请求（正在停止或等待依赖恢复），请稍后重试',
    en: 'This server is not taking requests right now (stopping, or waiting for a service it needs); please try again shortly',
    'zh-TW': '此伺服器暫不接收請求（正在停止或等待相依服務恢復），請稍後重試',
    th: 'เซิร์ฟเวอร์นี้ยังไม่รับคำขอในขณะนี้ (กำลังหยุดทำงาน หรือรอบริการที่จำเป็น) โปรดลองใหม่อีกครั้งในไม่ช้า',
    ko: '이 서버는 지금 요청을 받지 않습니다(중지 중이거나 필요한 서비스를 기다리는 중). 잠시 후 다시 시도하세요',
  },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../platform/messages.ts' {
  interface ModuleMessages {
    system: typeof SYSTEM_MESSAGES;
  }
}
