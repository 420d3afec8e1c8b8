import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@client/lib/cn";

/** A panel that slides in from a side of the screen (Radix dialog: focus kept inside, Escape closes). */
export function Sheet({
  open,
  onOpenChange,
  title,
  side = "left",
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  side?: "left" | "right";
  children: ReactNode;
  className?: string;
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] transition-opacity duration-300 starting:opacity-0 motion-reduce:transition-none" />
        <D.Content
          className={cn(
            "fixed inset-y-0 z-50 flex w-[min(22rem,88vw)] flex-col overflow-y-auto bg-cream p-5 shadow-2xl outline-none transition-transform duration-300 ease-out motion-reduce:transition-none",
            // Slides in on open (@starting-style); Radix unmounts it at once on close.
            side === "left" ? "left-0 starting:-translate-x-full" : "right-0 starting:translate-x-full",
            className,
          )}
        >
          <div className="flex items-center justify-between gap-4">
            <D.Title className="font-display text-xl font-semibold">{title}</D.Title>
            <D.Close className="rounded-full p-2 hover:bg-ink/5" aria-label="Close">
              <X className="h-5 w-5" aria-hidden />
            </D.Close>
          </div>
          <D.Description className="sr-only">{typeof title === "string" ? title : "Panel"}</D.Description>
          <div className="mt-4 flex-1">{children}</div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
