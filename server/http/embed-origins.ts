// The per-tenant allow-list of the partner pages that may embed the editor (docs/embedding.md).
// One list feeds both checks: the CSP frame-ancestors of the tenant's pages (the browser refuses to
// draw the editor inside any other page) and GET /api/embed/origins, which the editor's message
// listener compares every postMessage origin against, exactly.

/** Tenant code -> the exact origins (scheme://host[:port]) of its host pages. */
export type EmbedOrigins = ReadonlyMap<string, readonly string[]>;

/** The pattern of a project code (server/users/create-admin.ts PROJECT_CODE_PATTERN). */
const TENANT_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why `raw` is not an origin the allow-list takes, or null when it is one. Only the exact, canonical
 * form is taken: what a browser puts in MessageEvent.origin, so the editor's check is a plain string
 * comparison. Wildcards are refused on purpose: postMessage checks cannot match patterns safely.
 */
export function originProblem(raw: string, mode: 'production' | 'development'): string | null {
  if (raw.includes('*')) return 'wildcards are not supported: list every host page origin exactly';
  if (raw.startsWith("'")) return "CSP keywords such as 'self' do not belong here (FRAME_ANCESTORS keeps them)";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not an origin (scheme://host[:port])';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'only http and https origins can embed the editor';
  if (url.origin !== raw) return `not in its exact form (no path, query, user or default port; lower case): write ${url.origin}`;
  if (url.protocol === 'http:' && mode === 'production' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return 'plain http is refused in production (a page on http can be altered on the way); use https';
  }
  return null;
}

/**
 * Parses EMBED_ORIGINS: `tenant=origin origin;tenant=origin`, origins separated by spaces or
 * commas. Throws an Error naming the first thing wrong (loadConfig turns it into a ConfigError), so
 * a typo stops the start instead of silently locking a partner out or letting a stranger in.
 */
export function parseEmbedOrigins(raw: string | undefined, mode: 'production' | 'development'): EmbedOrigins {
  const map = new Map<string, readonly string[]>();
  for (const part of (raw ?? '').split(';')) {
    const entry = part.trim();
    if (!entry) continue;
    const eq = entry.indexOf('=');
    if (eq < 0) throw new Error(`EMBED_ORIGINS: "${entry}" has no "=": write tenant=https://host.example`);
    const tenant = entry.slice(0, eq).trim();
    if (!TENANT_CODE.test(tenant)) throw new Error(`EMBED_ORIGINS: "${tenant}" is not a project code (letters, digits, _ and -, up to 64)`);
    if (map.has(tenant)) throw new Error(`EMBED_ORIGINS: tenant ${tenant} is listed twice: put all its origins in one entry`);
    const origins = entry
      .slice(eq + 1)
      .split(/[\s,]+/)
      .filter((o) => o !== '');
    if (origins.length === 0) throw new Error(`EMBED_ORIGINS: tenant ${tenant} has no origin`);
    for (const origin of origins) {
      const problem = originProblem(origin, mode);
      if (problem) throw new Error(`EMBED_ORIGINS: tenant ${tenant}: "${origin}" is refused: ${problem}`);
    }
    map.set(tenant, [...new Set(origins)]);
  }
  return map;
}

/**
 * The frame-ancestors value of a page of `tenant`: the global FRAME_ANCESTORS sources plus the
 * tenant's own origins. 'none' cannot be combined with sources, so it gives way to the tenant's.
 */
export function frameAncestorsFor(global: string, origins: readonly string[] | undefined): string {
  if (!origins || origins.length === 0) return global;
  if (global.trim() === "'none'") return origins.join(' ');
  return [global, ...origins].join(' ');
}
