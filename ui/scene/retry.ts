import { isApiError } from '../../api';

/**
 * Runs one logical write with its Idempotency-Key, once more with the same key when no answer came
 * back (a network error): the server applies a key once, so a write that did land is answered
 * again instead of being applied twice. Any answer (even an error) is final.
 */
export async function writeWithRetry<T>(newKey: () => string, write: (key: string) => Promise<T>): Promise<T> {
  const key = newKey();
  try {
    return await write(key);
  } catch (e) {
    if (isApiError(e) && e.kind === 'network') return write(key);
    throw e;
  }
}

/** The text a failed call gives a person: the server's message, else the error's own. */
export function errorDetail(e: unknown): string {
  if (isApiError(e)) return e.serverMessage || e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}
