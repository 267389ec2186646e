import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './Button';

interface Props {
  /** The screen's name in the message: "The alert screen failed". */
  screen: string;
  /** Where the user is (the route): moving elsewhere clears a failure and shows the new place. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
  /** Bumped by "Reload this screen": the screen is mounted afresh, its state read again. */
  attempt: number;
}

const asError = (thrown: unknown): Error =>
  thrown instanceof Error
    ? thrown
    : new Error(typeof thrown === 'string' ? thrown : 'Unknown error');

/**
 * Around each routed screen: a screen that throws while rendering is replaced by what failed and
 * a way to load it again, while the rail, the top bar and every other screen keep working.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey, attempt: 0 };

  static getDerivedStateFromError(thrown: unknown): Partial<State> {
    return { error: asError(thrown) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey, error: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The renderer's console is where a developer looks; the message is on the screen already.
    console.error(`The ${this.props.screen} screen failed`, error, info.componentStack);
  }

  private readonly reload = () =>
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));

  override render() {
    const { error, attempt } = this.state;
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    return (
      <section
        className="screen screen-failed"
        aria-labelledby="screen-title"
        data-testid="screen-failed"
      >
        <div className="state-view state-view-error" role="alert">
          <div className="state-view-icon" aria-hidden="true">
            !
          </div>
          <h1 id="screen-title" className="state-view-title" tabIndex={-1}>
            The {this.props.screen} screen failed
          </h1>
          <p className="state-view-hint screen-failed-message" data-testid="screen-failed-message">
            {error.message || error.name}
          </p>
          <p className="state-view-hint">
            The rest of CaseDesk still works: go to another screen, or load this one again.
          </p>
          <div className="state-view-action">
            <Button variant="primary" onClick={this.reload} autoFocus>
              Reload this screen
            </Button>
          </div>
        </div>
      </section>
    );
  }
}
