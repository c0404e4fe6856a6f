import { useEffect } from 'react';
import { kernelCaptures, useKernel } from '../kernel';
import { USER_CONFIG_KEY } from '../scene/controller';
import { renderOptionsFromConfig } from './render-config';

function readUserConfig(): unknown {
  try {
    const raw = localStorage.getItem(USER_CONFIG_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Sends the user config's navigation settings each time a kernel becomes ready. */
export function useUserRenderOptions(): void {
  const { status } = useKernel();
  useEffect(() => {
    if (status !== 'ready') return;
    const options = renderOptionsFromConfig(readUserConfig());
    // A kernel without a renderer ignores them; a refusal would only mean a config we misread.
    if (Object.keys(options).length > 0) kernelCaptures.setRenderOptions(options).catch(() => {});
  }, [status]);
}
