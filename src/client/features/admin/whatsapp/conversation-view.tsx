import { ArrowLeft } from "lucide-react";
import { useState, type ComponentType } from "react";
import { Panel } from "@client/components/admin/panel";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { CustomerOrders } from "./customer-orders";
import { useConversation } from "./inbox-api";
import { MessageList } from "./message-list";
import { ReplyBox } from "./reply-box";

/** The dialog that shows one order: the orders feature's, handed in by the admin's app (features do not import each other). */
export type OrderDialog = ComponentType<{ orderId: string | null; onClose: () => void }>;

/** One customer's conversation: the messages, a reply, and their orders. */
export function ConversationView({
  phone,
  onBack,
  OrderDialog,
}: {
  phone: string;
  onBack: () => void;
  OrderDialog: OrderDialog;
}) {
  const conversation = useConversation(phone);
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  const c = conversation.data;
  return (
    <Panel
      className="min-w-0"
      title={
        <span className="flex min-w-0 items-center gap-2">
          <Button variant="ghost" size="icon" className="lg:hidden" onClick={onBack} aria-label="Back to conversations">
            <ArrowLeft className="h-4 w-4" aria-hidden />
          </Button>
          <span className="truncate">{c?.name ?? phone}</span>
          <span className="text-sm font-normal text-muted">+{phone}</span>
        </span>
      }
    >
      {conversation.isPending && <Skeleton className="h-64 w-full" />}
      {conversation.isError && <p className="text-sm text-red-700">{errorMessage(conversation.error)}</p>}
      {c && (
        <div className="grid min-w-0 gap-4 xl:grid-cols-[1fr_16rem]">
          <div className="min-w-0 space-y-3">
            <MessageList messages={c.messages} />
            <ReplyBox conversation={c} />
          </div>
          <CustomerOrders orders={c.orders} onOpen={setOpenOrder} />
        </div>
      )}
      <OrderDialog orderId={openOrder} onClose={() => setOpenOrder(null)} />
    </Panel>
  );
}
