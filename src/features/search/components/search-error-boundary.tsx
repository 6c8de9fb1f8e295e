import { ConvexError } from "convex/values";
import { Component, type ReactNode } from "react";

type Props = {
  /** The search as a string: a new query, tab or category after a failure tries again. */
  resetKey: string;
  children: ReactNode;
};
type State = { error: unknown; resetKey: string };

/**
 * A live search that fails throws while rendering; this says so in the results' place (the
 * server's own words when it has some) and keeps the field, so a new word tries again.
 */
export class SearchErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const said = error instanceof ConvexError && typeof error.data === "string" ? error.data : null;
    return (
      <p
        role="alert"
        className="rounded-xl border border-danger-line bg-danger-soft px-4 py-6 text-center text-sm font-medium text-danger"
      >
        {said ?? "Error loading results. Try again in a moment."}
      </p>
    );
  }
}
