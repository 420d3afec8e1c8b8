import "./admin-fonts";
import { ArrowLeft } from "lucide-react";
import { Link, Navigate } from "react-router";
import { Skeleton } from "@client/components/ui/skeleton";
import { useAdminSession } from "@client/lib/admin/session";
import { useSessionExpiry } from "@client/features/admin/auth/use-session-expiry";
import { WebsiteSettings } from "@client/features/admin/settings/website-settings";
import { DatabaseUpkeepPanel } from "@client/features/admin/settings/database-upkeep-panel";
import { Panel } from "@client/components/admin/panel";
import { BlocklistPanel } from "@client/features/admin/fraud/blocklist-panel";
import { CodRulesForm } from "@client/features/admin/fraud/cod-rules-form";
import { WhatsappSettings } from "@client/features/admin/whatsapp/whatsapp-settings";
import { WhatsappUsagePanel } from "@client/features/admin/whatsapp/whatsapp-usage";
import { FailedDeliveriesPanel } from "@client/features/admin/whatsapp/failed-deliveries";
import { MetaAdsPanel } from "@client/features/admin/settings/meta-ads-panel";
import { WinbackSettingsForm } from "@client/features/admin/settings/winback-settings-form";

/** /settings: only for a logged-in admin; anyone else is sent to the login at /admin. */
export default function SettingsRoute() {
  useSessionExpiry();
  const session = useAdminSession();
  if (session.isPending) return <Skeleton className="m-6 h-40 max-w-3xl rounded-2xl" />;
  // Website settings are the owner's; an agent goes back to the dashboard.
  if (!session.data || session.data.role !== "owner") return <Navigate to="/admin" replace />;
  return (
    <div className="min-h-dvh bg-cream">
      <main className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <Link to="/admin/settings" className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to dashboard
        </Link>
        <h1 className="mt-3 font-display text-3xl font-semibold">Website Settings</h1>
        <p className="mt-1 text-sm text-muted">What shoppers see on the home page and in the site header.</p>
        <div className="mt-6">
          <WebsiteSettings />
        </div>
        <div className="mt-6 space-y-6">
          <Panel title="WhatsApp confirmations">
            <WhatsappSettings />
          </Panel>
          <Panel title="WhatsApp usage and cost">
            <WhatsappUsagePanel />
          </Panel>
          <Panel title="WhatsApp deliveries not handled">
            <FailedDeliveriesPanel />
          </Panel>
          <Panel title="Win back on WhatsApp (back in stock, abandoned checkouts, the daily limit)">
            <WinbackSettingsForm />
          </Panel>
          <Panel title="Meta ads (pixel, Conversions API, product feed)">
            <MetaAdsPanel />
          </Panel>
          <Panel title="Cash on delivery rules">
            <CodRulesForm />
          </Panel>
          <Panel title="Blocked numbers">
            <BlocklistPanel />
          </Panel>
          <Panel title="Database and backups">
            <DatabaseUpkeepPanel />
          </Panel>
        </div>
      </main>
    </div>
  );
}
