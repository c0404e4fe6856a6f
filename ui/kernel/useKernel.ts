import { useSnapshot } from 'valtio';
import { kernelState } from './mirror';

/** The kernel mirror for React: re-renders the component when a field it read changes. */
export function useKernel() {
  return useSnapshot(kernelState);
}
