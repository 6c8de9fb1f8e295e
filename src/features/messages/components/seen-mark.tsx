/** "Seen" under the newest of the reader's messages the other person has read (their readUpTo). */
export function SeenMark({ otherName }: { otherName: string }) {
  return (
    <li className="flex justify-end px-1 text-xs text-fg-muted">
      <span>
        Seen<span className="sr-only"> by {otherName}</span>
      </span>
    </li>
  );
}
