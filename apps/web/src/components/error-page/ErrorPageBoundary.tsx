// SHELL-ERR-05: if the error page itself fails, show a last-resort message with a plain link home.
// It uses i18next directly and a plain <a>, because the router or React context may be what broke.
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { i18n } from '../../lib/i18n.ts';
import { reportError } from '../../lib/report-error.ts';

interface State {
  failed: boolean;
}

export class ErrorPageBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError('The error page failed', error);
    console.error(info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const t = (key: string, fallback: string) => i18n.t(key, { ns: 'shell', defaultValue: fallback });
    return (
      <div data-testid="error-page-fallback" role="alert" style={{ padding: 32, fontFamily: 'sans-serif' }}>
        <h1 style={{ fontSize: 22 }}>
          {t('error.pageFailed', 'An error occurred while showing the error page')}
        </h1>
        <a href="/home">{t('error.home', 'Home page')}</a>
      </div>
    );
  }
}
