import "./admin-fonts";
import { LogOut, Store } from "lucide-react";
import { Tabs } from "radix-ui";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { useLogout } from "@client/features/admin/auth/admin-auth-api";
import { useAdminSession } from "@client/lib/admin/session";
import { LoginForm } from "@client/features/admin/auth/login-form";
import { useSessionExpiry } from "@client/features/admin/auth/use-session-expiry";
import { AttributesTab } from "@client/features/admin/attributes/attributes-tab";
import { CategoriesTab } from "@client/features/admin/categories/categories-tab";
import { SummaryCards } from "@client/features/admin/overview/summary-cards";
import { CustomersTab } from "@client/features/admin/customers/customers-tab";
import { DiscountsTab } from "@client/features/admin/discounts/discounts-tab";
import { OrdersTab } from "@client/features/admin/orders/orders-tab";
import { OrderViewDialog } from "@client/features/admin/orders/order-view-dialog";
import { OverviewTab } from "@client/features/admin/overview/overview-tab";
import { ProductsTab } from "@client/features/admin/products/products-tab";
import { SettingsLinkTab } from "@client/features/admin/settings/settings-link-tab";
import { AuditTab } from "@client/features/admin/audit/audit-tab";
import { ChangePasswordTab } from "@client/features/admin/staff/change-password";
import { StaffTab } from "@client/features/admin/staff/staff-tab";
import { ReturnsTab } from "@client/features/admin/shipping/returns-tab";
import { RemittancesTab } from "@client/features/admin/remittances/remittances-tab";
import { useUnreadCount } from "@client/features/admin/whatsapp/inbox-api";
import { InboxTab } from "@client/features/admin/whatsapp/inbox-tab";
import { WinbackTab } from "@client/features/admin/winback/winback-tab";

/** `owner`: only the owner sees the tab (the server refuses an agent its calls anyway). */
const TABS = [
  { value: "overview", label: "Overview", Content: OverviewTab, owner: true },
  { value: "products", label: "Products", Content: ProductsTab, owner: true },
  { value: "orders", label: "Orders", Content: OrdersTab, owner: false },
  { value: "inbox", label: "WhatsApp", Content: () => <InboxTab OrderDialog={OrderViewDialog} />, owner: false },
  { value: "winback", label: "Win back", Content: WinbackTab, owner: false },
  { value: "returns", label: "Returns", Content: ReturnsTab, owner: false },
  { value: "remittances", label: "Remittances", Content: RemittancesTab, owner: true },
  { value: "customers", label: "Customers", Content: CustomersTab, owner: false },
  { value: "categories", label: "Categories", Content: CategoriesTab, owner: true },
  { value: "attributes", label: "Attributes", Content: AttributesTab, owner: true },
  { value: "discounts", label: "Discounts", Content: DiscountsTab, owner: true },
  { value: "settings", label: "Settings", Content: SettingsLinkTab, owner: true },
  { value: "staff", label: "Staff", Content: StaffTab, owner: true },
  { value: "audit", label: "Audit", Content: AuditTab, owner: true },
  { value: "password", label: "Change password", Content: ChangePasswordTab, owner: false },
] as const;

/** /admin: the login form until the server confirms a session, then the dashboard. */
export default function AdminRoute() {
  useSessionExpiry();
  const session = useAdminSession();
  if (session.isPending) {
    return (
      <div className="mx-auto max-w-7xl space-y-4 p-6" aria-busy="true" aria-label="Loading admin">
        <Skeleton className="h-12 w-64" />
        <Skeleton className="h-28 w-full rounded-2xl" />
      </div>
    );
  }
  if (!session.data) return <LoginForm />;
  return <Dashboard username={session.data.username} role={session.data.role} />;
}

function Dashboard({ username, role }: { username: string; role: "owner" | "agent" }) {
  const tabs = TABS.filter((t) => role === "owner" || !t.owner);
  const home = tabs[0].value;
  const tab = useParams()["*"]?.split("/")[0] || home;
  const navigate = useNavigate();
  const logout = useLogout();
  if (!tabs.some((t) => t.value === tab)) return <Navigate to="/admin" replace />;

  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => toast.success("Logged Out", { description: "You have been logged out successfully." }),
    });

  return (
    <div className="min-h-dvh bg-cream">
      <header className="sticky top-0 z-30 border-b border-ink/5 bg-cream/90 backdrop-blur">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div>
            <h1 className="font-display text-xl font-semibold sm:text-2xl">Admin Dashboard</h1>
            <p className="text-xs text-muted">
              Signed in as {username} ({role})
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Link
              to="/"
              className="hidden items-center gap-1.5 rounded-full px-3 py-2 text-sm hover:bg-ink/5 sm:inline-flex"
            >
              <Store className="h-4 w-4" aria-hidden /> View store
            </Link>
            <Button variant="outline" size="sm" onClick={signOut} disabled={logout.isPending}>
              <LogOut className="h-4 w-4" aria-hidden /> Logout
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl space-y-5 px-4 py-5 sm:px-6 sm:py-6">
        {role === "owner" && <SummaryCards />}
        <Tabs.Root value={tab} onValueChange={(value) => navigate(value === home ? "/admin" : `/admin/${value}`)}>
          <Tabs.List
            aria-label="Admin sections"
            className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:inline-flex sm:rounded-full sm:bg-white sm:p-1 sm:shadow-sm"
          >
            {tabs.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className="shrink-0 cursor-pointer rounded-full px-4 py-2 text-sm font-medium text-muted transition-colors hover:text-ink data-[state=active]:bg-ink data-[state=active]:text-cream"
              >
                {t.label}
                {t.value === "inbox" && <UnreadBadge />}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map(({ value, Content }) => (
            <Tabs.Content key={value} value={value} className="mt-5 outline-none">
              <Content />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
    </div>
  );
}

/** Unread customer messages on WhatsApp, beside the inbox's name in the menu. */
function UnreadBadge() {
  const unread = useUnreadCount();
  if (!unread.data) return null;
  return (
    <span className="ml-1.5 rounded-full bg-green-700 px-1.5 py-0.5 text-xs font-semibold text-white">
      {unread.data}
      <span className="sr-only"> unread</span>
    </span>
  );
}
