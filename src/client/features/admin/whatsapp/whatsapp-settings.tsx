import { useQuery } from "@tanstack/react-query";
import type { WhatsappStatus } from "@shared/schemas/whatsapp.js";
import { Badge } from "@client/components/ui/badge";
import { Skeleton } from "@client/components/ui/skeleton";
import { api, errorMessage } from "@client/lib/api";

export function useWhatsappStatus() {
  return useQuery({ queryKey: ["/api/admin/whatsapp"], queryFn: () => api<WhatsappStatus>("/api/admin/whatsapp") });
}

/** Whether WhatsApp confirmations are on, and the exact templates to create in WhatsApp Manager. */
export function WhatsappSettings() {
  const status = useWhatsappStatus();
  if (status.isPending) return <Skeleton className="h-48 w-full" />;
  if (status.isError) return <p className="text-sm text-red-700">{errorMessage(status.error)}</p>;
  const s = status.data;
  return (
    <div className="space-y-5 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Badge className={s.enabled ? "bg-green-100 text-green-900" : "bg-gray-100 text-gray-700"}>
          {s.enabled ? "On" : "Off"}
        </Badge>
        {s.enabled
          ? `Every new web order below high risk gets the confirmation message (at most two a day per phone number; the others are held for an agent, who may resend); one reminder after ${s.reminderHours} hours; after ${s.expiryHours} hours the order is ${s.autoCancel ? "cancelled" : "marked expired for an agent"} and its items go back on sale.`
          : `Off: set ${s.missing.join(", ")} on the server to turn it on (see docs/operating/whatsapp.md). Until then agents confirm by the WhatsApp link in each order.`}
      </p>
      <p>
        Webhook URL for Meta:{" "}
        <code className="rounded bg-cream px-1">{`${window.location.origin}${s.webhookPath}`}</code>
        {!s.verifyTokenSet && " (set WHATSAPP_VERIFY_TOKEN to verify it)"}
      </p>
      {s.templates.map((t) => (
        <section
          key={t.name}
          aria-label={`Template ${t.name}`}
          className="space-y-2 rounded-xl border border-ink/10 p-4"
        >
          <h3 className="font-semibold">
            Template <code>{t.name}</code> · language <code>{t.language}</code> · category {t.category}
          </h3>
          <pre className="whitespace-pre-wrap rounded-lg bg-cream p-3 font-sans">{t.body}</pre>
          <table className="w-full text-left">
            <thead>
              <tr className="text-xs text-muted">
                <th>Parameter</th>
                <th>Meaning</th>
                <th>Example</th>
              </tr>
            </thead>
            <tbody>
              {t.bodyParameters.map((p) => (
                <tr key={p.number}>
                  <td>{`{{${p.number}}}`}</td>
                  <td>{p.meaning}</td>
                  <td>{p.example}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {t.buttons.length > 0 && (
            <ul className="list-disc pl-5">
              {t.buttons.map((b) => (
                <li key={b.index}>
                  Button {b.index + 1} ({b.type.replace("_", " ").toLowerCase()}): “{b.text}”, {b.action}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
