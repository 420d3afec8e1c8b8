import { Tabs } from "radix-ui";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { CourierSettingsPanel } from "./courier-settings-form";
import { AdvanceForm } from "./advance-form";
import { FeesForm } from "./fees-form";
import { HeroSettingsForm } from "./hero-settings-form";
import { useSettings } from "./settings-api";
import { SiteInfoForm } from "./site-info-form";

const trigger =
  "flex-1 cursor-pointer rounded-full px-4 py-2 text-sm font-medium text-muted transition-colors hover:text-ink data-[state=active]:bg-ink data-[state=active]:text-cream sm:flex-none";

/** 'Website Settings': the hero section and the site information, each saved on its own. */
export function WebsiteSettings() {
  const settings = useSettings();
  return (
    <Tabs.Root defaultValue="hero">
      <Tabs.List
        aria-label="Settings sections"
        className="flex gap-1 rounded-full bg-white p-1 shadow-sm sm:inline-flex"
      >
        <Tabs.Trigger value="hero" className={trigger}>
          Hero Section
        </Tabs.Trigger>
        <Tabs.Trigger value="site" className={trigger}>
          Site Information
        </Tabs.Trigger>
        <Tabs.Trigger value="fees" className={trigger}>
          Delivery &amp; Fees
        </Tabs.Trigger>
        <Tabs.Trigger value="courier" className={trigger}>
          Courier
        </Tabs.Trigger>
      </Tabs.List>
      <div className="mt-5 rounded-2xl bg-white p-5 shadow-sm sm:p-8">
        {settings.isPending ? (
          <div className="space-y-4" aria-busy="true" aria-label="Loading settings">
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : settings.isError ? (
          <p className="text-sm text-red-700">{errorMessage(settings.error)}</p>
        ) : (
          <>
            <Tabs.Content value="hero" className="outline-none">
              <HeroSettingsForm settings={settings.data} />
            </Tabs.Content>
            <Tabs.Content value="site" className="outline-none">
              <SiteInfoForm settings={settings.data} />
            </Tabs.Content>
            <Tabs.Content value="fees" className="outline-none">
              <FeesForm />
              <AdvanceForm />
            </Tabs.Content>
            <Tabs.Content value="courier" className="outline-none">
              <CourierSettingsPanel />
            </Tabs.Content>
          </>
        )}
      </div>
    </Tabs.Root>
  );
}
