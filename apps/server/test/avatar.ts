/** An avatar the signed-in caller uploaded (PUT user/profile takes only the caller's own uploads). */
import type { TestApp } from './helper.ts';
import { multipart, PNG_1X1 } from './multipart.ts';

export async function uploadAvatar(t: TestApp, auth: Record<string, string>): Promise<string> {
  const body = multipart([{ name: 'file', filename: 'avatar.png', type: 'image/png', data: PNG_1X1 }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/upload',
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
  if (res.statusCode !== 200) throw new Error(`avatar upload failed: ${res.body}`);
  return res.json().data.url as string;
}
