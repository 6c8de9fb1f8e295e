import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { textLinkClass } from "./submit-button";

/** Shown only where mail goes to the dev mailbox instead of the internet (PRODUCT D6). */
export function DevMailboxHint() {
  return (
    <p className="mt-4 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning">
      Running locally: e-mails are not sent.{" "}
      <Link to={paths.devMailbox.href()} className={textLinkClass}>
        Open the dev mailbox
      </Link>{" "}
      to read your code.
    </p>
  );
}
