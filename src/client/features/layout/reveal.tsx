import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "@client/lib/cn";

/**
 * A section that fades and slides in once, when 10% of it is first visible. Without
 * IntersectionObserver, or with reduced motion asked for, it is simply shown.
 */
export function Reveal({
  children,
  className,
  id,
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  id?: string;
  labelledBy?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return setShown(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <section
      ref={ref}
      id={id}
      aria-labelledby={labelledBy}
      className={cn(
        "transition-[opacity,translate] duration-700 ease-out motion-reduce:transition-none",
        shown ? "translate-y-0 opacity-100" : "motion-safe:translate-y-8 motion-safe:opacity-0",
        className,
      )}
    >
      {children}
    </section>
  );
}
