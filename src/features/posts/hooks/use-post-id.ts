import { useParams } from "react-router-dom";

/** The post id from the address (`paths.post` and `paths.postEdit`, both `:postId`). */
export function usePostIdParam(): string {
  return useParams<{ postId: string }>().postId ?? "";
}
