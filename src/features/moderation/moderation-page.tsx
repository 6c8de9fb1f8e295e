import { clsx } from "clsx";
import { useState } from "react";
import { Navigate } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useMyStatus } from "@/hooks/use-my-status";
import { AuditLog } from "./components/audit-log";
import { ContentRemovals } from "./components/content-removals";
import { DeploymentSettingsNotice } from "./components/deployment-settings-notice";
import { ReportsQueue } from "./components/reports-queue";
import { RolesPanel } from "./components/roles-panel";
import { SuspensionsList } from "./components/suspensions-list";
import { useScreenTitle } from "@/hooks/use-screen-title";

/**
 * /moderation (issue 16): the open reports, suspensions, the audit log, and for admins the roles.
 * Anyone without a role is sent where unknown addresses go; the server refuses them regardless.
 */
export default function ModerationPage() {
  useScreenTitle("Moderation");
  const status = useMyStatus();
  // On a phone the other panels stack under the queue: shown before the queue's cards arrive,
  // they would be pushed down the screen when the cards came (a layout shift of 0.12).
  const [queueShown, setQueueShown] = useState(false);
  if (status === undefined) return <Spinner />;
  if (status === null || status.role === null) return <Navigate to={paths.home.href()} replace />;
  return (
    <div className="mx-auto max-w-6xl px-3 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-fg">Moderation</h1>
      <p className="mt-1 text-sm text-fg-muted">Every action here is written to the audit log with your name.</p>
      {status.role === "admin" && <DeploymentSettingsNotice />}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ReportsQueue onFirstPage={() => setQueueShown(true)} />
        <div className={clsx("space-y-8", !queueShown && "max-lg:hidden")}>
          <SuspensionsList />
          <ContentRemovals />
          {status.role === "admin" && <RolesPanel />}
          <AuditLog />
        </div>
      </div>
    </div>
  );
}
