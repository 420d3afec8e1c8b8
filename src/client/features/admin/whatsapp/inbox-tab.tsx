import { useState } from "react";
import { Panel } from "@client/components/admin/panel";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import { ConversationList } from "./conversation-list";
import { ConversationView, type OrderDialog } from "./conversation-view";
import { useConversations, useLiveInbox } from "./inbox-api";

export type { OrderDialog };

/** WhatsApp inbox: customers by last message, and one conversation with its orders and a reply box. */
export function InboxTab({ OrderDialog }: { OrderDialog: OrderDialog }) {
  useLiveInbox();
  const [phone, setPhone] = useState<string | null>(null);
  const list = useConversations();
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[20rem_1fr]">
      <Panel title="WhatsApp inbox" className={cn("min-w-0", phone && "hidden lg:block")}>
        {list.isPending && <Skeleton className="h-40 w-full" />}
        {list.isError && <p className="text-sm text-red-700">{errorMessage(list.error)}</p>}
        {list.data?.conversations.length === 0 && (
          <p className="text-sm text-muted">No messages yet. Customers' questions on WhatsApp arrive here.</p>
        )}
        <ConversationList conversations={list.data?.conversations ?? []} current={phone} onChoose={setPhone} />
      </Panel>
      {phone ? (
        <ConversationView phone={phone} onBack={() => setPhone(null)} OrderDialog={OrderDialog} />
      ) : (
        <Panel title="Conversation" className="hidden min-w-0 lg:block">
          <p className="text-sm text-muted">Choose a customer to read and answer.</p>
        </Panel>
      )}
    </div>
  );
}
