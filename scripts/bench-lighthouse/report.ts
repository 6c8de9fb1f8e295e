/** The table `bench:lighthouse` prints (Markdown, as docs/benchmarks.md keeps it) and the failing audits. */
import type { FailingAudit, Run, Theme } from "./measure";

export type Row = { label: string; theme: Theme; runs: Run[] } | { label: string; theme: Theme; error: string };

/** The median run by performance score (its other figures come with it). */
export function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Audits that failed in any run of a row, each once. */
export function failingAudits(runs: Run[]): FailingAudit[] {
  const byId = new Map<string, FailingAudit>();
  for (const run of runs) for (const audit of run.failing) if (!byId.has(audit.id)) byId.set(audit.id, audit);
  return [...byId.values()];
}

export function printTable(rows: Row[]): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const header = [
    "route",
    "theme",
    "performance",
    "accessibility",
    "best practices",
    "FCP",
    "LCP",
    "TBT",
    "CLS",
    "script KB",
    "benchmarkIndex",
    "failing audits",
  ];
  const lines = [header, header.map(() => "---")];
  for (const row of rows) {
    if ("error" in row) {
      lines.push([row.label, row.theme, "not measured", "", "", "", "", "", "", "", "", row.error]);
      continue;
    }
    const run = median(row.runs);
    lines.push([
      row.label,
      row.theme,
      String(run.performance),
      String(run.accessibility),
      String(run.bestPractices),
      seconds(run.fcp),
      seconds(run.lcp),
      `${Math.round(run.tbt)} ms`,
      run.cls.toFixed(3),
      run.scriptKB.toFixed(0),
      String(Math.round(run.benchmarkIndex)),
      failingAudits(row.runs)
        .map((audit) => audit.id)
        .join(", "),
    ]);
  }
  console.log(`\n${lines.map((cells) => `| ${cells.join(" | ")} |`).join("\n")}`);
}

/** Every failing accessibility or best-practices audit, where it failed and on which elements. */
export function printFailures(rows: Row[]): void {
  const failures = rows.flatMap((row) =>
    "error" in row ? [] : failingAudits(row.runs).map((audit) => ({ row, audit })),
  );
  if (failures.length === 0) {
    console.log("\nNo accessibility or best-practices audit failed.");
    return;
  }
  console.log("\nFailing accessibility / best-practices audits:");
  for (const { row, audit } of failures) {
    console.log(`- ${row.label} (${row.theme}): ${audit.id}: ${audit.title}`);
    for (const where of audit.where) console.log(`    ${where}`);
  }
}
