import { useParams } from "react-router-dom";

/** The post id from the address (/dumy/{id}, /dumy/edit/{id}). */
export function usePostIdParam(): string {
  const params = useParams();
  return params.postId ?? params.id ?? "";
}
