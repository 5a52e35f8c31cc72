import { randomInt } from 'node:crypto';

/**
 * A browser-like API client for tests: keeps cookies, sends JSON with the app's Origin and a
 * client IP of its own (X-Forwarded-For; the test server trusts it) so IP limits stay per test.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  readonly ip: string;

  constructor(
    readonly baseUrl: string,
    ip?: string,
    readonly origin: string = baseUrl,
  ) {
    this.ip = ip ?? `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const h: Record<string, string> = { origin: this.origin, 'x-forwarded-for': this.ip, ...headers };
    if (this.cookies.size > 0) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined;
    if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers: h, body: payload, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body ?? {}, headers);

  async json<T>(res: Response): Promise<T> {
    return (await res.json()) as T;
  }

  /** Another client holding the same cookies (the same browser, or a stolen cookie), optionally on another instance. */
  clone(baseUrl = this.baseUrl): TestClient {
    const copy = new TestClient(baseUrl, this.ip, baseUrl);
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }

  /** The Cookie header this client sends (for a WebSocket opened beside it). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasSession(): boolean {
    return [...this.cookies.keys()].some((k) => k.includes('session_token'));
  }
}

let counter = 0;
/** A unique address for one test. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${randomInt(1e6)}@example.org`;
}
