/**
 * Runs `task` once the page has loaded and the browser is idle (or after `timeout` ms of waiting
 * for idle): for code the first paint and hydration do not need, so it neither competes with the
 * page's own downloads nor lengthens hydration's tasks. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  let cancelIdle = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(task, { timeout });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(task, 200);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (document.readyState === "complete") {
    idle();
    return () => cancelIdle();
  }
  window.addEventListener("load", idle, { once: true });
  return () => {
    window.removeEventListener("load", idle);
    cancelIdle();
  };
}
