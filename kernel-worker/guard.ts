import { KernelCommandError, toKernelError } from '../protocol/errors';
import { CheckError } from './document/check';

/** Runs fn so that only KernelCommandErrors leave it, named after the method that failed. */
export function guard<T>(method: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CheckError) throw new KernelCommandError('INVALID_ARGS', method, e.message);
    throw toKernelError(e, method);
  }
}
