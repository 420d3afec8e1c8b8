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
