/**
 * Whether the browser can decode `file` as a picture. A text file renamed "cover.png" has an
 * image's name and type but fails here. Its own module so UI tests, whose jsdom decodes no
 * images, can stand in for it (tests/ui/setup.ts).
 */
export function decodesAsImage(file: Blob): Promise<boolean> {
  const url = URL.createObjectURL(file);
  return new Promise<boolean>((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth > 0 && image.naturalHeight > 0);
    image.onerror = () => resolve(false);
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}
