/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the API client; default /api (the dev server proxies it). */
  readonly VITE_API_BASE?: string;
}
