// Hands a Blob to the browser as a download: a plain link cannot carry the bearer token, so files the API serves are
// fetched as Blobs, and files the browser makes (CSV, PDF) are Blobs already. The object URL is revoked once the
// click has started the download (the browser keeps its own copy).
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}
