import { useQuery } from "convex/react";
import { TriangleAlert } from "lucide-react";
import { api } from "@convex/_generated/api";

/**
 * Admins only: the deployment settings that keep mail from working (convex/lib/deployment-settings.ts).
 * Nothing shows while all is well; the server logs the same whenever a mail is refused.
 */
export function DeploymentSettingsNotice() {
  const problems = useQuery(api.deploymentSettings.problems);
  if (problems === undefined || problems.length === 0) return null;
  return (
    <section
      aria-labelledby="deployment-settings-heading"
      className="mt-6 rounded-xl border border-danger-line bg-danger-soft p-4 text-danger"
    >
      <h2 id="deployment-settings-heading" className="flex items-center gap-2 font-bold">
        <TriangleAlert aria-hidden className="size-5" />
        Mail is not being sent
      </h2>
      <p className="mt-1 text-sm">Set these in the deployment's environment variables (docs/deployment.md):</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {problems.map(({ setting, problem }) => (
          <li key={setting}>
            <code className="font-bold">{setting}</code>: {problem}
          </li>
        ))}
      </ul>
    </section>
  );
}
