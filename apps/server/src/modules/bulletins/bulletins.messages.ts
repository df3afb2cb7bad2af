/** Server messages of the bulletins module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const BULLETIN_MESSAGES = {
  bulletinNotFound: {
    zh: '公告不存在',
    en: 'Bulletin not found',
    'zh-TW': '公告不存在',
    th: 'ไม่พบประกาศ',
    ko: '공지를 찾을 수 없습니다',
  },
  bulletinLevel1Subject: {
    zh: '一级告警',
    en: 'Level-1 alert',
    'zh-TW': '一級告警',
    th: 'การแจ้งเตือนระดับ 1',
    ko: '1급 경보',
  },
  bulletinLevel1Sms: {
    zh: '【一级告警】无人机 {droneId} 于 {time}（UTC）进入禁飞区「{zone}」，请立即处置。',
    en: '[Level-1 alert] Drone {droneId} entered the no-fly zone "{zone}" at {time} UTC. Act at once.',
    'zh-TW': '【一級告警】無人機 {droneId} 於 {time}（UTC）進入禁飛區「{zone}」，請立即處置。',
    th: '[แจ้งเตือนระดับ 1] โดรน {droneId} เข้าเขตห้ามบิน "{zone}" เมื่อ {time} UTC โปรดดำเนินการทันที',
    ko: '[1급 경보] 드론 {droneId}이(가) {time} UTC에 비행금지구역 "{zone}"에 진입했습니다. 즉시 조치하십시오.',
  },
} as const satisfies Record<string, Record<Language, string>>;
