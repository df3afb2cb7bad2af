/**
 * Server messages of the firmware module, in the five languages: its errors. The verdicts'
 * reasons and places are in verdicts.messages.ts. Handed in where app.ts composes the module
 * (index.ts, platform/messages.ts `registerMessages`).
 */
import type { Language } from '@agrifleet/domain';

export const FIRMWARE_MESSAGES = {
  firmwareKeyLimit: {
    zh: '每个账号最多保留 {max} 个未吊销的签名密钥，请先吊销不用的密钥',
    en: 'An account keeps at most {max} signing keys that are not revoked; revoke one you no longer use first',
    'zh-TW': '每個帳號最多保留 {max} 個未撤銷的簽章金鑰，請先撤銷不用的金鑰',
    th: 'บัญชีหนึ่งมีคีย์ลงนามที่ยังไม่ถูกเพิกถอนได้ไม่เกิน {max} คีย์ กรุณาเพิกถอนคีย์ที่ไม่ใช้ก่อน',
    ko: '계정당 폐기되지 않은 서명 키는 최대 {max}개입니다. 사용하지 않는 키를 먼저 폐기하세요',
  },
  firmwareKeyNotFound: {
    zh: '签名密钥不存在',
    en: 'Signing key not found',
    'zh-TW': '簽章金鑰不存在',
    th: 'ไม่พบคีย์ลงนาม',
    ko: '서명 키를 찾을 수 없습니다',
  },
  firmwareKeyRevoked: {
    zh: '该签名密钥已被吊销',
    en: 'This signing key has been revoked',
    'zh-TW': '該簽章金鑰已被撤銷',
    th: 'คีย์ลงนามนี้ถูกเพิกถอนแล้ว',
    ko: '이 서명 키는 폐기되었습니다',
  },
  firmwareKeyBad: {
    zh: '私钥格式不正确：请使用本系统生成并下载的 Ed25519 私钥（PKCS#8 PEM）',
    en: 'The private key is not valid: use the Ed25519 private key (PKCS#8 PEM) this console generated for you',
    'zh-TW': '私鑰格式不正確：請使用本系統產生並下載的 Ed25519 私鑰（PKCS#8 PEM）',
    th: 'คีย์ส่วนตัวไม่ถูกต้อง: กรุณาใช้คีย์ส่วนตัว Ed25519 (PKCS#8 PEM) ที่คอนโซลนี้สร้างให้',
    ko: '개인 키가 올바르지 않습니다. 이 콘솔에서 생성한 Ed25519 개인 키(PKCS#8 PEM)를 사용하세요',
  },
  firmwareKeyUnknown: {
    zh: '该私钥不属于本账号已登记的签名密钥',
    en: 'This private key is not one of the signing keys registered to your account',
    'zh-TW': '該私鑰不屬於本帳號已登記的簽章金鑰',
    th: 'คีย์ส่วนตัวนี้ไม่ใช่คีย์ลงนามที่ลงทะเบียนไว้กับบัญชีของคุณ',
    ko: '이 개인 키는 계정에 등록된 서명 키가 아닙니다',
  },
  firmwareModelNotFound: {
    zh: '机型不存在',
    en: 'Drone model not found',
    'zh-TW': '機型不存在',
    th: 'ไม่พบรุ่นโดรน',
    ko: '드론 모델을 찾을 수 없습니다',
  },
  firmwareFileNotFound: {
    zh: '固件文件不存在',
    en: 'Firmware file not found',
    'zh-TW': '韌體檔案不存在',
    th: 'ไม่พบไฟล์เฟิร์มแวร์',
    ko: '펌웨어 파일을 찾을 수 없습니다',
  },
  firmwareNameBad: {
    zh: '文件名须为 1~128 位字母、数字或 . _ + -，并以 .bin 或 .hex 结尾',
    en: 'The file name must be 1 to 128 letters, digits or . _ + - and end in .bin or .hex',
    'zh-TW': '檔名須為 1~128 位字母、數字或 . _ + -，並以 .bin 或 .hex 結尾',
    th: 'ชื่อไฟล์ต้องมี 1 ถึง 128 ตัว ประกอบด้วยตัวอักษร ตัวเลข หรือ . _ + - และลงท้ายด้วย .bin หรือ .hex',
    ko: '파일 이름은 영문, 숫자 또는 . _ + - 로 된 1~128자이며 .bin 또는 .hex로 끝나야 합니다',
  },
  firmwareNameTaken: {
    zh: '已有同名固件（不区分大小写和扩展名），请先删除或改名',
    en: 'A firmware of this name already exists (case and extension aside); delete it or rename the file first',
    'zh-TW': '已有同名韌體（不區分大小寫和副檔名），請先刪除或改名',
    th: 'มีเฟิร์มแวร์ชื่อนี้อยู่แล้ว (ไม่นับตัวพิมพ์และนามสกุล) กรุณาลบหรือเปลี่ยนชื่อไฟล์ก่อน',
    ko: '같은 이름의 펌웨어가 이미 있습니다(대소문자와 확장자 무시). 먼저 삭제하거나 이름을 바꾸세요',
  },
  firmwareFileLimit: {
    zh: '每个账号最多保存 {max} 个固件文件，请先删除不用的文件',
    en: 'An account stores at most {max} firmware files; delete some you no longer need first',
    'zh-TW': '每個帳號最多儲存 {max} 個韌體檔案，請先刪除不用的檔案',
    th: 'บัญชีหนึ่งเก็บไฟล์เฟิร์มแวร์ได้ไม่เกิน {max} ไฟล์ กรุณาลบไฟล์ที่ไม่ใช้ก่อน',
    ko: '계정당 펌웨어 파일은 최대 {max}개입니다. 필요 없는 파일을 먼저 삭제하세요',
  },
  firmwareEmpty: {
    zh: '固件文件是空的',
    en: 'The firmware file is empty',
    'zh-TW': '韌體檔案是空的',
    th: 'ไฟล์เฟิร์มแวร์ว่างเปล่า',
    ko: '펌웨어 파일이 비어 있습니다',
  },
  firmwareDisguised: {
    zh: '该文件的内容是 {kind}，不是固件二进制文件',
    en: 'This file holds {kind}, not a firmware binary',
    'zh-TW': '該檔案的內容是 {kind}，不是韌體二進位檔',
    th: 'ไฟล์นี้เป็น {kind} ไม่ใช่ไบนารีเฟิร์มแวร์',
    ko: '이 파일의 내용은 {kind}이며 펌웨어 바이너리가 아닙니다',
  },
  firmwareIsText: {
    zh: '该文件是文本，不是固件二进制文件',
    en: 'This file is text, not a firmware binary',
    'zh-TW': '該檔案是文字，不是韌體二進位檔',
    th: 'ไฟล์นี้เป็นข้อความ ไม่ใช่ไบนารีเฟิร์มแวร์',
    ko: '이 파일은 텍스트이며 펌웨어 바이너리가 아닙니다',
  },
  firmwareIsHex: {
    zh: '该文件是 Intel HEX 格式，请以 .hex 为扩展名上传',
    en: 'This file is Intel HEX: upload it with a .hex name',
    'zh-TW': '該檔案是 Intel HEX 格式，請以 .hex 為副檔名上傳',
    th: 'ไฟล์นี้เป็น Intel HEX กรุณาอัปโหลดโดยใช้นามสกุล .hex',
    ko: '이 파일은 Intel HEX 형식입니다. .hex 이름으로 업로드하세요',
  },
  firmwareIsImage: {
    zh: '该文件已是 MCUboot 镜像，请上传未签名的原始固件',
    en: 'This file is already an MCUboot image; upload the plain firmware it was made from',
    'zh-TW': '該檔案已是 MCUboot 映像，請上傳未簽章的原始韌體',
    th: 'ไฟล์นี้เป็นอิมเมจ MCUboot อยู่แล้ว กรุณาอัปโหลดเฟิร์มแวร์ต้นฉบับที่ยังไม่ได้ลงนาม',
    ko: '이 파일은 이미 MCUboot 이미지입니다. 서명되지 않은 원본 펌웨어를 업로드하세요',
  },
  firmwareHexBad: {
    zh: 'Intel HEX 文件第 {line} 行有误：{why}',
    en: 'The Intel HEX file is broken at line {line}: {why}',
    'zh-TW': 'Intel HEX 檔案第 {line} 行有誤：{why}',
    th: 'ไฟล์ Intel HEX ผิดพลาดที่บรรทัด {line}: {why}',
    ko: 'Intel HEX 파일 {line}번째 줄에 오류가 있습니다: {why}',
  },
  firmwareHexSpan: {
    zh: 'Intel HEX 文件的地址范围超过 {size}',
    en: 'The Intel HEX file spans more than {size} of addresses',
    'zh-TW': 'Intel HEX 檔案的位址範圍超過 {size}',
    th: 'ไฟล์ Intel HEX ครอบคลุมช่วงที่อยู่เกิน {size}',
    ko: 'Intel HEX 파일의 주소 범위가 {size}를 넘습니다',
  },
  firmwareDeviceKeyNotFound: {
    zh: '该机型还没有设备密钥',
    en: 'This drone model has no device key yet',
    'zh-TW': '該機型還沒有設備金鑰',
    th: 'รุ่นโดรนนี้ยังไม่มีคีย์อุปกรณ์',
    ko: '이 드론 모델에는 아직 장치 키가 없습니다',
  },
  firmwareDeviceKeyTaken: {
    zh: '该机型设备密钥的私钥已下载过，不能再次下载',
    en: "The private half of this model's device key has already been downloaded; it is handed out only once",
    'zh-TW': '該機型設備金鑰的私鑰已下載過，不能再次下載',
    th: 'คีย์ส่วนตัวของคีย์อุปกรณ์รุ่นนี้ถูกดาวน์โหลดไปแล้ว ดาวน์โหลดได้เพียงครั้งเดียว',
    ko: '이 모델 장치 키의 개인 키는 이미 다운로드되었습니다. 한 번만 받을 수 있습니다',
  },
  firmwareDroneNotFound: {
    zh: '无人机不存在或不属于本厂商',
    en: 'Drone not found among the drones you made',
    'zh-TW': '無人機不存在或不屬於本廠商',
    th: 'ไม่พบโดรนนี้ในโดรนที่คุณผลิต',
    ko: '제조한 드론 중에서 이 드론을 찾을 수 없습니다',
  },
  firmwareDroneKeyBad: {
    zh: '公钥格式不正确：请提供 Ed25519 公钥（-----BEGIN PUBLIC KEY----- 格式）',
    en: 'The public key is not valid: send an Ed25519 public key as PEM (-----BEGIN PUBLIC KEY-----)',
    'zh-TW': '公鑰格式不正確：請提供 Ed25519 公鑰（-----BEGIN PUBLIC KEY----- 格式）',
    th: 'คีย์สาธารณะไม่ถูกต้อง: กรุณาส่งคีย์สาธารณะ Ed25519 แบบ PEM (-----BEGIN PUBLIC KEY-----)',
    ko: '공개 키가 올바르지 않습니다. Ed25519 공개 키를 PEM(-----BEGIN PUBLIC KEY-----)으로 보내세요',
  },
  firmwareDroneKeyLimit: {
    zh: '每架无人机最多登记 {max} 个未吊销的日志密钥',
    en: 'A drone holds at most {max} flight-log keys that are not revoked',
    'zh-TW': '每架無人機最多登記 {max} 個未撤銷的日誌金鑰',
    th: 'โดรนหนึ่งลำมีคีย์บันทึกการบินที่ยังไม่ถูกเพิกถอนได้ไม่เกิน {max} คีย์',
    ko: '드론당 폐기되지 않은 비행 기록 키는 최대 {max}개입니다',
  },
  firmwareDroneKeyRevoked: {
    zh: '该日志密钥已被吊销',
    en: 'This flight-log key has been revoked',
    'zh-TW': '該日誌金鑰已被撤銷',
    th: 'คีย์บันทึกการบินนี้ถูกเพิกถอนแล้ว',
    ko: '이 비행 기록 키는 폐기되었습니다',
  },
  firmwareDroneKeyNotFound: {
    zh: '该无人机没有这个日志密钥',
    en: 'This drone has no such flight-log key',
    'zh-TW': '該無人機沒有這個日誌金鑰',
    th: 'โดรนนี้ไม่มีคีย์บันทึกการบินนี้',
    ko: '이 드론에는 해당 비행 기록 키가 없습니다',
  },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../platform/messages.ts' {
  interface ModuleMessages {
    firmware: typeof FIRMWARE_MESSAGES;
  }
}
