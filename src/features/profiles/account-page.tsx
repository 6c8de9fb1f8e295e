import { ComingSoon } from "@/components/ui/coming-soon";

export default function AccountPage() {
  return <ComingSoon title="Profile" />;
}
