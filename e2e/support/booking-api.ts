import { BASE } from './session';

/** A valid ISO 6346 container number for a 4-letter owner+category and a 6-digit serial. */
export function containerNo(owner: string, serial: number) {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  const letter = (c: string) => {
    let v = 10;
    for (let code = 65; code <= c.charCodeAt(0); code++) {
      if (code > 65) v++;
      if (v % 11 === 0) v++;
    }
    return v;
  };
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10[i];
    sum += (ch >= '0' && ch <= '9' ? Number(ch) : letter(ch)) * 2 ** i;
  }
  return `${first10}${(sum % 11) % 10}`;
}

/** Calls the portal API with a bearer token; the body parsed as JSON (null when empty). */
export async function api<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
