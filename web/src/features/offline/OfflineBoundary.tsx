import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { Button, Card, CardContent } from '../../ui';
import { retryFailedScreens } from './lazyScreen';

export const OFFLINE_TITLE = 'You’re offline';
export const OFFLINE_TEXT = 'This screen could not be loaded. Check your connection and try again.';

interface State {
  error: unknown;
  /** Bumped on every retry so the screen below mounts afresh. */
  attempt: number;
}

/**
 * Catches a screen that failed to load or render (a lost connection while a chunk loads, usually) and shows an
 * in-app "You're offline — Try again" state instead of a blank app. It tries again on the button, and by itself
 * when the browser says the network is back.
 */
export class OfflineBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn('Screen failed to load', error, info.componentStack);
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  retry = (): void => {
    if (!this.state.error) return;
    retryFailedScreens();
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  override render(): ReactNode {
    if (!this.state.error) return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
    return (
      <Card className="notice-card offline-card">
        <CardContent>
          <h1 className="offline-card__title">{OFFLINE_TITLE}</h1>
          <p>{OFFLINE_TEXT}</p>
          <Button variant="primary" onClick={this.retry}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
}
