// Shared by the accounts-family suites (accounts, session, security, upload, usage, fuzz): an app
// on a fresh database with its files in a temp folder, and small request helpers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiClient, createMemoryTokenStore, type ApiClient } from '../../api';
import type { ServerConfig } from '../../server/config';
import { openTestApp, type Backend, type EnvelopeBody } from './helpers';

export type TestApp = Awaited<ReturnType<typeof openTestApp>>;
export type App = TestApp['app'];

export const JSON_HEADERS = { 'Content-Type': 'application/json' } as const;

export interface CodeBody {
  code: number;
  msg: string;
  data: unknown;
}

/** openTestApp with uploads in a temp folder that dispose() removes. */
export async function openAccountsApp(backend: Backend, overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-accounts-'));
  const opened = await openTestApp(backend, { dataDir, ...overrides });
  return {
    ...opened,
    async dispose() {
      await opened.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** A fake socket peer for app.request(), the way @hono/node-server passes it. */
export function fromAddress(address: string): { incoming: { socket: { remoteAddress: string } } } {
  return { incoming: { socket: { remoteAddress: address } } };
}

export async function json<T = EnvelopeBody>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export function postJson(app: App, url: string, body: unknown, headers: Record<string, string> = {}, env?: object): Promise<Response> {
  return Promise.resolve(
    app.request(url, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { ...JSON_HEADERS, ...headers } }, env),
  );
}

export interface Credentials {
  project: string;
  account: string;
  password: string;
}

export function loginRequest(app: App, c: Credentials, headers: Record<string, string> = {}, env?: object): Promise<Response> {
  return postJson(app, '/api/session', { action: 'login', ...c }, headers, env);
}

/** Logs in and answers the session token (fails the test when the login fails). */
export async function loginToken(app: App, c: Credentials): Promise<string> {
  const res = await loginRequest(app, c);
  if (res.status !== 200) throw new Error(`login ${c.project}/${c.account} answered ${res.status}: ${await res.text()}`);
  return (await json<{ retdata: { token: string } }>(res)).retdata.token;
}

/** A fetch answered in-process by the app. */
export function inProcess(app: App): typeof fetch {
  return (input, init) => Promise.resolve(app.request(input instanceof Request ? input : String(input), init));
}

/** The real api/ client, its requests answered in-process by the app. */
export function apiClientFor(app: App, token: string | null = null): ApiClient {
  return createApiClient({ baseURL: 'http://app.test/api', tokenStore: createMemoryTokenStore(token), fetch: inProcess(app) });
}
