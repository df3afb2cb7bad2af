/** Browser benches' shared steps (playwright-core, no vitest). */
import type { Page } from 'playwright-core';

/**
 * Signs a demo user in through the API (captcha read from the test-mode route) and stores the login
 * in the page's storage as the login page does; the page is left on /login.
 */
export async function storeSignIn(page: Page, baseUrl: string, phone: string, password = 'agri2026') {
  const request = page.context().request;
  await request.get(`${baseUrl}/api/user/baseaccount/getVerify?r=1`);
  const answer = (await (await request.get(`${baseUrl}/api/__test/captcha`)).json()).answer as string;
  const res = await request.post(`${baseUrl}/api/user/baseaccount/loginPd`, {
    data: { phoneNum: phone, password, verifyCode: answer },
  });
  if (!res.ok()) throw new Error(`sign-in ${phone}: ${res.status()}`);
  const { jToken, expire, refreshToken, ...info } = (await res.json()).data;
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', user);
    },
    { token: JSON.stringify({ token: jToken, expire, refreshToken }), user: JSON.stringify(info) },
  );
}
