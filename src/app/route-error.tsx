import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-styles";
import { paths } from "@/config/paths";

/**
 * Shown when a screen fails to load or crashes: a friendly message and a way on, never a stack
 * trace. The usual cause after a new release is a screen file that no longer exists, which a
 * reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  // The details help developers in the console; the page stays human.
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  return (
    <section role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-fg">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-3 text-fg-muted">
        {notFound
          ? "There is nothing at this address."
          : "This screen could not be shown. Check your connection and try again."}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Link to={paths.home.href()} className={buttonClass({ variant: "secondary" })}>
          Go home
        </Link>
      </div>
    </section>
  );
}
