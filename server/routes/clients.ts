// /meta20/x/fenni/client (catalogues.md §7): the tenant's clients (customers, core.md §3). Answers
// and errors are { code, msg, data }.
//   GET    /?keyword=&pageNumber=1&pageSize=20   newest change first; keyword over name, phone, order number
//   GET    /{id}
//   POST   /     { name, phone?, address?, order_number?, regionCode?, custom_client_info? }
//   PUT    /{id} the same body: replaces the client's fields
//   DELETE /{id} its schemes stay, unlinked
// Another project's client answers 404 like a missing one (server/clients/repo.ts).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { codeEnvelope, okData } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson, readQuery } from '../http/input';
import { message, type MessageId } from '../messages';
import { checkedClient, createClient, deleteClient, getClient, listClients, updateClient } from '../clients/repo';
import { actorOf, idFrom } from '../scenes/http';
import type { ClientFields } from '../../protocol/clients';

const BODY_LIMIT = 128 * 1024;
export const CLIENT_PAGE_SIZE = 20;
export const CLIENT_PAGE_SIZE_MAX = 100;

// The shape only (types and hard caps far above the limits): the limits themselves are checked by
// protocol/clients.ts so that each refusal gets its own message.
const TEXT = z.string().max(5000);
const ClientBody = z.object({
  name: TEXT,
  phone: TEXT.optional(),
  address: TEXT.optional(),
  order_number: TEXT.optional(),
  regionCode: z.string().max(20).optional(),
  custom_client_info: z.array(z.object({ key: TEXT, Remark: TEXT })).max(1000).optional(),
});

const ListQuery = z.object({
  pageNumber: z.string().regex(/^[1-9][0-9]{0,5}$/).transform(Number).optional(),
  pageSize: z.string().regex(/^[1-9][0-9]{0,2}$/).transform(Number).pipe(z.number().max(CLIENT_PAGE_SIZE_MAX)).optional(),
  keyword: z.string().max(100).optional(),
});

async function fieldsOf(c: Context<AppEnv>): Promise<ClientFields> {
  const body = await readJson(c, ClientBody, BODY_LIMIT);
  const locale = c.get('locale') ?? 'zh';
  return checkedClient(
    {
      name: body.name,
      phone: body.phone ?? '',
      address: body.address ?? '',
      order_number: body.order_number ?? '',
      regionCode: body.regionCode ?? '',
      custom_client_info: body.custom_client_info ?? [],
    },
    (id: MessageId) => message(id, locale),
  );
}

export function clientRoutes({ db }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', codeEnvelope());
  routes.use('*', requireAuth(db));

  routes.get('/', async (c) => {
    const q = readQuery(c, ListQuery);
    return okData(
      c,
      await listClients(db, actorOf(c), { pageNumber: q.pageNumber ?? 1, pageSize: q.pageSize ?? CLIENT_PAGE_SIZE, keyword: q.keyword?.trim() || undefined }),
    );
  });
  routes.get('/:id', async (c) => okData(c, await getClient(db, actorOf(c), idFrom(c.req.param('id')))));
  // The spec's path is POST /meta20/x/fenni/client/ (trailing slash), which a strict router tells
  // apart from the bare path: both are answered.
  routes.on('POST', ['/', '/:trailingSlash{/?}'], async (c) => okData(c, await createClient(db, actorOf(c), await fieldsOf(c))));
  routes.put('/:id', async (c) => {
    const id = idFrom(c.req.param('id'));
    return okData(c, await updateClient(db, actorOf(c), id, await fieldsOf(c)));
  });
  routes.delete('/:id', async (c) => okData(c, await deleteClient(db, actorOf(c), idFrom(c.req.param('id')))));
  return routes;
}
