import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from "react";
import { buttonClass, type ButtonLook } from "./button-styles";

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className"> &
  ButtonLook & {
    /**
     * While an action runs: the button says it is disabled and ignores clicks (a submit does not
     * submit), but keeps the keyboard focus, which a `disabled` button would drop to the page.
     */
    loading?: boolean;
    /** Shown instead of the children while loading ("Saving..."). */
    loadingLabel?: ReactNode;
    ref?: Ref<HTMLButtonElement>;
  };

/** The app's button: one look per variant and size, the focus ring, and a loading state. */
export function Button({
  variant,
  size,
  shape,
  className,
  loading: loadingProp,
  loadingLabel,
  type = "button",
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const loading = loadingProp ?? false;
  const busy = loading || rest["aria-disabled"] === true || rest["aria-disabled"] === "true";
  // A button that can be busy says so either way ("false" while idle); one that cannot says nothing.
  const canBeBusy = loadingProp !== undefined || rest["aria-disabled"] !== undefined;
  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }
  return (
    <button
      {...rest}
      type={type}
      aria-disabled={canBeBusy || busy ? busy : undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
      className={buttonClass({ variant, size, shape, className })}
    >
      {loading && loadingLabel !== undefined ? loadingLabel : children}
    </button>
  );
}
