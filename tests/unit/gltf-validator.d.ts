// The part of the Khronos glTF validator's API the catalogue tests use (the package ships no types).
declare module 'gltf-validator' {
  export interface ValidationReport {
    issues: {
      numErrors: number;
      numWarnings: number;
      messages: { code: string; message: string; severity: number; pointer?: string }[];
    };
    info?: { totalTriangleCount: number; totalVertexCount: number; drawCallCount: number; materialCount: number };
  }
  export function validateBytes(data: Uint8Array, options?: { maxIssues?: number }): Promise<ValidationReport>;
  const validator: { validateBytes: typeof validateBytes };
  export default validator;
}
