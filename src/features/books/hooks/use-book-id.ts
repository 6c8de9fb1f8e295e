import { useParams } from "react-router-dom";

/** The book id from the address (/books/{id}, /books/edit/{id}), whichever name the router gives the param. */
export function useBookIdParam(): string {
  const params = useParams();
  return params.bookId ?? params.id ?? "";
}
