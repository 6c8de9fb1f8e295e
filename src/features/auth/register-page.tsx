import { ComingSoon } from "@/components/ui/coming-soon";

export default function RegisterPage() {
  return <ComingSoon title="Register" />;
}
