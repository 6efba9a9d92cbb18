/** Hands a downloaded file to the browser to save under `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has started the download by then
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
