import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  createMemoryTokenStore,
  getProjects,
  login,
  resolveApiUrl,
  type ApiClientOptions,
} from '../../api';

// A real HTTP server on an ephemeral port: the client is exercised through ofetch and undici as in
// production, and the server records what actually arrived.

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let base: string;
let seen: Seen[] = [];
const routes = new Map<string, Handler>();

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0] ?? '';
      const handler = routes.get(path);
      if (handler) handler(req, res, body);
      else json(res, 404, { retcode: 404, retmsg: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  routes.clear();
});

function client(extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseURL: `${base}/api`, ...extra });
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to reject');
}

describe('request shape', () => {
  it('sends the stored token as Bearer, X-Requested-With and Accept-Language; GET sends a query', async () => {
    routes.set('/api/things', (_q, res) => json(res, 200, { retcode: 0, retdata: [1, 2] }));
    const api = client({ tokenStore: createMemoryTokenStore('tok-1'), getLocale: () => 'en' });
    const data = await api.get<number[]>('things', { page: 2, keyword: '瓷砖' });
    expect(data).toEqual([1, 2]);
    const req = seen[0]!;
    expect(req.method).toBe('GET');
    expect(req.headers.authorization).toBe('Bearer tok-1');
    expect(req.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(req.headers['accept-language']).toBe('en');
    const query = new URL(req.url, base).searchParams;
    expect(query.get('page')).toBe('2');
    expect(query.get('keyword')).toBe('瓷砖');
  });

  it('POST, PUT and PATCH send a JSON body', async () => {
    routes.set('/api/echo', (req, res, body) => json(res, 200, { retcode: 0, retdata: { method: req.method, body: JSON.parse(body) } }));
    const api = client();
    await expect(api.post('echo', { a: 1 })).resolves.toEqual({ method: 'POST', body: { a: 1 } });
    await expect(api.put('echo', { b: 2 })).resolves.toEqual({ method: 'PUT', body: { b: 2 } });
    await expect(api.patch('echo', { c: 3 })).resolves.toEqual({ method: 'PATCH', body: { c: 3 } });
    expect(seen.every((s) => s.headers['content-type'] === 'application/json')).toBe(true);
  });

  it('sends no Authorization header without a token, and a static token wins over the store', async () => {
    routes.set('/api/x', (_q, res) => json(res, 200, { retcode: 0, retdata: null }));
    await client().get('x');
    expect(seen[0]!.headers.authorization).toBeUndefined();
    await client({ tokenStore: createMemoryTokenStore('stored'), staticToken: 'fixed' }).get('x');
    expect(seen[1]!.headers.authorization).toBe('Bearer fixed');
  });

  it('replaces the stored token with the Bearer value of a response Authorization header', async () => {
    routes.set('/api/renew', (_q, res) => json(res, 200, { retcode: 0, retdata: 'ok' }, { Authorization: 'Bearer tok-2' }));
    routes.set('/api/plain', (_q, res) => json(res, 200, { retcode: 0, retdata: 'ok' }));
    const store = createMemoryTokenStore('tok-1');
    const api = client({ tokenStore: store });
    await api.get('renew');
    expect(store.get()).toBe('tok-2');
    await api.get('plain');
    expect(seen[1]!.headers.authorization).toBe('Bearer tok-2');
    expect(store.get()).toBe('tok-2');
  });

  it("clears the token before sending a call whose path contains 'login'", async () => {
    routes.set('/api/user/login', (_q, res) => json(res, 200, { retcode: 0, retdata: { token: 'new' } }));
    const store = createMemoryTokenStore('old');
    await client({ tokenStore: store }).post('user/login', { account: 'a' });
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(store.get()).toBeNull();
  });

  it('resolves paths against the base like URLs', () => {
    expect(resolveApiUrl('/api', 'session')).toBe('/api/session');
    expect(resolveApiUrl('/api', '/api/session')).toBe('/api/session');
    expect(resolveApiUrl('/api/', '/meta20/x/scene')).toBe('/meta20/x/scene');
    expect(resolveApiUrl('http://h:1/api', 'projects')).toBe('http://h:1/api/projects');
    expect(resolveApiUrl('/api', 'https://cdn.example.com/a.json')).toBe('https://cdn.example.com/a.json');
  });
});

describe('results and errors', () => {
  it('unwraps retdata on retcode 0 and data on code 0', async () => {
    routes.set('/api/a', (_q, res) => json(res, 200, { retcode: 0, retdata: { n: 1 }, data: 'ignored' }));
    routes.set('/api/b', (_q, res) => json(res, 200, { code: 0, data: { n: 2 } }));
    const api = client();
    await expect(api.get('a')).resolves.toEqual({ n: 1 });
    await expect(api.get('b')).resolves.toEqual({ n: 2 });
  });

  it('rejects a non-zero retcode as a response error keeping the server code and message', async () => {
    routes.set('/api/bad', (_q, res) => json(res, 200, { retcode: 20003, retmsg: '参数错误' }));
    const onError = vi.fn();
    const e = await rejection(client({ onError }).get('bad'));
    expect(e.kind).toBe('response');
    expect(e.code).toBe(20003);
    expect(e.status).toBe(200);
    expect(e.serverMessage).toBe('参数错误');
    expect(e.url).toBe(`${base}/api/bad`);
    expect(e.message).toBe(`接口出错！ ${base}/api/bad 参数错误`);
    expect(onError).toHaveBeenCalledWith(e);
  });

  it('rejects a body without retcode or code, and an HTTP error, keeping the status', async () => {
    routes.set('/api/odd', (_q, res) => json(res, 200, { hello: 'world' }));
    routes.set('/api/boom', (_q, res) => json(res, 500, { retcode: 50000, retmsg: '服务器错误' }));
    const api = client();
    expect((await rejection(api.get('odd'))).kind).toBe('response');
    const e = await rejection(api.post('boom', {}));
    expect([e.status, e.code, e.serverMessage]).toEqual([500, 50000, '服务器错误']);
  });

  it('wraps a call that gets no response as a network error naming the url', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createApiClient({ baseURL: `http://127.0.0.1:${port}/api` });
    const e = await rejection(api.get('x'));
    expect(e.kind).toBe('network');
    expect(e.status).toBeNull();
    expect(e.url).toBe(`http://127.0.0.1:${port}/api/x`);
    expect(e.message).toBe(`网络错误! http://127.0.0.1:${port}/api/x`);
    expect(e.timeout).toBe(false);
  });

  it('honours the timeout option and reports it as a network error', async () => {
    routes.set('/api/slow', (_q, res) => setTimeout(() => json(res, 200, { retcode: 0, retdata: 'late' }), 1000));
    const started = Date.now();
    const e = await rejection(client({ timeout: 100 }).get('slow'));
    expect(Date.now() - started).toBeLessThan(900);
    expect(e.kind).toBe('network');
    expect(e.timeout).toBe(true);
    // a per-call timeout overrides the client's default
    const e2 = await rejection(client().get('slow', undefined, { timeout: 50 }));
    expect(e2.timeout).toBe(true);
  });

  it('does not report silent calls to onError', async () => {
    routes.set('/api/bad', (_q, res) => json(res, 200, { retcode: 1, retmsg: 'x' }));
    const onError = vi.fn();
    await rejection(client({ onError }).get('bad', undefined, { silent: true }));
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('session expiry', () => {
  beforeEach(() => {
    routes.set('/api/http401', (_q, res) => json(res, 401, { retcode: 401, retmsg: '登录失效' }));
    routes.set('/api/body401', (_q, res) => json(res, 200, { retcode: 401, retmsg: '登录失效' }));
    routes.set('/api/code401', (_q, res) => json(res, 200, { code: 401, msg: 'expired' }));
  });

  it('emits session-expired once per 401 (HTTP status, retcode or code) and rejects', async () => {
    for (const path of ['http401', 'body401', 'code401']) {
      const onSessionExpired = vi.fn();
      const e = await rejection(client({ onSessionExpired }).get(path));
      expect(e.sessionExpired).toBe(true);
      expect(onSessionExpired).toHaveBeenCalledTimes(1);
      expect(onSessionExpired.mock.calls[0]![0]).toMatchObject({ url: `${base}/api/${path}`, method: 'GET' });
    }
  });

  it('does not emit for calls that opt out or while the route is exempt', async () => {
    const onSessionExpired = vi.fn();
    await rejection(client({ onSessionExpired }).get('http401', undefined, { skipSessionExpired: true }));
    await rejection(client({ onSessionExpired, isExemptRoute: () => true }).get('body401'));
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('does not emit for other failures', async () => {
    routes.set('/api/bad', (_q, res) => json(res, 403, { retcode: 403, retmsg: 'forbidden' }));
    const onSessionExpired = vi.fn();
    const e = await rejection(client({ onSessionExpired }).get('bad'));
    expect(e.sessionExpired).toBe(false);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('session calls', () => {
  it('login posts the action, sends no old token and a wrong password is not a session expiry', async () => {
    routes.set('/api/session', (_q, res, body) => {
      const b = JSON.parse(body) as { password: string };
      if (b.password === 'right') json(res, 200, { retcode: 0, retdata: { token: 't', project: 'yfang', username: 'u' } });
      else json(res, 401, { retcode: 10001, retmsg: '账号密码错误' });
    });
    const store = createMemoryTokenStore('stale');
    const onSessionExpired = vi.fn();
    const onError = vi.fn();
    const api = client({ tokenStore: store, onSessionExpired, onError });

    const e = await rejection(login(api, { account: 'a', password: 'wrong', project: 'yfang' }));
    expect([e.status, e.code, e.serverMessage]).toEqual([401, 10001, '账号密码错误']);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(JSON.parse(seen[0]!.body)).toEqual({ action: 'login', account: 'a', password: 'wrong', project: 'yfang' });

    await expect(login(api, { account: 'a', password: 'right', project: 'yfang' })).resolves.toMatchObject({ token: 't' });
  });

  it('getProjects reads the project catalogue', async () => {
    const projects = [{ code: 'yfang', name: '一方', logo: '/files/logo.png' }];
    routes.set('/api/projects', (_q, res) => json(res, 200, { retcode: 0, retdata: projects }));
    await expect(getProjects(client())).resolves.toEqual(projects);
    expect(seen[0]!.method).toBe('GET');
  });
});
