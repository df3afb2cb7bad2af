/**
 * Server messages of the blocks module, in the five languages (merged into platform/messages.ts).
 * The geometry issues of `checkZoneGeometry` reuse the nofly module's generic polygon messages
 * (`noflyGeometry*`, which speak of "the polygon"); only the wrong-shape message is the block's own.
 */
import type { Language } from '@agrifleet/domain';

export const BLOCK_MESSAGES = {
  blockGeometryShape: {
    zh: '地块形状有误：地块须为多边形（Polygon，可含内环作为障碍）',
    en: 'Wrong block shape: a block is a Polygon (holes for obstacles allowed)',
    'zh-TW': '地塊形狀有誤：地塊須為多邊形（Polygon，可含內環作為障礙）',
    th: 'รูปร่างแปลงไม่ถูกต้อง: แปลงต้องเป็น Polygon (มีรูเป็นสิ่งกีดขวางได้)',
    ko: '필지 형태가 잘못되었습니다: 필지는 Polygon이어야 합니다 (장애물은 구멍으로)',
  },
  blockNotFound: {
    zh: '地块不存在',
    en: 'Block not found',
    'zh-TW': '地塊不存在',
    th: 'ไม่พบแปลง',
    ko: '필지를 찾을 수 없습니다',
  },
  blockNotYours: {
    zh: '地块「{name}」不属于您的账号或下级账号，您只能查看',
    en: 'Block "{name}" belongs to neither your account nor its sub-accounts: you can only view it',
    'zh-TW': '地塊「{name}」不屬於您的帳號或下級帳號，您只能查看',
    th: 'แปลง "{name}" ไม่ใช่ของบัญชีของคุณหรือบัญชีย่อย คุณดูได้อย่างเดียว',
    ko: '필지 "{name}"은(는) 귀하의 계정이나 하위 계정의 것이 아니므로 보기만 할 수 있습니다',
  },
  blockInUse: {
    zh: '地块「{name}」已被 {sorties} 个架次和 {routes} 条航线引用，不能删除；如仍要删除请使用强制删除（架次和航线将与地块解除关联）',
    en: 'Block "{name}" is referred to by {sorties} sorties and {routes} routes and cannot be deleted; use force delete to detach them and delete it',
    'zh-TW':
      '地塊「{name}」已被 {sorties} 個架次和 {routes} 條航線引用，不能刪除；如仍要刪除請使用強制刪除（架次和航線將與地塊解除關聯）',
    th: 'แปลง "{name}" ถูกอ้างอิงโดย {sorties} เที่ยวบินและ {routes} เส้นทาง จึงลบไม่ได้ ใช้การลบแบบบังคับเพื่อแยกออกแล้วลบ',
    ko: '필지 "{name}"은(는) {sorties}개 비행과 {routes}개 경로가 참조하고 있어 삭제할 수 없습니다. 강제 삭제로 연결을 해제하고 삭제하세요',
  },
  blockSharePhone: {
    zh: '手机号格式有误：请填写如 13800000000 或 86-13800000000',
    en: 'Invalid phone number: write it as 13800000000 or 86-13800000000',
    'zh-TW': '手機號格式有誤：請填寫如 13800000000 或 86-13800000000',
    th: 'หมายเลขโทรศัพท์ไม่ถูกต้อง: เขียนเป็น 13800000000 หรือ 86-13800000000',
    ko: '전화번호 형식이 잘못되었습니다: 13800000000 또는 86-13800000000 형식으로 입력하세요',
  },
  blockShareSelf: {
    zh: '这是您自己的手机号，无需分享',
    en: 'This is your own phone number: no need to share it',
    'zh-TW': '這是您自己的手機號，無需分享',
    th: 'นี่คือหมายเลขโทรศัพท์ของคุณเอง ไม่ต้องแชร์',
    ko: '본인의 전화번호입니다. 공유할 필요가 없습니다',
  },
  blockShareNotFound: {
    zh: '该地块没有分享给此用户',
    en: 'This block is not shared with this user',
    'zh-TW': '該地塊沒有分享給此使用者',
    th: 'แปลงนี้ไม่ได้แชร์ให้ผู้ใช้นี้',
    ko: '이 필지는 이 사용자와 공유되어 있지 않습니다',
  },
  blockRouteNotFound: {
    zh: '该地块没有此航线',
    en: 'This block has no such route',
    'zh-TW': '該地塊沒有此航線',
    th: 'แปลงนี้ไม่มีเส้นทางนี้',
    ko: '이 필지에 해당 경로가 없습니다',
  },
  blockRangeInvalid: {
    zh: '地图范围有误：最小经纬度须小于最大经纬度',
    en: 'Invalid map range: the minimum longitude and latitude must be below the maximum',
    'zh-TW': '地圖範圍有誤：最小經緯度須小於最大經緯度',
    th: 'ขอบเขตแผนที่ไม่ถูกต้อง: ลองจิจูดและละติจูดต่ำสุดต้องน้อยกว่าสูงสุด',
    ko: '지도 범위가 잘못되었습니다: 최소 경도·위도가 최대보다 작아야 합니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
