import { ArrowLeft, Download } from "lucide-react";
import { useState, type ComponentType } from "react";
import { toast } from "sonner";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { STATUS_LABELS, type OrderStatus } from "@shared/rules/order-status.js";
import { WHATSAPP_TEXT_MAX, type Conversation } from "@shared/schemas/whatsapp.js";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import { toastError } from "@client/lib/admin/toast-error";
import { Panel } from "@client/components/admin/panel";
import { useResendConfirmation } from "@client/lib/admin/order-confirmation-api";
import { useUpdateOrderStatus } from "@client/lib/admin/orders-api";
import { useConversation, useConversations, useLiveInbox, useSendReply } from "./inbox-api";

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-PK", { dateStyle: "medium", timeStyle: "short" }) : "";

/** The dialog that shows one order: the orders feature's, handed in by the admin's app (features do not import each other). */
export type OrderDialog = ComponentType<{ orderId: string | null; onClose: () => void }>;

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
        <ul className="-mx-2 divide-y divide-ink/5" aria-label="Conversations">
          {list.data?.conversations.map((c) => (
            <li key={c.phone}>
              <button
                type="button"
                onClick={() => setPhone(c.phone)}
                aria-current={phone === c.phone}
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

function ConversationView({
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
            <ol className="max-h-[60vh] space-y-2 overflow-y-auto" aria-label="Messages">
              {c.messages.map((m) => (
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
            <ReplyBox conversation={c} />
          </div>
          <CustomerOrders orders={c.orders} onOpen={setOpenOrder} />
        </div>
      )}
      <OrderDialog orderId={openOrder} onClose={() => setOpenOrder(null)} />
    </Panel>
  );
}

const MEDIA_LABELS: Record<string, string> = {
  image: "Photo",
  audio: "Voice note",
  video: "Video",
  document: "File",
  sticker: "Sticker",
};
const mediaLabel = (type: string) => `${MEDIA_LABELS[type] ?? "File"} (download)`;

function ReplyBox({ conversation }: { conversation: Conversation }) {
  const [text, setText] = useState("");
  const send = useSendReply(conversation.phone);
  const pending = conversation.orders.find((o) => o.status === "pending");
  const resend = useResendConfirmation(pending?.id ?? "");
  if (!conversation.window.open) {
    return (
      <div className="space-y-2 rounded-xl border border-ink/10 p-3 text-sm" role="status">
        <p>
          {conversation.window.closesAt
            ? "More than 24 hours have passed since this customer last wrote, so WhatsApp only allows a template message now."
            : "This customer has not written to the store on WhatsApp, so WhatsApp only allows a template message."}{" "}
          Their next message opens the window again.
        </p>
        {pending ? (
          <Button
            size="sm"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => toast.success(`The confirmation for order #${orderNumber(pending.id)} is on its way`),
                onError: (e) => toastError(e),
              })
            }
          >
            Resend the confirmation template
          </Button>
        ) : (
          <p className="text-muted">No pending order to send the confirmation template for.</p>
        )}
      </div>
    );
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    send.mutate(text, { onSuccess: () => setText(""), onError: (err) => toastError(err) });
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor="whatsapp-reply" className="text-sm font-medium">
        Reply on WhatsApp
      </label>
      <textarea
        id="whatsapp-reply"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={WHATSAPP_TEXT_MAX}
        rows={3}
        className="w-full rounded-xl border border-ink/20 p-2 text-sm"
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <span>
          Free replies until {when(conversation.window.closesAt)} · {text.length}/
          {WHATSAPP_TEXT_MAX.toLocaleString("en")}
        </span>
        <Button type="submit" size="sm" disabled={send.isPending || text.trim() === ""}>
          Send
        </Button>
      </div>
    </form>
  );
}

function CustomerOrders({ orders, onOpen }: { orders: Conversation["orders"]; onOpen: (id: string) => void }) {
  const update = useUpdateOrderStatus();
  const move = (id: string, status: OrderStatus) =>
    update.mutate(
      { id, status },
      {
        onSuccess: () => toast.success(`Order #${orderNumber(id)} is ${STATUS_LABELS[status].toLowerCase()}`),
        onError: (e) => toastError(e),
      },
    );
  return (
    <section aria-label="Customer's orders" className="min-w-0 space-y-2">
      <h3 className="text-sm font-semibold">Orders</h3>
      {orders.length === 0 && <p className="text-sm text-muted">No orders from this number.</p>}
      {orders.map((o) => (
        <div key={o.id} className="space-y-2 rounded-xl border border-ink/10 p-3 text-sm">
          <p className="flex flex-wrap justify-between gap-1">
            <span className="font-mono">#{orderNumber(o.id)}</span>
            <span className="font-semibold">{formatRs(o.total)}</span>
          </p>
          <p className="text-muted">
            {STATUS_LABELS[o.status as OrderStatus] ?? o.status} · WhatsApp {o.confirmationState}
          </p>
          <div className="flex flex-wrap gap-2">
            {o.status === "pending" && (
              <>
                <Button size="sm" disabled={update.isPending} onClick={() => move(o.id, "processing")}>
                  Confirm
                </Button>
                <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => move(o.id, "cancelled")}>
                  Cancel
                </Button>
              </>
            )}
            <Button size="sm" variant="ghost" onClick={() => onOpen(o.id)}>
              Open
            </Button>
          </div>
        </div>
      ))}
    </section>
  );
}
