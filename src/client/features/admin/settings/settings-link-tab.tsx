import { ArrowRight, Settings } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "@client/components/ui/button";
import { Panel } from "@client/components/admin/panel";

/** The dashboard's Settings tab: the site's content is edited on its own page. */
export function SettingsLinkTab() {
  return (
    <Panel title="Website Settings">
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-3 text-sm text-muted">
          <Settings className="h-5 w-5 shrink-0 text-rose" aria-hidden />
          Edit the home page hero (title, subtitle, background image), the site name and the tagline.
        </p>
        <Link to="/settings" className={buttonVariants({ size: "sm" })}>
          Open Website Settings <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
    </Panel>
  );
}
