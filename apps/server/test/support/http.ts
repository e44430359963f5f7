// Plain HTTP calls as a program makes them (no Origin), or as a browser page does (with one).
export interface Call { cookie?: string; bearer?: string; origin?: string; headers?: Record<string, string> }

export function request(url: string, method: string, path: string, body?: unknown, c: Call = {}): Promise<Response> {
  return fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(c.cookie ? { cookie: c.cookie } : {}),
      ...(c.bearer ? { authorization: `Bearer ${c.bearer}` } : {}),
      ...(c.origin ? { origin: c.origin } : {}),
      ...c.headers,
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

export const post = (url: string, path: string, body?: unknown, c?: Call) => request(url, 'POST', path, body ?? {}, c);

/** The value a Set-Cookie header gives the device cookie ('' when it sets none). */
export function deviceCookie(res: Response): string {
  return /chu_device=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
}

/** A new account on a new device (as a program: the token comes in the body). */
export async function account(url: string, username: string, password = 'correct horse battery'): Promise<{ token: string; deviceId: string }> {
  const made = await post(url, '/api/device', { name: username });
  if (made.status !== 200) throw new Error(`device: ${made.status}`);
  const d = (await made.json()) as { token: string; device: { id: string } };
  const reg = await post(url, '/api/account/register', { username, password }, { bearer: d.token });
  if (reg.status !== 200) throw new Error(`register ${username}: ${reg.status}`);
  const { token } = (await reg.json()) as { token: string }; // registering rotates the device's token
  return { token, deviceId: d.device.id };
}
