// Saves text as a file the way a page can: a Blob, an object URL, and an anchor with a `download` name, clicked once.

/**
 * Starts the download of `text` as `fileName`. The Blob never leaves the renderer (no network, nothing the CSP
 * restricts); the browser shell and Electron both save it as a download. CSV gets a byte-order mark so spreadsheet
 * programs read its names as UTF-8.
 */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const body = type.startsWith('text/csv') ? `\uFEFF${text}` : text;
  const url = URL.createObjectURL(new Blob([body], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked later, not at once: a slow save dialog still reads the Blob through the URL (FileSaver.js waits 40 s).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
