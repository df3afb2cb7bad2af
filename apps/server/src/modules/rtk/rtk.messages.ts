/** Server messages of the rtk module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const RTK_MESSAGES = {
  rtkDeviceNotFound: {
    zh: 'RTK 设备不存在',
    en: 'RTK device not found',
    'zh-TW': 'RTK 設備不存在',
    th: 'ไม่พบอุปกรณ์ RTK',
    ko: 'RTK 장치를 찾을 수 없습니다',
  },
  rtkBtaddrNotFound: {
    zh: '没有蓝牙地址为 {btaddr} 的 RTK 设备',
    en: 'No RTK device has the Bluetooth address {btaddr}',
    'zh-TW': '沒有藍牙位址為 {btaddr} 的 RTK 設備',
    th: 'ไม่มีอุปกรณ์ RTK ที่มีที่อยู่บลูทูธ {btaddr}',
    ko: '블루투스 주소가 {btaddr}인 RTK 장치가 없습니다',
  },
  rtkPhoneNotFound: {
    zh: '该手机号所属账号的无人机上没有可续费的 RTK 设备',
    en: 'No RTK device you manage is on the drones of the account with this phone number',
    'zh-TW': '該手機號所屬帳號的無人機上沒有可續費的 RTK 設備',
    th: 'ไม่มีอุปกรณ์ RTK ที่คุณดูแลอยู่บนโดรนของบัญชีที่ใช้หมายเลขโทรศัพท์นี้',
    ko: '이 전화번호 계정의 드론에 관리 중인 RTK 장치가 없습니다',
  },
  rtkPhoneInvalid: {
    zh: '手机号格式不正确',
    en: 'The phone number is not valid',
    'zh-TW': '手機號格式不正確',
    th: 'หมายเลขโทรศัพท์ไม่ถูกต้อง',
    ko: '전화번호 형식이 올바르지 않습니다',
  },
  rtkKeyTaken: {
    zh: '该服务密钥已绑定到其他设备',
    en: 'This service key is already bound to another device',
    'zh-TW': '該服務金鑰已綁定到其他設備',
    th: 'คีย์บริการนี้ผูกกับอุปกรณ์อื่นแล้ว',
    ko: '이 서비스 키는 이미 다른 장치에 연결되어 있습니다',
  },
  rtkExpiryTooFar: {
    zh: '续费后服务到期时间不能超过 {years} 年后',
    en: 'After the renewal the service would end more than {years} years from now',
    'zh-TW': '續費後服務到期時間不能超過 {years} 年後',
    th: 'หลังต่ออายุ บริการจะสิ้นสุดเกิน {years} ปีนับจากนี้',
    ko: '갱신 후 서비스 종료일이 지금부터 {years}년을 넘을 수 없습니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
