import { useParams } from "react-router-dom";

/** The book id from the address: /books/:bookId and /books/edit/:bookId (src/app/router.tsx). */
export function useBookIdParam(): string {
  return useParams<{ bookId: string }>().bookId ?? "";
}
