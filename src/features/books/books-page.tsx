import { ComingSoon } from "@/components/ui/coming-soon";

export default function BooksPage() {
  return <ComingSoon title="BOOK_CROSS" />;
}
