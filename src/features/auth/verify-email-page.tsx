import { ComingSoon } from "@/components/ui/coming-soon";

export default function VerifyEmailPage() {
  return <ComingSoon title="Verify Your Email" />;
}
