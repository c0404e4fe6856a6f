// The request kit later routes build on: query/body validation, the error handler and the request
// log. Exercised on a small app wired the way createApp wires the real one.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../../server/http/envelope';
import type { AppEnv } from '../../server/http/env';
import { errorHandler, notFoundHandler } from '../../server/http/errors';
import { readJson, readQuery } from '../../server/http/input';
import { requestContext, securityHeaders } from '../../server/http/middleware';
import { createLogger } from '../../server/logger';

function kitApp() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'info', write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(logger));
  app.use('*', securityHeaders("'self'"));
  const TileQuery = z.object({
    pageSize: z.coerce.number().int().min(1).max(9999),
    keyword: z.string().max(100).optional(),
  });
  app.get('/api/tile', (c) => ok(c, readQuery(c, TileQuery)));
  app.post('/api/small', async (c) => ok(c, await readJson(c, z.object({ name: z.string(), size: z.object({ w: z.number() }) }), 64)));
  app.get('/api/crash', () => {
    throw new Error('secret detail from the database');
  });
  app.notFound(notFoundHandler);
  app.onError(errorHandler(logger));
  return { app, lines };
}

describe('request kit', () => {
  it('validates and coerces the query, naming a bad parameter', async () => {
    const { app } = kitApp();
    const good = await app.request('/api/tile?pageSize=8&keyword=oak');
    expect(await good.json()).toMatchObject({ retcode: 0, retdata: { pageSize: 8, keyword: 'oak' } });
    for (const [query, field] of [
      ['pageSize=lots', 'pageSize'],
      ['', 'pageSize'],
      ['pageSize=0', 'pageSize'],
    ] as const) {
      const res = await app.request(`/api/tile?${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ retcode: 400, retmsg: `请求参数错误：${field}`, retdata: { field } });
    }
  });

  it('names nested body fields with a dotted path and applies a per-route size limit', async () => {
    const { app } = kitApp();
    const nested = await app.request('/api/small', { method: 'POST', body: JSON.stringify({ name: 'a', size: { w: 'wide' } }) });
    expect(await nested.json()).toMatchObject({ retcode: 400, retdata: { field: 'size.w' } });
    const big = await app.request('/api/small', { method: 'POST', body: JSON.stringify({ name: 'x'.repeat(100), size: { w: 1 } }) });
    expect(big.status).toBe(413);
  });

  it('turns an unexpected throw into a 500 envelope without internals, and logs it', async () => {
    const { app, lines } = kitApp();
    const res = await app.request('/api/crash', { headers: { 'Accept-Language': 'en' } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ retcode: 500, retmsg: 'Internal server error', retdata: null });
    expect(text).not.toContain('secret');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const logged = lines.find((l) => l.msg === 'unhandled error');
    expect(logged).toMatchObject({ level: 'error', path: '/api/crash', error: { message: 'secret detail from the database' } });
  });

  it('logs one JSON line per request with method, path, status, ms and reqId', async () => {
    const { app, lines } = kitApp();
    const res = await app.request('/api/tile?pageSize=2');
    await app.request('/api/none');
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: 'info', method: 'GET', path: '/api/tile', status: 200, reqId: res.headers.get('x-request-id') });
    expect(typeof requests[0]?.ms).toBe('number');
    expect(requests[1]).toMatchObject({ path: '/api/none', status: 404 });
  });
});
