import { TimeAgo } from "@/components/ui/time-ago";
import { REPORT_REASON_LABELS } from "@convex/shared/moderation-validators";
import type { ItemReports as ItemReportsData } from "../moderation-types";

/**
 * Why people reported an item: its newest reports (moderationLists.reportsOf, the card's own
 * query) and how many more there are. While they load, a muted line two lines tall holds the place
 * of the first report with its details, so a card with one report (the usual case) keeps its height.
 */
export function ItemReports({ data, kindLabel }: { data: ItemReportsData | undefined; kindLabel: string }) {
  return (
    <ul
      aria-label={`Reports of this ${kindLabel.toLowerCase()}`}
      aria-busy={data === undefined}
      className="mt-3 space-y-2 border-l-2 border-danger-line pl-3"
    >
      {data === undefined ? (
        // Two lines, as tall as the usual card's one report with its details: no shift when it comes.
        <li className="min-h-10 text-sm text-fg-subtle">Loading reports...</li>
      ) : (
        <>
          {data.reports.map((report) => (
            <li key={report._id} className="text-sm">
              <span className="font-medium text-fg">{REPORT_REASON_LABELS[report.reason]}</span>
              <span className="text-fg-subtle">
                {" "}
                · {report.reporter.displayName} · <TimeAgo timestamp={report._creationTime} />
              </span>
              {report.text && <p className="break-words whitespace-pre-line text-fg-secondary">{report.text}</p>}
            </li>
          ))}
          {data.reportCount > data.reports.length && (
            <li className="text-xs text-fg-subtle">
              and {data.reportCount - data.reports.length}
              {data.reportCountIsLowerBound ? "+" : ""} more
            </li>
          )}
        </>
      )}
    </ul>
  );
}
