// Vite's ?url imports (an asset's address in the build), for the worker's tsconfig, which has no
// vite/client types.
declare module 'web-ifc/web-ifc.wasm?url' {
  const url: string;
  export default url;
}
