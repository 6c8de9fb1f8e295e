import { Component, type ReactNode } from "react";

type State = { failed: boolean };

/**
 * A live query that fails throws while rendering; this says so in the seed's words ("Error
 * loading posts" → "Error loading notifications") and keeps the page, its bars and its buttons.
 */
export class NotificationsErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (this.state.failed) {
      return (
        <p
          role="alert"
          className="rounded-xl border border-danger-line bg-danger-soft px-4 py-6 text-center text-sm font-medium text-danger"
        >
          Error loading notifications
        </p>
      );
    }
    return this.props.children;
  }
}
