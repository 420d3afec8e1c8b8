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

/** The page's largest picture: the image the server marked `fetchpriority="high"`, if any. */
const largestPicture = () => document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');

/** Resolves when the picture has loaded or failed. */
const loadedOrFailed = (picture: HTMLImageElement) =>
  picture.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        picture.addEventListener("load", () => resolve(), { once: true });
        picture.addEventListener("error", () => resolve(), { once: true });
      });

let waitForPicture: Promise<{ picture: HTMLImageElement | null; deadline: Promise<void> }> | undefined;

/**
 * Resolves once the page is painted and its largest picture's bytes are in (loaded, or failed),
 * or LARGEST_PICTURE_WAIT_MS past the first paint, whichever is first: from then on the picture no
 * longer needs the line (decision 054). A page without one resolves after its first paint.
 */
export function afterLargestPictureArrives(): Promise<{ picture: HTMLImageElement | null; deadline: Promise<void> }> {
  waitForPicture ??= afterFirstPaint().then(async () => {
    const picture = largestPicture();
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, LARGEST_PICTURE_WAIT_MS));
    if (picture) await Promise.race([loadedOrFailed(picture), deadline]);
    return { picture, deadline };
  });
  return waitForPicture;
}

/**
 * Resolves once the page is painted with its largest picture, loaded and decoded, or failed, or
 * after LARGEST_PICTURE_WAIT_MS past the first paint (decision 050). A page without one resolves
 * after its first paint.
 */
export async function afterLargestPaint(): Promise<void> {
  const { picture, deadline } = await afterLargestPictureArrives();
  if (!picture) return;
  await Promise.race([picture.decode().catch(() => undefined), deadline]);
  await afterFirstPaint();
}
