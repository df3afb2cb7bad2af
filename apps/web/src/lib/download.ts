/** Saves bytes or text the console fetched as a file: an object URL on a link, clicked. */
export function saveFile(fileName: string, data: Blob | string, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(typeof data === 'string' ? new Blob([data], { type }) : data);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
