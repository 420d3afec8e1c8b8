import type { ConversationSummary } from "@shared/schemas/whatsapp.js";
import { when } from "./inbox-time";

/** The customers who wrote, last message first, each with its unread count. */
export function ConversationList({
  conversations,
  current,
  onChoose,
}: {
  conversations: ConversationSummary[];
  current: string | null;
  onChoose: (phone: string) => void;
}) {
  return (
    <ul className="-mx-2 divide-y divide-ink/5" aria-label="Conversations">
      {conversations.map((c) => (
        <li key={c.phone}>
          <button
            type="button"
            onClick={() => onChoose(c.phone)}
            aria-current={current === c.phone}
            className="flex w-full min-w-0 items-start gap-3 rounded-xl px-2 py-3 text-left hover:bg-ink/5 aria-[current=true]:bg-ink/5"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{c.name ?? c.phone}</span>
              <span className="block truncate text-sm text-muted">
                {c.lastDirection === "out" ? "You: " : ""}
                {c.lastMessage}
              </span>
            </span>
            <span className="flex shrink-0 flex-col items-end gap-1 text-xs text-muted">
              {when(c.lastAt)}
              {c.unread > 0 && (
                <span
                  className="rounded-full bg-green-700 px-2 py-0.5 font-semibold text-white"
                  aria-label={`${c.unread} unread`}
                >
                  {c.unread}
                </span>
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
