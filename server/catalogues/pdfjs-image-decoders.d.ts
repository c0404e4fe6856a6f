// The part of pdf.js's image decoders (shipped in pdfjs-dist, no types) that the upload cover
// uses: the baseline and progressive JPEG decoder.
declare module 'pdfjs-dist/image_decoders/pdf.image_decoders.mjs' {
  export class JpegImage {
    width: number;
    height: number;
    numComponents: number;
    parse(data: Uint8Array): void;
    getData(options: { width: number; height: number; forceRGB?: boolean; forceRGBA?: boolean; isSourcePDF?: boolean }): Uint8ClampedArray;
  }
}
