/**
 * Server messages of the tools module in the five languages: the telemetry tester's reasons
 * (packages/domain TELEMETRY_TEST_REASONS), handed in where app.ts composes the module (index.ts).
 */
import type { Language, TelemetryTestReason } from '@agrifleet/domain';

type Texts = Record<Language, string>;
const t = (zh: string, en: string, tw: string, th: string, ko: string): Texts => ({
  zh,
  en,
  'zh-TW': tw,
  th,
  ko,
});

const REASONS: Record<TelemetryTestReason, Texts> = {
  keyInvalid: t(
    '密钥无效：vid 或 secret 不正确，或密钥已被重新生成、账号未通过审核',
    'The key is not valid: wrong vid or secret, a key made again since, or an account not yet approved',
    '金鑰無效：vid 或 secret 不正確，或金鑰已重新產生、帳號未通過審核',
    'คีย์ไม่ถูกต้อง: vid หรือ secret ผิด มีการสร้างคีย์ใหม่แล้ว หรือบัญชียังไม่ผ่านการอนุมัติ',
    '키가 유효하지 않습니다: vid 또는 secret이 틀렸거나, 키가 다시 생성되었거나, 계정이 아직 승인되지 않았습니다',
  ),
  accountDisabled: t(
    '密钥所属账号已被禁用',
    "The key's account is disabled",
    '金鑰所屬帳號已被停用',
    'บัญชีของคีย์นี้ถูกปิดใช้งาน',
    '키의 계정이 비활성화되었습니다',
  ),
  droneNotKeyAccount: t(
    '该无人机不属于密钥所属账号（既非其制造商也非其运营方），数据会被拒收',
    "The drone is neither made nor operated by the key's account: its points are refused",
    '該無人機不屬於金鑰所屬帳號（既非其製造商也非其營運方），資料會被拒收',
    'โดรนนี้ไม่ได้ผลิตหรือดำเนินการโดยบัญชีของคีย์ ข้อมูลจะถูกปฏิเสธ',
    '이 드론은 키 계정이 제조하거나 운영하는 드론이 아니므로 데이터가 거부됩니다',
  ),
  invalidPoint: t(
    '数据点不符合遥测格式：{field}',
    'The point does not follow the telemetry format: {field}',
    '資料點不符合遙測格式：{field}',
    'จุดข้อมูลไม่เป็นไปตามรูปแบบเทเลเมทรี: {field}',
    '데이터 포인트가 텔레메트리 형식에 맞지 않습니다: {field}',
  ),
  outOfRange: t(
    '已丢弃：坐标超出经度 -180~180、纬度 -90~90',
    'Dropped: the coordinates are outside longitude -180..180 / latitude -90..90',
    '已丟棄：座標超出經度 -180~180、緯度 -90~90',
    'ถูกทิ้ง: พิกัดอยู่นอกลองจิจูด -180..180 / ละติจูด -90..90',
    '버려짐: 좌표가 경도 -180..180 / 위도 -90..90 범위를 벗어났습니다',
  ),
  outOfTime: t(
    '已丢弃：recordTime 距服务器时间太远（最多 30 天前、10 分钟后）',
    "Dropped: recordTime is too far from the server's clock (at most 30 days back, 10 minutes ahead)",
    '已丟棄：recordTime 距伺服器時間太遠（最多 30 天前、10 分鐘後）',
    'ถูกทิ้ง: recordTime ห่างจากเวลาเซิร์ฟเวอร์มากเกินไป (ย้อนหลังไม่เกิน 30 วัน ล่วงหน้าไม่เกิน 10 นาที)',
    '버려짐: recordTime이 서버 시각과 너무 멉니다(최대 30일 전, 10분 후)',
  ),
  duplicate: t(
    '已丢弃：recordTime 不晚于该无人机已收到的最新数据点（重复）',
    "Dropped: recordTime is not after the drone's newest accepted point (a duplicate)",
    '已丟棄：recordTime 不晚於該無人機已收到的最新資料點（重複）',
    'ถูกทิ้ง: recordTime ไม่ใหม่กว่าจุดล่าสุดที่รับไว้ของโดรน (ซ้ำ)',
    '버려짐: recordTime이 드론의 마지막으로 받은 포인트보다 늦지 않습니다(중복)',
  ),
  implausible: t(
    '已丢弃：与该无人机上一位置相距太远，速度不可能达到',
    "Dropped: too far from the drone's previous fix for the time between them",
    '已丟棄：與該無人機上一位置相距太遠，速度不可能達到',
    'ถูกทิ้ง: ห่างจากตำแหน่งก่อนหน้าของโดรนมากเกินกว่าที่ความเร็วจะทำได้',
    '버려짐: 이전 위치에서 시간 대비 너무 멀리 떨어져 있습니다',
  ),
  pilotUnlinked: t(
    '已接收，但 pilotId 不是该无人机运营账号的成员，未关联飞手',
    "Accepted, but pilotId is not a member of the drone's operating account: no pilot is linked",
    '已接收，但 pilotId 不是該無人機營運帳號的成員，未關聯飛手',
    'รับแล้ว แต่ pilotId ไม่ใช่สมาชิกของบัญชีผู้ดำเนินการโดรน จึงไม่ได้เชื่อมโยงนักบิน',
    '수신되었지만 pilotId가 드론 운영 계정의 구성원이 아니어서 조종사가 연결되지 않았습니다',
  ),
};

export const TOOLS_MESSAGES = {
  ...(Object.fromEntries(Object.entries(REASONS).map(([k, v]) => [`toolsTelemetry.${k}`, v])) as {
    [K in TelemetryTestReason as `toolsTelemetry.${K}`]: Texts;
  }),
  toolsDroneNotFound: t(
    '无人机不存在或不在您的数据范围内',
    'No such drone in your scope',
    '無人機不存在或不在您的資料範圍內',
    'ไม่พบโดรนนี้ในขอบเขตข้อมูลของคุณ',
    '데이터 범위에 해당 드론이 없습니다',
  ),
  toolsKeyNotFound: t(
    '密钥不存在或不属于您的账号',
    'No such key in your account',
    '金鑰不存在或不屬於您的帳號',
    'ไม่พบคีย์นี้ในบัญชีของคุณ',
    '계정에 해당 키가 없습니다',
  ),
};

declare module '../../platform/messages.ts' {
  interface ModuleMessages {
    tools: typeof TOOLS_MESSAGES;
  }
}
