import { ComingSoon } from "@/components/ui/coming-soon";

export default function DevMailboxPage() {
  return <ComingSoon title="Dev mailbox" />;
}
