// Helpers of the scene suites: scene files, uploads and calls against an app (app.request) or a
// running server (fetch), answering { status, body, headers }.
import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { canonicalJson, SCENE_FILE_FORMAT, type FileRecord, type SceneFile } from '../../protocol/scene-file';

export interface Caller {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

export interface Answer<T = unknown> {
  status: number;
  /** the data of { code, msg, data } or the retdata of { retcode, retmsg, retdata } */
  data: T;
  code: number;
  msg: string;
  headers: Headers;
}

export async function call<T = unknown>(
  app: Caller,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const h: Record<string, string> = { ...headers };
  if (token) h.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof Uint8Array) payload = body as unknown as BodyInit;
  else if (typeof body === 'string') payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    h['Content-Type'] ??= 'application/json';
  }
  const res = await app.request(path, { method, headers: h, body: payload });
  const text = await res.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { msg: text };
  }
  const isCode = 'code' in parsed;
  return {
    status: res.status,
    data: (isCode ? parsed.data : parsed.retdata) as T,
    code: Number(isCode ? parsed.code : parsed.retcode),
    msg: String(isCode ? parsed.msg : parsed.retmsg),
    headers: res.headers,
  };
}

export async function login(app: Caller, project: string, account: string, password: string): Promise<string> {
  const res = await call<{ token: string }>(app, 'POST', '/api/session', null, { action: 'login', project, account, password });
  expect(res.status, `login ${project}/${account}: ${res.msg}`).toBe(200);
  return res.data.token;
}

/** A scene file with `walls` content records (plus the structural meta and storey). */
export function sceneFile(walls: number, tag = 'x', padding = 0): SceneFile {
  const records: FileRecord[] = [
    { id: 'meta', type: 'meta', name: tag, style: '', roomType: 0, isUseStackWall: 0, hasMeasuringSize: false },
    { id: 's1', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 },
  ];
  for (let i = 0; i < walls; i++) {
    records.push({
      id: `w${String(i).padStart(5, '0')}`,
      type: 'wall',
      storeyId: 's1',
      start: { x: i * 13.7, y: (i * 7919) % 6000 },
      end: { x: i * 13.7 + 2400, y: ((i * 104729) % 5000) + 0.25 },
      thickness: 240,
      height: 2800,
      note: tag + (padding ? 'p'.repeat(padding) : ''),
    });
  }
  records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { format: SCENE_FILE_FORMAT, schema: { meta: 1, storey: 1, wall: 1 }, meta: { name: tag }, records };
}

export function sceneBytes(file: SceneFile): Uint8Array {
  return new TextEncoder().encode(canonicalJson(file));
}

export function gzipBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(gzipSync(bytes));
}

/** A tiny valid PNG (1x1). */
export const PNG_1X1 = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

export interface Uploaded {
  key: string;
  url: string;
  kind: string;
  size: number;
  contentRecords: number | null;
}

export async function upload(app: Caller, token: string, kind: 'scene' | 'preview' | 'floors' | 'roomInfo', bytes: Uint8Array): Promise<Uploaded> {
  const res = await call<Uploaded>(app, 'POST', `/meta20/x/scene/upload?kind=${kind}`, token, bytes, {
    'Content-Type': kind === 'preview' ? 'image/png' : 'application/json',
  });
  expect(res.status, `upload ${kind}: ${res.msg}`).toBe(200);
  return res.data;
}

export interface SceneAnswer {
  id: number;
  name: string;
  uuid: string;
  file: string;
  preview: string;
  multiFloorImage: string;
  customPreview: string;
  roomInfoUrl: string;
  area: number;
  isUseStackWall: 0 | 1;
  jsdUrl: string;
  hasMeasuringSize: 0 | 1;
  roomType: number;
  fromSceneId: number | null;
  version: number;
  currentVersionId: number | null;
  labels: string[];
  shareCode: string | null;
  deletedAt: string | null;
  updatedAt: string;
}

export interface VersionAnswer {
  id: number;
  sceneId: number;
  kind: string;
  version: number;
  file: string;
  preview: string;
  isCurrent: boolean;
  updatedAt: string;
}

export interface PageAnswer<T> {
  list: T[];
  total: number;
  pageNumber: number;
  pageSize: number;
}

/** Uploads a scene file and creates a scene with it. */
export async function createScene(app: Caller, token: string, name: string, file: SceneFile = sceneFile(3, name)): Promise<SceneAnswer> {
  const up = await upload(app, token, 'scene', sceneBytes(file));
  const res = await call<SceneAnswer>(app, 'POST', '/meta20/x/scene', token, { name, file: up.url, area: 12.5 });
  expect(res.status, `create ${name}: ${res.msg}`).toBe(200);
  return res.data;
}

/** Fetches a stored file and parses it as JSON. */
export async function fetchJson<T = unknown>(app: Caller, token: string, url: string): Promise<T> {
  const res = await app.request(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status, `GET ${url}`).toBe(200);
  return (await res.json()) as T;
}
