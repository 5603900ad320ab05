import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '@/lib/i18n';

function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  // A page chunk that fails to load after a new deployment: a reload fetches the new one.
  const message = error instanceof Error ? error.message : '';
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">{translateKey('somethingWentWrong')}</h1>
      {message ? <p className="text-base-content/70 text-sm">{message}</p> : null}
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}

interface BoundaryState {
  error: unknown;
}

/**
 * Catches a failing page (render error or a chunk that did not load) instead of a blank screen. A new `resetKey`
 * (the location) clears the error without remounting the children, so navigating keeps the shell as it is.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
