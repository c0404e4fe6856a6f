// File names and downloads of what the browser makes itself (quote tables, scene files).

/** Characters Windows, macOS or a browser's download refuse in a file name. */
export function safeFileName(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  return s.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120);
}

/** Hands a made file to the browser as a download. */
export function downloadFile(file: { readonly bytes: Uint8Array; readonly fileName: string; readonly mimeType: string }): void {
  const url = URL.createObjectURL(new Blob([file.bytes as BlobPart], { type: file.mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken the blob by the next task; revoking at once can cancel it in Chromium.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
