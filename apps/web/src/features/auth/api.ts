/** The sign-in family of calls (000 §7), made without a login. */
import type { CodeType, LoginResult, RegBody, RegionNode } from '@agrifleet/domain';
import { apiUrl, http } from '../../api/http.ts';

const base = 'user/baseaccount';
const pub = { public: true } as const;

export interface LoginPdForm {
  phoneNum: string;
  password: string;
  verifyCode: string;
  rememberPassword: boolean;
}
export interface LoginSmsForm {
  phoneNum: string;
  verifyCode: string;
  rememberPassword: boolean;
}
export interface ResetPasswordBody {
  phoneNum?: string;
  email?: string;
  password: string;
  verifyCode: string;
}

/** A fresh captcha image address; the random query defeats caches and rebinds the cookie. */
export const captchaUrl = () => apiUrl(`${base}/getVerify`, { r: Math.random().toString().slice(2) });

export const UPLOAD_URL = apiUrl('user/upload');

export const authApi = {
  sendCode: (phoneNum: string, codeType: CodeType) =>
    http.get<null>(`${base}/getVerifyCode`, { phoneNum, codeType }, pub),
  checkCode: (phoneNum: string, code: string, checkOpr: CodeType) =>
    http.get<null>(`${base}/checkVerifyCode`, { phoneNum, code, checkOpr }, pub),
  loginPd: (body: LoginPdForm) => http.post<LoginResult>(`${base}/loginPd`, body, pub),
  loginSms: (body: LoginSmsForm) => http.post<LoginResult>(`${base}/loginSmS`, body, pub),
  register: (body: RegBody) => http.post<null>(`${base}/reg`, body, pub),
  resetPassword: (body: ResetPasswordBody) => http.put<null>(`${base}/resetPassword`, body, pub),
  regions: () => http.get<RegionNode[]>('oper/regions', undefined, pub),
};
