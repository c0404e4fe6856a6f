import * as Comlink from 'comlink';
import { KernelCommandError, type KernelCommandErrorData } from './errors';

// The one place where errors learn to cross the worker boundary. Both threads call this before
// wrapping or exposing, so a KernelCommandError thrown in the worker is a KernelCommandError again
// (same code, command and detail) where the UI catches it.

interface ThrownWrapper {
  value: unknown;
}

interface SerializedKernelError {
  kernelError: KernelCommandErrorData;
}

let installed = false;

export function installTransferHandlers(): void {
  if (installed) return;
  installed = true;
  const base = Comlink.transferHandlers.get('throw');
  if (!base) throw new Error('Comlink has no throw handler');
  Comlink.transferHandlers.set('throw', {
    canHandle: (value: unknown): value is ThrownWrapper => base.canHandle(value),
    serialize(wrapper: ThrownWrapper) {
      if (wrapper.value instanceof KernelCommandError) {
        const out: SerializedKernelError = { kernelError: wrapper.value.toJSON() };
        return [out, []];
      }
      return base.serialize(wrapper);
    },
    deserialize(serialized: unknown) {
      if (typeof serialized === 'object' && serialized !== null && 'kernelError' in serialized) {
        throw KernelCommandError.fromJSON((serialized as SerializedKernelError).kernelError);
      }
      return base.deserialize(serialized);
    },
  });
}
