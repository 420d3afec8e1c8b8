/**
 * Resolves once the browser has painted the current frame: a task queued from inside the next
 * animation frame runs after that frame's paint. A server-rendered page hydrates only then
 * (decision 048), so the first frame never waits for React's work. A hidden tab runs no animation
 * frames; there a plain task stands in (nothing is painted to wait for).
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const nextTask = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(undefined);
    };
    if (document.visibilityState === "hidden") setTimeout(resolve, 0);
    else requestAnimationFrame(nextTask);
  });
}

/**
 * The longest the app waits, after the first paint, for the largest picture: a picture on a line
 * slower than a shopper will wait for does not hold the page's buttons back longer than this.
 */
export const LARGEST_PICTURE_WAIT_MS = 1500;

let arrived: Promise<[picture: HTMLImageElement | null, deadline: Promise<void>]> | undefined;

/**
 * Resolves once the page is painted and its largest picture (the image the server marked
 * `fetchpriority="high"`) has loaded or failed, or LARGEST_PICTURE_WAIT_MS past the first paint,
 * whichever is first: from then on the picture no longer needs the line (decision 054). A page
 * without one resolves after its first paint.
 */
export const afterLargestPictureArrives = () =>
  (arrived ??= afterFirstPaint().then(async () => {
    const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, LARGEST_PICTURE_WAIT_MS));
    if (picture && !picture.complete)
      await Promise.race([
        new Promise((resolve) => {
          picture.addEventListener("load", resolve, { once: true });
          picture.addEventListener("error", resolve, { once: true });
        }),
        deadline,
      ]);
    return [picture, deadline];
  }));

/**
 * Resolves once the page is painted with its largest picture, loaded and decoded, or failed, or
 * after LARGEST_PICTURE_WAIT_MS past the first paint (decision 050). A page without one resolves
 * after its first paint.
 */
export async function afterLargestPaint(): Promise<void> {
  const [picture, deadline] = await afterLargestPictureArrives();
  if (!picture) return;
  await Promise.race([picture.decode().catch(() => undefined), deadline]);
  await afterFirstPaint();
}
