/**
 * The verdicts of verifyfw and verifylog in the five languages: every reason code of the image
 * library (image/layout.ts VerifyReason) and of the flight log library (flightLog/format.ts
 * FlightLogReason), and every place region an image verdict can name ("payload bytes 1048576-2097151").
 */
import type { Language } from '@agrifleet/domain';
import type { FlightLogReason } from './flightLog/index.ts';
import type { PlaceRegion, VerifyReason } from './image/index.ts';

type Texts = Record<Language, string>;
const t = (zh: string, en: string, tw: string, th: string, ko: string): Texts => ({
  zh,
  en,
  'zh-TW': tw,
  th,
  ko,
});

const IMAGE = {
  ok: t(
    '验证通过：签名有效',
    'Valid: the signature holds',
    '驗證通過：簽章有效',
    'ถูกต้อง: ลายเซ็นใช้ได้',
    '유효함: 서명이 올바릅니다',
  ),
  revoked: t(
    '签名正确，但签名密钥已被吊销',
    'The signature is correct, but its key has been revoked',
    '簽章正確，但簽章金鑰已被撤銷',
    'ลายเซ็นถูกต้อง แต่คีย์ที่ใช้ลงนามถูกเพิกถอนแล้ว',
    '서명은 올바르지만 서명 키가 폐기되었습니다',
  ),
  unknownKey: t(
    '签名密钥不是本账号的密钥',
    'It was not signed with one of your account’s keys',
    '簽章金鑰不是本帳號的金鑰',
    'ไม่ได้ลงนามด้วยคีย์ของบัญชีคุณ',
    '계정의 키로 서명되지 않았습니다',
  ),
  keyHashMismatch: t(
    '密钥哈希 (KEYHASH) 被修改',
    'The key hash (KEYHASH) was changed',
    '金鑰雜湊 (KEYHASH) 被修改',
    'ค่าแฮชของคีย์ (KEYHASH) ถูกแก้ไข',
    '키 해시(KEYHASH)가 변경되었습니다',
  ),
  badMagic: t(
    '不是 MCUboot 镜像',
    'Not an MCUboot image',
    '不是 MCUboot 映像',
    'ไม่ใช่อิมเมจ MCUboot',
    'MCUboot 이미지가 아닙니다',
  ),
  badHeader: t(
    '镜像头损坏',
    'The image header is broken',
    '映像標頭損壞',
    'ส่วนหัวของอิมเมจเสียหาย',
    '이미지 헤더가 손상되었습니다',
  ),
  truncated: t(
    '文件不完整（被截断）',
    'The file is cut short',
    '檔案不完整（被截斷）',
    'ไฟล์ไม่ครบ (ถูกตัด)',
    '파일이 잘렸습니다',
  ),
  badTlv: t(
    'TLV 区结构损坏',
    'A TLV area is broken',
    'TLV 區結構損壞',
    'โครงสร้างส่วน TLV เสียหาย',
    'TLV 영역이 손상되었습니다',
  ),
  unsupported: t(
    '不支持的 MCUboot 镜像类型（仅支持 SHA-256 + Ed25519 + X25519/AES-128）',
    'An MCUboot image of a kind not supported here (only SHA-256 + Ed25519 + X25519/AES-128)',
    '不支援的 MCUboot 映像類型（僅支援 SHA-256 + Ed25519 + X25519/AES-128）',
    'อิมเมจ MCUboot ชนิดที่ไม่รองรับ (รองรับเฉพาะ SHA-256 + Ed25519 + X25519/AES-128)',
    '지원하지 않는 MCUboot 이미지 형식입니다(SHA-256 + Ed25519 + X25519/AES-128만 지원)',
  ),
  cannotDecrypt: t(
    '无法解密：不是为您的机型设备密钥加密的',
    'Cannot decrypt: it was not encrypted for a device key of your drone models',
    '無法解密：不是為您的機型設備金鑰加密的',
    'ถอดรหัสไม่ได้: ไม่ได้เข้ารหัสสำหรับคีย์อุปกรณ์ของรุ่นโดรนของคุณ',
    '복호화할 수 없습니다: 드론 모델의 장치 키로 암호화되지 않았습니다',
  ),
  hashMismatch: t(
    '内容被修改：哈希不一致',
    'The contents were changed: the hash does not match',
    '內容被修改：雜湊不一致',
    'เนื้อหาถูกแก้ไข: ค่าแฮชไม่ตรงกัน',
    '내용이 변경되었습니다: 해시가 일치하지 않습니다',
  ),
  badSignature: t(
    '签名无效',
    'The signature is not valid',
    '簽章無效',
    'ลายเซ็นไม่ถูกต้อง',
    '서명이 올바르지 않습니다',
  ),
  trailingBytes: t(
    '有效镜像之后附加了多余数据',
    'Extra bytes were added after a valid image',
    '有效映像之後附加了多餘資料',
    'มีข้อมูลส่วนเกินต่อท้ายอิมเมจที่ถูกต้อง',
    '유효한 이미지 뒤에 추가 데이터가 붙어 있습니다',
  ),
} satisfies Record<VerifyReason, Texts>;

const LOG = {
  ok: t(
    '验证通过：日志完整且签名有效',
    'Valid: the log is whole and its signature holds',
    '驗證通過：日誌完整且簽章有效',
    'ถูกต้อง: บันทึกครบถ้วนและลายเซ็นใช้ได้',
    '유효함: 기록이 온전하고 서명이 올바릅니다',
  ),
  empty: t(
    '日志文件是空的',
    'The log file is empty',
    '日誌檔案是空的',
    'ไฟล์บันทึกว่างเปล่า',
    '기록 파일이 비어 있습니다',
  ),
  tooLarge: t(
    '日志或其中一行过大',
    'The log, or one of its lines, is too large',
    '日誌或其中一行過大',
    'บันทึกหรือบรรทัดใดบรรทัดหนึ่งใหญ่เกินไป',
    '기록 또는 그 안의 한 줄이 너무 큽니다',
  ),
  badEncoding: t(
    '不是有效的 UTF-8 文本',
    'Not valid UTF-8 text',
    '不是有效的 UTF-8 文字',
    'ไม่ใช่ข้อความ UTF-8 ที่ถูกต้อง',
    '올바른 UTF-8 텍스트가 아닙니다',
  ),
  badJson: t('不是 JSON', 'Not JSON', '不是 JSON', 'ไม่ใช่ JSON', 'JSON이 아닙니다'),
  notCanonical: t(
    'JSON 不是规范格式（RFC 8785），可能被编辑过',
    'The JSON is not in its canonical form (RFC 8785): it may have been edited',
    'JSON 不是規範格式（RFC 8785），可能被編輯過',
    'JSON ไม่อยู่ในรูปแบบมาตรฐาน (RFC 8785) อาจถูกแก้ไข',
    'JSON이 정규 형식(RFC 8785)이 아닙니다. 편집되었을 수 있습니다',
  ),
  unterminated: t(
    '最后一行没有换行符（文件被截断或编辑过）',
    'The last line has no line end (the file was cut or edited)',
    '最後一行沒有換行符（檔案被截斷或編輯過）',
    'บรรทัดสุดท้ายไม่มีตัวขึ้นบรรทัดใหม่ (ไฟล์ถูกตัดหรือแก้ไข)',
    '마지막 줄에 줄 끝이 없습니다(파일이 잘렸거나 편집됨)',
  ),
  badHeader: t(
    '日志头格式有误',
    'The log header is not valid',
    '日誌標頭格式有誤',
    'ส่วนหัวของบันทึกไม่ถูกต้อง',
    '기록 헤더가 올바르지 않습니다',
  ),
  unsupported: t(
    '不支持的日志版本或算法',
    'A log version or algorithm not supported here',
    '不支援的日誌版本或演算法',
    'เวอร์ชันหรืออัลกอริทึมของบันทึกที่ไม่รองรับ',
    '지원하지 않는 기록 버전 또는 알고리즘입니다',
  ),
  unknownKey: t(
    '未知的无人机或日志密钥',
    'Unknown drone or flight-log key',
    '未知的無人機或日誌金鑰',
    'ไม่รู้จักโดรนหรือคีย์บันทึกการบิน',
    '알 수 없는 드론 또는 비행 기록 키입니다',
  ),
  revoked: t(
    '日志密钥已被吊销',
    'The flight-log key has been revoked',
    '日誌金鑰已被撤銷',
    'คีย์บันทึกการบินถูกเพิกถอนแล้ว',
    '비행 기록 키가 폐기되었습니다',
  ),
  badRecord: t(
    '记录格式有误或超出范围',
    'A record of the wrong shape or out of range',
    '記錄格式有誤或超出範圍',
    'ระเบียนมีรูปแบบผิดหรืออยู่นอกช่วง',
    '형식이 잘못되었거나 범위를 벗어난 레코드입니다',
  ),
  seqGap: t(
    '记录序号不连续：有记录被删除、重复或调换',
    'The record numbers jump: a record was removed, repeated or moved',
    '記錄序號不連續：有記錄被刪除、重複或調換',
    'ลำดับระเบียนข้าม: มีระเบียนถูกลบ ซ้ำ หรือสลับที่',
    '레코드 번호가 건너뜁니다: 레코드가 삭제, 중복 또는 이동되었습니다',
  ),
  chainBroken: t(
    '哈希链断裂：此行或上一行被修改',
    'The hash chain breaks: this line or the one before it was changed',
    '雜湊鏈斷裂：此行或上一行被修改',
    'ห่วงโซ่แฮชขาด: บรรทัดนี้หรือบรรทัดก่อนหน้าถูกแก้ไข',
    '해시 체인이 끊겼습니다: 이 줄 또는 이전 줄이 변경되었습니다',
  ),
  badSignature: t(
    '签名无效',
    'The signature is not valid',
    '簽章無效',
    'ลายเซ็นไม่ถูกต้อง',
    '서명이 올바르지 않습니다',
  ),
  noSignature: t(
    '日志没有签名行',
    'The log has no signature line',
    '日誌沒有簽章行',
    'บันทึกไม่มีบรรทัดลายเซ็น',
    '기록에 서명 줄이 없습니다',
  ),
  trailingData: t(
    '签名行之后还有数据',
    'There is data after the signature line',
    '簽章行之後還有資料',
    'มีข้อมูลต่อจากบรรทัดลายเซ็น',
    '서명 줄 뒤에 데이터가 있습니다',
  ),
} satisfies Record<FlightLogReason, Texts>;

/** "{what} bytes {start}-{last}": the first and last byte of the place, counted from 0. */
const PLACE = {
  header: t(
    '镜像头 第 {start}-{last} 字节',
    'header bytes {start}-{last}',
    '映像標頭 第 {start}-{last} 位元組',
    'ส่วนหัว ไบต์ที่ {start}-{last}',
    '헤더 {start}-{last} 바이트',
  ),
  payload: t(
    '固件载荷 第 {start}-{last} 字节',
    'payload bytes {start}-{last}',
    '韌體酬載 第 {start}-{last} 位元組',
    'ข้อมูลเฟิร์มแวร์ ไบต์ที่ {start}-{last}',
    '페이로드 {start}-{last} 바이트',
  ),
  protectedTlv: t(
    '受保护 TLV 区 第 {start}-{last} 字节',
    'protected TLV area bytes {start}-{last}',
    '受保護 TLV 區 第 {start}-{last} 位元組',
    'ส่วน TLV ที่ได้รับการป้องกัน ไบต์ที่ {start}-{last}',
    '보호 TLV 영역 {start}-{last} 바이트',
  ),
  tlvInfo: t(
    'TLV 区信息头 第 {start}-{last} 字节',
    'TLV area info bytes {start}-{last}',
    'TLV 區資訊標頭 第 {start}-{last} 位元組',
    'ข้อมูลส่วนหัว TLV ไบต์ที่ {start}-{last}',
    'TLV 영역 정보 {start}-{last} 바이트',
  ),
  hashTlv: t(
    '哈希 TLV 第 {start}-{last} 字节',
    'hash TLV bytes {start}-{last}',
    '雜湊 TLV 第 {start}-{last} 位元組',
    'TLV แฮช ไบต์ที่ {start}-{last}',
    '해시 TLV {start}-{last} 바이트',
  ),
  keyHashTlv: t(
    '密钥哈希 TLV 第 {start}-{last} 字节',
    'key hash TLV bytes {start}-{last}',
    '金鑰雜湊 TLV 第 {start}-{last} 位元組',
    'TLV แฮชของคีย์ ไบต์ที่ {start}-{last}',
    '키 해시 TLV {start}-{last} 바이트',
  ),
  signatureTlv: t(
    '签名 TLV 第 {start}-{last} 字节',
    'signature TLV bytes {start}-{last}',
    '簽章 TLV 第 {start}-{last} 位元組',
    'TLV ลายเซ็น ไบต์ที่ {start}-{last}',
    '서명 TLV {start}-{last} 바이트',
  ),
  encryptionTlv: t(
    '加密密钥 TLV 第 {start}-{last} 字节',
    'encryption key TLV bytes {start}-{last}',
    '加密金鑰 TLV 第 {start}-{last} 位元組',
    'TLV คีย์เข้ารหัส ไบต์ที่ {start}-{last}',
    '암호화 키 TLV {start}-{last} 바이트',
  ),
  tlvArea: t(
    'TLV 区 第 {start}-{last} 字节',
    'TLV area bytes {start}-{last}',
    'TLV 區 第 {start}-{last} 位元組',
    'ส่วน TLV ไบต์ที่ {start}-{last}',
    'TLV 영역 {start}-{last} 바이트',
  ),
  trailingBytes: t(
    '镜像之后的多余数据 第 {start}-{last} 字节',
    'extra bytes {start}-{last} after the image',
    '映像之後的多餘資料 第 {start}-{last} 位元組',
    'ข้อมูลส่วนเกินหลังอิมเมจ ไบต์ที่ {start}-{last}',
    '이미지 뒤 추가 데이터 {start}-{last} 바이트',
  ),
} satisfies Record<PlaceRegion, Texts>;

const prefixed = <P extends string, K extends string>(prefix: P, texts: Record<K, Texts>) =>
  Object.fromEntries(Object.entries(texts).map(([k, v]) => [`${prefix}${k}`, v])) as {
    [Q in K as `${P}${Q}`]: Texts;
  };

export const VERDICT_MESSAGES = {
  ...prefixed('firmwareImage.', IMAGE),
  ...prefixed('firmwareLog.', LOG),
  ...prefixed('firmwarePlace.', PLACE),
  'firmwarePlace.truncated': t(
    '文件在第 {start} 字节处结束，应有 {end} 字节',
    'the file ends after {start} bytes of the {end} it should have',
    '檔案在第 {start} 位元組處結束，應有 {end} 位元組',
    'ไฟล์จบที่ {start} ไบต์ จากที่ควรมี {end} ไบต์',
    '파일이 {end}바이트 중 {start}바이트에서 끝납니다',
  ),
  'firmwareLog.atLine': t(
    '第 {line} 行：{text}',
    'Line {line}: {text}',
    '第 {line} 行：{text}',
    'บรรทัด {line}: {text}',
    '{line}번째 줄: {text}',
  ),
};

declare module '../../platform/messages.ts' {
  interface ModuleMessages {
    firmwareVerdicts: typeof VERDICT_MESSAGES;
  }
}
