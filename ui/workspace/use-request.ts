import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api';
import { apiErrorText } from '../notice';

/**
 * One request's state as a list dialog shows it. While loading (or after a failure) `last` is the
 * newest answer to an earlier key, for a list that keeps its last page on screen meanwhile.
 */
export type RequestLoad<T> =
  | { readonly state: 'loading'; readonly last: T | null }
  | { readonly state: 'error'; readonly text: string; readonly last: T | null }
  | { readonly state: 'done'; readonly page: T };

function errorText(e: unknown): string {
  return isApiError(e) ? apiErrorText(e) : String(e);
}

interface Answer<T> {
  readonly request: string;
  readonly load: RequestLoad<T>;
  readonly last: T | null;
}

/**
 * The answer of `fetch` for `request`, a key naming everything the call depends on (query, page,
 * retry count). The answer is kept with the key it answers, so a new key reads as loading at once
 * and a late answer to an older key is never shown; a replaced or unmounted request is aborted.
 * `patch` changes the answer on screen at once (a rename shown before the list is asked again).
 */
export function useRequest<T>(
  request: string,
  fetch: (signal: AbortSignal) => Promise<T>,
  describe: (e: unknown) => string = errorText,
): readonly [RequestLoad<T>, (change: (page: T) => T) => void] {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  // The latest closures, so the request effect runs once per key and not once per render.
  const latest = useRef({ fetch, describe });
  useEffect(() => {
    latest.current = { fetch, describe };
  });

  useEffect(() => {
    const controller = new AbortController();
    latest.current.fetch(controller.signal).then(
      (page) => setAnswer({ request, load: { state: 'done', page }, last: page }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const text = latest.current.describe(e);
        setAnswer((a) => ({ request, load: { state: 'error', text, last: a?.last ?? null }, last: a?.last ?? null }));
      },
    );
    return () => controller.abort();
  }, [request]);

  const patch = useCallback((change: (page: T) => T) => {
    setAnswer((a) => {
      if (!a?.last) return a;
      const last = change(a.last);
      return { ...a, last, load: a.load.state === 'done' ? { state: 'done', page: change(a.load.page) } : { ...a.load, last } };
    });
  }, []);

  const load: RequestLoad<T> = answer?.request === request ? answer.load : { state: 'loading', last: answer?.last ?? null };
  return [load, patch] as const;
}
