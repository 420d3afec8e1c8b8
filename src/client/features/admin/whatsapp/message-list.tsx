import { Download } from "lucide-react";
import type { Conversation } from "@shared/schemas/whatsapp.js";
import { cn } from "@client/lib/cn";
import { when } from "./inbox-time";

const MEDIA_LABELS: Record<string, string> = {
  image: "Photo",
  audio: "Voice note",
  video: "Video",
  document: "File",
  sticker: "Sticker",
};
const mediaLabel = (type: string) => `${MEDIA_LABELS[type] ?? "File"} (download)`;

/** The conversation's messages, the customer's on the left and the store's on the right with their state. */
export function MessageList({ messages }: { messages: Conversation["messages"] }) {
  return (
    <ol className="max-h-[60vh] space-y-2 overflow-y-auto" aria-label="Messages">
      {messages.map((m) => (
        <li key={m.id} className={cn("flex", m.direction === "out" ? "justify-end" : "justify-start")}>
          <div
            className={cn(
              "max-w-[85%] break-words rounded-2xl px-3 py-2 text-sm",
              m.direction === "out" ? "bg-green-50" : "bg-cream",
            )}
          >
            {m.media && (
              <a href={m.media.url} className="mb-1 flex items-center gap-1 font-medium underline" download>
                <Download className="h-4 w-4" aria-hidden /> {mediaLabel(m.media.type)}
              </a>
            )}
            {m.body && <p className="whitespace-pre-wrap">{m.body}</p>}
            <p className="mt-1 text-xs text-muted">
              {when(m.at)}
              {m.direction === "out" && ` · ${m.sentBy ? `${m.sentBy} · ` : ""}${m.state}`}
            </p>
            {m.error && <p className="mt-1 text-xs text-red-700">{m.error}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
