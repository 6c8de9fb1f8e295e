import { Component, type ReactNode } from "react";

type Props = {
  /** The query's arguments as a string: when they change after a failure, the feed tries again. */
  resetKey: string;
  children: ReactNode;
};
type State = { failed: boolean; resetKey: string };

/**
 * A live query that fails throws while rendering; this shows the seed's 'Error loading posts'
 * instead of taking the whole page down. A new sort or filter tries again.
 */
export class FeedErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  render() {
    if (this.state.failed) {
      return (
        <p
          role="alert"
          className="rounded-xl border border-danger-line bg-danger-soft px-4 py-6 text-center text-sm font-medium text-danger"
        >
          Error loading posts
        </p>
      );
    }
    return this.props.children;
  }
}
